import { BadRequestError } from '../lib/errors.ts';

/*
 * Page cursors, of every paged list: a query's LastEvaluatedKey, as base64url JSON, that the
 * caller hands back to go on; for a list merged from several partitions (the QC board), the sort
 * key it reached, as base64url (`encodePosition`). A cursor is read back only in the exact shape
 * its list gives (these key attributes and no other, each a string, with the list's partition; a
 * position matching the list's pattern), so a forged or foreign cursor is a 400 naming the field,
 * and never reaches DynamoDB as a malformed start key.
 */

/** A position in a list: table (and index) key attributes, all strings. */
export type PageKey = Record<string, string>;

/** What the cursors of one list look like. */
export interface CursorShape {
  /** Exactly these attributes (the table's keys, and the index's for an index read). */
  names: readonly string[];
  /** Attributes whose value is fixed for the list (its partition). */
  equal?: Readonly<Record<string, string>>;
  /** Attributes whose value starts with the list's prefix (a sort-key range of a partition). */
  prefix?: Readonly<Record<string, string>>;
}

/** The longest value a key attribute of ours has (ids, dates and prefixes, well below this). */
const maxValueLength = 400;

const invalidCursor = (field: string) =>
  new BadRequestError('The request is not valid.', [{ path: field, message: 'is not a valid cursor' }]);

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

/** The position a cursor names, or `undefined` for the first page; a 400 naming `field` if it is not one of this list's. */
export function decodeCursor(
  cursor: string | null | undefined,
  shape: CursorShape,
  field = 'query.cursor',
): PageKey | undefined {
  if (cursor === undefined || cursor === null) return undefined;
  const invalid = () => invalidCursor(field);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const key = parsed as Record<string, unknown>;
  const names = Object.keys(key);
  if (names.length !== shape.names.length || !shape.names.every((name) => typeof key[name] === 'string')) {
    throw invalid();
  }
  const values = key as PageKey;
  if (Object.values(values).some((value) => value.length > maxValueLength)) throw invalid();
  for (const [name, value] of Object.entries(shape.equal ?? {})) if (values[name] !== value) throw invalid();
  for (const [name, prefix] of Object.entries(shape.prefix ?? {}))
    if (!values[name]!.startsWith(prefix)) throw invalid();
  return values;
}

/** The cursor of a list merged from several partitions: the sort key of the last item answered. */
export const encodePosition = (position: string): string => Buffer.from(position, 'utf8').toString('base64url');

/**
 * The sort key a position cursor names, or `undefined` for the first page; a 400 naming `field`
 * unless it matches `pattern`.
 */
export function decodePosition(
  cursor: string | null | undefined,
  pattern: RegExp,
  field = 'query.cursor',
): string | undefined {
  if (cursor === undefined || cursor === null) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!pattern.test(position)) throw invalidCursor(field);
  return position;
}
