/** What the visitor does that starts the app at once on a page still loading. */
const earlyInput = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `start` once: at once when the document has loaded, else on its load event, or on the
 * visitor's first press, key or focus if that comes sooner (captured on the document, before
 * anything stops it).
 */
export function startAfterLoad(start: () => void, doc: Document = document, win: Window = window): void {
  if (doc.readyState === 'complete') {
    start();
    return;
  }
  const once = () => {
    win.removeEventListener('load', once);
    for (const type of earlyInput) doc.removeEventListener(type, once, true);
    start();
  };
  win.addEventListener('load', once);
  for (const type of earlyInput) doc.addEventListener(type, once, true);
}

/**
 * Adds a modulepreload for each of the app's chunks (the paths a published page lists on its
 * script), so that the browser fetches them side by side rather than each after the one importing it.
 */
export function preloadModules(paths: string[], doc: Document = document): void {
  for (const href of paths) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * What the app tells the entry about a published page, as events on the document: `hydrating` as
 * it starts hydrating the page, `hydrated` once the page's first part, with its header, has, and
 * `section-hydrated` (from the section's wrapper, bubbling) once a section below the first screen,
 * which hydrates later (web/src/components/deferred-section.tsx), has. The app names them as this
 * type (`'studio:hydrated' satisfies AppEvent`), imported as a type only: a module of the entry's
 * imported by the app would be loaded with the entry, before the page's load, in a file shared
 * with the app.
 */
export type AppEvent = 'studio:hydrating' | 'studio:hydrated' | 'studio:section-hydrated';

const hydrating: AppEvent = 'studio:hydrating';
const hydrated: AppEvent = 'studio:hydrated';
const sectionHydrated: AppEvent = 'studio:section-hydrated';

/**
 * Answers a press React could not answer yet: keeps the last of the page's own buttons
 * (`type="button"`: a question of the FAQ, the menu, a carousel's arrows) pressed and not
 * answered, and presses it once the part of the page it is in has hydrated: once, however many
 * times the visitor pressed it while nothing happened (by mouse, touch or keyboard alike: Enter
 * and Space on a button are clicks).
 *
 * Before the app starts hydrating no press is answered. From `hydrating` on, React answers a
 * press on a part it can hydrate at once, and drops one on a part whose code has not arrived (the
 * page's lazy route; a section below the first screen), stopping it at the page's root: a press
 * that comes back up to the document was answered and is not kept. A kept button is pressed when
 * the page has hydrated, or when the section it is in has; one pressed too soon is dropped again
 * and kept again. Links, fields and submit buttons are left to the browser, which answers them
 * without the app; a button gone from the page by then is not pressed.
 */
export function recordEarlyPresses(doc: Document = document): void {
  let lastPressed: HTMLButtonElement | undefined;
  let appStarted = false;
  doc.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.type === 'button' && !button.disabled) lastPressed = button;
    },
    true,
  );
  doc.addEventListener('click', (event) => {
    if (appStarted && event.target instanceof Node && lastPressed?.contains(event.target)) lastPressed = undefined;
  });
  doc.addEventListener(hydrating, () => void (appStarted = true), { once: true });
  const pressKept = (within: Node) => {
    const button = lastPressed;
    if (!button?.isConnected || !within.contains(button)) return;
    lastPressed = undefined;
    button.click();
  };
  doc.addEventListener(hydrated, () => pressKept(doc), { once: true });
  doc.addEventListener(sectionHydrated, (event) => {
    if (event.target instanceof Node) pressKept(event.target);
  });
}
