import {
  createContext,
  lazy,
  memo,
  Suspense,
  use,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import type { AppEvent } from '../lib/start-after-load.ts';
import './deferred-section.css';

/** How far outside the viewport a section starts loading (a fast scroll still finds it ready). */
const loadMargin = '200px 0px';

/**
 * True while the renderer renders a page without its data (the build's own pages, served until
 * the publisher's first release). Such a page's deferred sections are rendered by the browser,
 * not hydrated: by the time a section hydrates, the app has read the data the server did not
 * have, and the section's server HTML ("Loading...") would no longer match. The renderer leaves
 * them out by throwing {@link ClientRenderedSection} inside their boundary, which React answers
 * with the boundary's fallback and an instruction to render it in the browser.
 */
export const RenderingWithoutData = createContext(false);

/** The digest the renderer gives {@link ClientRenderedSection}, by which the browser recognises it. */
export const clientRenderedSectionDigest = 'deferred-section:client-rendered';

export class ClientRenderedSection extends Error {
  constructor() {
    super('A deferred section of a page rendered without data is rendered in the browser');
  }
}

/** A recoverable hydration error that is a deferred section rendered in the browser by design. */
export function isClientRenderedSection(error: unknown): boolean {
  return (error as { digest?: unknown } | null)?.digest === clientRenderedSectionDigest;
}

/** Something in the section taking focus (a keyboard user tabbing in) or being pressed. */
const reachEvents = ['focusin', 'pointerdown', 'click'] as const;

interface Gate {
  opened: Promise<void>;
  open: () => void;
}

function createGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Tells the page's entry that the section has hydrated (or rendered), from its wrapper: a button
 * in it pressed before, which React dropped, is pressed again (web/src/lib/start-after-load.ts).
 * The wrapper is marked `data-hydrated` too, as the document is once the page has (start.tsx): a
 * test waits for it before pressing what the section's code answers. Its effect runs once the
 * section's boundary has committed.
 */
function AnnounceHydrated({ wrapper }: { wrapper: RefObject<Element | null> }) {
  useEffect(() => {
    wrapper.current?.setAttribute('data-hydrated', '');
    wrapper.current?.dispatchEvent(new Event('studio:section-hydrated' satisfies AppEvent, { bubbles: true }));
  }, [wrapper]);
  return null;
}

/**
 * A part of a page whose code loads as it nears the viewport: below the first screen of a
 * published page, a section's script is not part of the page's first load (issue 20's budget).
 *
 * On a published page the section arrives as HTML, and React hydrates everything else at once:
 * this section's Suspense boundary suspends on a gate, so React keeps its server HTML as it is
 * (visible, links working as plain links) and hydrates it once the gate opens and its chunk has
 * loaded. The gate opens when the section comes within {@link loadMargin} of the viewport, or
 * when something in it takes focus (a keyboard user tabbing into it) or is pressed. Rendered
 * without server HTML (the dev server, a navigation from another page, tests) it opens at once.
 *
 * The prerenderer renders the section as usual: it awaits the lazy component, and its HTML is in
 * the published page. `load` resolves the section's component (a dynamic import, which is what
 * keeps its code out of the page's chunk). The section is memoized on its props: a parent that
 * renders again with the same props must not update a boundary still waiting to hydrate (React
 * would then drop its server HTML and render it on the client).
 */
export function deferredSection<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Section = lazy(async () => ({ default: await load() }));

  function Gated({
    gate,
    props,
    wrapper,
  }: {
    gate: Gate | undefined;
    props: Props;
    wrapper: RefObject<Element | null>;
  }) {
    const withoutData = useContext(RenderingWithoutData);
    if (!gate && withoutData) throw new ClientRenderedSection();
    if (gate) use(gate.opened);
    return (
      <>
        <Section {...props} />
        <AnnounceHydrated wrapper={wrapper} />
      </>
    );
  }

  function DeferredSection(props: Props) {
    const wrapper = useRef<HTMLDivElement>(null);
    // The server renders with no gate (its render waits for the section instead).
    const [gate] = useState(() => (typeof window === 'undefined' ? undefined : createGate()));
    useEffect(() => {
      const container = wrapper.current;
      // The section's server HTML; none when rendered in the browser, or left to it by the
      // renderer (its boundary then holds only React's <template> marker).
      const element = container?.firstElementChild;
      if (!gate) return;
      if (!container || !element || element.tagName === 'TEMPLATE' || typeof IntersectionObserver === 'undefined') {
        gate.open();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) gate.open();
        },
        { rootMargin: loadMargin },
      );
      observer.observe(element);
      // On the document, capturing: React stops the events that reach a section it has not
      // hydrated yet at its root, and drops them, so the section never sees them (the entry
      // presses a button pressed meanwhile again once the section has hydrated).
      const onReach = (event: Event) => {
        if (event.target instanceof Node && container.contains(event.target)) gate.open();
      };
      const stop = () => {
        observer.disconnect();
        for (const type of reachEvents) document.removeEventListener(type, onReach, true);
      };
      for (const type of reachEvents) document.addEventListener(type, onReach, true);
      void gate.opened.then(stop);
      return stop;
    }, [gate]);
    return (
      <div ref={wrapper} className="deferred-section">
        <Suspense fallback={null}>
          <Gated gate={gate} props={props} wrapper={wrapper} />
        </Suspense>
      </div>
    );
  }
  DeferredSection.displayName = 'DeferredSection';
  return memo(DeferredSection) as unknown as ComponentType<Props>;
}
