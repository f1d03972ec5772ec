import { describe, expect, it, vi } from 'vitest';
import { preloadModules, startAfterLoad } from './start-after-load.ts';

/** A document still loading (jsdom's own has loaded by the time a test runs). */
function loadingDocument(): Document {
  const doc = document.implementation.createHTMLDocument('page');
  Object.defineProperty(doc, 'readyState', { value: 'interactive', configurable: true });
  return doc;
}

describe('startAfterLoad', () => {
  it('starts at once on a document that has loaded', () => {
    const start = vi.fn();
    startAfterLoad(start, document, window);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event, then starts once', () => {
    const doc = loadingDocument();
    const win = new EventTarget() as unknown as Window;
    const start = vi.fn();
    startAfterLoad(start, doc, win);
    doc.body.dispatchEvent(new Event('scroll', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    win.dispatchEvent(new Event('load'));
    doc.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'focusin'])('starts before the load event on a %s, even one stopped', (type) => {
    const doc = loadingDocument();
    const win = new EventTarget() as unknown as Window;
    const button = doc.createElement('button');
    doc.body.append(button);
    button.addEventListener(type, (event) => event.stopPropagation());
    const start = vi.fn();
    startAfterLoad(start, doc, win);
    button.dispatchEvent(new Event(type, { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('load'));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('preloadModules', () => {
  it('adds one modulepreload per chunk to the head', () => {
    const doc = loadingDocument();
    preloadModules(['/assets/vendor-a.js', '/assets/start-b.js'], doc);
    expect(
      [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/assets/vendor-a.js', '/assets/start-b.js']);
  });
});
