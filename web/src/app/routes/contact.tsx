import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { StatsStrip } from '../../components/stats-strip.tsx';
import { FaqAccordion } from '../../features/faq/components/faq-accordion.tsx';
import { ContactForm } from '../../features/leads/components/contact-form.tsx';
import { useServices } from '../../features/services/api/get-services.ts';
import './contact.css';

/**
 * `/contactus` and `/contact`: help text, FAQ, the contact form with a map, the stats strip. The old
 * site embedded a third-party map; our CSP allows no external URLs, so a drawn map stands in.
 */
export function ContactRoute() {
  const { data: services, isError } = useServices();
  return (
    <PublicPage title="Contact Us">
      <PageBanner title="How can we help?" eyebrow="Contact Us">
        <p>
          Questions about a service, a quote or an order? Read the answers below or send us a message: we reply within
          one business day, and support is available 24/7.
        </p>
      </PageBanner>
      <section className="page-section" aria-labelledby="contact-faq-heading">
        <div className="container">
          <h2 id="contact-faq-heading">Frequently Asked Questions</h2>
          <FaqAccordion headingLevel={3} />
        </div>
      </section>
      <section className="page-section page-section--muted">
        <div className="container contact-layout">
          <ContactForm services={(services ?? []).map((s) => s.name)} servicesFailed={isError} />
          <figure className="contact-map">
            <svg viewBox="0 0 400 300" role="img" aria-labelledby="contact-map-title">
              <title id="contact-map-title">Map: our studio at 221 Harbour Street, Suite 4</title>
              <rect width="400" height="300" fill="#e2e8f0" />
              <path d="M0 200 L400 140" stroke="#fff" strokeWidth="18" />
              <path d="M120 0 L180 300" stroke="#fff" strokeWidth="14" />
              <path d="M260 0 L300 300" stroke="#fff" strokeWidth="10" />
              <rect x="20" y="20" width="80" height="60" fill="#bbf7d0" />
              <rect x="310" y="200" width="70" height="80" fill="#bfdbfe" />
              <circle cx="200" cy="160" r="14" fill="#1d4ed8" />
              <circle cx="200" cy="160" r="5" fill="#fff" />
            </svg>
            <figcaption>221 Harbour Street, Suite 4</figcaption>
          </figure>
        </div>
      </section>
      <StatsStrip />
    </PublicPage>
  );
}
