import type { Job } from '@studio/shared/job';
import type { ArchiveSet, JobArchive } from '@studio/shared/job-files';
import { bucketDefinitions } from '@studio/shared/platform';
import { ulid } from 'ulid';
import { presignDownload } from '../data/file-objects.ts';
import {
  archiveBuildTimeoutMs,
  failLostArchive,
  finishArchive,
  getArchive,
  isLostBuild,
  lostArchiveError,
  startArchive,
  type ArchiveRecord,
} from '../data/job-files.ts';
import type { Caller } from '../lib/caller.ts';
import { ConflictError } from '../lib/errors.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertMayDownloadDeliverables, readableJob } from './access.ts';

/*
 * "Download all": one zip of a job's photos or of its finished files. The request records a
 * BUILDING archive and hands the build to the files worker (files-worker.ts), which streams the
 * zip into S3; the page polls the GET until it is READY with a link. An archive is reused while
 * its set is unchanged and its object not near its expiry (the bucket expires archives).
 *
 * A build still BUILDING `archiveBuildTimeoutMs` after its request has lost its worker (killed at
 * Lambda's 15 minutes, out of memory, its event dropped): the next read marks it FAILED, so the
 * page says so and offers to ask again, and a retry of its worker that comes later marks it FAILED
 * instead of building (issue 37). The worker's error alarm and dead-letter queue tell the studio.
 */

/** A READY archive this close to its expiry is rebuilt rather than handed out. */
const expiryMarginMs = 60 * 60 * 1000;

/** The files a set of the job holds now: what an archive of it must contain. */
function setSize(job: Job, set: ArchiveSet): number {
  return set === 'photos' ? (job.uploadId ? job.numberOfPhotos : 0) : job.deliverableCount;
}

export const archiveKeyOf = (jobId: string, set: ArchiveSet, buildId: string) =>
  `${bucketDefinitions.uploads.archivePrefix}${jobId}/${set}-${buildId}.zip`;

const archiveFileName = (job: Job, set: ArchiveSet) =>
  `${job.jobNumber ?? job.id}-${set === 'photos' ? 'photos' : 'finished-files'}.zip`;

function isCurrent(record: ArchiveRecord | null, job: Job, set: ArchiveSet, now: number): boolean {
  if (!record || record.fileCount !== setSize(job, set)) return false;
  if (record.status === 'BUILDING') return now - Date.parse(record.requestedAt) < archiveBuildTimeoutMs;
  if (record.status === 'READY')
    return record.expiresAt !== null && Date.parse(record.expiresAt) - now > expiryMarginMs;
  return false;
}

async function answer(job: Job, set: ArchiveSet, record: ArchiveRecord | null): Promise<{ archive: JobArchive }> {
  const current: ArchiveRecord | null =
    record && (isCurrent(record, job, set, Date.now()) || record.status === 'FAILED') ? record : null;
  const ready = current?.status === 'READY';
  return {
    archive: {
      status: current?.status ?? 'NONE',
      set,
      fileCount: current?.fileCount ?? setSize(job, set),
      bytes: ready ? current.bytes : null,
      fileName: archiveFileName(job, set),
      downloadUrl: ready ? await presignDownload(current.key, archiveFileName(job, set), 'application/zip') : null,
      expiresAt: ready ? current.expiresAt : null,
      error: current?.status === 'FAILED' ? current.error : null,
      requestedAt: current?.requestedAt ?? null,
    },
  };
}

async function jobForArchive(caller: Caller, id: string, set: ArchiveSet): Promise<Job> {
  const job = await readableJob(caller, id);
  if (set === 'deliverables') await assertMayDownloadDeliverables(caller, job);
  return job;
}

/**
 * A record as it stands once a lost build is marked: FAILED with `lostArchiveError` (in the table too,
 * unless the build was finished or replaced meanwhile: then as it is now).
 */
async function settled(jobId: string, set: ArchiveSet, record: ArchiveRecord | null): Promise<ArchiveRecord | null> {
  if (!record || !isLostBuild(record, Date.now())) return record;
  if (await failLostArchive(jobId, set, record.buildId, lostArchiveError)) {
    return { ...record, status: 'FAILED', error: lostArchiveError };
  }
  return getArchive(jobId, set);
}

/** `GET api/jobs/{id}/archives/{set}`: the state of the set's archive (NONE until asked for, or once outdated). */
export const getArchiveRoute: RouteImpl<'getArchive'> = async ({ params, caller }) => {
  const job = await jobForArchive(caller!, params.id, params.set);
  return answer(job, params.set, await settled(job.id, params.set, await getArchive(job.id, params.set)));
};

/** `POST api/jobs/{id}/archives/{set}`: the current archive, or a new build of it (BUILDING). */
export const requestArchiveRoute: RouteImpl<'requestArchive'> = async ({ params, caller }) => {
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
  const before = await getArchive(job.id, set);
  if (isCurrent(before, job, set, Date.now())) return answer(job, set, before);
  const buildId = ulid();
  const record: ArchiveRecord = {
    set,
    status: 'BUILDING',
    buildId,
    fileCount,
    key: archiveKeyOf(job.id, set, buildId),
    fileName: archiveFileName(job, set),
    requestedAt: new Date().toISOString(),
    builtAt: null,
    expiresAt: null,
    bytes: null,
    error: null,
    parts: null,
    peakBufferedBytes: null,
    durationMs: null,
  };
  // Another request started a build at the same moment: answer that one.
  if (!(await startArchive(job.id, before, record))) return answer(job, set, await getArchive(job.id, set));
  try {
    await startFilesTask({ task: 'build-archive', jobId: job.id, set, buildId });
  } catch (error) {
    await finishArchive(job.id, set, buildId, { status: 'FAILED', error: 'The archive could not be started.' });
    throw error;
  }
  return answer(job, set, record);
};
