import { describe, expect, it } from 'vitest';
import { optionalText, requiredText, textMessages } from '../src/text.ts';

const single = requiredText({ max: 10 });
const multi = requiredText({ max: 50, multiline: true });
const optional = optionalText({ max: 10 });

function outcome(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { refused: result.error!.issues.map((i) => i.message) };
}

describe('text fields', () => {
  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a zero-width joiner and a word joiner', '\u200d\u2060'],
    ['Hangul fillers', '\u3164\u3164'],
    ['a combining accent on nothing', '\u0301'],
    ['a braille blank', '\u2800'],
    ['a soft hyphen', '\u00ad'],
  ])('refuses invisible-only text (%s), required or optional', (_, value) => {
    expect(outcome(single, value)).toEqual({ refused: [textMessages.invisible] });
    expect(outcome(optional, value)).toEqual({ refused: [textMessages.invisible] });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['an escape', '\u001b[31mred'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a right-to-left override', 'gnp.\u202eexe'],
    ['an isolate', 'a\u2066b'],
    ['a noncharacter', 'a\uffff'],
  ])('refuses %s anywhere, in single- and multi-line fields', (_, value) => {
    expect(outcome(single, value)).toEqual({ refused: [textMessages.notAllowed] });
    expect(outcome(multi, value)).toEqual({ refused: [textMessages.notAllowed] });
  });

  it('keeps line breaks and tabs to multi-line fields, with one line-break form', () => {
    expect(outcome(single, 'a\nb')).toEqual({ refused: [textMessages.oneLine] });
    expect(outcome(single, 'a\tb')).toEqual({ refused: [textMessages.oneLine] });
    expect(outcome(multi, 'line one\r\nline two\rthree\tend')).toEqual({ value: 'line one\nline two\nthree\tend' });
  });

  it('normalises to NFC and trims white space and invisible characters at the ends', () => {
    const decomposed = 'Jose\u0301';
    expect(outcome(single, decomposed)).toEqual({ value: 'Jos\u00e9' });
    expect(outcome(single, '\u200b\u00a0 Ann \u200b\ufeff')).toEqual({ value: 'Ann' });
  });

  it('keeps joiners inside visible text (emoji sequences, scripts that need them)', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(outcome(single, family)).toEqual({ value: family });
    const persian = 'می\u200cخواهم';
    expect(outcome(single, persian)).toEqual({ value: persian });
  });

  it('treats blank text (white space, which includes a byte order mark) as empty: missing or empty', () => {
    expect(outcome(single, '   ')).toEqual({ refused: ['is required'] });
    expect(outcome(optional, '   ')).toEqual({ value: '' });
    expect(outcome(single, '\ufeff\u3000')).toEqual({ refused: ['is required'] });
    expect(outcome(optional, '\ufeff')).toEqual({ value: '' });
    expect(outcome(optional, undefined)).toEqual({ value: undefined });
  });

  it('counts the limit on the cleaned text', () => {
    expect(outcome(single, `  ${'a'.repeat(10)}  `)).toEqual({ value: 'a'.repeat(10) });
    expect(outcome(single, 'a'.repeat(11))).toEqual({ refused: ['must be at most 10 characters'] });
    // Ten letters in decomposed form are twenty code units before NFC and ten after.
    expect(outcome(single, 'e\u0301'.repeat(10))).toEqual({ value: '\u00e9'.repeat(10) });
  });

  it('refuses what is not text with the field message', () => {
    expect(outcome(single, 5)).toEqual({ refused: ['is required'] });
    expect(outcome(optional, 5)).toEqual({ refused: ['must be text'] });
  });
});
