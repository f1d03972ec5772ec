import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { deferredSection } from '../../components/deferred-section.tsx';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { HeroCarousel } from '../../features/home/components/hero-carousel.tsx';
import { scrollToSection } from '../../lib/section-scroll.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

/**
 * Arriving with `/#section` (a navbar link from another page): scroll there once it has rendered,
 * below the sticky bar. Retries for a moment because the sections mount with the lazy route.
 */
function useScrollToHashSection() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let attempts = 0;
    let frame = 0;
    let settle: ResizeObserver | undefined;
    let stopSettling = 0;
    const attempt = () => {
      if (scrollToSection(id)) {
        // Sections above may still grow as their data and images arrive: follow the target for a
        // moment, unless the visitor scrolls on their own.
        if (typeof ResizeObserver === 'undefined') return;
        settle = new ResizeObserver(() => scrollToSection(id, 'auto'));
        settle.observe(document.body);
        const stop = () => settle?.disconnect();
        window.addEventListener('wheel', stop, { once: true, passive: true });
        window.addEventListener('touchstart', stop, { once: true, passive: true });
        window.addEventListener('keydown', stop, { once: true });
        stopSettling = window.setTimeout(stop, 2000);
        return;
      }
      if (++attempts > 60) return;
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => {
      cancelAnimationFrame(frame);
      settle?.disconnect();
      window.clearTimeout(stopSettling);
    };
  }, [hash, key]);
}

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
