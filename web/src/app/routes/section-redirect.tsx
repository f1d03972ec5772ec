import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/**
 * `/about`, `/features`, `/gallery`, `/process`, `/clients`, `/trial`: the spec's home-page scroll
 * sections; each path shows the home page scrolled to its section (docs/decisions/public-site-pages.md).
 */
export function SectionRedirectRoute() {
  const { pathname } = useLocation();
  return <Navigate to={paths.homeSection(pathname.replace(/^\/+|\/+$/g, ''))} replace />;
}
