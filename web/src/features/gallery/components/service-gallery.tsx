import { useEffect, useState, type CSSProperties } from 'react';
import { Lightbox } from '../../../components/lightbox.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useServiceImages } from '../api/list-service-images.ts';
import {
  afterPageLoadedVisible,
  galleryInitialVisible,
  galleryPagingView,
  masonryHeight,
  showMoreVisible,
} from './gallery-paging.ts';
import './service-gallery.css';

function GalleryTile({
  image,
  index,
  onOpen,
}: {
  image: { imageUrl: string; imageName: string; order: number };
  index: number;
  onOpen: () => void;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <li className="service-gallery__tile" style={{ '--tile-height': `${masonryHeight(index)}px` } as CSSProperties}>
      <button type="button" className="service-gallery__button" onClick={onOpen}>
        {broken ? (
          <span className="service-gallery__broken">Image not found</span>
        ) : (
          <ResponsiveImage
            src={image.imageUrl}
            // A tile of the 3, 2 or 1 columns (service-gallery.css); its height is the masonry's.
            sizes="(max-width: 768px) calc(100vw - 2.5rem), (max-width: 1199px) calc(50vw - 1.75rem), 380px"
            alt={image.imageName}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
          />
        )}
        <span className="service-gallery__overlay">
          <span>{image.imageName}</span>
          <span>Position: {image.order}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * '{name} Gallery': a masonry grid (3/2/1 columns) of the service's images, fetched 50 at a time;
 * 12 show first, Show More reveals 12 more of what is loaded, Load More Images fetches the next
 * page once all loaded ones show, Show Less goes back to 12. A click opens the full-screen viewer.
 */
export function ServiceGallery({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  const query = useServiceImages(serviceId);
  const [visible, setVisible] = useState(galleryInitialVisible);
  const [viewing, setViewing] = useState<number | null>(null);

  // A new service starts again at 12.
  useEffect(() => setVisible(galleryInitialVisible), [serviceId]);

  const pages = query.data?.pages ?? [];
  // A first-page failure leaves the list empty (spec §4): data is undefined then.
  const images = pages.flatMap((page) => page.images);
  const total = pages[0]?.total ?? 0;
  const hasMore = Boolean(query.hasNextPage);
  const view = galleryPagingView(visible, images.length, hasMore);

  async function loadMore() {
    const result = await query.fetchNextPage();
    const loaded = (result.data?.pages ?? []).reduce((sum, page) => sum + page.images.length, 0);
    setVisible((current) => afterPageLoadedVisible(current, loaded));
  }

  return (
    <section className="page-section service-gallery" aria-labelledby="service-gallery-heading">
      <div className="container">
        <div className="service-gallery__head">
          <h2 id="service-gallery-heading">{serviceName} Gallery</h2>
          {query.isSuccess && <p className="service-gallery__count">{`${total} images`}</p>}
        </div>

        {query.isPending ? (
          <p className="page-state" role="status">
            Loading...
          </p>
        ) : query.isError && images.length === 0 ? (
          <div className="page-state page-state--error" role="alert">
            <h3>Error Loading Images</h3>
            <p>Failed to load images. Please try again.</p>
            <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
              Try Again
            </button>
          </div>
        ) : images.length === 0 ? (
          <div className="page-state">
            <h3>No Images Found</h3>
            <p>This service doesn&apos;t have any images yet.</p>
          </div>
        ) : (
          <>
            <ul className="service-gallery__grid">
              {images.slice(0, view.shown).map((image, index) => (
                <GalleryTile key={image.id} image={image} index={index} onOpen={() => setViewing(index)} />
              ))}
            </ul>
            {query.isFetchNextPageError && (
              <p className="page-state page-state--error" role="alert">
                Failed to load images. Please try again.
              </p>
            )}
            <div className="service-gallery__actions">
              {view.showMore !== null && (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => setVisible((current) => showMoreVisible(current, images.length))}
                >
                  {`Show More (${view.showMore} more)`}
                </button>
              )}
              {view.loadMore && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void loadMore()}
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Load More Images'}
                </button>
              )}
              {view.showLess && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setVisible(galleryInitialVisible)}
                >
                  Show Less
                </button>
              )}
            </div>
          </>
        )}
      </div>
      {viewing !== null && (
        <Lightbox
          images={images.slice(0, view.shown).map((image) => ({ src: image.imageUrl, alt: image.imageName }))}
          index={viewing}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
          label={`${serviceName} Gallery`}
        />
      )}
    </section>
  );
}
