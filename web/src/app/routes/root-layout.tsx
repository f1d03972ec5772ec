import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { SessionExpiryRedirect } from '../../components/session-guard.tsx';
import { scrollToSection } from '../../lib/section-scroll.ts';

/**
 * A new page starts at its top, or at its `#section` target; back and forward keep the browser's
 * own scroll restoration.
 */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const id = decodeURIComponent(hash.slice(1));
    if (id && scrollToSection(id, 'auto')) return;
    if (!id) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/** Wraps every page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollOnNavigate />
      <SessionExpiryRedirect />
    </>
  );
}
