import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { getSliderImagesQueryOptions } from '../api/get-slider-images.ts';
import { HeroCarousel, heroIntervalMs, heroSlideCount } from './hero-carousel.tsx';
// Loaded up front so the carousel's lazy import resolves without real module loading.
import './hero-video.tsx';
import { mockReducedMotion } from '../../../testing/reduced-motion.ts';

const videoDelayMs = heroIntervalMs * heroSlideCount; // 21 s: 3 s × 7 slides

const hero = () => document.querySelector<HTMLElement>('.hero-carousel')!;
const video = () => document.querySelector<HTMLVideoElement>('video');
const currentDot = () =>
  screen
    .getAllByRole('button', { name: /^Show slide/ })
    .findIndex((dot) => dot.getAttribute('aria-current') === 'true');

/**
 * Renders the hero with 7 slides; `loadImages` fires each slide image's load event. With `copy`,
 * every slide but the fifth has a title and text.
 */
async function renderHero({ loadImages = true, copy = false } = {}) {
  stubFetch({
    'GET /api/slider-images': () =>
      jsonResponse({
        images: Array.from({ length: heroSlideCount }, (_, i) => ({
          id: fixtureId(100 + i),
          imagePath: `/media/slides/${i}.jpg`,
          ...(copy && i !== 4 ? { title: `Slide title ${i + 1}`, text: `Slide text ${i + 1}` } : {}),
        })),
      }),
  });
  // Fake timers from the start, so the slideshow's own interval runs on them too.
  vi.useFakeTimers();
  renderWithProviders(<HeroCarousel />);
  for (let i = 0; i < 50 && !screen.queryByRole('button', { name: `Show slide ${heroSlideCount}` }); i += 1) {
    await advance(10);
  }
  const images = [...document.querySelectorAll('.hero-carousel__slide img')];
  expect(images).toHaveLength(heroSlideCount);
  if (loadImages) act(() => images.forEach((img) => fireEvent.load(img)));
  return images;
}

/** Advances fake time, then lets the lazy video chunk and effects settle. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await Promise.resolve();
  });
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

describe('HeroCarousel hero video', () => {
  let play: ReturnType<typeof vi.fn>;
  let pause: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    mockReducedMotion(false);
    play = vi.fn(() => Promise.resolve());
    pause = vi.fn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as () => void);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('slides the video in 3 s × slide count after the images load and returns to the carousel on ended', async () => {
    await renderHero();
    await advance(videoDelayMs - 1);
    expect(video()).toBeNull();
    await advance(1);
    const element = video()!;
    expect(element).not.toBeNull();
    expect(element.muted).toBe(true);
    expect(element.getAttribute('preload')).toBe('none');
    expect(element.getAttribute('aria-hidden')).toBe('true');
    expect(play).toHaveBeenCalledTimes(1);
    // The layout slides over only once the first frame plays.
    expect(hero().dataset.video).toBe('false');
    act(() => void fireEvent.playing(element));
    expect(hero().dataset.video).toBe('true');

    act(() => void fireEvent.ended(element));
    expect(hero().dataset.video).toBe('false');
    // The carousel carries on from where it was, and the video does not come back.
    const before = currentDot();
    await advance(heroIntervalMs);
    expect(currentDot()).toBe((before + 1) % heroSlideCount);
    await advance(videoDelayMs * 2);
    expect(hero().dataset.video).toBe('false');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('waits until every slide image has loaded', async () => {
    const images = await renderHero({ loadImages: false });
    act(() => images.slice(1).forEach((img) => fireEvent.load(img)));
    await advance(videoDelayMs * 2);
    expect(video()).toBeNull();
    act(() => void fireEvent.load(images[0]!));
    await advance(videoDelayMs);
    expect(video()).not.toBeNull();
  });

  it('does not start while the slideshow is paused, and the pause button pauses a playing video', async () => {
    await renderHero();
    await advance(videoDelayMs / 2);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' })));
    await advance(videoDelayMs * 2);
    expect(video()).toBeNull();

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' })));
    // The wait starts over once playing again.
    await advance(videoDelayMs - 1);
    expect(video()).toBeNull();
    await advance(1);
    act(() => void fireEvent.playing(video()!));
    expect(hero().dataset.video).toBe('true');

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' })));
    expect(pause).toHaveBeenCalled();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' })));
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('never plays the video when reduced motion is preferred', async () => {
    mockReducedMotion(true);
    await renderHero();
    await advance(videoDelayMs * 3);
    expect(video()).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('only logs a video that cannot play, and the carousel carries on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    play.mockImplementation(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    await renderHero();
    await advance(videoDelayMs);
    expect(warn).toHaveBeenCalledWith('Hero video could not play:', expect.any(DOMException));
    expect(hero().dataset.video).toBe('false');
    const before = currentDot();
    await advance(heroIntervalMs);
    expect(currentDot()).toBe((before + 1) % heroSlideCount);
  });

  it('a dot pressed while the video shows returns to that slide', async () => {
    await renderHero();
    await advance(videoDelayMs);
    act(() => void fireEvent.playing(video()!));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' })));
    expect(hero().dataset.video).toBe('false');
    expect(currentDot()).toBe(2);
  });
});

describe('HeroCarousel copy', () => {
  beforeEach(() => mockReducedMotion(false));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const visibleCopy = () =>
    [...document.querySelectorAll<HTMLElement>('.hero-carousel__slide-copy[data-visible="true"]')].map(
      (copy) => copy.querySelector('h2')?.textContent,
    );

  it("shows each slide's own title and text with it, and the site's Hair Masking copy on the first", async () => {
    await renderHero({ copy: true });
    // The first slide's copy is the site's own, whatever the first slide's data says.
    expect(visibleCopy()).toEqual(['Hair Masking']);
    expect(screen.queryByRole('heading', { name: 'Slide title 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Try Us Free' })).toBeTruthy();

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' })));
    expect(visibleCopy()).toEqual(['Slide title 3']);
    expect(screen.getByText('Slide text 3').closest('[data-visible]')!.getAttribute('data-visible')).toBe('true');
    // The button belongs to the first slide: out of the tab order while another shows.
    expect(screen.getByRole('link', { name: 'Try Us Free' }).getAttribute('tabindex')).toBe('-1');

    // A slide without copy is an image only.
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show slide 5' })));
    expect(visibleCopy()).toEqual([]);

    // The slideshow carries the copy along.
    await advance(heroIntervalMs);
    expect(visibleCopy()).toEqual(['Slide title 6']);
  });
});

describe('HeroCarousel backdrop', () => {
  beforeEach(() => mockReducedMotion(false));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const poster = () => document.querySelector<HTMLElement>('.hero-carousel__poster')!;

  it('shows the built-in backdrop until the first slide image has loaded, then keeps it covered', async () => {
    const images = await renderHero({ loadImages: false });
    const backdrop = poster().querySelector('img')!;
    expect(backdrop.getAttribute('src')).toBe('/hero/hair-masking-1600w.webp');
    expect(backdrop.getAttribute('fetchpriority')).toBe('high');
    expect(backdrop.getAttribute('loading')).toBeNull();
    expect(poster().querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toBe(
      '/hero/hair-masking-400w.avif 400w, /hero/hair-masking-800w.avif 800w, /hero/hair-masking-1600w.avif 1600w',
    );
    // Another slide loading first does not uncover it; the first slide does.
    act(() => void fireEvent.load(images[3]!));
    expect(poster().dataset.covered).toBe('false');
    act(() => void fireEvent.load(images[0]!));
    expect(poster().dataset.covered).toBe('true');
  });

  it('draws no backdrop when the slides are known at the first render (a published page): the first slide is the first image', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      getSliderImagesQueryOptions().queryKey,
      Array.from({ length: heroSlideCount }, (_, i) => ({
        id: fixtureId(100 + i),
        imagePath: `/media/slides/${i}.jpg`,
      })),
    );
    renderWithProviders(<HeroCarousel />, { queryClient });
    expect(document.querySelector('.hero-carousel__poster')).toBeNull();
    const images = document.querySelectorAll('.hero-carousel img');
    expect(images).toHaveLength(heroSlideCount);
    expect(images[0]!.closest('.hero-carousel__slide')?.getAttribute('aria-label')).toBe(`1 of ${heroSlideCount}`);
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]!.getAttribute('loading')).toBe('eager');
  });

  it('keeps the backdrop when the slides cannot be read', async () => {
    stubFetch({ 'GET /api/slider-images': () => jsonResponse({ error: 'INTERNAL', message: 'down' }, 500) });
    renderWithProviders(<HeroCarousel />);
    await screen.findByText('Failed to load images. Please try again later.');
    expect(poster().dataset.covered).toBe('false');
    expect(screen.getByRole('heading', { name: 'Hair Masking' })).toBeTruthy();
  });
});
