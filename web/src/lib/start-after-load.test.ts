import { describe, expect, it, vi } from 'vitest';
import { type AppEvent, preloadModules, recordEarlyPresses, startAfterLoad } from './start-after-load.ts';

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

describe('recordEarlyPresses', () => {
  function pageWith(html: string) {
    const doc = loadingDocument();
    doc.body.innerHTML = html;
    const clicks: string[] = [];
    doc.addEventListener('click', (event) => {
      const target = event.target as Element;
      clicks.push(target.closest('[id]')?.id ?? target.tagName);
    });
    const press = (id: string) => doc.getElementById(id)!.click();
    /** What the app would do (on the document, or from a section's wrapper), and the presses that follow. */
    const tell = (event: AppEvent, from: EventTarget = doc) => {
      clicks.length = 0;
      from.dispatchEvent(new Event(event, { bubbles: true }));
      return [...clicks];
    };
    const sectionHydrated = (id: string) => tell('studio:section-hydrated', doc.getElementById(id)!);
    /**
     * React without the code of the part `id` of `#root`: it stops a press there at the root,
     * unanswered. Returns what the code's arrival does: React answers from then on.
     */
    const dropPressesIn = (id: string) => {
      const root = doc.getElementById('root')!;
      const drop = (event: Event) => {
        if ((event.target as Element).closest(`#${id}`)) event.stopPropagation();
      };
      root.addEventListener('click', drop, true);
      return () => root.removeEventListener('click', drop, true);
    };
    return { doc, press, tell, sectionHydrated, dropPressesIn };
  }

  it('presses again, once, the last page button pressed before the app started, when it has hydrated', () => {
    const { doc, press, tell } = pageWith(
      '<button type="button" id="menu">Menu</button><button type="button" id="faq"><span id="q">Q</span></button>',
    );
    recordEarlyPresses(doc);
    press('menu');
    press('q');
    press('faq');
    expect(tell('studio:hydrating')).toEqual([]);
    expect(tell('studio:hydrated')).toEqual(['faq']);
    // A press from then on is the app's alone, and nothing is pressed a second time.
    press('menu');
    expect(tell('studio:hydrated')).toEqual([]);
  });

  it('from the moment the app starts hydrating, keeps only a press React did not answer', () => {
    const { doc, press, tell } = pageWith(
      '<button type="button" id="early">A</button><button type="button" id="late">B</button>',
    );
    recordEarlyPresses(doc);
    press('early');
    tell('studio:hydrating');
    press('late');
    // Answered: the press that came before it is the visitor's past, not pressed again either.
    expect(tell('studio:hydrated')).toEqual([]);

    const other = pageWith('<button type="button" id="early">A</button>');
    recordEarlyPresses(other.doc);
    other.press('early');
    other.tell('studio:hydrating');
    expect(other.tell('studio:hydrated')).toEqual(['early']);
  });

  it('presses again a press React dropped while the page was hydrating, once', () => {
    const { doc, press, tell, dropPressesIn } = pageWith(
      '<div id="root"><button type="button" id="menu">Menu</button>' +
        '<div id="lazy"><button type="button" id="faq"><span id="q">Q</span></button></div></div>',
    );
    const codeArrived = dropPressesIn('lazy');
    recordEarlyPresses(doc);
    press('menu');
    tell('studio:hydrating');
    press('q');
    press('faq');
    codeArrived();
    expect(tell('studio:hydrated')).toEqual(['faq']);
    press('faq');
    expect(tell('studio:hydrated')).toEqual([]);
  });

  it('presses a button of a section below the first screen again once that section has hydrated', () => {
    const { doc, press, tell, sectionHydrated, dropPressesIn } = pageWith(
      '<div id="root"><button type="button" id="menu">Menu</button>' +
        '<div id="portfolio"><button type="button" id="tile">Tile</button></div><div id="footer"></div></div>',
    );
    const codeArrived = dropPressesIn('portfolio');
    recordEarlyPresses(doc);
    tell('studio:hydrating');
    expect(tell('studio:hydrated')).toEqual([]);
    press('tile');
    // Another section has hydrated: not this one's press.
    expect(sectionHydrated('footer')).toEqual([]);
    codeArrived();
    expect(sectionHydrated('portfolio')).toEqual(['tile']);
    expect(sectionHydrated('portfolio')).toEqual([]);
    // An answered press is not kept.
    press('menu');
    press('tile');
    expect(sectionHydrated('portfolio')).toEqual([]);
  });

  it('leaves links, submit buttons and disabled buttons to the browser, and skips a button gone', () => {
    const { doc, press, tell } = pageWith(
      '<form><button id="send">Send</button></form><a href="#top" id="link">Top</a>' +
        '<button type="button" id="off" disabled>Off</button><button type="button" id="gone">Gone</button>',
    );
    doc.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    recordEarlyPresses(doc);
    press('send');
    press('link');
    doc.getElementById('off')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(tell('studio:hydrated')).toEqual([]);

    const other = pageWith('<button type="button" id="gone">Gone</button>');
    recordEarlyPresses(other.doc);
    other.press('gone');
    other.doc.getElementById('gone')!.remove();
    expect(other.tell('studio:hydrated')).toEqual([]);
  });
});
