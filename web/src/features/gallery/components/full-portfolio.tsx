import { LazyImage } from '../../../components/responsive-image.tsx';
import { useState } from 'react';
import { Lightbox } from '../../../components/lightbox.tsx';
import { PageState } from '../../../components/page-state.tsx';
import { useGalleryByService, type GalleryByService } from '../api/list-gallery-by-service.ts';
import './full-portfolio.css';

/** Spec §9: each service section shows 6 items until expanded; 12 services until 'View More Services'. */
export const portfolioItemsPerService = 6;
export const portfolioServiceLimit = 12;
export const portfolioViewMoreThreshold = 9;

interface Item {
  id: string;
  title: string;
  description?: string | null;
  beforeImage: string;
  afterImage: string;
}

function ServiceShowcase({ name, items }: { name: string; items: readonly Item[] }) {
  const [expanded, setExpanded] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = expanded ? items : items.slice(0, portfolioItemsPerService);
  const remaining = items.length - portfolioItemsPerService;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section className="portfolio-service" aria-labelledby={`portfolio-${slug}`}>
      <h2 id={`portfolio-${slug}`}>{name}</h2>
      <ul className="portfolio-service__grid">
        {shown.map((item, index) => (
          <li key={item.id}>
            <button type="button" className="portfolio-service__item" onClick={() => setViewing(index)}>
              <LazyImage
                src={item.afterImage}
                sizes="(max-width: 520px) calc(100vw - 2.5rem), (max-width: 768px) 50vw, 300px"
                width={400}
                height={300}
              />
              <span>{item.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {remaining > 0 && (
        <button type="button" className="button button--secondary" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show Less' : `View More (${remaining})`}
        </button>
      )}
      {viewing !== null && (
        <Lightbox
          images={shown.flatMap((item) => [
            { src: item.afterImage, alt: `${item.title}: after`, caption: `${item.title} — after` },
          ])}
          index={viewing}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
          label={`${name} portfolio`}
        />
      )}
    </section>
  );
}

export function FullPortfolio() {
  return (
    <PageState query={useGalleryByService()} failed="Failed to fetch services">
      {(data) => <Showcases groups={data} />}
    </PageState>
  );
}

function Showcases({ groups: all }: { groups: GalleryByService }) {
  const [showAll, setShowAll] = useState(false);
  const groups = all.filter((group) => group.items.length > 0);
  if (groups.length === 0) return <p className="page-state">No gallery items available.</p>;
  const listed = showAll ? groups : groups.slice(0, portfolioServiceLimit);
  return (
    <>
      {listed.map((group) => (
        <ServiceShowcase key={group.service.id} name={group.service.name} items={group.items} />
      ))}
      {!showAll && groups.length > portfolioViewMoreThreshold && groups.length > portfolioServiceLimit && (
        <button type="button" className="button button--primary" onClick={() => setShowAll(true)}>
          View More Services
        </button>
      )}
    </>
  );
}
