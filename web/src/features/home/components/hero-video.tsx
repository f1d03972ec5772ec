import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';

/** waiting → (3 s × slides) loading → (first frame plays) showing → (ended, failure or a dot) done. */
export type HeroVideoPhase = 'waiting' | 'loading' | 'showing' | 'done';

/** The demo clip shipped in web/public/video (made by scripts/media/make-hero-video.sh). */
export const heroVideoSources = [
  { src: '/video/hero-retouch.webm', type: 'video/webm' },
  { src: '/video/hero-retouch.mp4', type: 'video/mp4' },
] as const;

export interface HeroVideoProps {
  phase: HeroVideoPhase;
  /** The slideshow is paused (or reduced motion is preferred): the video pauses where it is. */
  paused: boolean;
  /** Moves the carousel's phase: to showing once playing, to done when ended or failed. */
  setPhase: Dispatch<SetStateAction<HeroVideoPhase>>;
}

/**
 * The hero's video panel (spec: hero video). Loaded on demand by HeroCarousel when the video is due,
 * so neither this code nor the clip is fetched with the page. Muted and decorative (no sound, no
 * information the slides do not carry), hence hidden from assistive technology. A failure is only
 * logged; the carousel carries on.
 */
export default function HeroVideo({ phase, paused, setPhase }: HeroVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const active = (phase === 'loading' || phase === 'showing') && !paused;
  const onPlaying = () => setPhase((current) => (current === 'loading' ? 'showing' : current));
  const onFinish = useCallback(() => setPhase('done'), [setPhase]);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!active) {
      video.pause();
      return;
    }
    video.play().catch((error: unknown) => {
      // A pause() while play() is pending also rejects it; that is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.warn('Hero video could not play:', error);
      onFinish();
    });
  }, [active, onFinish]);

  return (
    <video
      ref={ref}
      className="hero-carousel__video"
      muted
      playsInline
      preload="none"
      aria-hidden="true"
      onPlaying={onPlaying}
      onEnded={onFinish}
    >
      {heroVideoSources.map((source, index) => (
        <source
          key={source.src}
          src={source.src}
          type={source.type}
          // Only the last source's error means that no source could be used.
          onError={
            index === heroVideoSources.length - 1
              ? () => {
                  console.warn('Hero video could not load');
                  onFinish();
                }
              : undefined
          }
        />
      ))}
    </video>
  );
}
