/**
 * What the first screen of a rendered page needs before the app's JavaScript has run.
 *
 * The home page's hero has a built-in backdrop, `heroPoster` (web/public/hero, made by
 * scripts/media/make-hero-poster.ts), for a hero drawn before its slides are known (the build's own
 * page, without data, and the app shell): in the HTML and preloaded from its head, so that the
 * first screen is complete at first paint. A published page has its slides, and a service page its
 * banner image, in the HTML itself, so the browser finds those images as it reads the HTML; there
 * the hero draws no backdrop.
 */

/** The hero's built-in backdrop: `${heroPoster}-<width>w.{avif,webp}` for every variant width. */
export const heroPoster = '/hero/hair-masking';
/** `sizes` of the hero slides (home page). */
export const heroImageSizes = '100vw';
/** `sizes` of a service page's banner image. */
export const serviceBannerImageSizes = '(max-width: 960px) calc(100vw - 2.5rem), 560px';
