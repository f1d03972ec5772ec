import { createHash } from 'node:crypto';
import { idempotencyKeySchema } from '@studio/shared/job';
import { roleMay } from '@studio/shared/organisation';
import { priceLine } from '@studio/shared/job-pricing';
import { ulid } from 'ulid';
import { getService } from '../data/catalog.ts';
import { getStudioSettings } from '../data/settings.ts';
import { createJob } from '../data/job-creation.ts';
import { findIdempotentJob, getJob } from '../data/jobs.ts';
import { allFiles } from '../data/job-files.ts';
import { findAccount } from '../data/account-lookup.ts';
import { photosStillUploading } from '../data/uploads.ts';
import { personalOrganisationOf } from '../data/organisation-members.ts';
import { liveSpecRef } from '../data/style-specs.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import type { RouteImpl, RouteInput } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import type { Caller } from '../lib/caller.ts';
import { callerRole } from '../lib/caller-role.ts';
import { uploadClosed } from '../uploads/upload-rules.ts';
import { jobFor } from '../jobs/job-view.ts';
import { roleRefusal } from '../jobs/access.ts';

type Body = RouteInput<'createJob'>['body'];

/** Same request, same hash: the validated body (defaults applied) with its keys in a fixed order. */
function requestHash(body: Body): string {
  const canonical = JSON.stringify(body, Object.keys(body).sort());
  return createHash('sha256').update(canonical).digest('hex');
}

function invalid(path: string, message: string): BadRequestError {
  return new BadRequestError('The request is not valid.', [{ path, message }]);
}

/**
 * The organisation the job is ordered for (#35): the one named, where the caller may order, or
 * the caller's personal one (made now if it has none yet). Not a member: the 404 of an unknown
 * organisation (ids cannot be probed); a member whose role may not order (VIEWER, REVIEWER): 403.
 */
async function orderingOrganisation(caller: Caller, organisationId: string | undefined): Promise<string> {
  // An API key orders for its own organisation (#36), named or not; never for its maker's own.
  if (organisationId === undefined && caller.apiKey) organisationId = caller.apiKey.organisationId;
  if (organisationId === undefined) {
    return personalOrganisationOf(
      caller.userId,
      async () => (await findAccount(caller.userId))?.name || 'My organisation',
    );
  }
  const role = await callerRole(caller, organisationId);
  if (!roleMay(role, 'read')) throw new NotFoundError(`There is no organisation with the id ${organisationId}.`);
  if (!roleMay(role, 'order')) throw roleRefusal(role!, 'order');
  return organisationId;
}

/**
 * The spec an order names (#35): a live spec of the job's organisation, read consistently; the job
 * keeps its id, latest version and name. Unknown, deleted or another organisation's: 400.
 */
async function orderedSpec(organisationId: string, specId: string) {
  const spec = await liveSpecRef(organisationId, specId);
  if (!spec) throw invalid('body.specId', 'There is no such spec: choose one of your organisation’s specs.');
  return spec;
}

const keyReused = () =>
  new ConflictError('This Idempotency-Key was already used for a different order. Send a new key for a new order.');

/**
 * `POST api/jobs`. The job is priced here from the stored catalogue; the browser's idea of prices,
 * totals or status never reaches this point (the strict body schema refuses such keys).
 * With an `Idempotency-Key` header, a repeat of the same request answers the job the first one
 * created (same 201, same body); the same key with another body is a 409.
 */
export const createJobRoute: RouteImpl<'createJob'> = async ({ body, headers, caller, log }) => {
  const clientId = caller!.userId;
  const rawKey = headers['idempotency-key'];
  let idempotency: { key: string; requestHash: string } | undefined;
  if (rawKey !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(rawKey);
    if (!parsed.success) throw invalid('headers.idempotency-key', parsed.error.issues[0]!.message);
    idempotency = { key: parsed.data, requestHash: requestHash(body) };
    const existing = await findIdempotentJob(clientId, idempotency.key);
    if (existing) return replay(caller!, existing, idempotency.requestHash);
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

  // #17: one of the service's turnarounds; none named is its first (the default).
  const turnaround = body.turnaroundId
    ? service.turnarounds.find((t) => t.id === body.turnaroundId)
    : service.turnarounds[0];
  if (!turnaround) {
    throw invalid('body.turnaroundId', `${service.name} does not offer the turnaround "${body.turnaroundId}".`);
  }

  if (body.linkType === 'generate') await refuseWhileUploading(clientId, body.uploadId!);
  const organisationId = await orderingOrganisation(caller!, body.organisationId);
  const spec = body.specId === undefined ? null : await orderedSpec(organisationId, body.specId);

  const [client, settings] = await Promise.all([findAccount(clientId), getStudioSettings()]);
  const result = await createJob(
    {
      id: ulid(),
      clientId,
      organisationId,
      spec,
      client: client ? { name: client.name, email: client.email } : null,
      serviceId: service.id,
      serviceName: service.name,
      selectedSubServices: body.selectedSubServices,
      subServices,
      currency: body.currency,
      linkType: body.linkType,
      dropboxLink: body.linkType === 'own' ? body.dropboxLink! : null,
      uploadId: body.linkType === 'generate' ? body.uploadId! : null,
      // With an upload the data layer bills its confirmed photos instead.
      numberOfPhotos: body.numberOfPhotos ?? 0,
      instructions: body.instructions ?? '',
      status: 'PENDING',
      progress: 0,
      editorId: null,
      editorDropboxLink: null,
      createdAt: new Date().toISOString(),
      payment: null,
      turnaround,
      volumeTiers: service.volumeTiers,
      // A studio that releases work before payment starts the clock at creation (docs/decisions/turnaround-pricing-and-due-dates.md).
      dueFromCreation: settings.releaseFilesBeforePayment,
    },
    {
      idempotency,
      upload:
        body.linkType === 'generate' ? { uploadId: body.uploadId!, expectedPhotos: body.numberOfPhotos } : undefined,
    },
  );
  switch (result.kind) {
    case 'created':
      if (result.job.uploadId) await keepPhotos(result.job.id, log);
      // Photos confirmed before #33 are no images yet: the worker migrates the new job (pattern 75).
      if (result.job.uploadId && !result.job.imageCounts) {
        await startFilesTask({ task: 'migrate-job', jobId: result.job.id }).catch((error: unknown) =>
          log.error('could not start migrating a new job', { jobId: result.job.id, error: String(error) }),
        );
      }
      return { job: await jobFor(caller!, result.job) };
    case 'replayed':
      return replay(caller!, result, idempotency!.requestHash);
    case 'count-mismatch':
      throw invalid(
        'body.numberOfPhotos',
        `This upload holds ${result.photoCount} confirmed photo${result.photoCount === 1 ? '' : 's'}; the job bills that many.`,
      );
    case 'service-closed':
      throw invalid('body.serviceId', `${service.name} is no longer offered. Choose another service.`);
    case 'upload-refused':
      if (result.reason === 'closed') throw uploadClosed(result.upload?.jobNumber ?? null);
      throw invalid('body.uploadId', 'No photos were uploaded under this upload. Upload them first.');
  }
};

/**
 * A photo posted but not yet confirmed would be left out of the bill and the job: the client is
 * told to wait rather than have it silently dropped (409). Abandoned posts (older than an upload
 * link lives) do not count.
 */
async function refuseWhileUploading(clientId: string, uploadId: string): Promise<void> {
  const confirmed = new Set((await allFiles({ uploadId })).map((photo) => photo.id));
  const pending = await photosStillUploading(clientId, uploadId, confirmed);
  if (pending > 0) {
    throw new ConflictError(
      `${pending} photo${pending === 1 ? ' is' : 's are'} still being uploaded or checked. ` +
        'Wait until every photo shows Uploaded, then create the job.',
    );
  }
}

/**
 * The new job's photos must outlive the lifecycle rule for abandoned uploads: the worker re-tags
 * them in the background. If it cannot be asked now, the job stands (the photos have days before
 * they would expire) and listing the photos asks again (list-job-photos.ts).
 */
async function keepPhotos(jobId: string, log: Logger): Promise<void> {
  try {
    await startFilesTask({ task: 'keep-photos', jobId });
  } catch (error) {
    log.error('could not start keeping the photos of a new job', { jobId, error: String(error) });
  }
}

/** The job a replayed order made, as the caller sees it now (it may have been delivered since). */
async function replay(caller: Caller, existing: { jobId: string; requestHash: string }, requestHash: string) {
  if (existing.requestHash !== requestHash) throw keyReused();
  const job = await getJob(existing.jobId);
  // The record and its job are written together, so the job is there unless staff deleted it.
  if (!job) throw keyReused();
  return { job: await jobFor(caller, job) };
}
