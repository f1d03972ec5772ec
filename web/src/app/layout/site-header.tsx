import { useEffect, useId, useState, type FocusEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../components/app-link.tsx';
import { paths } from '../../config/paths.ts';
import { useServices } from '../../features/services/api/get-services.ts';
import { scrollToSection } from '../../lib/section-scroll.ts';
import type { AppEvent } from '../../lib/start-after-load.ts';
import { NavbarAccount } from '../../components/navbar-account.tsx';
import { LazyImage } from '../../components/responsive-image.tsx';
import './site-header.css';

/**
 * On the home page a section link scrolls there (offset by this bar) instead of navigating; from
 * any other page the link's own `/#section` URL takes the visitor home, where the page scrolls.
 */
function useSectionLink(section: string) {
  const { pathname } = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname !== paths.home || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (scrollToSection(section)) event.preventDefault();
  };
}

function ServicesMenu() {
  const [open, setOpen] = useState(false);
  // The rows (each with a picture) are built when the menu first opens, not on every page as soon
  // as the services arrive: most visits never open it, and a phone's main thread has better to do.
  const [built, setBuilt] = useState(false);
  const show = () => {
    setOpen(true);
    setBuilt(true);
  };
  const menuId = useId();
  const { data: services } = useServices();
  const onServicesClick = useSectionLink('services');
  // Until the services arrive there is nothing to show, so no empty box opens.
  const expanded = open && (services?.length ?? 0) > 0;

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li
      className="site-header__dropdown"
      onMouseEnter={show}
      onMouseLeave={() => setOpen(false)}
      onFocus={show}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Link
        to={paths.services2}
        className="site-header__link"
        aria-haspopup="true"
        aria-expanded={expanded}
        aria-controls={menuId}
        onClick={onServicesClick}
      >
        Services
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </Link>
      <ul id={menuId} className="site-header__menu" data-open={expanded} aria-label="Our services">
        {(built ? (services ?? []) : []).map((service) => (
          <li key={service.id}>
            <Link to={paths.serviceDetail(service.id)} className="site-header__menu-link">
              <LazyImage src={service.afterImage} sizes="48px" width={48} height={36} />
              <span>{service.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SectionLink({ section, to, label }: { section: string; to: string; label: string }) {
  const onClick = useSectionLink(section);
  return (
    <Link to={to} className="site-header__link" onClick={onClick}>
      {label}
    </Link>
  );
}

/** The site's top bar: brand, main links, the services menu, the account links and the two calls to action. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const location = useLocation();

  // Any navigation (including a section link) folds the mobile menu again.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // Every published page hydrates its header with its main content: a button pressed on the page
  // before the app had started (this menu's, a question of the FAQ) is pressed again now
  // (main.tsx). After the effect above, which folds the menu on a navigation.
  useEffect(() => void document.dispatchEvent(new Event('studio:hydrated' satisfies AppEvent)), []);

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
          <ul className="wrap-list site-header__links">
            <li>
              <SectionLink section="home" to={paths.home} label="Home" />
            </li>
            <ServicesMenu />
            <li>
              <Link to={paths.gallery} className="site-header__link">
                Gallery
              </Link>
            </li>
            <li>
              <Link to={paths.contactUs} className="site-header__link">
                Contact Us
              </Link>
            </li>
            <li>
              <Link to={paths.career} className="site-header__link">
                Career
              </Link>
            </li>
            <li className="site-header__account">
              <NavbarAccount />
            </li>
          </ul>
          <div className="site-header__actions">
            <Link to={paths.services} className="button button--light site-header__cta">
              REQUEST A QUOTE
            </Link>
            <Link to={paths.freeTrial} className="button button--outline-light site-header__cta">
              START FREE TRIAL
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
