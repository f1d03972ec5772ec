import type { JobFile } from '@studio/shared/job-files';
import { presignDownload, presignView } from '../data/file-objects.ts';
import type { StoredFile } from '../data/job-files.ts';

/** Stored files as the API answers them: each with its preview and download links (signed here, no call). */
export function toJobFiles(files: readonly StoredFile[]): Promise<JobFile[]> {
  return Promise.all(
    files.map(async (file) => ({
      id: file.id,
      fileName: file.fileName,
      size: file.size,
      contentType: file.contentType,
      thumbnailUrl: file.thumbnailKey ? await presignView(file.thumbnailKey) : null,
      downloadUrl: await presignDownload(file.key, file.fileName, file.contentType),
      uploadedAt: file.createdAt,
    })),
  );
}
