import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SessionExpiryRedirect } from '../../components/session-guard.tsx';

/** Wraps every page; ScrollRestoration also scrolls to `#section` targets after a navigation. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <SessionExpiryRedirect />
    </>
  );
}
