import type { ReactNode } from 'react';
import { Link } from '../../../components/app-link.tsx';
import { serviceBannerImageSizes } from '@studio/shared/first-screen';
import type { Service } from '@studio/shared/service';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';
import { PageState } from '../../../components/page-state.tsx';
import { PriceTerms } from '../../../components/price-terms.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { cheapestUnitPriceCents } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money-text';
import { paths } from '../../../config/paths.ts';
import { useVisitorCurrency } from '../../../lib/visitor-currency.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useService } from '../api/get-service.ts';
import { pricesPerPhoto } from './price-text.ts';
import './service-detail.css';

/** How wide a subservice's slider is drawn: the whole row on a phone, half of it from 769 px (service-detail.css). */
const subserviceSliderSizes =
  '(max-width: 768px) calc(100vw - 2.5rem), (max-width: 1200px) calc(50vw - 2.75rem), 556px';

/**
 * `/specific-services/{id}`: banner (name, description, finished image), then each subservice with
 * a before/after slider, alternating image-left and image-right layouts; `gallery` renders below.
 */
/** "Price Starts $x Per Image" (#17): the cheapest subservice in the visitor's currency, else in USD. */
function StartsAt({ subServices }: { subServices: Parameters<typeof cheapestUnitPriceCents>[0]['subServices'] }) {
  const visitor = useVisitorCurrency();
  const currency = cheapestUnitPriceCents({ subServices }, visitor) === null ? 'USD' : visitor;
  const cents = cheapestUnitPriceCents({ subServices }, currency);
  if (cents === null) return null;
  return (
    <p className="service-banner__text service-banner__price">Price Starts {formatCents(cents, currency)} Per Image</p>
  );
}

export function ServiceDetail({ serviceId, gallery }: { serviceId: string; gallery: (name: string) => ReactNode }) {
  const query = useService(serviceId);
  useDocumentTitle(query.data ? `${query.data.name} — Retouch Studio` : 'Service — Retouch Studio');
  return (
    <PageState query={query} failed="error fetching data....">
      {(service) => <ServicePage service={service} gallery={gallery} />}
    </PageState>
  );
}

function ServicePage({ service, gallery }: { service: Service; gallery: (name: string) => ReactNode }) {
  const subServices = [...service.subServices].sort((a, b) => a.order - b.order);
  return (
    <>
      <header className="service-banner">
        <div className="container service-banner__inner">
          <div>
            <p className="service-banner__eyebrow">Our service</p>
            <h1 className="service-banner__title">{service.name}</h1>
            <p className="service-banner__text">{service.description}</p>
            <StartsAt subServices={service.subServices} />
            <div className="service-banner__actions">
              <Link to={paths.serviceQuote(service.id)} className="button button--light">
                Get A Quote
              </Link>
              <Link to={paths.freeTrial} className="button button--outline-light">
                Get Free Trial
              </Link>
            </div>
          </div>
          <ResponsiveImage
            className="service-banner__image"
            src={service.afterImage}
            sizes={serviceBannerImageSizes}
            alt={`${service.name}: finished image`}
            width={800}
            height={600}
            // The largest image of this page's first screen: never lazy, fetched first.
            loading="eager"
            fetchPriority="high"
          />
        </div>
      </header>
      <section className="page-section" aria-labelledby="subservices-heading">
        <div className="container">
          <h2 id="subservices-heading">What we do in {service.name}</h2>
          {subServices.length === 0 ? (
            <p className="page-state">No subservices available for this service.</p>
          ) : (
            <ul className="subservice-list">
              {subServices.map((sub, index) => (
                <li key={sub.id} className={`subservice subservice--${index % 2 === 0 ? 'image-left' : 'image-right'}`}>
                  <BeforeAfterSlider
                    beforeSrc={sub.beforeImage ?? service.beforeImage}
                    afterSrc={sub.afterImage ?? service.afterImage}
                    subject={sub.name}
                    className="subservice__slider"
                    // Staff upload originals of up to 20 MB: the slider takes the variant of its width.
                    sizes={subserviceSliderSizes}
                  />
                  <div className="subservice__body">
                    <h3>{sub.name}</h3>
                    <p>{sub.description}</p>
                    {sub.prices.length > 0 && <p className="subservice__price">{pricesPerPhoto(sub.prices)}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      {/* The whole price (#40): what a faster turnaround adds and what volume takes off. */}
      <section className="page-section page-section--muted" aria-labelledby="price-terms-heading">
        <div className="container">
          <h2 id="price-terms-heading">Delivery times and volume discounts</h2>
          <p className="service-price-terms__note">
            The prices per photo above come before these: a volume discount comes off the order&apos;s subtotal, then
            the turnaround&apos;s surcharge is added to what is left.
          </p>
          <PriceTerms
            id="service-price-terms"
            turnarounds={service.turnarounds}
            volumeTiers={service.volumeTiers}
            headingLevel="h3"
          />
        </div>
      </section>
      {gallery(service.name)}
    </>
  );
}
