import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api-client.ts';
import { apiErrorText, issuesText, type ApiErrorTextOptions } from './api-error-text.ts';

/** What a form's fields hold: text as the inputs hold it, checkboxes as booleans. */
export type FormValues = Record<string, string | boolean>;

type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type BooleanField<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/** The values as the schema sees them: number fields converted (`''` is `undefined`, never 0). */
export type TypedValues<V extends FormValues> = { [K in keyof V]: V[K] | number | undefined };

/** Said above a form whose fields are marked, by the browser's check or the server's. */
export const checkFieldsText = 'Please correct the fields marked below.';

export interface SchemaFormOptions<V extends FormValues, S extends z.ZodMiniType> {
  /** The route's body schema from `shared` (the one the server checks with). */
  schema: S;
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
  labels?: Partial<Record<keyof V & string, string>>;
  /** Values (numbers converted) to the body the schema checks; default the values as they are. */
  toBody?: (values: TypedValues<V>) => unknown;
  /**
   * The field an issue belongs to, from its path in the body (`prices.1.price`), for a body that
   * `toBody` builds from fields of other names (a list of rows from `price0`, `price1`...); return
   * undefined to fall back to the path's first name. The issue is then shown on that field, and an
   * empty number field there says 'is required'.
   */
  fieldOf?: (path: string) => string | undefined;
  /** Said above the form when fields are marked. Default {@link checkFieldsText}. */
  invalidText?: string;
}

export interface SubmitOptions {
  /** The spec's text for a failed send, e.g. 'Error updating service'; the server's words win when it gives some. */
  failureText?: string;
  /** The page's own rules for the failure text (see `apiErrorText`). */
  errorOptions?: ApiErrorTextOptions;
}

/** `is required` -> `Order is required`; a message written as a sentence stays as it is. */
function labelled(label: string | undefined, message: string): string {
  return label && /^\p{Ll}/u.test(message) ? `${label} ${message}` : message;
}

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

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
    invalidText = checkFieldsText,
  } = options;
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  // After a failed check, focus goes to the first marked field once the marks are rendered.
  const focusFirstMarked = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = focusFirstMarked.current;
    if (!form) return;
    focusFirstMarked.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  const fieldNames = new Set(Object.keys(initialValues));
  const labelOf = (name: string) => (labels as Record<string, string | undefined>)[name];
  /** `prices.1.price` -> the form field it belongs to (`fieldOf`, else its first name). */
  const fieldFor = (path: string) => fieldOf?.(path) ?? path.split('.')[0] ?? '';

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The field's mark goes as soon as it is edited; it comes back on the next check if still wrong.
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initialValues);
      setErrors({});
      setFormError(null);
    },
    // initialValues is the first render's: reset goes back to what the form opened with.
    [],
  );

  /** Checks the values with the schema: the body to send, or undefined with the fields marked. */
  function validate(): z.output<S> | undefined {
    const typed: Record<string, unknown> = { ...values };
    for (const name of numbers) typed[name] = toNumber(values[name] as string);
    for (const name of selects) if (values[name] === '') typed[name] = undefined;
    const result = schema.safeParse(toBody ? toBody(typed as TypedValues<V>) : typed);
    if (result.success) {
      setErrors({});
      setFormError(null);
      return result.data as z.output<S>;
    }
    const found: Record<string, string> = {};
    let unplaced = '';
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const name = fieldFor(path);
      if (!fieldNames.has(name)) {
        unplaced ||= issue.message;
        continue;
      }
      const empty = [...numbers, ...selects].includes(name as TextField<V>) && (values[name] as string).trim() === '';
      const message = labelled(labelOf(name), empty ? 'is required' : issue.message);
      found[path] ??= message;
      found[name] ??= message;
    }
    setErrors(found);
    setFormError(unplaced || invalidText);
    return undefined;
  }

  /** Shows a failed send: the server's field issues on their fields, the rest above the form. */
  function fail(error: unknown, failureText?: string, errorOptions?: ApiErrorTextOptions) {
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
      const message = labelled(labelOf(name), issue.message);
      found[path] ??= message;
      found[name] ??= message;
    }
    setErrors(found);
    if (issues.length > 0 && unplaced.length === 0) {
      setFormError(invalidText);
      return;
    }
    const text = apiErrorText(error, failureText, { ...errorOptions, issues: 'omit' });
    setFormError(unplaced.length > 0 ? `${text} (${issuesText(unplaced)})` : text);
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
      const body = validate();
      if (body === undefined) {
        focusFirstMarked.current = event?.currentTarget ?? null;
        return;
      }
      inFlight.current = true;
      setSubmitting(true);
      try {
        await send(body);
      } catch (error) {
        fail(error, submit.failureText, submit.errorOptions);
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    };
  }

  return {
    values,
    setValue,
    reset,
    /** Each field's first problem, by name (and by full path, e.g. `prices.0.amount`). */
    errors,
    /** The form-level failure, or null. */
    formError,
    /** True while `send` runs. */
    submitting,
    validate,
    fail,
    handleSubmit,
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
  };

  function control(name: TextField<V>) {
    return {
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value as V[typeof name]),
    };
  }
}

export type SchemaForm<V extends FormValues, S extends z.ZodMiniType> = ReturnType<typeof useSchemaForm<V, S>>;
