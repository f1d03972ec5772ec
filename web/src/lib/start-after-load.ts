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
 * it starts hydrating the page, `hydrated` once the page's first part, with its header, has. The
 * app names them as this type (`'studio:hydrated' satisfies AppEvent`), imported as a type only:
 * a module of the entry's imported by the app would be loaded with the entry, before the page's
 * load, in a file shared with the app.
 */
export type AppEvent = 'studio:hydrating' | 'studio:hydrated';

const hydrating: AppEvent = 'studio:hydrating';
const hydrated: AppEvent = 'studio:hydrated';

/**
 * Keeps the last of the page's own buttons (`type="button"`: a question of the FAQ, the menu, a
 * carousel's arrows) pressed before the page has hydrated and not answered, and presses it once
 * the page has hydrated: once, however many times the visitor pressed it while nothing happened
 * (by mouse, touch or keyboard alike: Enter and Space on a button are clicks). Before the app
 * starts hydrating no press is answered. From `hydrating` on, React answers a press on a part it
 * can hydrate at once, and drops one on a part whose code (the page's lazy route) has not arrived
 * yet, stopping it at the page's root: a press that comes back up to the document was answered
 * and is not kept. Pressing a kept button as the app starts would be too soon for the same reason;
 * the page's header says when it has hydrated. Links, fields and submit buttons are left to the
 * browser, which answers them without the app; a button gone from the page by then is not pressed.
 */
export function recordEarlyPresses(doc: Document = document): void {
  let lastPressed: HTMLButtonElement | undefined;
  let appStarted = false;
  const record = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button' && !button.disabled) lastPressed = button;
  };
  const answered = (event: Event) => {
    if (appStarted && event.target instanceof Node && lastPressed?.contains(event.target)) lastPressed = undefined;
  };
  doc.addEventListener('click', record, true);
  doc.addEventListener('click', answered);
  doc.addEventListener(hydrating, () => void (appStarted = true), { once: true });
  doc.addEventListener(
    hydrated,
    () => {
      doc.removeEventListener('click', record, true);
      doc.removeEventListener('click', answered);
      const button = lastPressed;
      lastPressed = undefined;
      if (button?.isConnected) button.click();
    },
    { once: true },
  );
}
