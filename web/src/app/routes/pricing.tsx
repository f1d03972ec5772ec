import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { PricingSections } from '../../features/pricing/components/pricing-sections.tsx';

export function PricingRoute() {
  return (
    <PublicPage title="Pricing">
      <PageBanner title="Pricing" eyebrow="Simple, per-image prices">
        <p>Prices start at $0.49 per image, with discounts of up to 50% on bulk orders. No subscriptions.</p>
      </PageBanner>
      <PricingSections />
    </PublicPage>
  );
}
