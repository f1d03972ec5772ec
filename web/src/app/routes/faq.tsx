import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { FaqAccordion } from '../../features/faq/components/faq-accordion.tsx';

export function FaqRoute() {
  return (
    <PublicPage title="Frequently Asked Questions">
      <PageBanner title="Frequently Asked Questions" eyebrow="FAQ">
        <p>Answers to what clients ask us most. Anything else? Write to us from the contact page.</p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          <FaqAccordion />
        </div>
      </section>
    </PublicPage>
  );
}
