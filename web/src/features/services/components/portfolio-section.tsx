import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useServices } from '../api/get-services.ts';
import './portfolio-section.css';

const portfolioLimit = 8;

// Loaded on the first click on a thumbnail: the viewer is not part of the home page's first load.
const Lightbox = lazy(() => import('../../../components/lightbox.tsx').then((m) => ({ default: m.Lightbox })));

/** Portfolio thumbnails (each service's finished image) opening a lightbox, then the banner carousel. */
export function PortfolioSection() {
  const { data: services } = useServices();
  const [open, setOpen] = useState<number | null>(null);
  const images = (services ?? []).slice(0, portfolioLimit).map((service) => ({
    src: service.afterImage,
    alt: `${service.name}: finished image`,
    caption: service.name,
  }));

  return (
    <section id="gallery" className="home-section" aria-labelledby="gallery-heading">
      <div className="container">
        <p className="eyebrow">Portfolio</p>
        <h2 id="gallery-heading" className="home-section__heading">
          Our recent work
        </h2>
        <ul className="grid-list">
          {images.map((image, index) => (
            <li key={image.src}>
              <button type="button" className="portfolio-grid__button" onClick={() => setOpen(index)}>
                <ResponsiveImage
                  src={image.src}
                  sizes="(max-width: 520px) calc(100vw - 2.5rem), (max-width: 768px) 50vw, 300px"
                  alt={image.alt}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                />
                <span className="portfolio-grid__caption">{image.caption}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="home-section__more">
          <Link to={paths.fullPortfolio} className="button button--primary">
            Full Portfolio
          </Link>
        </div>
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
            label="Portfolio"
          />
        </Suspense>
      )}
    </section>
  );
}
