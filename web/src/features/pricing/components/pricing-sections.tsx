import { Link } from '../../../components/app-link.tsx';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';
import { Marquee } from '../../../components/marquee.tsx';
import { PageState } from '../../../components/page-state.tsx';
import { PriceTerms } from '../../../components/price-terms.tsx';
import { serviceBannerImageSizes } from '@studio/shared/first-screen';
import { startsAtText } from '@studio/shared/pricing-text';
import { paths } from '../../../config/paths.ts';
import { useVisitorCurrency } from '../../../lib/visitor-currency.ts';
import { usePricing } from '../api/get-pricing.ts';
import './pricing-sections.css';

export const paymentMethods = ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Stripe', 'Bank Transfer'] as const;

/** Per-service price sections; a fetch failure is only logged by the spec, we also say so on the page. */
export function PricingSections() {
  const currency = useVisitorCurrency();
  return (
    <>
      <PageState query={usePricing()} failed="Failed to fetch services">
        {(data) =>
          data.map((service, index) => (
            <section
              key={service.id}
              className={`page-section pricing-section${index % 2 === 1 ? ' page-section--muted' : ''}`}
              aria-labelledby={`pricing-${service.id}`}
            >
              <div className="container pricing-section__inner">
                <BeforeAfterSlider
                  beforeSrc={service.beforeImage}
                  afterSrc={service.afterImage}
                  subject={service.title}
                  // Half the container from 960 px, as a service page's banner: its AVIF/WebP variants.
                  sizes={serviceBannerImageSizes}
                  priority={index === 0}
                />
                <div>
                  <h2 id={`pricing-${service.id}`}>{service.title}</h2>
                  {/* From the catalogue (#17): the cheapest price per photo, in the visitor's currency. */}
                  {startsAtText(service.startsAt, currency) && (
                    <p className="pricing-section__claim">{startsAtText(service.startsAt, currency)}</p>
                  )}
                  <p className="pricing-section__claim">Can Deliver 500+ Image/day</p>
                  <ul className="pricing-section__features">
                    {service.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  {/* The whole price (#40): turnaround surcharges and volume discounts, not only in the quote form. */}
                  <PriceTerms
                    id={`pricing-${service.id}`}
                    turnarounds={service.turnarounds}
                    volumeTiers={service.volumeTiers}
                    headingLevel="h3"
                  />
                  <div className="pricing-section__actions">
                    <Link to={paths.freeTrial} className="button button--secondary">
                      Get Free Trial
                    </Link>
                    <Link to={paths.serviceQuote(service.id)} className="button button--primary">
                      Get a Quote
                    </Link>
                  </div>
                </div>
              </div>
            </section>
          ))
        }
      </PageState>
      <section className="page-section" aria-labelledby="payment-methods-heading">
        <div className="container">
          <h2 id="payment-methods-heading">Accepted payment methods</h2>
        </div>
        <Marquee items={paymentMethods} />
      </section>
    </>
  );
}
