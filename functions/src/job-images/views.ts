import type { ImageVersion, JobImage } from '@studio/shared/image-api';
import { presignDownload, presignView } from '../data/file-objects.ts';
import type { ImageItem, VersionItem, VersionSummary } from '../data/images.ts';

/*
 * Images and versions as the API answers them (#33): presigned preview and download links (signed
 * here, no call), and only what the reader may see: a client gets the versions released to it,
 * never a QC note, and nothing finished before the job's files are released.
 */

/** Who reads: staff see everything; a client sees released versions, once the job's files are. */
export interface Reader {
  staff: boolean;
  /** Finished versions may be shown (staff always; a client once the job's files are released). */
  finished: boolean;
}

const previewUrl = (preview: string, thumbnailKey: string | null | undefined) =>
  preview === 'READY' && thumbnailKey ? presignView(thumbnailKey) : Promise.resolve(null);

/** The screen-sized WebP (#34): null until the preview worker made it, and for files previewed before it. */
const screenUrl = previewUrl;

async function summaryView(summary: VersionSummary, released: boolean): Promise<ImageVersion> {
  return {
    id: summary.id,
    number: summary.number,
    round: summary.round,
    kind: 'main',
    of: null,
    fileName: summary.fileName,
    size: summary.size,
    contentType: summary.contentType,
    width: summary.width,
    height: summary.height,
    preview: summary.preview,
    previewUrl: await previewUrl(summary.preview, summary.thumbnailKey),
    screenUrl: await screenUrl(summary.preview, summary.screenKey),
    downloadUrl: await presignDownload(summary.key, summary.fileName, summary.contentType),
    deliveredAt: summary.deliveredAt,
    released,
    // The list carries no decision; `GET api/jobs/{id}/images/{imageId}` answers each version's.
    qc: null,
  };
}

/** The version a reader sees as current: staff the latest delivered, a client the latest released. */
function currentFor(image: ImageItem, reader: Reader): { summary: VersionSummary; released: boolean } | null {
  if (reader.staff) {
    if (!image.current) return null;
    return { summary: image.current, released: image.released?.id === image.current.id };
  }
  return reader.finished && image.released ? { summary: image.released, released: true } : null;
}

export async function imageView(image: ImageItem, reader: Reader): Promise<JobImage> {
  const current = currentFor(image, reader);
  return {
    id: image.id,
    fileName: image.fileName,
    status: image.status,
    statusAt: image.statusAt,
    original: {
      fileName: image.fileName,
      size: image.size,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      preview: image.preview,
      previewUrl: await previewUrl(image.preview, image.thumbnailKey),
      screenUrl: await screenUrl(image.preview, image.screenKey),
      downloadUrl: await presignDownload(image.key, image.fileName, image.contentType),
    },
    current: current ? await summaryView(current.summary, current.released) : null,
    versionCount: image.versionCount,
    qcNote: reader.staff && image.qcNote ? { note: image.qcNote.note, at: image.qcNote.at } : null,
    review: image.review,
    sentBackCount: image.sentBackCount,
    uploadedAt: image.createdAt,
    updatedAt: image.updatedAt,
  };
}

/**
 * The versions a reader may see, oldest first: staff all of them; a client the released main
 * versions and the extras of those.
 */
export async function versionViews(versions: readonly VersionItem[], reader: Reader): Promise<ImageVersion[]> {
  const releasedMains = new Set(versions.filter((v) => v.kind === 'main' && v.releasedAt).map((v) => v.number));
  const visible = versions.filter((version) => {
    if (reader.staff) return true;
    if (!reader.finished) return false;
    return version.kind === 'main' ? version.releasedAt !== null : releasedMains.has(version.of ?? -1);
  });
  return Promise.all(
    visible.map(async (version) => ({
      id: version.id,
      number: version.number,
      round: version.round,
      kind: version.kind,
      of: version.of,
      fileName: version.fileName,
      size: version.size,
      contentType: version.contentType,
      width: version.width,
      height: version.height,
      preview: version.preview,
      previewUrl: await previewUrl(version.preview, version.thumbnailKey),
      screenUrl: await screenUrl(version.preview, version.screenKey),
      downloadUrl: await presignDownload(version.key, version.fileName, version.contentType),
      deliveredAt: version.createdAt,
      released: version.kind === 'main' ? version.releasedAt !== null : releasedMains.has(version.of ?? -1),
      qc:
        reader.staff && version.qc ? { decision: version.qc.decision, note: version.qc.note, at: version.qc.at } : null,
    })),
  );
}
