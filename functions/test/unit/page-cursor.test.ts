import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  decodePosition,
  encodeCursor,
  encodePosition,
  type CursorShape,
} from '../../src/data/page-cursor.ts';
import { BadRequestError } from '../../src/lib/errors.ts';

const shape: CursorShape = {
  names: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
  equal: { GSI1PK: 'LEADS#CONTACT' },
  prefix: { SK: 'LEAD' },
};
const key = { PK: 'LEAD#01', SK: 'LEAD', GSI1PK: 'LEADS#CONTACT', GSI1SK: '2026-11-27#01' };
const forge = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

function refusal(run: () => unknown): { path: string | undefined; message: string | undefined } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    const issue = (error as BadRequestError).issues?.[0];
    return { path: issue?.path, message: issue?.message };
  }
  throw new Error('the cursor was accepted');
}

describe('page cursors', () => {
  it('give back the position they were made of, and nothing for the first page', () => {
    expect(decodeCursor(encodeCursor(key), shape)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    expect(decodeCursor(undefined, shape)).toBeUndefined();
    expect(decodeCursor(null, shape)).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON that is not an object', forge([1, 2])],
    ['a missing attribute', forge({ PK: key.PK, SK: key.SK, GSI1PK: key.GSI1PK })],
    ['an extra attribute', forge({ ...key, other: 'x' })],
    ['a number for a key', forge({ ...key, GSI1SK: 7 })],
    ["another list's partition", forge({ ...key, GSI1PK: 'LEADS#FREE_TRIAL' })],
    ['a sort key outside the range', forge({ ...key, SK: 'JOB' })],
    ['an oversized value', forge({ ...key, GSI1SK: 'x'.repeat(401) })],
  ])('refuse %s with a 400 naming the field', (_, cursor) => {
    expect(refusal(() => decodeCursor(cursor, shape))).toEqual({
      path: 'query.cursor',
      message: 'is not a valid cursor',
    });
    expect(refusal(() => decodeCursor(cursor, shape, 'query.next')).path).toBe('query.next');
  });
});

describe('position cursors (a list merged from several partitions)', () => {
  const position = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9A-Z]{26}$/;
  const at = '2026-11-27T10:00:00.000Z#01JD0J0B000000000000000001';

  it('give back the sort key they were made of, and nothing for the first page', () => {
    expect(decodePosition(encodePosition(at), position)).toBe(at);
    expect(decodePosition(undefined, position)).toBeUndefined();
  });

  it('refuse a position the list does not sort by, naming the field', () => {
    expect(refusal(() => decodePosition(encodePosition('JOB#01'), position, 'query.after'))).toEqual({
      path: 'query.after',
      message: 'is not a valid cursor',
    });
    expect(refusal(() => decodePosition(forge({ PK: 'x' }), position)).path).toBe('query.cursor');
  });
});
