import { Link } from '../../components/app-link.tsx';
import { paths } from '../../config/paths.ts';
import { studioContact } from '../../config/studio.ts';
import { useServices } from '../../features/services/api/get-services.ts';
import { FooterContactForm } from '../../features/leads/components/footer-contact-form.tsx';
import { PaymentIcons, SocialIcons } from '../../components/footer-icons.tsx';
import '../../components/form.css';
import './site-footer.css';

/** Spec §2: the About Us entries are listed but link nowhere. */
const aboutEntries = [
  'Company',
  'Team',
  'Contact',
  'FAQ',
  'Cookies',
  'Portfolio',
  'Privacy Policy',
  'Terms & Conditions',
];

export function SiteFooterContent() {
  const { data: services } = useServices();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterContactForm />
        <div>
          <h2 className="site-footer__heading">Our Services</h2>
          <ul className="site-footer__list">
            {(services ?? []).map((service) => (
              <li key={service.id}>
                <Link to={paths.serviceDetail(service.id)}>{service.name}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">About Us</h2>
          <ul className="site-footer__list">
            {aboutEntries.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <address className="site-footer__contact">
            <span>{studioContact.website}</span>
            <a href={`mailto:${studioContact.email}`}>{studioContact.email}</a>
            <a href={`tel:${studioContact.phone.replace(/[^+\d]/g, '')}`}>{studioContact.phone}</a>
          </address>
          <h2 className="site-footer__heading">We accept</h2>
          <PaymentIcons />
          <SocialIcons />
        </div>
      </div>
      <div className="container site-footer__inner">
        <p>© {new Date().getFullYear()} Retouch Studio</p>
        <p>Photo editing and retouching services</p>
      </div>
    </footer>
  );
}
