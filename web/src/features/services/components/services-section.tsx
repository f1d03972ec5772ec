import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useServices } from '../api/get-services.ts';
import { ServiceCard } from './service-card.tsx';
import './services-section.css';

/** The home page shows at most this many services, in rows of three (spec §2, §9). */
export const homeServiceLimit = 12;
/** 'View More Services' appears when more services than this exist. */
export const viewMoreThreshold = 9;

/**
 * 'Our Services': on the home page the first 12 services (h2); as a page (`/services2`,
 * `/full-services`) every service, headed by the page's h1.
 */
export function ServicesSection({ showAll = false, asPage = false }: { showAll?: boolean; asPage?: boolean }) {
  const { data: services, isPending, isError, refetch } = useServices();
  const Heading = asPage ? 'h1' : 'h2';

  return (
    <section id="services" className="services-section" aria-labelledby="services-heading">
      <div className="container">
        <header className="services-section__intro">
          <p className="eyebrow">What we do</p>
          <Heading id="services-heading" className="services-section__heading">
            Our Services
          </Heading>
          <p className="services-section__blurb">
            From clean e-commerce cut-outs to high-end beauty, jewelry and restoration work: our retouchers deliver
            consistent, on-brand images at any volume. Drag a slider to compare before and after.
          </p>
        </header>

        {isPending ? (
          <p className="services-section__state" role="status">
            Loading...
          </p>
        ) : isError ? (
          <div className="services-section__state services-section__state--error">
            <p role="alert">Failed to fetch services</p>
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : services.length === 0 ? (
          <p className="services-section__state">No services available yet.</p>
        ) : (
          <>
            <ul className="services-section__grid">
              {(showAll ? services : services.slice(0, homeServiceLimit)).map((service, index) => (
                <li key={service.id} className="services-section__item">
                  <ServiceCard service={service} titleLevel={asPage ? 2 : 3} priority={asPage && index === 0} />
                </li>
              ))}
            </ul>
            {!showAll && services.length > viewMoreThreshold && (
              <div className="services-section__more">
                <Link to={paths.fullServices} className="button button--primary">
                  View More Services
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
