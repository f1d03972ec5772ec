import { act, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateAfter } from '../testing/hydrate.tsx';
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

afterEach(() => {
  shown = undefined;
});

/** Server HTML in the page, typed into before hydration, then hydrated and rendered once more. */
function typeThenHydrate(keep: boolean) {
  const container = hydrateAfter(<Form keep={keep} />, (page) => {
    page.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ann Lee';
    page.querySelector('textarea')!.value = 'Typed early';
    page.querySelector<HTMLInputElement>('[name="consent"]')!.checked = true;
    page.querySelector<HTMLInputElement>('[name="unrelated"]')!.value = 'not in the state';
  });
  act(() => rerender!());
  return (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
}

describe('useKeepPrerenderedInput', () => {
  it('takes over what was typed before hydration, so a later render keeps it', () => {
    const field = typeThenHydrate(true);
    expect(shown).toEqual({ name: 'Ann Lee', message: 'Typed early', consent: true });
    expect(field('name').value).toBe('Ann Lee');
    expect(document.querySelector('textarea')!.value).toBe('Typed early');
    expect(field('consent').checked).toBe(true);
  });

  it('is what saves it: without the hook the next render writes the empty state back', () => {
    const field = typeThenHydrate(false);
    expect(shown).toEqual(empty);
    expect(field('name').value).toBe('');
  });
});
