import { presignDocumentDownload } from '../data/application-files.ts';
import { getApplication } from '../data/applications.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl, RouteInput } from '../lib/http.ts';
import { applicationNotFoundMessage } from './get-application.ts';

/**
 * A presigned GET (60 s) for one of an application's documents, downloaded as
 * `resume_<id>.<ext>` / `coverletter_<id>.<ext>` with the extension of the stored file's real type.
 */
async function download(kind: 'resume' | 'coverletter', { params }: Pick<RouteInput<'getApplication'>, 'params'>) {
  const application = await getApplication(params.id);
  if (!application) throw new NotFoundError(applicationNotFoundMessage);
  const document = kind === 'resume' ? application.resume : application.coverLetter;
  if (!document) throw new NotFoundError('This application has no cover letter.');
  const fileName = `${kind}_${application.id}.${document.extension}`;
  const { url, expiresAt } = await presignDocumentDownload(document.key, fileName, document.extension);
  return { success: true as const, url, fileName, expiresAt };
}

export const downloadResumeRoute: RouteImpl<'downloadApplicationResume'> = (input) => download('resume', input);
export const downloadCoverLetterRoute: RouteImpl<'downloadApplicationCoverLetter'> = (input) =>
  download('coverletter', input);
