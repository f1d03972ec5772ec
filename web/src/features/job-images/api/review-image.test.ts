import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { approveRemainingImages } from './review-image.ts';

const jobId = '01JD0J0B000000000000000001';
const counts = (delivered: number, approved: number) => ({
  RECEIVED: 0,
  IN_EDIT: 0,
  IN_QC: 0,
  DELIVERED: delivered,
  APPROVED: approved,
  REJECTED: 0,
});

describe('approve all remaining (#34)', () => {
  it('calls again while the server stopped with images left, and adds up what each call approved', async () => {
    const { calls } = stubFetch({
      [`POST /api/jobs/${jobId}/images/approve-remaining`]: [
        () => jsonResponse({ approved: 2_500, counts: counts(2_500, 2_500), jobStatus: 'DELIVERED' }),
        () => jsonResponse({ approved: 2_500, counts: counts(0, 5_000), jobStatus: 'DELIVERED' }),
      ],
    });
    const answer = await approveRemainingImages(jobId);
    expect(answer.approved).toBe(5_000);
    expect(answer.counts.DELIVERED).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('stops when a call approves nothing more (the images left were decided meanwhile)', async () => {
    const { calls } = stubFetch({
      [`POST /api/jobs/${jobId}/images/approve-remaining`]: [
        () => jsonResponse({ approved: 0, counts: counts(3, 10), jobStatus: 'DELIVERED' }),
      ],
    });
    expect((await approveRemainingImages(jobId)).approved).toBe(0);
    expect(calls).toHaveLength(1);
  });
});
