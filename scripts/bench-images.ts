/**
 * The figures of images (#33) for `npm run bench`, each on a throwaway local stack in this process
 * (the local gateway runs the handlers and the workers here, as `npm start` does):
 *   - `--only big-job`: a client uploads and confirms 5,000 small JPEGs through the calls the
 *     browser makes (`POST api/upload-links`, a presigned POST per file, `POST
 *     api/uploads/{id}/photos/batch`, 100 files a call, three calls at once), from one address,
 *     with the production limits (the per-address rule and the per-account write limits); then
 *     makes a job of them. Time, API answers by status (none may be 429 or 5xx), the process's peak
 *     memory, the preview worker's throughput, and ms of handler time per confirmed photo, from
 *     which docs/decisions/images.md states the Lambda cost of such a job.
 *   - `--only archive`: 2,000 photos of 1 MiB made into a job, and "Download all" of its photos in
 *     volumes (`--volume-mib`, default the production 2 GB): time and peak memory per volume run.
 *   - `--only review` (#34): "Approve all remaining" and the approval of a job, each on a job of
 *     5,000 DELIVERED images (`--images`): time and transactions. The jobs are made of a real
 *     one-photo job whose upload is filled with 5,000 delivered images written straight to the
 *     table (delivering 5,000 files through QC would measure the delivery, not the review).
 * Handler times come from the handlers' own `request done` and `previews made` log lines, read
 * from this process's output at log level info (and kept off the terminal).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  confirmPhotoBatchResponseSchema,
  createUploadLinksResponseSchema,
  type BatchUploadLink,
} from '@studio/shared/image-api';
import { jobResponseSchema } from '@studio/shared/job';
import { mapLimit } from '@studio/shared/map-limit';
import { archiveResponseSchema } from '@studio/shared/job-files';
import { listServicesResponseSchema } from '@studio/shared/service';
import { startLocalStack, wipe, type LocalStack } from './local/stack.ts';
import { totp } from './local/totp.ts';

type Results = Record<string, unknown>;

interface HandlerLines {
  requests: { route: string; status: number; durationMs: number }[];
  previewRuns: { files: number; ready: number; durationMs: number }[];
  /** #34: the images a review route approved, in how many transactions. */
  approvals: { jobId: string; approved: number; transactions: number }[];
  stop(): void;
}

/** Reads the handlers' JSON log lines written to stdout (and keeps them off the terminal). */
function captureHandlerLines(): HandlerLines {
  const lines: HandlerLines = { requests: [], previewRuns: [], approvals: [], stop: () => {} };
  const write = process.stdout.write.bind(process.stdout);
  let pending = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    const passed: string[] = [];
    for (const line of parts) {
      let entry: Record<string, unknown> | undefined;
      try {
        entry = line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : undefined;
      } catch {
        entry = undefined;
      }
      if (!entry) {
        passed.push(line);
        continue;
      }
      const message = entry.msg ?? entry.message;
      // Warnings and errors stay on the terminal: a figure without its cause says nothing.
      if (entry.level === 'WARN' || entry.level === 'ERROR') passed.push(line);
      if (message === 'request done' && typeof entry.durationMs === 'number') {
        lines.requests.push({
          route: String(entry.route ?? entry.routeKey ?? ''),
          status: Number(entry.status),
          durationMs: entry.durationMs,
        });
      } else if (message === 'images approved') {
        lines.approvals.push({
          jobId: String(entry.jobId),
          approved: Number(entry.approved),
          transactions: Number(entry.transactions),
        });
      } else if (message === 'previews made' && typeof entry.durationMs === 'number') {
        lines.previewRuns.push({
          files: Number(entry.files),
          ready: Number(entry.ready),
          durationMs: entry.durationMs,
        });
      }
    }
    if (passed.length) write(passed.join('\n') + '\n');
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  lines.stop = () => {
    process.stdout.write = write as typeof process.stdout.write;
  };
  return lines;
}

/** Resident memory sampled every 100 ms (the peak, in MiB). */
function sampleMemory() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024);
    },
  };
}

interface Client {
  stack: LocalStack;
  token: string;
  statuses: Record<string, number>;
  call(pathname: string, method: string, body?: unknown, token?: string): Promise<{ status: number; json: unknown }>;
}

async function signedInClient(stack: LocalStack): Promise<Client> {
  const statuses: Record<string, number> = {};
  const call: Client['call'] = async (pathname, method, body, token) => {
    const response = await fetch(stack.gateway.url + pathname, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const account = stack.accounts.find((a) => a.role === 'CLIENT')!;
  const signIn = await call('/api/users/signin', 'POST', { email: account.email, password: account.password });
  if (signIn.status !== 200) throw new Error(`the client's sign-in answered ${signIn.status}`);
  return { stack, token: (signIn.json as { token: string }).token, statuses, call };
}

/** Sends every file of `bodies` as the browser does, 100 a call, `parallel` calls at once. */
async function uploadAndConfirm(client: Client, names: string[], body: Buffer, parallel: number) {
  const batches = Array.from({ length: Math.ceil(names.length / 100) }, (_, i) => names.slice(i * 100, i * 100 + 100));
  let uploadId: string | undefined;
  const s3Statuses: Record<string, number> = {};
  let confirmed = 0;
  const refused: string[] = [];
  const send = async (batch: string[]) => {
    const linked = await client.call(
      '/api/upload-links',
      'POST',
      {
        ...(uploadId ? { uploadId } : {}),
        files: batch.map((fileName) => ({ fileName, contentType: 'image/jpeg', size: body.length })),
      },
      client.token,
    );
    if (linked.status !== 200)
      throw new Error(`upload-links answered ${linked.status}: ${JSON.stringify(linked.json)}`);
    const links = createUploadLinksResponseSchema.parse(linked.json);
    uploadId = links.uploadId;
    await mapLimit(links.links, 6, async (link: BatchUploadLink) => {
      const form = new FormData();
      for (const [field, value] of Object.entries(link.post!.fields)) form.append(field, value);
      form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'file');
      const posted = await fetch(link.post!.url, { method: 'POST', body: form });
      await posted.arrayBuffer();
      s3Statuses[posted.status] = (s3Statuses[posted.status] ?? 0) + 1;
    });
    // A 503 (a dependency too slow, on a loaded machine) is sent again after a few seconds, as the
    // browser's uploader does; it stays counted in the answers by status. Confirming is idempotent.
    let answer = { status: 0, json: undefined as unknown };
    for (let attempt = 1; attempt <= 3; attempt++) {
      answer = await client.call(
        `/api/uploads/${links.uploadId}/photos/batch`,
        'POST',
        { photos: links.links.map((link, i) => ({ key: link.key, fileName: batch[i]! })) },
        client.token,
      );
      if (answer.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    if (answer.status !== 200)
      throw new Error(`photos/batch answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    const outcome = confirmPhotoBatchResponseSchema.parse(answer.json);
    confirmed += outcome.photos.length;
    refused.push(...outcome.refused.map((r) => `${r.fileName}: ${r.reason}`));
  };
  // The first call makes the upload; the others name it, a few at once as the browser does.
  await send(batches[0]!);
  await mapLimit(batches.slice(1), parallel, send);
  return { uploadId: uploadId!, confirmed, refused, s3Statuses };
}

async function createJob(client: Client, uploadId: string) {
  const service = listServicesResponseSchema.parse((await client.call('/api/services', 'GET')).json).services[0]!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  const created = await client.call(
    '/api/jobs',
    'POST',
    { serviceId: service.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId },
    client.token,
  );
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`job creation answered ${created.status}: ${JSON.stringify(created.json)}`);
  return jobResponseSchema.parse(created.json).job;
}

const smallJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a8a9a' } })
    .jpeg({ quality: 70 })
    .toBuffer();

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Lambda's price on arm64 in us-east-1 (2026): $0.0000133334 per GB-second, $0.20 per million
 * requests; the memory of each function as deployed (infra/: uploads 1536 MB for sharp, the
 * preview worker 2048 MB).
 */
function lambdaCost(handlerMs: number, memoryMb: number, requests: number): number {
  return (handlerMs / 1000) * (memoryMb / 1024) * 0.0000133334 + (requests * 0.2) / 1_000_000;
}

export async function bigJobBench(results: Results, failures: string[], photos = 5000): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-big-job-'));
  const lines = captureHandlerLines();
  // The production limits: the gateway's default per-address rule and the API's per-account ones.
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    siteOrigin: 'http://127.0.0.1:9',
    logLevel: 'info',
  });
  try {
    const client = await signedInClient(stack);
    const body = await smallJpeg();
    const names = Array.from({ length: photos }, (_, i) => `product-${String(i + 1).padStart(5, '0')}.jpg`);
    lines.requests.length = 0;
    const memory = sampleMemory();
    const started = Date.now();
    const uploaded = await uploadAndConfirm(client, names, body, 3);
    const uploadSeconds = (Date.now() - started) / 1000;
    await stack.lambda.idle();
    const previewsDoneSeconds = (Date.now() - started) / 1000;
    // The job once every preview is made, so that the time until then is the upload's and the
    // preview worker's alone (job creation lists the upload's 10,000 objects).
    const job = await createJob(client, uploaded.uploadId);
    const peakRssMiB = memory.stop();

    const confirmMs = lines.requests.filter((r) => r.route.endsWith('/photos/batch')).map((r) => r.durationMs);
    const linkMs = lines.requests.filter((r) => r.route.endsWith('/upload-links')).map((r) => r.durationMs);
    const previewFiles = sum(lines.previewRuns.map((r) => r.files));
    const previewReady = sum(lines.previewRuns.map((r) => r.ready));
    const previewMs = sum(lines.previewRuns.map((r) => r.durationMs));
    const apiMsPerPhoto = (sum(confirmMs) + sum(linkMs)) / uploaded.confirmed;
    const previewMsPerPhoto = previewMs / Math.max(1, previewFiles);
    const apiCost = lambdaCost(sum(confirmMs) + sum(linkMs), 1536, confirmMs.length + linkMs.length);
    const previewCost = lambdaCost(previewMs, 2048, lines.previewRuns.length);
    const figures = {
      photos,
      confirmed: uploaded.confirmed,
      refused: uploaded.refused.length,
      jobImages: job.imageCounts ? sum(Object.values(job.imageCounts)) : null,
      uploadAndConfirmSeconds: Number(uploadSeconds.toFixed(1)),
      untilEveryPreviewSeconds: Number(previewsDoneSeconds.toFixed(1)),
      apiAnswersByStatus: client.statuses,
      s3PostsByStatus: uploaded.s3Statuses,
      apiCalls: { uploadLinks: linkMs.length, photosBatch: confirmMs.length },
      handlerMs: {
        uploadLinksMedian: median(linkMs),
        photosBatchMedian: median(confirmMs),
        perConfirmedPhoto: Number(apiMsPerPhoto.toFixed(2)),
      },
      previewWorker: {
        runs: lines.previewRuns.length,
        previews: previewFiles,
        ready: previewReady,
        handlerMsPerPreview: Number(previewMsPerPhoto.toFixed(1)),
        previewsPerSecond: Number((previewFiles / Math.max(0.001, previewsDoneSeconds)).toFixed(1)),
      },
      processPeakRssMiB: peakRssMiB,
      lambdaCostUsd: {
        api: Number(apiCost.toFixed(4)),
        previews: Number(previewCost.toFixed(4)),
      },
    };
    results.bigJob = figures;
    lines.stop();
    console.log('big job:', JSON.stringify(figures, null, 2));
    const bad = Object.entries(client.statuses).filter(([status]) => status === '429' || Number(status) >= 500);
    if (bad.length) failures.push(`big job: API answers ${JSON.stringify(Object.fromEntries(bad))}`);
    if (uploaded.confirmed !== photos) failures.push(`big job: ${uploaded.confirmed} of ${photos} photos confirmed`);
    if (previewReady !== photos) failures.push(`big job: ${previewReady} of ${photos} previews made`);
  } finally {
    lines.stop();
    await stack.stop();
    await wipe(dataDir);
  }
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function archiveVolumesBench(
  results: Results,
  failures: string[],
  options: { files: number; fileMib: number; volumeMib?: number },
): Promise<void> {
  if (options.volumeMib) process.env.ARCHIVE_VOLUME_BYTES = String(options.volumeMib * 1024 * 1024);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-archive-'));
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    siteOrigin: 'http://127.0.0.1:9',
    logLevel: 'error',
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  });
  try {
    const client = await signedInClient(stack);
    // A small JPEG followed by noise: the server checks the first bytes, the zip stores the file.
    const body = Buffer.concat([await smallJpeg(), randomBytes(options.fileMib * 1024 * 1024)]).subarray(
      0,
      options.fileMib * 1024 * 1024,
    );
    const names = Array.from({ length: options.files }, (_, i) => `shot-${String(i + 1).padStart(5, '0')}.jpg`);
    const uploaded = await uploadAndConfirm(client, names, body, 2);
    const job = await createJob(client, uploaded.uploadId);
    await stack.lambda.idle();
    const admin = stack.accounts.find((a) => a.role === 'MANAGER')!;
    const signIn = await client.call('/api/admin/signin', 'POST', {
      email: admin.email,
      password: admin.password,
      ...(admin.totpSecret ? { mfaCode: totp(admin.totpSecret) } : {}),
    });
    const managerToken = (signIn.json as { token: string }).token;

    const memory = sampleMemory();
    const started = Date.now();
    const requested = await client.call(`/api/jobs/${job.id}/archives/photos`, 'POST', undefined, managerToken);
    if (requested.status !== 200) throw new Error(`the archive request answered ${requested.status}`);
    await stack.lambda.idle();
    const seconds = (Date.now() - started) / 1000;
    const processPeakRssMiB = memory.stop();
    const archive = archiveResponseSchema.parse(
      (await client.call(`/api/jobs/${job.id}/archives/photos`, 'GET', undefined, managerToken)).json,
    ).archive;
    const { getVolume } = await import('../functions/src/data/archives.ts');
    const volumes = await Promise.all(
      (archive.volumes ?? []).map(async (volume) => {
        const record = await getVolume(job.id, 'photos', volume.number);
        return {
          number: volume.number,
          status: volume.status,
          files: volume.fileCount,
          MiB: Number((volume.bytes / 1024 / 1024).toFixed(1)),
          seconds: record?.durationMs ? Number((record.durationMs / 1000).toFixed(1)) : null,
          peakRssMiB: record?.peakRssBytes ? Math.round(record.peakRssBytes / 1024 / 1024) : null,
          peakBufferedMiB: record?.peakBufferedBytes
            ? Number((record.peakBufferedBytes / 1024 / 1024).toFixed(1))
            : null,
        };
      }),
    );
    const figures = {
      files: options.files,
      fileMiB: options.fileMib,
      volumeMiB: options.volumeMib ?? 'production (2 GB)',
      status: archive.status,
      seconds: Number(seconds.toFixed(1)),
      archiveMiB: Number(((archive.bytes ?? 0) / 1024 / 1024).toFixed(1)),
      volumes,
      processPeakRssMiB,
    };
    results.archiveVolumes = figures;
    console.log('archive in volumes:', JSON.stringify(figures, null, 2));
    if (archive.status !== 'READY') failures.push(`archive in volumes: ${archive.status} (${archive.error ?? ''})`);
  } finally {
    delete process.env.ARCHIVE_VOLUME_BYTES;
    await stack.stop();
    await wipe(dataDir);
  }
}

/** A signed-in manager's token (the staff sign-in with its code). */
async function managerToken(client: Client): Promise<string> {
  const admin = client.stack.accounts.find((a) => a.role === 'MANAGER')!;
  const signIn = await client.call('/api/admin/signin', 'POST', {
    email: admin.email,
    password: admin.password,
    ...(admin.totpSecret ? { mfaCode: totp(admin.totpSecret) } : {}),
  });
  return (signIn.json as { token: string }).token;
}

/**
 * A paid job of `count` images, all DELIVERED (the released version of each summarised on it):
 * a real job of one photo, its upload then filled straight in the table (25 items a BatchWrite).
 */
async function deliveredImagesJob(client: Client, manager: string, count: number, body: Buffer) {
  const { BatchWriteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ulid } = await import('ulid');
  const { documentClient } = await import('../functions/src/lib/dynamo.ts');
  const { newImageItem } = await import('../functions/src/data/images.ts');
  const { imageStatusIndexKeys, jobKey, tableName } = await import('../functions/src/data/keys.ts');
  const uploaded = await uploadAndConfirm(client, ['seed.jpg'], body, 1);
  const job = await createJob(client, uploaded.uploadId);
  const paid = await client.call(
    `/api/jobs/${job.id}/payment/mark-paid`,
    'PUT',
    { amountCents: job.totalCents, reference: 'Bench transfer' },
    manager,
  );
  if (paid.status !== 200) throw new Error(`mark-paid answered ${paid.status}`);
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = ulid();
    const versionId = ulid();
    const file = {
      id,
      key: `clients/bench/${uploaded.uploadId}/${id}.jpg`,
      fileName: `product-${String(i + 1).padStart(5, '0')}.jpg`,
      size: body.length,
      contentType: 'image/jpeg' as const,
      thumbnailKey: null,
      createdAt: now,
    };
    const released = {
      id: versionId,
      number: 1,
      round: 1,
      key: `deliverables/${job.id}/${versionId}.jpg`,
      fileName: file.fileName,
      size: body.length,
      contentType: 'image/jpeg',
      preview: 'NONE',
      thumbnailKey: null,
      width: null,
      height: null,
      deliveredAt: now,
      deliveredBy: 'bench',
    };
    return {
      ...newImageItem(uploaded.uploadId, file),
      ...imageStatusIndexKeys(uploaded.uploadId, id, 'DELIVERED'),
      status: 'DELIVERED',
      preview: 'NONE',
      jobId: job.id,
      versionCount: 1,
      current: released,
      released,
    };
  });
  await mapLimit(
    Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25)),
    4,
    async (chunk) => {
      let pending: Record<string, unknown>[] | undefined = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (pending && pending.length > 0) {
        const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = result.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
      }
    },
  );
  // The seed photo leaves the job: its images are the delivered ones (and the seed's item stays RECEIVED, uncounted).
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(job.id),
      UpdateExpression:
        'SET #counts = :counts, #status = :delivered, #photos = :count, #progress = :full, #figures = :figures, #roundDeliveredAt = :now',
      ExpressionAttributeNames: {
        '#counts': 'imageCounts',
        '#status': 'status',
        '#photos': 'numberOfPhotos',
        '#progress': 'progress',
        '#figures': 'reviewFigures',
        '#roundDeliveredAt': 'roundDeliveredAt',
      },
      ExpressionAttributeValues: {
        ':counts': { RECEIVED: 0, IN_EDIT: 0, IN_QC: 0, DELIVERED: count, APPROVED: 0, REJECTED: 0 },
        ':delivered': 'DELIVERED',
        ':count': count,
        ':full': 100,
        ':figures': { delivered: count, firstTimeApproved: 0, sentBack: 0 },
        ':now': now,
      },
    }),
  );
  return job;
}

export async function reviewBench(results: Results, failures: string[], count = 5000): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-review-'));
  const lines = captureHandlerLines();
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    siteOrigin: 'http://127.0.0.1:9',
    logLevel: 'info',
  });
  try {
    const client = await signedInClient(stack);
    const manager = await managerToken(client);
    const body = await smallJpeg();
    const measure = async (label: string, pathname: (jobId: string) => string, method: string) => {
      const job = await deliveredImagesJob(client, manager, count, body);
      await stack.lambda.idle();
      // A request stops before the function's timeout (10 s) and says what is left: the browser
      // calls again, as here, until every image is approved.
      const started = Date.now();
      const answers: number[] = [];
      for (let call = 0; call < 20; call++) {
        const answer = await client.call(pathname(job.id), method, undefined, client.token);
        answers.push(answer.status);
        const left = (answer.json as { counts?: { DELIVERED: number } } | undefined)?.counts?.DELIVERED;
        if (answer.status === 200 && (left === undefined || left === 0)) break;
        if (answer.status !== 200 && answer.status !== 503) break;
      }
      const seconds = (Date.now() - started) / 1000;
      const logged = lines.approvals.filter((entry) => entry.jobId === job.id);
      const read = await client.call(`/api/jobs/${job.id}/images?limit=1`, 'GET', undefined, client.token);
      const counts = (read.json as { counts?: Record<string, number> } | undefined)?.counts;
      const jobStatus = (
        (await client.call(`/api/jobs/${job.id}`, 'GET', undefined, client.token)).json as { job: { status: string } }
      ).job.status;
      const transactions = logged.reduce((total, entry) => total + entry.transactions, 0);
      const figures = {
        images: count,
        requests: answers.length,
        answers,
        seconds: Number(seconds.toFixed(1)),
        approved: logged.reduce((total, entry) => total + entry.approved, 0),
        transactions,
        msPerTransaction: transactions > 0 ? Math.round((seconds * 1000) / transactions) : null,
        jobStatus,
        counts,
      };
      console.log(`${label}:`, JSON.stringify(figures));
      if (answers.some((status) => status !== 200 && status !== 503))
        failures.push(`${label}: answered ${answers.join(', ')}`);
      if (counts?.APPROVED !== count) failures.push(`${label}: ${counts?.APPROVED ?? 0} of ${count} images approved`);
      return figures;
    };
    const approveRemaining = await measure(
      'approve-remaining',
      (id) => `/api/jobs/${id}/images/approve-remaining`,
      'POST',
    );
    const approveJob = await measure('approve', (id) => `/api/jobs/${id}/approve`, 'PUT');
    if (approveJob.jobStatus !== 'COMPLETED') failures.push(`approve: the job is ${approveJob.jobStatus}`);
    results.review = { approveRemaining, approveJob };
  } finally {
    lines.stop();
    await stack.stop();
    await wipe(dataDir);
  }
}
