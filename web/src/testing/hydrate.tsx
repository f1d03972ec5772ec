import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach } from 'vitest';

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
});

/**
 * A published page in small: `ui`'s server HTML in the document, changed by `before` as a visitor
 * would before the scripts arrive (typing, ticking), then hydrated. Answers the container.
 */
export function hydrateAfter(ui: ReactElement, before: (container: HTMLElement) => void): HTMLElement {
  const element = document.createElement('div');
  container = element;
  element.innerHTML = renderToString(ui);
  document.body.append(element);
  before(element);
  act(() => {
    root = hydrateRoot(element, ui);
  });
  return element;
}
