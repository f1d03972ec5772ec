import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/lib/caller.ts';
import { writeLimitsOf } from '../../src/lib/limits.ts';

const caller = (principal: Caller['principal']) => ({ principal, userId: 'u-1' }) as Caller;
const names = (limits: readonly { name: string }[]) => limits.map((limit) => limit.name);

describe('per-user write limits', () => {
  it('counts clicks against the role limit, and job creation against its own limits besides', () => {
    expect(names(writeLimitsOf('updateSettings', caller('SUPER_ADMIN')))).toEqual(['writes:staff']);
    expect(names(writeLimitsOf('startCheckout', caller('CLIENT')))).toEqual(['writes:client']);
    expect(names(writeLimitsOf('createJob', caller('CLIENT')))).toEqual([
      'writes:client',
      'create-job:minute',
      'create-job:day',
    ]);
  });

  it('counts the one-request-per-file routes (#15) against the files limit, not the 60 writes a minute of a client', () => {
    expect(names(writeLimitsOf('confirmPhoto', caller('CLIENT')))).toEqual(['writes:files']);
    expect(names(writeLimitsOf('createDeliverableUploadLink', caller('EDITOR')))).toEqual(['writes:files']);
    expect(names(writeLimitsOf('confirmDeliverable', caller('EDITOR')))).toEqual(['writes:files']);
    const files = writeLimitsOf('confirmPhoto', caller('CLIENT'))[0]!;
    const clicks = writeLimitsOf('startCheckout', caller('CLIENT'))[0]!;
    expect(files.limit).toBeGreaterThan(clicks.limit * 10);
  });

  it('counts the batch routes (#33) against the files limit, which lets a 5,000-photo job through in a minute', () => {
    for (const route of ['createUploadLinks', 'completeMultipartUpload', 'confirmPhotoBatch'] as const) {
      expect(names(writeLimitsOf(route, caller('CLIENT')))).toEqual(['writes:files']);
    }
    // An editor delivering the job's 5,000 finished files, one image at a time or 100 a call.
    for (const route of ['createVersionUploadLinks', 'deliverImageVersion', 'deliverImages'] as const) {
      expect(names(writeLimitsOf(route, caller('EDITOR')))).toEqual(['writes:files']);
    }
    // 5,000 photos: 50 calls for links and 50 confirmations, 100 files each.
    const files = writeLimitsOf('confirmPhotoBatch', caller('CLIENT'))[0]!;
    expect(files.windowSeconds).toBeLessThanOrEqual(60);
    expect(files.limit).toBeGreaterThanOrEqual(2 * Math.ceil(5000 / 100));
    // One at a time (a link and a confirmation a photo): within ten minutes.
    expect((2 * 5000) / files.limit).toBeLessThanOrEqual(10 * (60 / files.windowSeconds));
  });
});
