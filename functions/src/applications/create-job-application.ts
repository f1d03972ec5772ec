import type { ValidationIssue } from '@studio/shared/errors';
import {
  applicationFileTooLargeMessage,
  applicationSubmittedMessage,
  type ApplicationFileRef,
} from '@studio/shared/job-application';
import { ulid } from 'ulid';
import {
  checkApplicationUpload,
  copyToApplication,
  deleteApplicationObjects,
  storedDocumentKey,
  type UploadCheck,
} from '../data/application-files.ts';
import { createApplication, OpeningClosedError, type StoredDocument } from '../data/applications.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { closedOpeningMessage, openingError, requireActiveOpening } from './opening-check.ts';

const refusals: Record<Exclude<UploadCheck, { ok: true }>['reason'], string> = {
  missing: 'The file was not uploaded or its upload expired. Choose the file again.',
  empty: 'The file is empty.',
  'too-large': applicationFileTooLargeMessage,
  'not-a-document': 'The file is not a PDF, DOC or DOCX document.',
};

type Checked = { field: 'resume' | 'coverLetter'; ref: ApplicationFileRef; check: UploadCheck };

async function cleanUp(keys: string[], log: Logger, what: string) {
  try {
    await deleteApplicationObjects(keys);
  } catch (error) {
    // Uploads expire by the bucket's lifecycle rule; a stray copy is unreferenced and private.
    log.warn(`could not delete ${what}`, { keys: keys.join(' '), error: String(error) });
  }
}

/**
 * `POST api/job-openings/job-applications`. The files were posted to the bucket before; here each is
 * checked as stored (size, real type), copied under `applications/<id>/`, and the application is
 * written with them in one transaction that also re-checks the opening. Anything refused leaves no
 * application and no copy; a file that can never be accepted is deleted at once.
 */
export const createJobApplicationRoute: RouteImpl<'createJobApplication'> = async ({ body, log }) => {
  const opening = await requireActiveOpening(body.jobOpeningId);
  if (body.coverLetter && body.coverLetter.key === body.resume.key) {
    const message = 'The cover letter must be another file than the resume.';
    throw new BadRequestError(message, [{ path: 'body.coverLetter', message }]);
  }

  const refs = [
    { field: 'resume' as const, ref: body.resume },
    ...(body.coverLetter ? [{ field: 'coverLetter' as const, ref: body.coverLetter }] : []),
  ];
  const checked: Checked[] = await Promise.all(
    refs.map(async ({ field, ref }) => ({ field, ref, check: await checkApplicationUpload(ref.key) })),
  );
  const issues: ValidationIssue[] = [];
  const unusable: string[] = [];
  for (const { field, ref, check } of checked) {
    if (check.ok) continue;
    issues.push({ path: `body.${field}`, message: refusals[check.reason] });
    if (check.reason !== 'missing') unusable.push(ref.key);
  }
  if (issues.length > 0) {
    await cleanUp(unusable, log, 'refused uploads');
    log.info('application refused: files', { issues: issues.map((issue) => issue.path).join(' ') });
    throw new BadRequestError('The uploaded files were refused.', issues);
  }

  const id = ulid();
  const stored = new Map<'resume' | 'coverLetter', StoredDocument>();
  const copies: string[] = [];
  try {
    for (const { field, ref, check } of checked) {
      if (!check.ok) continue;
      const key = storedDocumentKey(id, field === 'resume' ? 'resume' : 'coverletter', check.extension);
      copies.push(key);
      await copyToApplication(ref.key, key, check.extension);
      stored.set(field, { key, fileName: ref.fileName, extension: check.extension, size: check.size });
    }
    await createApplication({
      id,
      jobOpeningId: opening.id,
      email: body.email,
      fullName: body.fullName,
      contactNo: body.contactNo,
      currentCompany: body.currentCompany || null,
      currentDesignation: body.currentDesignation || null,
      currentCTC: body.currentCTC || null,
      expectedCTC: body.expectedCTC || null,
      currentLocation: body.currentLocation,
      overallExperience: body.overallExperience,
      jobType: body.jobType,
      noticePeriod: body.noticePeriod,
      portfolioLink: body.portfolioLink || null,
      resume: stored.get('resume')!,
      coverLetter: stored.get('coverLetter') ?? null,
      createdAt: new Date().toISOString(),
      opening: { title: opening.title, description: opening.description, postedAt: opening.postedAt },
    });
  } catch (error) {
    await cleanUp(copies, log, 'copies of a failed application');
    if (error instanceof OpeningClosedError) throw openingError(closedOpeningMessage);
    throw error;
  }
  // The copies are what the application refers to; the uploads are done with.
  await cleanUp(
    refs.map(({ ref }) => ref.key),
    log,
    'used uploads',
  );
  log.info('application stored', { applicationId: id, jobOpeningId: opening.id });
  return { id, message: applicationSubmittedMessage };
};
