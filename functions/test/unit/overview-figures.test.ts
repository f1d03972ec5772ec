/**
 * The overview's figures (#40 item 9): the stored key format of its counters, lists and applied
 * items, and the ISO weeks its images per editor are counted in.
 */
import { describe, expect, it } from 'vitest';
import {
  figureAppliedKey,
  figureMemberKey,
  figureMembersPartition,
  figureStatsKey,
  figureStatsKeyOf,
  figuresBackfillKey,
  shardOf,
} from '../../src/data/keys.ts';
import { isoWeek, weeksOf } from '../../src/data/overview-figures.ts';

describe('figure keys', () => {
  it('are written out', () => {
    expect(figureStatsKey('revenue', '2026-11', 3)).toEqual({ PK: 'STATS#revenue#2026-11#3', SK: 'STATS' });
    expect(figureStatsKeyOf('status', '2026-11', 'JOB1')).toEqual({
      PK: `STATS#status#2026-11#${shardOf('JOB1', 8)}`,
      SK: 'STATS',
    });
    expect(figureMembersPartition('editor', '2026-W48#ed-1')).toBe('STATS#jobs#editor#2026-W48#ed-1');
    expect(figureMemberKey('status', 'PENDING', '2026-11-02T10:00:00.000Z#JOB1')).toEqual({
      PK: 'STATS#jobs#status#PENDING',
      SK: '2026-11-02T10:00:00.000Z#JOB1',
    });
    expect(figureAppliedKey({ pk: 'JOB#JOB1', sk: 'JOB' })).toEqual({ PK: 'STATS#applied#JOB#JOB1', SK: 'JOB' });
    expect(figuresBackfillKey()).toEqual({ PK: 'SCHEDULED_RUN', SK: 'FIGURES_BACKFILL' });
  });
});

describe('ISO weeks', () => {
  it('names the week by the year of its Thursday', () => {
    expect(isoWeek('2026-11-28T12:00:00.000Z')).toBe('2026-W48');
    expect(isoWeek('2019-03-12T10:00:00.000Z')).toBe('2019-W11');
    expect(isoWeek('2018-12-31T00:00:00.000Z')).toBe('2019-W01');
    expect(isoWeek('2021-01-03T23:59:59.000Z')).toBe('2020-W53');
  });

  it('lists the weeks whose Monday falls in the months, newest first', () => {
    expect(weeksOf('2019-04', '2019-04')).toEqual(['2019-W18', '2019-W17', '2019-W16', '2019-W15', '2019-W14']);
    expect(weeksOf('2026-01', '2026-12')).toHaveLength(52);
    expect(weeksOf('2026-11', '2026-11')[0]).toBe('2026-W49'); // Monday 30 November
  });
});
