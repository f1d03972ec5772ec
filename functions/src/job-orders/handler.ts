import { jobOrdersRoutes } from '@studio/shared/routes/job-orders';
import { createGroupHandler } from '../lib/http.ts';
import { createJobRoute } from './create-job.ts';

export const handler = createGroupHandler(jobOrdersRoutes, {
  createJob: createJobRoute,
});
