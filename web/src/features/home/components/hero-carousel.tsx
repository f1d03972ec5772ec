import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../../../components/app-link.tsx';
import { heroImageSizes, heroPoster } from '@studio/shared/first-screen';
import { variantFormats, variantSrcSet } from '@studio/shared/media-variants';
import { CarouselDots } from '../../../components/carousel-dots.tsx';
import { CarouselPauseButton } from '../../../components/carousel-pause-button.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useCarousel } from '../../../components/use-carousel.ts';
import { paths } from '../../../config/paths.ts';
import { useSliderImages } from '../api/get-slider-images.ts';
import type { HeroVideoPhase } from './hero-video.tsx';
import './hero-carousel.css';

/** Spec §9: the hero advances every 3 s over its 7 slides. */
export const heroIntervalMs = 3000;
export const heroSlideCount = 7;

/** Its own chunk: fetched only when the video is due, never with the page. */
const HeroVideo = lazy(() => import('./hero-video.tsx'));

/**
 * True once the page has loaded (at once on a page reached later). Until then only the first
 * slide has its image: the others are not on the first screen, and fetched with it they took the
 * phone's bandwidth from the one that is (the largest paint).
 */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

/**
 * The hero: seven slides from the API; the first carries the 'Hair Masking' title, text and the
 * 'Try Us Free' button (in the HTML from the first paint), each other slide its own title and text
 * when it has them (#20), else it is an image only. Once every slide image has loaded, after
 * 3 s × slide count of unpaused carousel, the video slides in from the right (the layout slides
 * left), plays from the start and on its end slides back to the carousel; once per visit, never
 * while paused or when reduced motion is preferred (docs/decisions/public-site-pages.md).
 */
export function HeroCarousel() {
  const { data, isError } = useSliderImages();
  const pageLoaded = usePageLoaded();
  const slides = (data ?? []).slice(0, heroSlideCount);
  const carousel = useCarousel(slides.length, heroIntervalMs);
  // Slide images loaded so far; the video waits for all of them.
  const [loaded, setLoaded] = useState(0);
  // The built-in backdrop is for a hero drawn before its slides are known (a page rendered without
  // data, the app shell): a published page has the first slide's image in its HTML, and a second
  // picture under it would be fetched and decoded beside the largest paint for nothing.
  const [withBackdrop] = useState(() => slides.length === 0);
  // Once the first slide's image is in, it covers the built-in backdrop for good.
  const [covered, setCovered] = useState(false);
  const [video, setVideo] = useState<HeroVideoPhase>('waiting');
  const armed = video === 'waiting' && slides.length > 0 && loaded >= slides.length && !carousel.paused;
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => setVideo('loading'), heroIntervalMs * slides.length);
    return () => window.clearTimeout(timer);
  }, [armed, slides.length]);

  return (
    <section
      id="home"
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label="Featured services"
      data-video={video === 'showing'}
      onMouseEnter={() => carousel.setHeld(true)}
      onMouseLeave={() => carousel.setHeld(false)}
      onFocus={() => carousel.setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setHeld(false);
      }}
    >
      <div className="hero-carousel__viewport">
        {/* In the HTML from the first paint: the hero is never empty while the slides load or if they fail. */}
        {withBackdrop && (
          <picture className="hero-carousel__poster" data-covered={covered}>
            {variantFormats.map((format) => (
              <source
                key={format}
                type={`image/${format}`}
                srcSet={variantSrcSet(heroPoster, format)}
                sizes={heroImageSizes}
              />
            ))}
            <img src={`${heroPoster}-1600w.webp`} alt="" width={1600} height={700} fetchPriority="high" />
          </picture>
        )}
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className="hero-carousel__slide"
            data-active={index === carousel.index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== carousel.index}
          >
            {(index === 0 || pageLoaded) && (
              <ResponsiveImage
                src={slide.imagePath}
                sizes={heroImageSizes}
                alt=""
                width={1600}
                height={700}
                // The first slide is the largest image of the first screen: never lazy, fetched first.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding="async"
                onLoad={() => {
                  setLoaded((count) => count + 1);
                  if (index === 0) setCovered(true);
                }}
              />
            )}
          </div>
        ))}
        <div className="hero-carousel__copy container">
          {/* The page heading stays put; only the first slide's own copy fades with its slide. */}
          <h1 className="hero-carousel__eyebrow">
            Photo editing and retouching for e-commerce, photographers and agencies
          </h1>
          {/* The slides' copy shares one cell: the hero keeps the height of the tallest. */}
          <div className="hero-carousel__copies">
            <div className="hero-carousel__slide-copy" data-visible={carousel.index === 0 || slides.length === 0}>
              <h2 className="hero-carousel__title">Hair Masking</h2>
              <p className="hero-carousel__text">
                Flyaway hair, fur and fine edges cut out strand by strand, so models and products sit naturally on any
                background.
              </p>
              <Link to={paths.freeTrial} className="button button--light" tabIndex={carousel.index === 0 ? 0 : -1}>
                Try Us Free
              </Link>
            </div>
            {slides.map((slide, index) =>
              index === 0 || !slide.title ? null : (
                <div key={slide.id} className="hero-carousel__slide-copy" data-visible={carousel.index === index}>
                  <h2 className="hero-carousel__title">{slide.title}</h2>
                  {slide.text && <p className="hero-carousel__text">{slide.text}</p>}
                </div>
              ),
            )}
          </div>
        </div>
        {video !== 'waiting' && (
          <Suspense fallback={null}>
            <HeroVideo phase={video} paused={carousel.paused} setPhase={setVideo} />
          </Suspense>
        )}
      </div>
      {isError && (
        <p className="hero-carousel__error container" role="alert">
          Failed to load images. Please try again later.
        </p>
      )}
      {slides.length > 1 && (
        <div className="hero-carousel__controls">
          <CarouselPauseButton paused={!carousel.playing} onToggle={carousel.togglePaused} label="slideshow" />
          <CarouselDots
            keys={slides.map((slide) => slide.id)}
            current={carousel.index}
            label="Show slide"
            onGo={(index) => {
              // During the video a dot ends it; before, it leaves the wait alone.
              setVideo((phase) => (phase === 'waiting' ? phase : 'done'));
              carousel.goTo(index);
            }}
          />
        </div>
      )}
    </section>
  );
}
