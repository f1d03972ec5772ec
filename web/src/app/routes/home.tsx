import { deferredSection } from '../../components/deferred-section.tsx';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { HeroCarousel } from '../../features/home/components/hero-carousel.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useScrollToHashSection } from '../../lib/use-scroll-to-hash-section.ts';
import './home.css';

/*
 * Below the hero, each section's code loads as it nears the viewport (components/deferred-section.tsx):
 * a published home page arrives with all of them in its HTML, and its first load carries the
 * header's and the hero's code only (the footer is deferred too, app/layout/site-footer.tsx).
 */
const simpleSections = () => import('../../features/home/components/simple-sections.tsx');
const AboutSection = deferredSection(async () => (await simpleSections()).AboutSection);
const FeaturesSection = deferredSection(async () => (await simpleSections()).FeaturesSection);
const ProcessSection = deferredSection(async () => (await simpleSections()).ProcessSection);
const FreeTrialBanner = deferredSection(async () => (await simpleSections()).FreeTrialBanner);
const ServicesSection = deferredSection(
  async () => (await import('../../features/services/components/services-section.tsx')).ServicesSection,
);
const PortfolioSection = deferredSection(
  async () => (await import('../../features/services/components/portfolio-section.tsx')).PortfolioSection,
);
const BannerCarousel = deferredSection(
  async () => (await import('../../features/home/components/banner-carousel.tsx')).BannerCarousel,
);
const TestimonialsSection = deferredSection(
  async () => (await import('../../features/home/components/testimonials-section.tsx')).TestimonialsSection,
);
const StatsTicker = deferredSection(
  async () => (await import('../../features/home/components/stats-ticker.tsx')).StatsTicker,
);

export function HomeRoute() {
  useDocumentTitle('Retouch Studio — Photo Editing & Retouching Services');
  useScrollToHashSection();
  return (
    <>
      <SiteHeader />
      <main className="home">
        <HeroCarousel />
        <AboutSection />
        <ServicesSection />
        <FeaturesSection />
        <PortfolioSection />
        <div className="container home__banner">
          <BannerCarousel />
        </div>
        <ProcessSection />
        <TestimonialsSection />
        <StatsTicker />
        <FreeTrialBanner />
      </main>
      <SiteFooter />
    </>
  );
}
