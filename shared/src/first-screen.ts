/**
 * What the first screen of a prerendered page needs before the app's JavaScript has run.
 *
 * The home page's hero has a built-in backdrop, `heroPoster` (web/public/hero, made by
 * scripts/media/make-hero-poster.ts), in the HTML and preloaded from its head: the first screen is
 * complete at first paint, before and without the slides from the API.
 *
 * The slides themselves and a service page's banner come from API reads, so left to the app they
 * are requested only after its JavaScript has loaded, run and rendered the answer: on a phone,
 * seconds after the HTML. Those two pages therefore carry one small inline script
 * (`earlyReadsScript` in ./early-reads-script.ts, put first in the head by
 * web/build/build-site.ts) that starts that read as the HTML arrives and, the moment the answer is
 * in, preloads the image at the width and in the format the page's <picture> will pick (same
 * srcset, same sizes, AVIF). The app takes the read's response over (web/src/lib/early-reads.ts)
 * instead of asking a second time.
 *
 * The script is one constant for every page, so the Content-Security-Policy allows it by a single
 * hash (computed where the policy is written: the CDK stack and the local site server) and
 * `script-src` stays otherwise `'self'`. Plain ES5 in a string: it runs before any module, and a
 * transpiler must not change a byte of it.
 */

/** The hero's built-in backdrop: `${heroPoster}-<width>w.{avif,webp}` for every variant width. */
export const heroPoster = '/hero/hair-masking';
/** `sizes` of the hero slides (home page). */
export const heroImageSizes = '100vw';
/** `sizes` of a service page's banner image. */
export const serviceBannerImageSizes = '(max-width: 960px) calc(100vw - 2.5rem), 560px';
/** Where the script leaves the responses it started, by URL path, for the app to take. */
export const earlyReadsGlobal = '__studioEarlyReads';
// The script itself (shared/src/early-reads-script.ts) is a module of its own: the build, the CDK
// stack and the local server read it, and the app's bundle never carries it.
