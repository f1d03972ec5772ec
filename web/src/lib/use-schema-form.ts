import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError, networkErrorMessage } from './api-client.ts';
import { apiErrorText, issuesText, type ApiErrorTextOptions } from './api-error-text.ts';
import { useKeepPrerenderedInput } from './use-prerendered-input.ts';

/**
 * What one field holds: text as the input holds it, a checkbox as a boolean, a group of
 * checkboxes as the values ticked, a file input as its chosen file (or null).
 */
export type FormValue = string | boolean | readonly string[] | File | null;

/** What a form's fields hold, by name. */
export type FormValues = Record<string, FormValue>;

type FieldsOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;
type TextField<V> = FieldsOf<V, string>;
type BooleanField<V> = FieldsOf<V, boolean>;
type ListField<V> = FieldsOf<V, readonly string[]>;

/** The values as the schema sees them: number fields converted (`''` is `undefined`, never 0). */
export type TypedValues<V extends FormValues> = { [K in keyof V]: V[K] | number | undefined };

/** Said above a form whose fields are marked, by the browser's check or the server's. */
export const checkFieldsText = 'Please correct the fields marked below.';

/**
 * The schema itself, or a loader of it (`() => import('@studio/shared/lead').then((m) => m.x)`)
 * for a form on a public page: the schema and zod then load with the first submit, as the
 * route's response schema does, not with the page.
 */
export type SchemaSource<S extends z.ZodMiniType> = S | (() => Promise<S>);

export interface SchemaFormOptions<V extends FormValues, S extends z.ZodMiniType> {
  /** The route's body schema from `shared` (the one the server checks with), or its loader. */
  schema: SchemaSource<S>;
  /** The fields' first values. Their names are the body's keys, so the server's issues find them. */
  initialValues: V;
  /**
   * Fields typed as numbers. An empty one is missing, so a required number says 'is required'
   * instead of being sent as 0; `'12'` is 12; anything else is left for the schema to refuse.
   */
  numbers?: readonly TextField<V>[];
  /**
   * Fields chosen from a list (a select whose first option, `''`, chooses nothing). Nothing
   * chosen is missing: sent as `undefined`, and a required one says 'is required' instead of
   * the schema's word for an invalid value.
   */
  selects?: readonly TextField<V>[];
  /** Field names as labelled, so a message reads 'Order is required' rather than 'is required'. */
  labels?: Partial<Record<string, string>>;
  /** Values (numbers converted) to the body the schema checks; default the values as they are. */
  toBody?: (values: TypedValues<V>) => unknown;
  /**
   * The field an issue belongs to, from its path in the body (`prices.1.price`), for a body that
   * `toBody` builds from fields of other names (a list of rows from `price0`, `price1`...); return
   * undefined to fall back to the path's first name. The issue is then shown on that field, and an
   * empty number field there says 'is required'.
   */
  fieldOf?: (path: string) => string | undefined;
  /**
   * Fields the page holds outside the values (an upload's id from the upload queue): issues on
   * them are kept in `errors` by that name, for the page to show where that control is.
   */
  otherFields?: readonly string[];
  /**
   * The page's own checks, for what the schema cannot see (an upload still running): a message
   * per field. Made with the schema's; a field's message here wins over the schema's.
   */
  check?: (values: V) => Partial<Record<string, string>>;
  /** Said above the form when fields are marked. Default {@link checkFieldsText}. */
  invalidText?: string;
  /**
   * For a form in a published page's HTML (`ref` on the form): what a visitor typed before the
   * app loaded is taken into the values as the form mounts (`useKeepPrerenderedInput`).
   */
  keepTypedBeforeLoad?: boolean;
}

export interface SubmitOptions {
  /** The spec's text for a failed send, e.g. 'Error updating service'; the server's words win when it gives some. */
  failureText?: string;
  /** The page's own rules for the failure text (see `apiErrorText`). */
  errorOptions?: ApiErrorTextOptions;
  /**
   * What is said above the form when the server refused only fields it names (each is marked):
   * `'check'` (the default) says `invalidText`, as after the browser-side check; `'failure'` says
   * the failure text as for any other failure (pages whose spec text opens every failed send:
   * 'Error: 400 - ...', 'Failed to submit application. Please try again. ...').
   */
  refusedFields?: 'check' | 'failure';
  /**
   * Where the form-level text goes instead of `formError`: the page's own place for it, such as
   * the public forms' 3 s notice. Fields are marked either way.
   */
  showFailure?: (text: string) => void;
}

/** `is required` -> `Order is required`; a message written as a sentence stays as it is. */
function labelled(label: string | undefined, message: string): string {
  return label && /^\p{Ll}/u.test(message) ? `${label} ${message}` : message;
}

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function isLoader<S extends z.ZodMiniType>(source: SchemaSource<S>): source is () => Promise<S> {
  return typeof source === 'function';
}

/** No form to read typed values from: `keepTypedBeforeLoad` off. */
const noForm = { current: null };

/**
 * One form over a route's zod body schema: it holds the values, checks them with the schema
 * before sending (so the browser says what the server would), marks each field with its first
 * problem, and maps a refusal's `details.issues` (`body.name`) onto the same fields. Issues that
 * name no field, and every other failure, become the form-level `formError` (`apiErrorText`).
 *
 * @example
 * const form = useSchemaForm({ schema: updateServiceBodySchema, initialValues, numbers: ['order'], labels });
 * <form onSubmit={form.handleSubmit((body) => update.mutateAsync(body), { failureText: 'Error updating service' })} noValidate>
 *   {form.formError && <FormAlert>{form.formError}</FormAlert>}
 *   <FormField label="Order" inputMode="numeric" {...form.field('order')} />
 */
export function useSchemaForm<V extends FormValues, S extends z.ZodMiniType>(options: SchemaFormOptions<V, S>) {
  const {
    schema,
    initialValues,
    numbers = [],
    selects = [],
    labels = {},
    toBody,
    fieldOf,
    otherFields = [],
    check,
    invalidText = checkFieldsText,
    keepTypedBeforeLoad = false,
  } = options;
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const loaded = useRef<S | undefined>(undefined);
  const ref = useRef<HTMLFormElement>(null);
  useKeepPrerenderedInput(keepTypedBeforeLoad ? ref : noForm, values, setValues);
  // After a failed check, focus goes to the first marked field once the marks are rendered.
  const focusFirstMarked = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = focusFirstMarked.current;
    if (!form) return;
    focusFirstMarked.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  const fieldNames = new Set([...Object.keys(initialValues), ...otherFields]);
  /** `prices.1.price` -> the form field it belongs to (`fieldOf`, else its first name). */
  const fieldFor = (path: string) => fieldOf?.(path) ?? path.split('.')[0] ?? '';

  /** Sets a field from its current value; the field's mark goes as soon as it is edited. */
  const update = useCallback((name: string, next: (current: FormValue) => FormValue) => {
    setValues((current) => ({ ...current, [name]: next(current[name] ?? null) }));
    // It comes back on the next check if the value is still wrong.
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => update(name, () => value),
    [update],
  );

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initialValues);
      setErrors({});
      setFormError(null);
    },
    // initialValues is the first render's: reset goes back to what the form opened with.
    [],
  );

  /** Says a form-level text where the page wants it (`showFailure`), else in `formError`. */
  function say(text: string, submit: SubmitOptions) {
    if (submit.showFailure) submit.showFailure(text);
    else setFormError(text);
  }

  /** The schema, loaded once when given as a loader; a chunk that cannot load is a lost connection. */
  async function load(source: () => Promise<S>): Promise<S> {
    try {
      loaded.current ??= await source();
      return loaded.current;
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', networkErrorMessage);
    }
  }

  /**
   * Checks the values with the page's `check` and the schema: the body to send, or the marks and
   * the form-level text (issues naming no field, else `invalidText`).
   */
  function validate(parser: S): { body: z.output<S> } | { marks: Record<string, string>; text: string } {
    const typed: Record<string, unknown> = { ...values };
    for (const name of numbers) typed[name] = toNumber(values[name] as string);
    for (const name of selects) if (values[name] === '') typed[name] = undefined;
    const own = check?.(values) ?? {};
    const result = parser.safeParse(toBody ? toBody(typed as TypedValues<V>) : typed);
    const marks: Record<string, string> = {};
    for (const [name, message] of Object.entries(own)) if (message) marks[name] = message;
    if (result.success && Object.keys(marks).length === 0) return { body: result.data as z.output<S> };
    let unplaced = '';
    for (const issue of result.success ? [] : result.error.issues) {
      const path = issue.path.join('.');
      const name = fieldFor(path);
      if (!fieldNames.has(name)) {
        unplaced ||= issue.message;
        continue;
      }
      const empty = [...numbers, ...selects].includes(name as TextField<V>) && (values[name] as string).trim() === '';
      const message = labelled(labels[name], empty ? 'is required' : issue.message);
      marks[path] ??= message;
      marks[name] ??= message;
    }
    return { marks, text: unplaced || invalidText };
  }

  /** Shows a failed send: the server's field issues on their fields, the rest above the form. */
  function fail(error: unknown, submit: SubmitOptions) {
    const found: Record<string, string> = {};
    const unplaced = [];
    const issues = error instanceof ApiError ? error.issues : [];
    for (const issue of issues) {
      const path = issue.path.replace(/^body\./, '');
      const name = fieldFor(path);
      if (!issue.path.startsWith('body.') || !fieldNames.has(name)) {
        unplaced.push(issue);
        continue;
      }
      const message = labelled(labels[name], issue.message);
      found[path] ??= message;
      found[name] ??= message;
    }
    setErrors(found);
    if (issues.length > 0 && unplaced.length === 0 && (submit.refusedFields ?? 'check') === 'check') {
      say(invalidText, submit);
      return;
    }
    const text = apiErrorText(error, submit.failureText, { ...submit.errorOptions, issues: 'omit' });
    say(unplaced.length > 0 ? `${text} (${issuesText(unplaced)})` : text, submit);
  }

  /**
   * The form's submit handler: checks the values, then awaits `send(body)` (e.g. a mutation's
   * `mutateAsync`); a second submit while one is on its way is ignored. When the check fails,
   * focus goes to the first marked field; when `send` throws, see {@link fail}.
   */
  function handleSubmit(send: (body: z.output<S>) => Promise<unknown> | unknown, submit: SubmitOptions = {}) {
    return async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      if (inFlight.current) return;
      inFlight.current = true;
      // Read now: the event's currentTarget is gone once a loader has been awaited.
      const form = event?.currentTarget ?? null;
      try {
        // A schema given as such is checked at once, in the submit's own task.
        const parser = isLoader(schema) ? await load(schema) : schema;
        const checked = validate(parser);
        if ('marks' in checked) {
          setErrors(checked.marks);
          say(checked.text, submit);
          focusFirstMarked.current = form;
          return;
        }
        setErrors({});
        setFormError(null);
        setSubmitting(true);
        await send(checked.body);
      } catch (error) {
        fail(error, submit);
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    };
  }

  function control(name: TextField<V>) {
    return {
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value as V[typeof name]),
    };
  }

  return {
    values,
    setValue,
    reset,
    /** Each field's first problem, by name (and by full path, e.g. `prices.0.amount`). */
    errors,
    /** The form-level failure, or null (always null with `showFailure`). */
    formError,
    /** True while `send` runs. */
    submitting,
    fail,
    handleSubmit,
    /** For the form element: `keepTypedBeforeLoad` reads the fields through it. */
    ref,
    /** Props for a `FormField` (or `Field`) of a text field: name, value, onChange, error. */
    field: (name: TextField<V>) => ({ ...control(name), error: errors[name] }),
    /** Props for a text control inside `Field`: name, value, onChange. */
    control,
    /** Props for a checkbox: name, checked, onChange. */
    checkbox: (name: BooleanField<V>) => ({
      name,
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as V[typeof name]),
    }),
    /** Props for one radio button of a text field: name, value, checked, onChange. */
    radio: (name: TextField<V>, value: string) => ({
      type: 'radio' as const,
      name,
      value,
      checked: values[name] === value,
      onChange: () => setValue(name, value as V[typeof name]),
    }),
    /** Props for one checkbox of a group whose field holds the values ticked. */
    option: (name: ListField<V>, value: string) => ({
      type: 'checkbox' as const,
      name,
      value,
      checked: (values[name] as readonly string[]).includes(value),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const on = event.target.checked;
        update(name, (ticked) => {
          const others = (ticked as readonly string[]).filter((item) => item !== value);
          return on ? [...others, value] : others;
        });
      },
    }),
  };
}

export type SchemaForm<V extends FormValues, S extends z.ZodMiniType> = ReturnType<typeof useSchemaForm<V, S>>;
