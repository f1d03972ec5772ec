import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToSection } from './section-scroll.ts';

/** How long a page waits for its `#section` to appear (its code may still be loading on a slow link). */
export const hashSectionWaitMs = 10_000;
/** Once there, how long the page keeps following the section while what is above it still grows. */
export const hashSectionSettleMs = 2_000;

/** The visitor taking the scroll over: from then on the page leaves it alone. */
const takeOverEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Arriving with `/#section` (a navbar link from another page, or `/clients`): scrolls there, below
 * the sticky bar, as soon as the section is on the page. The home page's sections mount as their
 * code arrives, so the section is waited for (up to {@link hashSectionWaitMs}, by the page's own
 * changes, not by a count of frames a busy phone may run through quickly); then, since sections
 * above it may still grow as their code, data and images arrive, the page follows it until nothing
 * has grown for {@link hashSectionSettleMs} (all of it within {@link hashSectionWaitMs} of arriving).
 * Scrolling, touching, pressing or a key stops both.
 */
export function useScrollToHashSection() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const cleanups: Array<() => void> = [];
    let timer = 0;
    const deadline = Date.now() + hashSectionWaitMs;
    const stop = () => {
      window.clearTimeout(timer);
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
    /** (Re)sets the one timer: the wait for the section, then the quiet spell that ends the follow; never past the deadline. */
    const stopAfter = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(stop, Math.min(ms, deadline - Date.now()));
    };

    const follow = () => {
      if (typeof ResizeObserver === 'undefined') return stop();
      stopAfter(hashSectionSettleMs);
      const grown = new ResizeObserver(() => {
        scrollToSection(id, 'auto');
        stopAfter(hashSectionSettleMs);
      });
      grown.observe(document.body);
      cleanups.push(() => grown.disconnect());
    };

    for (const type of takeOverEvents) {
      window.addEventListener(type, stop, { passive: true });
      cleanups.push(() => window.removeEventListener(type, stop));
    }
    if (scrollToSection(id)) {
      follow();
    } else {
      stopAfter(hashSectionWaitMs);
      const appeared = new MutationObserver(() => {
        if (!scrollToSection(id)) return;
        appeared.disconnect();
        follow();
      });
      appeared.observe(document.body, { childList: true, subtree: true });
      cleanups.push(() => appeared.disconnect());
    }
    return stop;
  }, [hash, key]);
}
