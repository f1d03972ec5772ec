import { Link } from '../../../components/app-link.tsx';
import './staff-dashboard.css';

export interface DashboardLink {
  path: string;
  label: string;
  description: string;
}

/** A dashboard of large buttons, in titled groups. */
export function StaffDashboard({ groups }: { groups: { heading: string; links: DashboardLink[] }[] }) {
  return (
    <div className="staff-dashboard">
      {groups.map((group) => (
        <section key={group.heading} className="staff-dashboard__group" aria-label={group.heading}>
          <h2>{group.heading}</h2>
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
    </div>
  );
}
