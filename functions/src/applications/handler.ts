import { applicationsRoutes } from '@studio/shared/routes/applications';
import { createGroupHandler } from '../lib/http.ts';
import { createJobApplicationRoute } from './create-job-application.ts';
import { createApplicationUploadLinkRoute } from './create-upload-link.ts';
import { downloadCoverLetterRoute, downloadResumeRoute } from './download-document.ts';
import { getApplicationRoute } from './get-application.ts';
import { listApplicationsRoute } from './list-applications.ts';

export const handler = createGroupHandler(applicationsRoutes, {
  createApplicationUploadLink: createApplicationUploadLinkRoute,
  createJobApplication: createJobApplicationRoute,
  listApplications: listApplicationsRoute,
  getApplication: getApplicationRoute,
  downloadApplicationResume: downloadResumeRoute,
  downloadApplicationCoverLetter: downloadCoverLetterRoute,
});
