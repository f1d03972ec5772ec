import { fileStem } from '@studio/shared/images';
import type { VersionKind } from '@studio/shared/image-api';
import type { Job } from '@studio/shared/job';
import { checkFinishedFile, deleteObjects, deliverablePrefix } from '../data/file-objects.ts';
import { deliveryRefusal, type DeliveryFile } from '../data/image-work.ts';
import { getImages, imagesByStem, type ImageItem } from '../data/images.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { refusalText } from '../uploads/photo-batch.ts';

/*
 * Finished files before they are delivered (#33): each posted file is matched to its image (named
 * by id, or by its original's file-name stem, any extension), checked as stored (size, real type),
 * and given its kind. Every problem is collected, so a delivery of 100 files says at once what is
 * wrong with each, and delivers nothing until nothing is.
 */

const fileKeyPattern = /^[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp|tif|heic|heif|psd)$/;
const checks = 16;

export interface RequestedFile {
  key: string;
  fileName: string;
  imageId?: string;
  kind?: VersionKind;
}

export interface FileProblem {
  fileName: string;
  key: string;
  reason: string;
}

export interface PreparedDelivery {
  files: DeliveryFile[];
  problems: FileProblem[];
  images: Map<string, ImageItem>;
}

export async function prepareDelivery(
  job: Job & { uploadId: string },
  requested: readonly RequestedFile[],
): Promise<PreparedDelivery> {
  const problems: FileProblem[] = [];
  const refuse = (file: RequestedFile, reason: string) =>
    problems.push({ fileName: file.fileName, key: file.key, reason });
  const prefix = deliverablePrefix(job.id);

  // Which image each file is for.
  const matched = await mapLimit(requested, checks, async (file) => {
    const name = file.key.startsWith(prefix) ? file.key.slice(prefix.length) : '';
    if (!fileKeyPattern.test(name)) {
      refuse(file, "the key is not one this job's upload links answered.");
      return null;
    }
    if (file.imageId) return { file, imageId: file.imageId, fileId: name.slice(0, 26) };
    const stem = fileStem(file.fileName);
    const found = await imagesByStem(job.uploadId, stem);
    if (found.length === 0) {
      refuse(file, `matches no photo of this job by name ("${stem}" with any extension). Name the image it is for.`);
      return null;
    }
    if (found.length > 1) {
      refuse(file, `matches several photos (${found.map((i) => i.fileName).join(', ')}). Name the image it is for.`);
      return null;
    }
    return { file, imageId: found[0]!.id, fileId: name.slice(0, 26) };
  });
  const pairs = matched.filter((pair): pair is NonNullable<typeof pair> => pair !== null);
  const images = await getImages(
    job.uploadId,
    pairs.map((pair) => pair.imageId),
  );

  // What each file is.
  const checked = await mapLimit(pairs, checks, async (pair) => {
    const image = images.get(pair.imageId);
    if (!image) {
      refuse(pair.file, 'there is no image with this id in this job.');
      return null;
    }
    const refusal = deliveryRefusal(image.status);
    if (refusal) {
      refuse(pair.file, refusal);
      return null;
    }
    const check = await checkFinishedFile(pair.file.key);
    if (!check.ok) {
      if (check.reason !== 'missing') await deleteObjects([pair.file.key]);
      refuse(pair.file, refusalText(check).replace('HEIC photo', 'HEIC image or a PSD'));
      return null;
    }
    const kind: VersionKind = pair.file.kind ?? (check.contentType === 'image/vnd.adobe.photoshop' ? 'extra' : 'main');
    const file: DeliveryFile = {
      imageId: image.id,
      fileId: pair.fileId,
      key: pair.file.key,
      fileName: pair.file.fileName,
      size: check.size,
      contentType: check.contentType,
      kind,
    };
    return file;
  });
  const files = checked.filter((file): file is DeliveryFile => file !== null);

  // One main file an image; extras need a main version to go beside.
  for (const [imageId, image] of images) {
    const forImage = files.filter((file) => file.imageId === imageId);
    const mains = forImage.filter((file) => file.kind === 'main');
    for (const extra of mains.slice(1)) {
      refuse(
        extra,
        `a second finished file for ${image.fileName} (with ${mains[0]!.fileName}): send one of them as kind "extra".`,
      );
    }
    if (mains.length === 0 && !image.current) {
      for (const extra of forImage)
        refuse(extra, `deliver the finished ${image.fileName} first; an extra file goes beside it.`);
    }
  }
  const refusedKeys = new Set(problems.map((problem) => problem.key));
  const order = (key: string) => requested.findIndex((file) => file.key === key);
  problems.sort((a, b) => order(a.key) - order(b.key));
  return { files: files.filter((file) => !refusedKeys.has(file.key)), problems, images };
}
