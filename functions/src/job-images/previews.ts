import type { ImageItem } from '../data/images.ts';
import { startPreviewTask } from '../lib/files-worker-client.ts';
import type { Logger } from '../lib/observability.ts';
import type { PreviewItem } from '../workers/preview-tasks.ts';

/** A preview still pending this long after its file was confirmed was never made: ask again. */
const pendingGraceMs = 5 * 60 * 1000;

/**
 * The preview worker is asked once, when a file is confirmed; if that ask was lost (the worker
 * could not be started, or failed every retry), reading the images asks again for the files of the
 * page still without a preview after a few minutes. Never fails the read.
 */
export async function askAgainForPreviews(images: readonly ImageItem[], log: Logger, now = Date.now()): Promise<void> {
  const old = (at: string) => now - Date.parse(at) > pendingGraceMs;
  const items: PreviewItem[] = [];
  for (const image of images) {
    if (image.preview === 'PENDING' && old(image.createdAt)) {
      items.push({
        kind: 'original',
        uploadId: image.uploadId,
        imageId: image.id,
        key: image.key,
        contentType: image.contentType,
      });
    }
    const current = image.current;
    if (current && current.preview === 'PENDING' && old(current.deliveredAt)) {
      items.push({
        kind: 'version',
        uploadId: image.uploadId,
        imageId: image.id,
        versionId: current.id,
        key: current.key,
        contentType: current.contentType,
      });
    }
  }
  if (items.length === 0) return;
  await startPreviewTask({ task: 'previews', items: items.slice(0, 100) }).catch((error: unknown) =>
    log.error('could not ask the preview worker again', { files: items.length, error: String(error) }),
  );
}
