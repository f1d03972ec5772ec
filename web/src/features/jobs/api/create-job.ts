import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJobBody, Job } from '@studio/shared/job';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshQueries } from '../../../lib/use-invalidating-mutation.ts';

export interface CreateJobInput {
  body: CreateJobBody;
  /** One per quote submission, reused on retries, so the server creates the job once. */
  idempotencyKey: string;
}

/** `POST /api/jobs` with an `Idempotency-Key`: the server prices the job from the stored catalogue. */
export async function createJob({ body, idempotencyKey }: CreateJobInput): Promise<Job> {
  const { job } = await apiRequest('createJob', { body, headers: { 'Idempotency-Key': idempotencyKey } });
  return job;
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      queryClient.setQueryData(['jobs', 'detail', job.id], job);
      return refreshQueries(queryClient, ['jobs', 'client']);
    },
  });
}
