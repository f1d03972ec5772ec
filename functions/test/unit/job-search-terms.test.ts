import { describe, expect, it } from 'vitest';
import { asJobNumber, jobMatchesQuery, jobSearchTerms } from '../../src/data/job-search-terms.ts';

const client = { name: "Zoë O'Brien-Smith", email: 'Zoe.OBrien@Example.com' };

describe('job search terms (#40)', () => {
  it("are each word of the client's name and the whole e-mail, lower case, accents off", () => {
    expect(jobSearchTerms(client)).toEqual(['zoe', 'o', 'brien', 'smith', 'zoe.obrien@example.com']);
    expect(jobSearchTerms({ name: 'A#B', email: 'x#y@example.com' })).toEqual(['ab', 'xy@example.com']);
    expect(jobSearchTerms(null)).toEqual([]);
    // A long name gives at most six words.
    expect(jobSearchTerms({ name: 'a b c d e f g h', email: '' })).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('read a job number in the forms people type it', () => {
    expect(asJobNumber('RS-2026-0007')).toBe('RS-2026-0007');
    expect(asJobNumber(' rs-2026-7 ')).toBe('RS-2026-0007');
    expect(asJobNumber('2026-0042')).toBe('RS-2026-0042');
    expect(asJobNumber('RS2026-12345')).toBe('RS-2026-12345');
    expect(asJobNumber('RS-26-7')).toBeNull();
    expect(asJobNumber('smith')).toBeNull();
  });

  it('match a query whose every word begins a term, or that begins the e-mail', () => {
    const job = { client };
    expect(jobMatchesQuery(job, 'smith')).toBe(true);
    expect(jobMatchesQuery(job, 'Smi zo')).toBe(true);
    expect(jobMatchesQuery(job, 'ZOË')).toBe(true);
    expect(jobMatchesQuery(job, "o'brien")).toBe(true);
    expect(jobMatchesQuery(job, 'zoe.obrien@exa')).toBe(true);
    expect(jobMatchesQuery(job, 'example.com')).toBe(false);
    expect(jobMatchesQuery(job, 'smith jones')).toBe(false);
    expect(jobMatchesQuery(job, 'mith')).toBe(false);
    expect(jobMatchesQuery({ client: null }, 'smith')).toBe(false);
    expect(jobMatchesQuery(job, '  ')).toBe(false);
  });
});
