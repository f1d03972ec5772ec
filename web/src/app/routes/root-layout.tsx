import { Outlet, ScrollRestoration } from 'react-router-dom';

/** Wraps every page; ScrollRestoration also scrolls to `#section` targets after a navigation. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
