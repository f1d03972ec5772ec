import { act, Suspense, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredSection } from './deferred-section.tsx';

/** The section: a counter, so a click tells whether React has hydrated it. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

/** What the published page holds for a deferred section: its wrapper and the section in a Suspense boundary. */
const serverHtml = (label: string) =>
  renderToString(
    <div className="deferred-section">
      <Suspense fallback={null}>
        <Counter label={label} />
      </Suspense>
    </div>,
  );

/** The IntersectionObserver a browser would give, driven by the test. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let root: Root | undefined;
let container: HTMLDivElement;
const recoverable = vi.fn();
const consoleError = vi.spyOn(console, 'error');

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  container = document.createElement('div');
  document.body.append(container);
  recoverable.mockClear();
  consoleError.mockClear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

/** Lets the section's import and React's retry run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function setUp() {
  const load = vi.fn(async () => Counter);
  const Section = deferredSection(load);
  return { load, Section };
}

/** Hydrates the server HTML (an awaited act: React commits a suspended tree only once act is awaited). */
async function hydrate(Section: ReturnType<typeof setUp>['Section'], label = 'Clicks') {
  container.innerHTML = serverHtml(label);
  const button = container.querySelector('button')!;
  await act(async () => {
    root = hydrateRoot(container, <Section label={label} />, { onRecoverableError: recoverable });
  });
  return button;
}

describe('deferredSection', () => {
  it('keeps the server HTML and loads nothing until the section nears the viewport, then hydrates it', async () => {
    const { load, Section } = setUp();
    const told = vi.fn();
    container.addEventListener('studio:section-hydrated', (event) => told(event.target));
    const button = await hydrate(Section);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(FakeObserver.all[0]?.targets).toEqual([container.querySelector('section')]);
    expect(told).not.toHaveBeenCalled();
    expect(container.querySelector('.deferred-section')!.hasAttribute('data-hydrated')).toBe(false);

    act(() => FakeObserver.all[0]!.enter());
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    // The same element, now React's: clicks count, and the page is told, from the wrapper, which
    // is marked for whatever waits on it (the browser tests).
    expect(container.querySelector('button')).toBe(button);
    act(() => button.click());
    expect(button.textContent).toBe('Clicks 1');
    expect(told.mock.calls).toEqual([[container.querySelector('.deferred-section')]]);
    expect(container.querySelector('.deferred-section')!.hasAttribute('data-hydrated')).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('loads when pressed before it is near: React drops that press, the page presses it again once told', async () => {
    const { load, Section } = setUp();
    const told = vi.fn();
    container.addEventListener('studio:section-hydrated', told);
    const button = await hydrate(Section);
    await settle();
    act(() => button.click());
    expect(button.textContent).toBe('Clicks 0');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Clicks 0');
    act(() => button.click());
    expect(button.textContent).toBe('Clicks 1');
  });

  it('loads when something in it takes focus (a keyboard user tabbing in)', async () => {
    const { load, Section } = setUp();
    const button = await hydrate(Section);
    await settle();
    await act(async () => button.focus());
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    act(() => button.click());
    expect(button.textContent).toBe('Clicks 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('keeps waiting when its parent renders again with the same props', async () => {
    const { load, Section } = setUp();
    let renderParent = () => {};
    function Parent() {
      const [, setTick] = useState(0);
      renderParent = () => setTick((tick) => tick + 1);
      return <Section label="Clicks" />;
    }
    container.innerHTML = serverHtml('Clicks');
    const button = container.querySelector('button')!;
    await act(async () => {
      root = hydrateRoot(container, <Parent />, { onRecoverableError: recoverable });
    });
    act(() => renderParent());
    await settle();
    // Still the server's HTML, not dropped for a client render of the fallback.
    expect(container.querySelector('button')).toBe(button);
    expect(load).not.toHaveBeenCalled();
    act(() => FakeObserver.all[0]!.enter());
    await settle();
    act(() => button.click());
    expect(button.textContent).toBe('Clicks 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once when rendered without server HTML (the dev server, a navigation)', async () => {
    const { load, Section } = setUp();
    await act(async () => {
      root = createRoot(container);
      root.render(<Section label="Clicks" />);
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')?.textContent).toBe('Clicks 0');
  });
});
