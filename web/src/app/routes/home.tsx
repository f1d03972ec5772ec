import { Link } from 'react-router-dom';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { paths } from '../../config/paths.ts';
import { ServicesSection } from '../../features/services/components/services-section.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

export function HomeRoute() {
  useDocumentTitle('Retouch Studio — Photo Editing & Retouching Services');
  return (
    <>
      <SiteHeader />
      <main id="home">
        <section className="hero" aria-labelledby="hero-heading">
          <div className="container hero__inner">
            <p className="hero__eyebrow">Professional retouching studio</p>
            <h1 id="hero-heading" className="hero__heading">
              Photo editing and retouching for <span className="nowrap">e-commerce</span>, photographers and agencies
            </h1>
            <p className="hero__subtitle">
              Background removal, clipping paths, high-end and product retouching, colour grading and photo restoration,
              delivered on time by a dedicated team, for a single image or thousands a day.
            </p>
            <div className="hero__actions">
              <Link to={paths.homeServices} className="button button--light">
                REQUEST A QUOTE
              </Link>
              <Link to={paths.freeTrial} className="button button--outline-light">
                START FREE TRIAL
              </Link>
            </div>
            <ul className="hero__highlights" aria-label="Why clients choose us">
              <li>Your own retoucher</li>
              <li>On-time delivery</li>
              <li>Secure file transfer</li>
            </ul>
          </div>
        </section>
        <ServicesSection />
      </main>
      <SiteFooter />
    </>
  );
}
