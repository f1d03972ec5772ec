import { jobsRoutes } from '@studio/shared/routes/jobs';
import { createGroupHandler } from '../lib/http.ts';
import { approveJobRoute } from './approve-job.ts';
import { assignJobRoute } from './assign-job.ts';
import { cancelJobRoute } from './cancel-job.ts';
import { choosePaymentRoute } from './choose-payment.ts';
import { decideCancellationRoute } from './decide-cancellation.ts';
import { deleteJobRoute } from './delete-job.ts';
import { editorUpdateJobRoute } from './editor-update-job.ts';
import { getJobRoute } from './get-job.ts';
import { getJobHistoryRoute } from './get-job-history.ts';
import { getJobTimelineRoute } from './get-job-timeline.ts';
import { listAllJobsRoute } from './list-all-jobs.ts';
import { listAssignedJobsRoute } from './list-assigned-jobs.ts';
import { listClientJobsRoute } from './list-client-jobs.ts';
import { listOverviewJobsRoute } from './list-overview-jobs.ts';
import { listUserJobsRoute } from './list-user-jobs.ts';
import { moveJobDueRoute } from './move-due.ts';
import { requestCancellationRoute } from './request-cancellation.ts';
import { requestRevisionRoute } from './request-revision.ts';
import { getStudioOverviewRoute } from './studio-overview.ts';
import { updateJobRoute } from './update-job.ts';

export const handler = createGroupHandler(jobsRoutes, {
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
  approveJob: approveJobRoute,
  createRevisionRequest: requestRevisionRoute,
  getJobTimeline: getJobTimelineRoute,
  cancelJob: cancelJobRoute,
  requestCancellation: requestCancellationRoute,
  decideCancellation: decideCancellationRoute,
  moveJobDue: moveJobDueRoute,
  getStudioOverview: getStudioOverviewRoute,
  listOverviewJobs: listOverviewJobsRoute,
});
