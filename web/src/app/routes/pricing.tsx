import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { PricingSections } from '../../features/pricing/components/pricing-sections.tsx';

export function PricingRoute() {
  return (
    <PublicPage title="Pricing">
      <PageBanner title="Pricing" eyebrow="Simple, per-image prices">
        <p>Per-image prices for each service, with volume discounts on large orders. No subscriptions.</p>
      </PageBanner>
      <PricingSections />
    </PublicPage>
  );
}
