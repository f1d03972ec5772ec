import { createGroupHandler } from '../lib/http.ts';
import { assignJobRoute } from './assign-job.ts';
import { choosePaymentRoute } from './choose-payment.ts';
import { deleteJobRoute } from './delete-job.ts';
import { editorUpdateJobRoute } from './editor-update-job.ts';
import { getJobRoute } from './get-job.ts';
import { getJobHistoryRoute } from './get-job-history.ts';
import { listAllJobsRoute } from './list-all-jobs.ts';
import { listAssignedJobsRoute } from './list-assigned-jobs.ts';
import { listClientJobsRoute } from './list-client-jobs.ts';
import { listUserJobsRoute } from './list-user-jobs.ts';
import { updateJobRoute } from './update-job.ts';

export const handler = createGroupHandler('jobs', {
  listClientJobs: listClientJobsRoute,
  listUserJobs: listUserJobsRoute,
  getJob: getJobRoute,
  choosePayment: choosePaymentRoute,
  listAllJobs: listAllJobsRoute,
  listAssignedJobs: listAssignedJobsRoute,
  updateJob: updateJobRoute,
  assignJob: assignJobRoute,
  editorUpdateJob: editorUpdateJobRoute,
  deleteJob: deleteJobRoute,
  getJobHistory: getJobHistoryRoute,
});
