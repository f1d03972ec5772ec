import { useRef, type PointerEvent } from 'react';
import { swipeStep } from '../../../components/carousel-logic.ts';
import { CarouselDots } from '../../../components/carousel-dots.tsx';
import { CarouselPauseButton } from '../../../components/carousel-pause-button.tsx';
import { useCarousel } from '../../../components/use-carousel.ts';
import { useSliderImages } from '../api/get-slider-images.ts';
import { LazyImage } from '../../../components/responsive-image.tsx';
import './home-sections.css';

/** Spec §9: the banner advances every 5 s. */
export const bannerIntervalMs = 5000;

/**
 * Banner carousel below the portfolio: its images are the slider images (served locally from the
 * media bucket). Previous/next, dots, pause, and a mouse drag or touch swipe beyond 75 px.
 */
export function BannerCarousel() {
  const { data } = useSliderImages();
  const images = data ?? [];
  const carousel = useCarousel(images.length, bannerIntervalMs);
  const dragStart = useRef<number | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    dragStart.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (dragStart.current === null) return;
    const step = swipeStep(event.clientX - dragStart.current);
    dragStart.current = null;
    if (step === 1) carousel.next();
    if (step === -1) carousel.previous();
  }

  if (images.length === 0) return null;
  return (
    <div
      className="banner-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Recent work"
      onMouseEnter={() => carousel.setHeld(true)}
      onMouseLeave={() => carousel.setHeld(false)}
      onFocus={() => carousel.setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setHeld(false);
      }}
    >
      <div
        className="banner-carousel__track"
        style={{ transform: `translateX(-${carousel.index * 100}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragStart.current = null)}
        data-testid="banner-track"
      >
        {images.map((image, index) => (
          <div
            key={image.id}
            className="banner-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${images.length}`}
            aria-hidden={index !== carousel.index}
          >
            <LazyImage
              src={image.imagePath}
              sizes="(max-width: 1200px) 100vw, 1200px"
              width={1600}
              height={700}
              draggable={false}
            />
          </div>
        ))}
      </div>
      <div className="banner-carousel__controls">
        <button
          type="button"
          className="banner-carousel__arrow"
          aria-label="Previous slide"
          onClick={carousel.previous}
        >
          ‹
        </button>
        <CarouselPauseButton paused={!carousel.playing} onToggle={carousel.togglePaused} label="banner" />
        <CarouselDots
          keys={images.map((image) => image.id)}
          current={carousel.index}
          label="Go to slide"
          onGo={carousel.goTo}
          small
        />
        <button type="button" className="banner-carousel__arrow" aria-label="Next slide" onClick={carousel.next}>
          ›
        </button>
      </div>
    </div>
  );
}
