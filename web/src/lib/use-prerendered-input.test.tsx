import { act, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeepPrerenderedInput } from './use-prerendered-input.ts';

const empty = { name: '', message: '', consent: false };
let shown: typeof empty | undefined;
let rerender: (() => void) | undefined;
const ignore = () => undefined;

function Form({ keep }: { keep: boolean }) {
  const [values, setValues] = useState(empty);
  const [, setTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // Called unconditionally; `keep` only decides whether the typed values are taken over.
  useKeepPrerenderedInput(form, values, keep ? setValues : ignore);
  shown = values;
  rerender = () => setTick((tick) => tick + 1);
  return (
    <form ref={form}>
      <input name="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      <textarea
        name="message"
        value={values.message}
        onChange={(e) => setValues({ ...values, message: e.target.value })}
      />
      <input
        type="checkbox"
        name="consent"
        checked={values.consent}
        onChange={(e) => setValues({ ...values, consent: e.target.checked })}
      />
      <input name="unrelated" defaultValue="" />
    </form>
  );
}

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  shown = undefined;
});

/** Server HTML in the page, typed into before hydration, then hydrated and rendered once more. */
function typeThenHydrate(keep: boolean) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form keep={keep} />);
  document.body.append(container);
  const field = (name: string) => container!.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  field('name').value = 'Ann Lee';
  container.querySelector('textarea')!.value = 'Typed early';
  field('consent').checked = true;
  field('unrelated').value = 'not in the state';
  act(() => {
    root = hydrateRoot(container!, <Form keep={keep} />);
  });
  act(() => rerender!());
  return field;
}

describe('useKeepPrerenderedInput', () => {
  it('takes over what was typed before hydration, so a later render keeps it', () => {
    const field = typeThenHydrate(true);
    expect(shown).toEqual({ name: 'Ann Lee', message: 'Typed early', consent: true });
    expect(field('name').value).toBe('Ann Lee');
    expect(container!.querySelector('textarea')!.value).toBe('Typed early');
    expect(field('consent').checked).toBe(true);
  });

  it('is what saves it: without the hook the next render writes the empty state back', () => {
    const field = typeThenHydrate(false);
    expect(shown).toEqual(empty);
    expect(field('name').value).toBe('');
  });
});
