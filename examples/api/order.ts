/**
 * An example client of the studio's public API (#36), using fetch and Node's own modules only:
 *   1. listens for the studio's webhooks on a local port and registers a webhook for `job.delivered`;
 *   2. uploads every JPEG, PNG or WebP photo of a folder through the batch upload routes;
 *   3. orders a job of those photos, following a style spec, with an Idempotency-Key;
 *   4. waits for the signed `job.delivered` event of that job (the signature checked);
 *   5. downloads the finished images into a folder, and removes its webhook.
 *
 *   STUDIO_API_URL=https://studio.example.com STUDIO_API_KEY=rsk_live_... \
 *     npx tsx examples/api/order.ts --organisation <id> --service <id> --subservice <id> \
 *       [--spec <id>] --photos ./shots --out ./finished --port 8787 --public-url https://<tunnel>/hooks
 *
 * The key needs the scopes jobs:read, jobs:write, images:write and webhooks:manage. `--public-url`
 * is where the studio can reach the port (a tunnel); on AWS the studio sends webhooks to https
 * addresses on the internet only. Against a local stack (`npm start`), http://127.0.0.1:<port> works.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface OrderOptions {
  apiUrl: string;
  apiKey: string;
  organisationId: string;
  serviceId: string;
  subServiceIds: string[];
  specId?: string;
  photosDir: string;
  outDir: string;
  /** The local port the webhook receiver listens on (127.0.0.1); 0 picks a free one. */
  port: number;
  /** The URL the studio posts events to; by default http://127.0.0.1:<port>/hooks. */
  publicUrl?: string;
  /** Called once the job exists, so whoever runs this can follow it. */
  onJob?: (jobId: string) => void;
  log?: (line: string) => void;
}

const types: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
/** Seconds a signature may be away from this machine's clock before it is refused (replays). */
const toleranceSeconds = 300;

/** Calls the API with the key; any answer but 2xx is thrown with the API's own message. */
async function call<T>(options: OrderOptions, method: string, route: string, body?: unknown, headers = {}): Promise<T> {
  const response = await fetch(`${options.apiUrl}/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${answer.message ?? ''}`);
  return answer;
}

/** Whether `header` (`t=<unix>,v1=<hex>`) signs `body` with `secret`, within the tolerance. */
export function signatureIsValid(header: string | undefined, body: string, secret: string, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Receiver {
  server: Server;
  port: number;
  /** Resolves with the first verified event of `type` for `jobId`. */
  waitFor(type: string, jobId: string): Promise<Record<string, unknown>>;
  secret?: string;
}

/** A webhook receiver: answers 400 to an unsigned or badly signed POST, 200 to a good one. */
async function listen(port: number): Promise<Receiver> {
  const waiting: { type: string; jobId: string; resolve: (event: Record<string, unknown>) => void }[] = [];
  const receiver: Receiver = {
    server: createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = request.headers['studio-signature'];
        if (
          !receiver.secret ||
          !signatureIsValid(Array.isArray(signature) ? signature[0] : signature, body, receiver.secret)
        ) {
          response.writeHead(400).end('bad signature');
          return;
        }
        response.writeHead(200).end('ok');
        const event = JSON.parse(body) as { type: string; data: { job?: { id?: string }; id?: string } };
        const jobId = event.data.job?.id ?? event.data.id;
        for (const entry of waiting.filter((w) => w.type === event.type && w.jobId === jobId)) {
          waiting.splice(waiting.indexOf(entry), 1);
          entry.resolve(event as unknown as Record<string, unknown>);
        }
      });
    }),
    port: 0,
    waitFor: (type, jobId) => new Promise((resolve) => waiting.push({ type, jobId, resolve })),
  };
  await new Promise<void>((resolve) => receiver.server.listen(port, '127.0.0.1', resolve));
  receiver.port = (receiver.server.address() as { port: number }).port;
  return receiver;
}

/** Uploads the folder's photos in batches of 100: links, a POST each to storage, one confirmation. */
async function upload(options: OrderOptions, files: string[]): Promise<string> {
  let uploadId: string | undefined;
  for (let start = 0; start < files.length; start += 100) {
    const batch = await Promise.all(
      files.slice(start, start + 100).map(async (name) => {
        const body = await readFile(path.join(options.photosDir, name));
        return { name, body, type: types[path.extname(name).toLowerCase()]! };
      }),
    );
    const linked = await call<{
      uploadId: string;
      links: { key: string; post: { url: string; fields: Record<string, string> } | null }[];
    }>(
      options,
      'POST',
      'api/upload-links',
      {
        ...(uploadId ? { uploadId } : {}),
        files: batch.map((f) => ({ fileName: f.name, contentType: f.type, size: f.body.length })),
      },
      { 'idempotency-key': randomUUID() },
    );
    uploadId = linked.uploadId;
    for (const [index, link] of linked.links.entries()) {
      if (!link.post)
        throw new Error(`${batch[index]!.name}: files over 100 MB need a multipart upload, not shown here`);
      const form = new FormData();
      for (const [field, value] of Object.entries(link.post.fields)) form.append(field, value);
      form.append(
        'file',
        new Blob([new Uint8Array(batch[index]!.body)], { type: batch[index]!.type }),
        batch[index]!.name,
      );
      const posted = await fetch(link.post.url, { method: 'POST', body: form });
      if (!posted.ok) throw new Error(`${batch[index]!.name}: storage answered ${posted.status}`);
    }
    const confirmed = await call<{ refused: { fileName: string; reason: string }[] }>(
      options,
      'POST',
      `api/uploads/${uploadId}/photos/batch`,
      { photos: linked.links.map((link, i) => ({ key: link.key, fileName: batch[i]!.name })) },
      { 'idempotency-key': randomUUID() },
    );
    for (const refused of confirmed.refused) options.log?.(`refused ${refused.fileName}: ${refused.reason}`);
  }
  return uploadId!;
}

/** Runs the whole order; answers the job's id and the files written. */
export async function order(options: OrderOptions): Promise<{ jobId: string; files: string[] }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const photos = (await readdir(options.photosDir)).filter((name) => types[path.extname(name).toLowerCase()]).sort();
  if (photos.length === 0) throw new Error(`no JPEG, PNG or WebP photos in ${options.photosDir}`);

  const receiver = await listen(options.port);
  const hooks = `api/organisations/${options.organisationId}/webhooks`;
  let hookId: string | undefined;
  try {
    const created = await call<{ webhook: { id: string }; secret: string }>(options, 'POST', hooks, {
      url: options.publicUrl ?? `http://127.0.0.1:${receiver.port}/hooks`,
      events: ['job.delivered'],
    });
    hookId = created.webhook.id;
    receiver.secret = created.secret;

    const uploadId = await upload(options, photos);
    log(`uploaded ${photos.length} photos`);
    const { job } = await call<{ job: { id: string; jobNumber: string | null } }>(
      options,
      'POST',
      'api/jobs',
      {
        organisationId: options.organisationId,
        serviceId: options.serviceId,
        selectedSubServices: options.subServiceIds,
        linkType: 'generate',
        uploadId,
        ...(options.specId ? { specId: options.specId } : {}),
      },
      { 'idempotency-key': `order-${uploadId}` },
    );
    log(`job ${job.jobNumber ?? job.id} ordered; waiting for its delivery`);
    options.onJob?.(job.id);
    await receiver.waitFor('job.delivered', job.id);

    await mkdir(options.outDir, { recursive: true });
    const written: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        images: { current: { fileName: string; downloadUrl: string } | null }[];
        nextCursor: string | null;
      } = await call(options, 'GET', `api/jobs/${job.id}/images${cursor ? `?cursor=${cursor}` : ''}`);
      for (const image of page.images) {
        if (!image.current) continue;
        const file = await fetch(image.current.downloadUrl);
        if (!file.ok) throw new Error(`${image.current.fileName}: download answered ${file.status}`);
        const target = path.join(options.outDir, path.basename(image.current.fileName));
        await writeFile(target, Buffer.from(await file.arrayBuffer()));
        written.push(target);
      }
      cursor = page.nextCursor;
    } while (cursor);
    log(`downloaded ${written.length} finished images to ${options.outDir}`);
    return { jobId: job.id, files: written };
  } finally {
    if (hookId) await call(options, 'DELETE', `${hooks}/${hookId}`).catch(() => undefined);
    await new Promise((resolve) => receiver.server.close(resolve));
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const { values } = parseArgs({
    options: {
      organisation: { type: 'string' },
      service: { type: 'string' },
      subservice: { type: 'string', multiple: true },
      spec: { type: 'string' },
      photos: { type: 'string' },
      out: { type: 'string', default: './finished' },
      port: { type: 'string', default: '8787' },
      'public-url': { type: 'string' },
    },
  });
  const missing = ['organisation', 'service', 'subservice', 'photos'].filter(
    (name) => !values[name as keyof typeof values],
  );
  if (!process.env.STUDIO_API_URL || !process.env.STUDIO_API_KEY || missing.length > 0) {
    console.error(
      `Set STUDIO_API_URL and STUDIO_API_KEY, and give --${missing.join(', --') || 'the options'} (see the top of this file).`,
    );
    process.exit(2);
  }
  await order({
    apiUrl: process.env.STUDIO_API_URL.replace(/\/+$/, ''),
    apiKey: process.env.STUDIO_API_KEY,
    organisationId: values.organisation!,
    serviceId: values.service!,
    subServiceIds: values.subservice!,
    ...(values.spec ? { specId: values.spec } : {}),
    photosDir: values.photos!,
    outDir: values.out!,
    port: Number(values.port),
    ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  });
}
