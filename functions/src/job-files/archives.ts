import type { Job } from '@studio/shared/job';
import type { ArchiveSet, ArchiveVolume, JobArchive } from '@studio/shared/job-files';
import { deliveredImages } from '@studio/shared/images';
import { ulid } from 'ulid';
import {
  getArchive,
  listVolumes,
  markVolumeFailed,
  startArchive,
  updateArchive,
  volumeRunLimitMs,
  type ArchiveRecord,
  type VolumeRecord,
} from '../data/archives.ts';
import { presignDownload } from '../data/file-objects.ts';
import type { Caller } from '../lib/caller.ts';
import { ConflictError } from '../lib/errors.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import type { RouteImpl } from '../lib/http.ts';
import type { Logger } from '../lib/observability.ts';
import { assertMayDownloadDeliverables, readableJob } from './access.ts';

/*
 * "Download all": a job's photos, its finished files, or every released version (#33) as zips. The
 * request records the build and hands it to the files worker, which counts the set and cuts it
 * into volumes of at most 2 GB, each zipped by a run of its own in parallel (files-worker.ts); the
 * page polls the GET until every volume is READY. An archive is reused while its set is unchanged
 * and it is not near its expiry; a volume whose run failed or died is built again on request.
 */

/** A READY archive this close to its expiry is built again rather than handed out. */
const expiryMarginMs = 60 * 60 * 1000;

/** What the set holds now, in a word: an archive of a changed set is outdated. */
function stampOf(job: Job, set: ArchiveSet): string {
  const counts = job.imageCounts ? JSON.stringify(job.imageCounts) : '-';
  switch (set) {
    case 'photos':
      return `photos:${job.numberOfPhotos}`;
    case 'deliverables':
    case 'versions':
      return `${set}:${job.deliverableCount}:${counts}`;
  }
}

/** How many files the set holds now, as the job's counts say (the worker counts exactly). */
function setSize(job: Job, set: ArchiveSet): number {
  if (set === 'photos') return job.uploadId ? job.numberOfPhotos : 0;
  if (job.imageCounts && set === 'deliverables') return deliveredImages(job.imageCounts);
  return job.deliverableCount;
}

const archiveFileName = (job: Job, set: ArchiveSet) =>
  `${job.jobNumber ?? job.id}-${set === 'photos' ? 'photos' : set === 'versions' ? 'all-versions' : 'finished-files'}.zip`;

/** A volume whose run started before this went quiet: its worker died (Lambda's limit is 15 minutes). */
function diedRunning(volume: VolumeRecord, now: number): boolean {
  return (
    volume.status === 'BUILDING' && volume.startedAt !== null && now - Date.parse(volume.startedAt) > volumeRunLimitMs
  );
}

const diedText = 'The worker building this part stopped before it was done. Ask again to build it again.';

function volumeView(volume: VolumeRecord, now: number): Omit<ArchiveVolume, 'downloadUrl'> {
  const died = diedRunning(volume, now);
  return {
    number: volume.number,
    status: died ? 'FAILED' : volume.status,
    fileCount: volume.fileCount,
    bytes: volume.bytes ?? volume.plannedBytes,
    fileName: volume.fileName,
    expiresAt: volume.status === 'READY' ? volume.expiresAt : null,
    error: died ? diedText : volume.status === 'FAILED' ? volume.error : null,
  };
}

function isCurrent(record: ArchiveRecord, volumes: VolumeRecord[], job: Job, set: ArchiveSet, now: number): boolean {
  if (record.stamp !== stampOf(job, set)) return false;
  if (record.status === 'PLANNING') return now - Date.parse(record.requestedAt) < volumeRunLimitMs;
  if (record.status === 'FAILED') return false;
  return volumes.every(
    (volume) =>
      volume.status !== 'READY' || (volume.expiresAt !== null && Date.parse(volume.expiresAt) - now > expiryMarginMs),
  );
}

async function answer(job: Job, set: ArchiveSet, record: ArchiveRecord | null, volumes: VolumeRecord[]) {
  const now = Date.now();
  if (!record || (!isCurrent(record, volumes, job, set, now) && record.status !== 'FAILED')) {
    return {
      archive: {
        status: 'NONE',
        set,
        fileCount: setSize(job, set),
        bytes: null,
        fileName: archiveFileName(job, set),
        downloadUrl: null,
        expiresAt: null,
        error: null,
        requestedAt: null,
        volumes: [],
      } satisfies JobArchive,
    };
  }
  const views = await Promise.all(
    volumes.map(async (volume) => {
      const view = volumeView(volume, now);
      return {
        ...view,
        downloadUrl:
          view.status === 'READY' ? await presignDownload(volume.key, volume.fileName, 'application/zip') : null,
      };
    }),
  );
  const failed = record.status === 'FAILED' || views.some((volume) => volume.status === 'FAILED');
  const ready = record.status === 'BUILDING' && views.length > 0 && views.every((volume) => volume.status === 'READY');
  const status = failed ? 'FAILED' : ready ? 'READY' : 'BUILDING';
  return {
    archive: {
      status,
      set,
      fileCount: record.fileCount,
      bytes: ready ? views.reduce((sum, volume) => sum + volume.bytes, 0) : null,
      fileName: record.fileName,
      downloadUrl: ready && views.length === 1 ? views[0]!.downloadUrl : null,
      expiresAt: ready ? views.map((volume) => volume.expiresAt!).sort()[0]! : null,
      error: failed ? (record.error ?? views.find((volume) => volume.error)?.error ?? null) : null,
      requestedAt: record.requestedAt,
      volumes: views,
    } satisfies JobArchive,
  };
}

async function jobForArchive(caller: Caller, id: string, set: ArchiveSet): Promise<Job> {
  const job = await readableJob(caller, id);
  if (set !== 'photos') await assertMayDownloadDeliverables(caller, job);
  return job;
}

async function current(job: Job, set: ArchiveSet) {
  const record = await getArchive(job.id, set);
  return { record, volumes: record ? await listVolumes(job.id, set, record.buildId) : [] };
}

/** `GET api/jobs/{id}/archives/{set}`: the state of the set's archive and its volumes (NONE until asked for, or once outdated). */
export const getArchiveRoute: RouteImpl<'getArchive'> = async ({ params, caller }) => {
  const job = await jobForArchive(caller!, params.id, params.set);
  const { record, volumes } = await current(job, params.set);
  return answer(job, params.set, record, volumes);
};

/** Starts the worker on volumes that failed (or whose run died): each is built again. */
async function retryVolumes(job: Job, set: ArchiveSet, record: ArchiveRecord, volumes: VolumeRecord[], log: Logger) {
  const now = Date.now();
  const again = volumes.filter((volume) => volume.status === 'FAILED' || diedRunning(volume, now));
  for (const volume of again) {
    if (diedRunning(volume, now)) await markVolumeFailed(job.id, volume, diedText);
    await startFilesTask({
      task: 'build-volume',
      jobId: job.id,
      set,
      buildId: record.buildId,
      volume: volume.number,
    }).catch((error: unknown) => log.error('could not start a volume again', { jobId: job.id, error: String(error) }));
  }
  return again.length;
}

/** `POST api/jobs/{id}/archives/{set}`: the current archive, its failed volumes built again, or a new build. */
export const requestArchiveRoute: RouteImpl<'requestArchive'> = async ({ params, caller, log }) => {
  const { set } = params;
  const job = await jobForArchive(caller!, params.id, set);
  const fileCount = setSize(job, set);
  if (fileCount === 0) {
    throw new ConflictError(
      set === 'photos'
        ? 'This job has no uploaded photos to download (the client sent a link instead).'
        : 'Nothing has been delivered to this job yet.',
    );
  }
  const { record: before, volumes } = await current(job, set);
  const now = Date.now();
  if (before && before.status !== 'FAILED' && isCurrent(before, volumes, job, set, now)) {
    if ((await retryVolumes(job, set, before, volumes, log)) > 0) {
      const again = await current(job, set);
      return answer(job, set, again.record, again.volumes);
    }
    return answer(job, set, before, volumes);
  }
  const buildId = ulid();
  const record: ArchiveRecord = {
    set,
    status: 'PLANNING',
    buildId,
    stamp: stampOf(job, set),
    fileCount,
    bytes: null,
    volumeCount: null,
    fileName: archiveFileName(job, set),
    requestedAt: new Date(now).toISOString(),
    plannedAt: null,
    error: null,
  };
  // Another request started a build at the same moment: answer that one.
  if (!(await startArchive(job.id, before, record))) {
    const again = await current(job, set);
    return answer(job, set, again.record, again.volumes);
  }
  try {
    await startFilesTask({ task: 'plan-archive', jobId: job.id, set, buildId });
  } catch (error) {
    await updateArchive(job.id, set, buildId, { status: 'FAILED', error: 'The archive could not be started.' });
    throw error;
  }
  return answer(job, set, record, []);
};
