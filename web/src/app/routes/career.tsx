import { brandNames, Marquee } from '../../components/marquee.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { OpenPositions } from '../../features/careers/components/open-positions.tsx';

export const careersEmail = 'careers@retouchstudio.example';

export function CareerRoute() {
  return (
    <PublicPage title="Careers">
      <PageBanner title="Join Our Team" eyebrow="Careers">
        <p>
          We are hiring retouchers, colourists and project coordinators who care about detail. Work with a friendly team
          of 20+ people on images for brands around the world.
        </p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          <h2>How to apply</h2>
          <p>
            Apply for an opening below, or e-mail your CV and portfolio to{' '}
            <a href={`mailto:${careersEmail}`}>{careersEmail}</a> with the position in the subject line.
          </p>
        </div>
      </section>
      <section className="page-section page-section--muted" aria-labelledby="open-positions-heading">
        <div className="container">
          <h2 id="open-positions-heading">Open Positions</h2>
          <OpenPositions />
        </div>
      </section>
      <Marquee items={brandNames} label="Brands we work with" />
    </PublicPage>
  );
}
