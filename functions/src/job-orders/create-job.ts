import { createHash } from 'node:crypto';
import { idempotencyKeySchema } from '@studio/shared/job';
import { priceLine } from '@studio/shared/job-pricing';
import { imageTypeOfKey, matchesImageType } from '@studio/shared/image-signature';
import { maxUploadBytes } from '@studio/shared/upload';
import { ulid } from 'ulid';
import { getService } from '../data/catalog.ts';
import { createJob, findIdempotentJob, getJob } from '../data/jobs.ts';
import { listUploadedPhotos, readPhotoHead } from '../data/uploads.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl, RouteInput } from '../lib/http.ts';

type Body = RouteInput<'createJob'>['body'];

/** Same request, same hash: the validated body (defaults applied) with its keys in a fixed order. */
function requestHash(body: Body): string {
  const canonical = JSON.stringify(body, Object.keys(body).sort());
  return createHash('sha256').update(canonical).digest('hex');
}

function invalid(path: string, message: string): BadRequestError {
  return new BadRequestError('The request is not valid.', [{ path, message }]);
}

const keyReused = () =>
  new ConflictError('This Idempotency-Key was already used for a different order. Send a new key for a new order.');

/**
 * `POST api/jobs`. The job is priced here from the stored catalogue; the browser's idea of prices,
 * totals or status never reaches this point (the strict body schema refuses such keys).
 * With an `Idempotency-Key` header, a repeat of the same request answers the job the first one
 * created (same 201, same body); the same key with another body is a 409.
 */
export const createJobRoute: RouteImpl<'createJob'> = async ({ body, headers, caller }) => {
  const clientId = caller!.userId;
  const rawKey = headers['idempotency-key'];
  let idempotency: { key: string; requestHash: string } | undefined;
  if (rawKey !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(rawKey);
    if (!parsed.success) throw invalid('headers.idempotency-key', parsed.error.issues[0]!.message);
    idempotency = { key: parsed.data, requestHash: requestHash(body) };
    const existing = await findIdempotentJob(clientId, idempotency.key);
    if (existing) return replay(existing, idempotency.requestHash);
  }

  const service = await getService(body.serviceId);
  if (!service) throw invalid('body.serviceId', 'There is no service with this id.');
  const subServices = body.selectedSubServices.map((id) => {
    const sub = service.subServices.find((s) => s.id === id);
    if (!sub) throw invalid('body.selectedSubServices', `Subservice ${id} is not part of ${service.name}.`);
    const line = priceLine(sub, body.currency);
    if (!line) throw invalid('body.selectedSubServices', `${sub.name} has no price in ${body.currency}.`);
    return line;
  });

  if (body.linkType === 'generate') {
    const photos = await listUploadedPhotos(clientId, body.uploadId!);
    if (photos.length === 0)
      throw invalid('body.uploadId', 'No photos were uploaded under this upload. Upload them first.');
    await confirmPhotos(photos);
  }

  const result = await createJob(
    {
      id: ulid(),
      clientId,
      serviceId: service.id,
      serviceName: service.name,
      selectedSubServices: body.selectedSubServices,
      subServices,
      currency: body.currency,
      linkType: body.linkType,
      dropboxLink: body.linkType === 'own' ? body.dropboxLink! : null,
      uploadId: body.linkType === 'generate' ? body.uploadId! : null,
      numberOfPhotos: body.numberOfPhotos,
      instructions: body.instructions ?? '',
      status: 'PENDING',
      progress: 0,
      editorId: null,
      editorDropboxLink: null,
      createdAt: new Date().toISOString(),
      payment: null,
    },
    idempotency,
  );
  if (result.kind === 'created') return { job: result.job };
  return replay(result, idempotency!.requestHash);
};

/**
 * The POST policy limits size and type, but the local emulator ignores policies and a type header
 * proves nothing: each stored file must be within the limit and start like the image it claims.
 */
async function confirmPhotos(photos: { key: string; size: number }[]): Promise<void> {
  if (photos.some((photo) => photo.size > maxUploadBytes)) {
    throw invalid('body.uploadId', 'A photo of this upload is larger than allowed. Remove it and try again.');
  }
  const queue = [...photos];
  const worker = async () => {
    for (let photo = queue.shift(); photo; photo = queue.shift()) {
      const type = imageTypeOfKey(photo.key);
      if (!type || !matchesImageType(await readPhotoHead(photo.key), type)) {
        throw invalid('body.uploadId', 'A file of this upload is not a JPEG, PNG, WebP, TIFF or HEIC photo.');
      }
    }
  };
  // A few reads at a time: quick for a big upload without flooding S3.
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function replay(existing: { jobId: string; requestHash: string }, requestHash: string) {
  if (existing.requestHash !== requestHash) throw keyReused();
  const job = await getJob(existing.jobId);
  // The record and its job are written together, so the job is there unless staff deleted it.
  if (!job) throw keyReused();
  return { job };
}
