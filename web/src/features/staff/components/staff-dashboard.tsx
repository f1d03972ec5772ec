import { Link } from '../../../components/app-link.tsx';
import './staff-dashboard.css';

export interface DashboardLink {
  path: string;
  label: string;
  description: string;
}

/**
 * Every page of the console as a link, in titled groups, under one "All pages" heading: compact,
 * below what needs action (#40, item 9), since the console opens on the studio's state.
 */
export function StaffDashboard({ groups }: { groups: { heading: string; links: DashboardLink[] }[] }) {
  return (
    <section className="staff-dashboard" aria-labelledby="all-pages">
      <h2 id="all-pages" className="staff-dashboard__title">
        All pages
      </h2>
      {groups.map((group) => (
        <section key={group.heading} className="staff-dashboard__group" aria-label={group.heading}>
          <h3>{group.heading}</h3>
          <ul className="staff-dashboard__links">
            {group.links.map((link) => (
              <li key={link.path}>
                <Link className="staff-dashboard__link" to={link.path}>
                  <span className="staff-dashboard__label">{link.label}</span>
                  <span className="staff-dashboard__description">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
