import { ClaimsSection } from '../../components/claims-section.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { FullPortfolio } from '../../features/gallery/components/full-portfolio.tsx';

const reasons = [
  ['Unmatched Quality', 'Every image is retouched by hand and checked twice before it reaches you.'],
  ['Fast Turnaround', 'Most orders are back within 24 to 48 hours; rush delivery on request.'],
  ['Industry Expertise', 'Twelve years of e-commerce, fashion, jewelry and portrait work.'],
  ['Client-Centric Approach', 'Your own retoucher, your style guide, free revisions until it is right.'],
] as const;

export function FullPortfolioRoute() {
  return (
    <PublicPage title="Portfolio">
      <PageBanner title="Our Portfolio" eyebrow="Portfolio">
        <p>A selection of recent work for online stores, photographers and agencies, grouped by service.</p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          <FullPortfolio />
        </div>
      </section>
      <ClaimsSection heading="Why clients choose us" claims={reasons} />
    </PublicPage>
  );
}
