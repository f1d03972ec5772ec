import type { Service } from '@studio/shared/service';
import { Link } from '../../../components/app-link.tsx';
import { PageState } from '../../../components/page-state.tsx';
import { LazyImage, ResponsiveImage } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { useServices } from '../api/get-services.ts';
import './services-overview.css';

/** `/services` (the navbar's REQUEST A QUOTE): each service with its thumbnail and subservices. */
export function ServicesOverview() {
  return (
    <PageState query={useServices()} failed="Failed to fetch services">
      {(services) => <ServiceList services={services} />}
    </PageState>
  );
}

function ServiceList({ services }: { services: readonly Service[] }) {
  return (
    <>
      <ul className="services-overview">
        {services.map((service) => (
          <li key={service.id} className="services-overview__item">
            <LazyImage
              src={service.afterImage}
              sizes="(max-width: 768px) calc(100vw - 5rem), 288px"
              width={400}
              height={300}
            />
            <div className="services-overview__body">
              <h2>{service.name}</h2>
              {service.subServices.length > 0 && (
                <ul className="wrap-list services-overview__subs" aria-label={`${service.name} options`}>
                  {service.subServices.map((sub) => (
                    <li key={sub.id}>{sub.name}</li>
                  ))}
                </ul>
              )}
              <div className="services-overview__actions">
                <Link to={paths.serviceQuote(service.id)} className="button button--primary">
                  Get A Quote
                </Link>
                <Link to={paths.freeTrial} className="button button--secondary">
                  Get Free Trial
                </Link>
                <Link to={paths.serviceDetail(service.id)} className="button button--secondary">
                  View More
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="services-overview__all">
        <Link to={paths.services2} className="button button--primary">
          View All
        </Link>
      </div>
    </>
  );
}

/** Half a sample card: half the row on a phone, half a column of at least 20rem from 769 px. */
const samplePairImageSizes = '(max-width: 768px) 50vw, 240px';

/** `/test2`: eight before/after sample pairs, taken from the catalogue's images. */
export function SamplePairs() {
  return (
    <PageState query={useServices()} failed="Failed to fetch services">
      {(services) => <Pairs services={services} />}
    </PageState>
  );
}

function Pairs({ services }: { services: readonly Service[] }) {
  const pairs = Array.from({ length: 8 }, (_, index) => services[index % Math.max(1, services.length)]).filter(
    (service) => service !== undefined,
  );
  return (
    <ul className="services-overview__pairs">
      {pairs.map((service, index) => (
        <li key={index} className="card">
          <div className="services-overview__pair-images">
            <figure>
              <ResponsiveImage
                src={service.beforeImage}
                sizes={samplePairImageSizes}
                alt={`Sample ${index + 1} before`}
                width={400}
                height={300}
                loading="lazy"
              />
              <figcaption>Before</figcaption>
            </figure>
            <figure>
              <ResponsiveImage
                src={service.afterImage}
                sizes={samplePairImageSizes}
                alt={`Sample ${index + 1} after`}
                width={400}
                height={300}
                loading="lazy"
              />
              <figcaption>After</figcaption>
            </figure>
          </div>
          <h2>{`Sample ${index + 1}`}</h2>
          <p>Sample text: a short description of this edit will appear here.</p>
        </li>
      ))}
    </ul>
  );
}
