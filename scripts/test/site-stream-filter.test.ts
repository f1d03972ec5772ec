import { describe, expect, it } from 'vitest';
import { publishedContentStreamFilter } from '@studio/shared/site-publishing';
import { passesFilters, type FilterPattern } from '../local/event-filter.ts';

const filter = publishedContentStreamFilter as unknown as FilterPattern;
const record = (eventName: string, pk: string) => ({
  eventName,
  dynamodb: { Keys: { PK: { S: pk }, SK: { S: 'X' } } },
});

describe("the site publisher's stream filter", () => {
  it('passes any change to public content: insert, modify and remove', () => {
    for (const eventName of ['INSERT', 'MODIFY', 'REMOVE']) {
      expect(passesFilters([filter], record(eventName, 'SERVICE#01H'))).toBe(true);
      expect(passesFilters([filter], record(eventName, 'OPENING#01H'))).toBe(true);
      expect(passesFilters([filter], record(eventName, 'GALLERY_ORDER#01H'))).toBe(true);
    }
  });

  it('drops everything else', () => {
    expect(passesFilters([filter], record('INSERT', 'JOB#01H'))).toBe(false);
    expect(passesFilters([filter], record('MODIFY', 'LEAD#01H'))).toBe(false);
    expect(passesFilters([filter], record('INSERT', 'APPLICATIONS'))).toBe(false);
    expect(passesFilters([filter], { eventName: 'INSERT', dynamodb: {} })).toBe(false);
  });
});
