import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { ServicesOverview, SamplePairs } from '../../features/services/components/services-overview.tsx';
import { ServicesSection } from '../../features/services/components/services-section.tsx';

/** `/services2` and `/full-services`: every service, rows of three, each with its slider. */
export function AllServicesRoute() {
  return (
    <PublicPage title="Our Services">
      <ServicesSection showAll asPage />
    </PublicPage>
  );
}

/** `/services`: the spec's other listing variant, with banner, intro and subservice lists. */
export function ServicesOverviewRoute() {
  return (
    <PublicPage title="Request a Quote">
      <PageBanner title="Request a Quote" eyebrow="Our services">
        <p>
          Pick the service you need to get an instant quote, or start with a free trial. Every order is handled by your
          own retoucher and delivered on time.
        </p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          <ServicesOverview />
        </div>
      </section>
    </PublicPage>
  );
}

export function Test2Route() {
  return (
    <PublicPage title="Before and After Samples">
      <PageBanner title="Before and After Samples" eyebrow="Samples">
        <p>Eight sample edits side by side.</p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          <SamplePairs />
        </div>
      </section>
    </PublicPage>
  );
}
