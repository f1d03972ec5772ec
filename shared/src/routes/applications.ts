import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import {
  applicationDownloadResponseSchema,
  createApplicationUploadLinkBodySchema,
  createApplicationUploadLinkResponseSchema,
  createJobApplicationBodySchema,
  createJobApplicationResponseSchema,
  getApplicationResponseSchema,
  listApplicationsQuerySchema,
  listApplicationsResponseSchema,
} from '../job-application.ts';
import { applicationReaders } from '../access.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `applications` group (one Lambda function). */
export const applicationsRoutes = {
  // Job applications (issue 6): a public form with two uploads, read by staff. See docs/access.md.
  createApplicationUploadLink: route({
    method: 'POST',
    path: 'api/job-openings/job-applications/upload-link',
    group: 'applications',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createApplicationUploadLinkBodySchema,
    response: createApplicationUploadLinkResponseSchema,
  }),
  createJobApplication: route({
    method: 'POST',
    path: 'api/job-openings/job-applications',
    group: 'applications',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: createJobApplicationBodySchema,
    response: createJobApplicationResponseSchema,
    successStatus: 201,
  }),
  listApplications: route({
    method: 'GET',
    path: 'api/applications',
    group: 'applications',
    access: applicationReaders,
    params: emptyObjectSchema,
    query: listApplicationsQuerySchema,
    response: listApplicationsResponseSchema,
  }),
  getApplication: route({
    method: 'GET',
    path: 'api/applications/{id}',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: getApplicationResponseSchema,
  }),
  downloadApplicationResume: route({
    method: 'GET',
    path: 'api/applications/{id}/resume',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: applicationDownloadResponseSchema,
  }),
  downloadApplicationCoverLetter: route({
    method: 'GET',
    path: 'api/applications/{id}/coverletter',
    group: 'applications',
    access: applicationReaders,
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: applicationDownloadResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'applications' }>;
