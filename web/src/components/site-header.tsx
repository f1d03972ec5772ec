import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import './site-header.css';

const navLinks = [
  { label: 'Home', to: paths.home },
  { label: 'Services', to: paths.homeServices },
  { label: 'Gallery', to: paths.gallery },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Career', to: paths.career },
  { label: 'Log in', to: paths.login },
  { label: 'Sign Up', to: paths.signup },
] as const;

/** The site's top bar: brand and main links; below 960 px the links fold behind a Menu button. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const navId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to={paths.home} className="site-header__brand">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="#1d4ed8" />
            <path d="M16 6a10 10 0 0 0 0 20z" fill="#bfdbfe" />
            <rect x="15" y="4" width="2" height="24" rx="1" fill="#fff" />
          </svg>
          Retouch Studio
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          Menu
        </button>
        <nav id={navId} className="site-header__nav" data-open={open} aria-label="Main">
          <ul className="site-header__links">
            {navLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="site-header__link" onClick={() => setOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
