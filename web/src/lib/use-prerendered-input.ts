import { useLayoutEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';

type FieldValues = Record<string, unknown>;

/**
 * Keeps what a visitor typed into a prerendered form before the app loaded.
 *
 * The form is in the page's HTML, so it can be filled while the scripts are still on their way (a
 * slow phone: seconds). Hydration leaves those values in the fields, but the form's state is still
 * empty, and the next render of a controlled field writes the empty state back: the text is gone.
 * Once, as the form mounts, every named field whose value differs from the state is merged into
 * it with `setValues` (a checkbox by its `checked`, a radio group by its checked button), before anything re-renders. The fields'
 * `name`s must be the state's keys; others are ignored, and so are keys whose state is neither
 * text nor a checkbox's boolean (a chosen file is not in the HTML). `useSchemaForm` calls it for a
 * form with `keepTypedBeforeLoad`.
 */
export function useKeepPrerenderedInput<T extends FieldValues>(
  form: RefObject<HTMLFormElement | null>,
  values: T,
  setValues: Dispatch<SetStateAction<T>>,
): void {
  // The DOM is compared with the state the server rendered, the first render's values.
  const initial = useRef(values).current;
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed: FieldValues = {};
    for (const field of Array.from(element.elements)) {
      if (!(
        field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement
      ))
        continue;
      const start = initial[field.name];
      if (typeof start !== 'string' && typeof start !== 'boolean') continue;
      // A radio group's value is its checked button's.
      if (field instanceof HTMLInputElement && field.type === 'radio' && !field.checked) continue;
      const current = field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value;
      if (current !== start) typed[field.name] = current;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, [form, initial, setValues]);
}
