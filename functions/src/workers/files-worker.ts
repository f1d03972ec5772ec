import { PassThrough, type Readable } from 'node:stream';
import type { Context } from 'aws-lambda';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { bucketDefinitions } from '@studio/shared/platform';
import yazl from 'yazl';
import { attachmentDisposition, tagKept } from '../data/file-objects.ts';
import {
  allFiles,
  failLostArchive,
  finishArchive,
  getArchive,
  getUpload,
  isLostBuild,
  lostArchiveError,
  markPhotosKept,
  type StoredFile,
} from '../data/job-files.ts';
import { getJob } from '../data/jobs.ts';
import { config } from '../lib/config.ts';
import { invocationLogger, traced, type Logger } from '../lib/observability.ts';
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
  files: readonly StoredFile[],
  target: { key: string; fileName: string },
  partBytes = archivePartBytes(),
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
    await upload.done();
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

async function buildArchive(task: Extract<FilesTask, { task: 'build-archive' }>, log: Logger): Promise<void> {
  log.appendPersistentKeys({ set: task.set });
  const record = await getArchive(task.jobId, task.set);
  const job = await getJob(task.jobId);
  // A newer request replaced this build, or the job is gone: nothing to do.
  if (!record || record.buildId !== task.buildId || record.status !== 'BUILDING' || !job) return;
  // Lambda's retry of a run that died (killed at the time limit, out of memory), or an event that
  // waited too long: the build cannot finish in its time any more. Say so rather than start over.
  if (isLostBuild(record, Date.now())) {
    if (await failLostArchive(task.jobId, task.set, task.buildId, lostArchiveError)) {
      log.warn('archive build lost: marked failed', { buildId: task.buildId, requestedAt: record.requestedAt });
    }
    return;
  }
  try {
    const source = task.set === 'photos' ? (job.uploadId ? { uploadId: job.uploadId } : null) : { jobId: job.id };
    const files = source ? await allFiles(source) : [];
    const stats = await streamArchive(files, { key: record.key, fileName: record.fileName });
    const builtAt = new Date();
    const expiresAt = new Date(builtAt.getTime() + bucketDefinitions.uploads.archiveDays * 24 * 3600 * 1000);
    await finishArchive(task.jobId, task.set, task.buildId, {
      status: 'READY',
      // The files actually zipped: a set may have grown since the request (deliverables).
      fileCount: stats.files,
      bytes: stats.bytes,
      builtAt: builtAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      parts: stats.parts,
      peakBufferedBytes: stats.peakBufferedBytes,
      durationMs: stats.durationMs,
    });
    log.info('archive built', { ...stats });
  } catch (error) {
    log.error('archive failed', { error: String(error) });
    await finishArchive(task.jobId, task.set, task.buildId, {
      status: 'FAILED',
      error: 'The archive could not be built. Ask for it again; if it keeps failing, tell the studio.',
    });
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
  const keys = files.flatMap((file) => (file.thumbnailKey ? [file.key, file.thumbnailKey] : [file.key]));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < keys.length; i = next++) await tagKept(keys[i]!);
  };
  await Promise.all(Array.from({ length: keepConcurrency }, worker));
  if (!task.uploadId) await markPhotosKept(job.id, new Date().toISOString());
  log.info('photos kept', { objects: keys.length });
}

export async function handler(event: FilesTask, context?: Context): Promise<void> {
  const log = invocationLogger({ task: event.task, jobId: event.jobId }, context);
  switch (event.task) {
    case 'build-archive':
      return buildArchive(event, log);
    case 'keep-photos':
      return keepPhotos(event, log);
  }
}
