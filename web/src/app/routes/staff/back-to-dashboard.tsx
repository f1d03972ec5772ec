import { Link } from 'react-router-dom';

/** The title-row action of the SUPER_ADMIN pages: back to the dashboard. */
export function BackToDashboard() {
  return (
    <Link className="button button--secondary" to="/admin">
      Back to dashboard
    </Link>
  );
}
