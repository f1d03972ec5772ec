import { PassThrough, type Readable } from 'node:stream';
import type { Context } from 'aws-lambda';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { bucketDefinitions } from '@studio/shared/platform';
import yazl from 'yazl';
import { attachmentDisposition, screenKeyOf, tagKept, thumbnailKeyOf } from '../data/file-objects.ts';
import { maxArchiveVolumeBytes } from '@studio/shared/job-files';
import { mapLimit } from '@studio/shared/map-limit';
import { ulid } from 'ulid';
import { planVolumes, readEntries, sourcesOf } from '../data/archive-sets.ts';
import { claimVolume, finishVolume, getArchive, getVolume, putVolume, updateArchive } from '../data/archives.ts';
import { migrateJob } from '../data/image-migration.ts';
import { allFiles, getUpload, markPhotosKept, type StoredFile } from '../data/job-files.ts';
import { getJob, getJobItem, hasImages } from '../data/jobs.ts';
import { startFilesTask } from '../lib/files-worker-client.ts';
import { config } from '../lib/config.ts';
import { countWorkerEvent, invocationLogger, traced, type Logger } from '../lib/observability.ts';
import { clientOptions, filesWorkerS3Budget } from '../lib/sdk-options.ts';
import type { FilesTask } from './files-tasks.ts';

// The archive's own S3 client: its parts and whole-file reads get a longer budget than a
// request's calls (lib/sdk-options.ts), with the same path-style setting as lib/s3.ts.
const archiveS3Client = traced(
  new S3Client({
    ...clientOptions(filesWorkerS3Budget),
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  }),
);

/*
 * The files worker: a Lambda function of its own (15 minutes, more memory than the API's), invoked
 * asynchronously by the API with a FilesTask. Locally the stack's Lambda endpoint runs this same
 * handler in-process. Every task is safe to run twice: Lambda retries a failed asynchronous run.
 */

/**
 * Multipart part size of archives. 16 MiB: 20 GB is about 1,200 parts (S3 allows 10,000, so up to
 * 156 GiB), while at most `queueSize` parts are in memory at once. S3's minimum is 5 MiB; the test
 * stack uses it so a small archive still takes several parts.
 */
const defaultPartBytes = 16 * 1024 * 1024;
const partQueueSize = 4;
/** S3 reads in flight while files are stored into the zip (yazl opens one at a time). */
const keepConcurrency = 16;

export function archivePartBytes(): number {
  const configured = Number(process.env.ARCHIVE_PART_BYTES);
  return Number.isInteger(configured) && configured >= 5 * 1024 * 1024 ? configured : defaultPartBytes;
}

export interface ArchiveStats {
  files: number;
  bytes: number;
  parts: number;
  /** The most zip bytes made but not yet acknowledged by S3: what the build held in memory. */
  peakBufferedBytes: number;
  peakRssBytes: number;
  durationMs: number;
}

/** A file of an archive: where it is and the name it gets inside. */
export type ArchiveFile = Pick<StoredFile, 'key' | 'fileName' | 'size' | 'createdAt'>;

/** Names inside the zip: as uploaded, without path parts, made unique (`a.jpg`, `a (2).jpg`). */
export function archiveEntryNames(files: readonly Pick<StoredFile, 'fileName'>[]): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const base = file.fileName.replace(/[/\\]/g, '_').replace(/^\.+/, '_') || 'file';
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * Streams a zip of `files` (stored, not compressed: photos are compressed already) into S3 with a
 * multipart upload. Nothing holds the whole archive: yazl pulls one file's stream from S3 at a
 * time, and the upload keeps at most `partQueueSize` parts in memory. yazl writes ZIP64 records
 * when the archive passes 4 GB.
 */
export async function streamArchive(
  files: readonly ArchiveFile[],
  target: { key: string; fileName: string },
  partBytes = archivePartBytes(),
  signal?: AbortSignal,
): Promise<ArchiveStats> {
  const started = Date.now();
  const bucket = config().uploadsBucket;
  const zip = new yazl.ZipFile();
  const names = archiveEntryNames(files);
  files.forEach((file, index) => {
    zip.addReadStreamLazy(
      names[index]!,
      { compress: false, size: file.size, mtime: new Date(file.createdAt) },
      (callback) => {
        archiveS3Client
          .send(new GetObjectCommand({ Bucket: bucket, Key: file.key }))
          .then((object) => callback(null, object.Body as Readable))
          .catch((error: unknown) => callback(error, undefined as unknown as Readable));
      },
    );
  });
  let produced = 0;
  let acknowledged = 0;
  let peakBufferedBytes = 0;
  let peakRssBytes = process.memoryUsage().rss;
  const parts = new Set<number>();
  const body = new PassThrough();
  zip.outputStream.on('data', (chunk: Buffer) => {
    produced += chunk.length;
    peakBufferedBytes = Math.max(peakBufferedBytes, produced - acknowledged);
  });
  zip.outputStream.on('error', (error) => body.destroy(error));
  zip.outputStream.pipe(body);
  zip.end();
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
  }, 100);
  try {
    const upload = new Upload({
      client: archiveS3Client,
      params: {
        Bucket: bucket,
        Key: target.key,
        Body: body,
        ContentType: 'application/zip',
        ContentDisposition: attachmentDisposition(target.fileName),
      },
      partSize: partBytes,
      queueSize: partQueueSize,
      leavePartsOnError: false,
    });
    upload.on('httpUploadProgress', (progress) => {
      if (progress.part !== undefined) parts.add(progress.part);
      acknowledged = Math.max(acknowledged, progress.loaded ?? 0);
    });
    // Stopped from outside (the run is about to time out): the upload is aborted, its parts dropped.
    const stop = () => {
      body.destroy(new Error('the archive was stopped'));
      void upload.abort();
    };
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await upload.done();
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    files: files.length,
    bytes: produced,
    parts: Math.max(1, parts.size),
    peakBufferedBytes,
    peakRssBytes,
    durationMs: Date.now() - started,
  };
}

/** Largest volume: 2 GB (`ARCHIVE_VOLUME_BYTES`; the tests make it small to get several). */
export function archiveVolumeBytes(): number {
  const configured = Number(process.env.ARCHIVE_VOLUME_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : maxArchiveVolumeBytes;
}

const volumeName = (fileName: string, number: number, count: number) =>
  count === 1 ? fileName : fileName.replace(/\.zip$/, `-${number}-of-${count}.zip`);

/**
 * Counts the set and cuts it into volumes of at most 2 GB, between images (#33), writes them, and
 * starts a run of this worker for each, so they are zipped in parallel.
 */
async function planArchive(
  task: Extract<FilesTask, { task: 'plan-archive' }>,
  log: Logger,
  context?: WorkerContext,
): Promise<void> {
  log.appendPersistentKeys({ set: task.set });
  const record = await getArchive(task.jobId, task.set);
  const job = await getJobItem(task.jobId);
  // A newer request replaced this build, or the job is gone: nothing to do.
  if (!record || record.buildId !== task.buildId || record.status !== 'PLANNING' || !job) return;
  const archiveJob = { id: job.id, uploadId: job.uploadId, hasImages: hasImages(job) };
  const planned = [];
  for (const source of sourcesOf(archiveJob, task.set)) {
    planned.push(...planVolumes(await readEntries(task.set, source), source.source, archiveVolumeBytes()));
  }
  if (planned.length === 0) {
    await updateArchive(task.jobId, task.set, task.buildId, {
      status: 'FAILED',
      error: 'There is nothing to zip in this set.',
    });
    return;
  }
  const prefix = `${bucketDefinitions.uploads.archivePrefix}${job.id}/${task.set}-${task.buildId}`;
  for (const [index, volume] of planned.entries()) {
    const number = index + 1;
    await putVolume(task.jobId, {
      ...volume,
      set: task.set,
      buildId: task.buildId,
      number,
      status: 'PLANNED',
      fileCount: volume.fileCount,
      plannedBytes: volume.bytes,
      key: `${prefix}-${number}.zip`,
      fileName: volumeName(record.fileName, number, planned.length),
      attempt: null,
      startedAt: null,
      builtAt: null,
      expiresAt: null,
      bytes: null,
      error: null,
      parts: null,
      peakBufferedBytes: null,
      peakRssBytes: null,
      durationMs: null,
    });
  }
  const recorded = await updateArchive(task.jobId, task.set, task.buildId, {
    status: 'BUILDING',
    volumeCount: planned.length,
    fileCount: planned.reduce((sum, volume) => sum + volume.fileCount, 0),
    bytes: planned.reduce((sum, volume) => sum + volume.bytes, 0),
    plannedAt: new Date().toISOString(),
  });
  if (!recorded) return;
  for (const number of planned.map((_, index) => index + 1)) {
    // A run of this same function per volume: on AWS its name is in the context (its environment
    // cannot name the function itself), locally in the environment like every caller's.
    await startFilesTask(
      { task: 'build-volume', jobId: task.jobId, set: task.set, buildId: task.buildId, volume: number },
      context?.functionName,
    );
  }
  log.info('archive planned', { volumes: planned.length });
}

/** The time a volume's run leaves itself before Lambda would stop it: to record that it failed. */
const watchdogMarginMs = 30_000;

/**
 * Zips one volume (#33). The run claims it first (one run a volume), and watches its own time: a
 * zip that cannot be finished before Lambda stops the run is aborted and the volume marked FAILED,
 * which a new request builds again; a run killed outright (memory) leaves it BUILDING, which reads
 * as failed once a run could no longer be alive. Every failure is counted for the alarm.
 */
async function buildVolume(
  task: Extract<FilesTask, { task: 'build-volume' }>,
  log: Logger,
  context?: WorkerContext,
): Promise<void> {
  log.appendPersistentKeys({ set: task.set, volume: task.volume });
  const attempt = ulid();
  const claimed = await claimVolume(task.jobId, task.set, task.volume, {
    buildId: task.buildId,
    attempt,
    now: new Date().toISOString(),
  });
  if (!claimed) return;
  const volume = (await getVolume(task.jobId, task.set, task.volume))!;
  const job = await getJobItem(task.jobId);
  const fail = async (error: string) => {
    countWorkerEvent('ArchiveVolumesFailed');
    await finishVolume(task.jobId, task.set, task.volume, attempt, { status: 'FAILED', error });
  };
  if (!job) return fail('The job is gone.');
  const source = sourcesOf({ id: job.id, uploadId: job.uploadId, hasImages: hasImages(job) }, task.set).find(
    (candidate) => candidate.source === volume.source,
  );
  if (!source) return fail('This part of the archive no longer matches the job.');
  const stop = new AbortController();
  const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60 * 1000;
  // Too little time left to start (a retried event late in its run): stop at once, say so.
  if (remaining <= watchdogMarginMs) stop.abort();
  const watchdog = setTimeout(() => stop.abort(), Math.max(0, remaining - watchdogMarginMs));
  try {
    const files = await readEntries(task.set, source, volume);
    const stats = await streamArchive(
      files,
      { key: volume.key, fileName: volume.fileName },
      archivePartBytes(),
      stop.signal,
    );
    const builtAt = new Date();
    const expiresAt = new Date(builtAt.getTime() + bucketDefinitions.uploads.archiveDays * 24 * 3600 * 1000);
    await finishVolume(task.jobId, task.set, task.volume, attempt, {
      status: 'READY',
      // The files actually zipped: the set may have changed since the plan.
      fileCount: stats.files,
      bytes: stats.bytes,
      builtAt: builtAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      parts: stats.parts,
      peakBufferedBytes: stats.peakBufferedBytes,
      peakRssBytes: stats.peakRssBytes,
      durationMs: stats.durationMs,
    });
    log.info('archive volume built', { ...stats });
  } catch (error) {
    log.error('archive volume failed', { error: String(error), stopped: stop.signal.aborted });
    await fail(
      stop.signal.aborted
        ? 'This part took longer than a worker may run. Ask again to build it again.'
        : 'This part of the archive could not be built. Ask again; if it keeps failing, tell the studio.',
    );
  } finally {
    clearTimeout(watchdog);
  }
}

/** Re-tags every photo (and preview) of a job's upload as part of the job: never expired. */
async function keepPhotos(task: Extract<FilesTask, { task: 'keep-photos' }>, log: Logger): Promise<void> {
  const job = await getJob(task.jobId);
  // A revision request's reference images (#17) name their own upload, closed by that request.
  const uploadId = task.uploadId ?? job?.uploadId;
  if (!job || !uploadId) return;
  if (task.uploadId) {
    const upload = await getUpload(task.uploadId);
    if (upload?.jobId !== job.id) return;
  }
  const files = await allFiles({ uploadId });
  // The preview by its own key, whether or not the preview worker has recorded it yet (#33: it
  // makes previews after confirmation; one it makes later copies the photo's tag itself).
  const keys = files.flatMap((file) => [
    file.key,
    file.thumbnailKey ?? thumbnailKeyOf(file.key),
    // The screen-sized variant (#34) likewise; a file previewed before it existed has none.
    screenKeyOf(file.key),
  ]);
  await mapLimit(keys, keepConcurrency, (key) => tagKept(key));
  if (!task.uploadId) await markPhotosKept(job.id, new Date().toISOString());
  log.info('photos kept', { objects: keys.length });
}

/** The part of Lambda's context a run reads: how long it may still run, and its own name. */
export type WorkerContext = Partial<Pick<Context, 'getRemainingTimeInMillis' | 'functionName' | 'awsRequestId'>>;

export async function handler(event: FilesTask, context?: WorkerContext): Promise<void> {
  const log = invocationLogger(
    { task: event.task, jobId: event.jobId },
    context?.awsRequestId ? { awsRequestId: context.awsRequestId } : undefined,
  );
  switch (event.task) {
    case 'plan-archive':
      return planArchive(event, log, context);
    case 'build-volume':
      return buildVolume(event, log, context);
    case 'keep-photos':
      return keepPhotos(event, log);
    case 'migrate-job':
      await migrateJob(event.jobId);
      return;
  }
}
