import { jobOpeningsRoutes } from '@studio/shared/routes/job-openings';
import { createGroupHandler } from '../lib/http.ts';
import { listJobOpeningsRoute } from './list-job-openings.ts';
import {
  createJobOpeningRoute,
  deleteJobOpeningRoute,
  listAllJobOpeningsRoute,
  updateJobOpeningRoute,
} from './write-job-openings.ts';

export const handler = createGroupHandler(jobOpeningsRoutes, {
  listJobOpenings: listJobOpeningsRoute,
  listAllJobOpenings: listAllJobOpeningsRoute,
  createJobOpening: createJobOpeningRoute,
  updateJobOpening: updateJobOpeningRoute,
  deleteJobOpening: deleteJobOpeningRoute,
});
