/**
 * What the first screen of a rendered page needs before the app's JavaScript has run.
 *
 * The home page's hero has a built-in backdrop, `heroPoster` (web/public/hero, made by
 * scripts/media/make-hero-poster.ts), in the HTML and preloaded from its head: the first screen is
 * complete at first paint, also in a page rendered without the slides (the first build's).
 * A published page has its slides and a service page its banner image in the HTML itself, so the
 * browser finds those images as it reads the HTML.
 */

/** The hero's built-in backdrop: `${heroPoster}-<width>w.{avif,webp}` for every variant width. */
export const heroPoster = '/hero/hair-masking';
/** `sizes` of the hero slides (home page). */
export const heroImageSizes = '100vw';
/** `sizes` of a service page's banner image. */
export const serviceBannerImageSizes = '(max-width: 960px) calc(100vw - 2.5rem), 560px';
