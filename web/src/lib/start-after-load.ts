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
