import { useMutation } from '@tanstack/react-query';
import type {
  ApplicationFileRef,
  ApplicationUploadLink,
  CreateApplicationUploadLinkBody,
  CreateJobApplicationBody,
} from '@studio/shared/job-application';
import { apiRequest } from '../../../lib/api-client.ts';
import { UserFacingError } from '../../../lib/api-error-text.ts';

/** `POST /api/job-openings/job-applications/upload-link`: a presigned POST for one document. */
export async function createApplicationUploadLink(
  body: CreateApplicationUploadLinkBody,
): Promise<ApplicationUploadLink> {
  const { uploadurl } = await apiRequest('createApplicationUploadLink', { body });
  return uploadurl;
}

/** Error of the bucket upload itself (not an API error); its message is shown to the visitor. */
export class DocumentUploadError extends UserFacingError {
  override readonly name = 'DocumentUploadError';
}

/** Sends one file to the bucket with the presigned POST: the signed fields first, the file last. */
export async function postDocument(link: ApplicationUploadLink, file: File, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(link.url, { method: 'POST', body: form, signal });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new DocumentUploadError(`Could not upload ${file.name}. Check your connection and try again.`);
  }
  if (!response.ok) throw new DocumentUploadError(`Could not upload ${file.name} (${response.status}).`);
}

/** Asks for a link and uploads the file; answers the reference the application names. */
export async function uploadDocument(input: {
  jobOpeningId: string;
  kind: CreateApplicationUploadLinkBody['kind'];
  file: File;
}): Promise<ApplicationFileRef> {
  const link = await createApplicationUploadLink({
    jobOpeningId: input.jobOpeningId,
    kind: input.kind,
    fileName: input.file.name,
    size: input.file.size,
  });
  await postDocument(link, input.file);
  return { key: link.key, fileName: input.file.name };
}

/** `POST /api/job-openings/job-applications`. */
export function createJobApplication(body: CreateJobApplicationBody) {
  return apiRequest('createJobApplication', { body });
}

export function useCreateJobApplication() {
  return useMutation({ mutationFn: createJobApplication });
}
