import { createGroupHandler } from '../lib/http.ts';
import { choosePaymentRoute } from './choose-payment.ts';
import { createJobRoute } from './create-job.ts';
import { getJobRoute } from './get-job.ts';
import { listClientJobsRoute } from './list-client-jobs.ts';
import { listUserJobsRoute } from './list-user-jobs.ts';

export const handler = createGroupHandler('jobs', {
  createJob: createJobRoute,
  listClientJobs: listClientJobsRoute,
  listUserJobs: listUserJobsRoute,
  getJob: getJobRoute,
  choosePayment: choosePaymentRoute,
});
