import { describe, expect, it } from 'vitest';
import type { Job } from '../src/job.ts';
import { jobMatchesSearch, listAllJobsQuerySchema } from '../src/job-workflow.ts';

const job = {
  serviceName: 'Jewelry',
  subServices: [{ id: 's1', name: 'Dust Removal', unitPriceCents: 50, unitPrice: 0.5 }],
  instructions: 'White background, keep the shadow',
} as Job;

describe('jobMatchesSearch (spec §5: jobs by title or description)', () => {
  it('finds a job by its service, a subservice or its instructions, ignoring case and spaces around', () => {
    expect(jobMatchesSearch(job, 'jewel')).toBe(true);
    expect(jobMatchesSearch(job, ' DUST ')).toBe(true);
    expect(jobMatchesSearch(job, 'the shadow')).toBe(true);
  });

  it('an empty search matches every job; text found nowhere matches none', () => {
    expect(jobMatchesSearch(job, '  ')).toBe(true);
    expect(jobMatchesSearch(job, 'ecommerce')).toBe(false);
  });
});

describe('listAllJobsQuerySchema', () => {
  it('trims the search and refuses one over 100 characters', () => {
    expect(listAllJobsQuerySchema.parse({ search: '  ring  ' })).toEqual({ search: 'ring' });
    expect(listAllJobsQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
  });
});
