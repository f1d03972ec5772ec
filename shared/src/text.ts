import * as z from 'zod/mini';

/*
 * The one builder of text fields people type: names, titles, descriptions, lead and application
 * fields, file names, search words. Every such field is checked and cleaned here, once, the same
 * way in the browser and in every Lambda, in this order:
 *
 *   1. refused: control characters (tab and line breaks are allowed in multi-line fields only),
 *      lone surrogates (halves of an emoji, which no keyboard sends), bidirectional embedding,
 *      override and isolate controls (text that displays in another order than it is stored), and
 *      Unicode noncharacters;
 *   2. refused when it is not blank (spaces only count as empty) but has nothing visible: only
 *      invisible characters (zero-width spaces, joiners, fillers, byte order marks...) or
 *      combining marks on their own. Text that only looks filled;
 *   3. normalised to NFC (one stored form for "é" typed as one or two code points), line breaks to
 *      `\n`, white space and invisible characters trimmed from both ends;
 *   4. the length limits, counted on the cleaned text.
 *
 * Invisible characters inside visible text are kept: joiners build emoji sequences and are part of
 * several scripts' spelling. Passwords never go through here (they are compared as typed).
 */

export interface TextOptions {
  /** Longest text accepted, counted after cleaning (UTF-16 code units, as `maxLength`). */
  max: number;
  /** Tabs and line breaks allowed (descriptions, messages). Single-line fields refuse them. */
  multiline?: boolean;
  /** Message when the field is missing or blank (required fields); default 'is required'. */
  requiredMessage?: string;
  /** Message when the text is too long; default 'must be at most {max} characters'. */
  maxMessage?: string;
  /** More checks of the cleaned text (e.g. a file name's extension). */
  checks?: z.core.$ZodCheck<string>[];
}

export const textMessages = {
  notAllowed: 'contains characters that are not allowed (control or hidden formatting characters)',
  oneLine: 'must be on one line',
  invisible: 'must contain visible text',
} as const;

// Controls (C0, DEL, C1) except tab, line feed and carriage return.
const controlsMultiline = /[^\P{Cc}\t\n\r]/u;
const lineBreaksAndTabs = /[\t\n\r\u2028\u2029\u0085]/;
// Lone surrogates read as Cs code points in a `u` regex; a well-formed pair reads as one code point.
const refusedCodePoints = /[\p{Cs}\p{Noncharacter_Code_Point}\u202A-\u202E\u2066-\u2069]/u;
const edgeInvisible =
  /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]+|[\p{White_Space}\p{Default_Ignorable_Code_Point}]+$/gu;
// Visible: anything but white space, default-ignorable code points (zero-width characters,
// fillers, variation selectors, tags...), combining marks on their own, and the braille blank.
const visible = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}\u2800]/u;

/** Whether the text has a character that shows. */
export function hasVisibleText(value: string): boolean {
  return visible.test(value);
}

/** Step 1: why the raw text is refused, or null. */
export function refusedTextReason(value: string, multiline: boolean): string | null {
  if (refusedCodePoints.test(value)) return textMessages.notAllowed;
  if (controlsMultiline.test(value)) return textMessages.notAllowed;
  if (!multiline && lineBreaksAndTabs.test(value)) return textMessages.oneLine;
  return null;
}

/** Steps 2 and 3: NFC, `\n` line breaks, no white space or invisible characters at the ends. */
export function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(edgeInvisible, '');
}

const textSchemas = new WeakSet<object>();

/** Whether a schema was made by {@link requiredText} or {@link optionalText} (its inner string). */
export function isTextSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && textSchemas.has(schema);
}

function textString(options: TextOptions, required: boolean) {
  const multiline = options.multiline ?? false;
  const max = options.max;
  const requiredMessage = options.requiredMessage ?? 'is required';
  const schema = z.string({ error: required ? requiredMessage : 'must be text' }).check(
    z.refine((value) => refusedTextReason(value, true) === null, { message: textMessages.notAllowed, abort: true }),
    z.refine((value) => refusedTextReason(value, multiline) === null, { message: textMessages.oneLine, abort: true }),
    // Blank (spaces only) is empty, as before; anything else must show something.
    z.refine((value) => value.trim() === '' || hasVisibleText(value), { message: textMessages.invisible, abort: true }),
    z.overwrite(cleanText),
    ...(required ? [z.minLength(1, requiredMessage)] : []),
    z.maxLength(max, options.maxMessage ?? `must be at most ${max} characters`),
    ...(options.checks ?? []),
  );
  textSchemas.add(schema);
  return schema;
}

/** A text field that must be filled with visible text. */
export function requiredText(options: TextOptions) {
  return textString(options, true);
}

/** A text field that may be absent or blank (then the empty string); never invisible-only. */
export function optionalText(options: TextOptions) {
  return z.optional(textString(options, false));
}

/**
 * A text field that must be sent but may be blank (the empty string); never invisible-only. For
 * forms sent whole, where a missing field is a mistake but an empty one a choice (the studio's
 * settings: no tax id yet).
 */
export function blankableText(options: TextOptions) {
  return textString(options, false);
}
