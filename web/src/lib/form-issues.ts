import type * as z from 'zod/mini';
import { ApiError } from './api-client.ts';

// The field-error helpers of the forms written before `useSchemaForm` (quote, apply, reset
// password). New forms use `useSchemaForm` (./use-schema-form.ts), which does this and more.

/** Field name -> first message, as forms show them under each input. */
export type FieldErrors = Record<string, string>;

function addIssue(fields: FieldErrors, path: readonly PropertyKey[], message: string) {
  const field = String(path[0] ?? '');
  if (field && !fields[field]) fields[field] = message;
}

/** Checks a form's values with the route's own body schema before sending, so messages match the server's. */
export function schemaFieldErrors(schema: z.ZodMiniType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const fields: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) addIssue(fields, issue.path, issue.message);
  return fields;
}

/** The 400 answer's `details.issues` (`body.email`) keyed by field (`email`). */
export function apiFieldErrors(error: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (!(error instanceof ApiError)) return fields;
  for (const issue of error.issues) {
    const parts = issue.path.split('.');
    addIssue(fields, parts[0] === 'body' || parts[0] === 'query' ? parts.slice(1) : parts, issue.message);
  }
  return fields;
}
