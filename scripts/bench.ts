/**
 * `npm run bench`: measures the budgets of docs (ARCHITECTURE.md) and the figures the issues ask
 * for, and fails when a budget is missed. Run on an idle machine; figures land in .bench/.
 *   - Lambda bundles, per route group, stream consumer and worker, built as deployed (the stack's
 *     own esbuild settings, AWS SDK, Powertools and the rest inside): the code on the cold-start
 *     path (the entry and the chunks it imports statically; 600 KB minified, 700 KB with the S3
 *     client on it), the lazy chunks
 *     listed beside it (loaded by the first request that needs them, not counted), the module init
 *     of the bundle (median of fresh processes; 200 ms on an idle 2-core machine), and the build's
 *     rewrites of a dependency's source (0: the build refuses any).
 *   - Local stack: seconds from `npm start` to the first page and API answer (cold: fresh data,
 *     seeded; warm: second start), resident memory of the whole local stack.
 *   - GET api/services through the local gateway at 50 concurrent connections: p50, p99, req/s.
 *   - The site as published (`npm run preview`'s shape: production build, publisher, local API):
 *     first-load JS of `/` (every script the published home page loads, gzip -9; 100 KB); requests
 *     to `/api/` while each public page loads (0); seconds from a staff save in the API to the new
 *     HTML being served (a price change, five times; 10 s).
 *   - The files worker's zip stream (issue 15, `--only archive-stream`, not in the default run): a
 *     zip of 300 files streamed into the local S3 with the production part size; throughput, the
 *     most bytes held at once, resident memory, and the extrapolation to 2,000 x 10 MB.
 *   - Images (#33, scripts/bench-images.ts, not in the default run): `--only big-job` (5,000
 *     photos uploaded and confirmed by one client from one address: time, answers by status,
 *     memory, preview throughput, handler ms and Lambda cost per photo; `--photos <n>`) and
 *     `--only archive` ("Download all" of 2,000 photos of 1 MiB in volumes: time and memory per
 *     volume run; `--files`, `--file-mib`, `--volume-mib`), and `--only review` (#34: "Approve all
 *     remaining" and a job's approval on 5,000 delivered images: time and transactions; `--images`).
 *   - The overview's figures (#40 item 9, scripts/bench-figures.ts, `--only figures`, not in the
 *     default run): the projector's cost per job change over 10,000 jobs (`--jobs`), and the
 *     figures of a 24-month period over them: answer time and items read.
 *   - What needs action (#40, item 9, scripts/bench-overview.ts, `--only overview`, not in the
 *     default run): the eight counts with 5,000 open jobs and 50,000 closed ones (`--open`,
 *     `--closed`): time and read capacity of a count, and `GET api/studio/overview`'s answer time,
 *     counted and kept.
 * `npm run bench -- --only site` (or `js` for the published `/`'s first-load JS alone, `lambda`,
 * `stack`, `archive`, `archive-stream`, `big-job`, `review`, `figures`, `overview`) measures one part; `-- --only lambda --why services` (a function, several
 * separated by commas, or `all`) also says what a bundle is made of.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { listServicesResponseSchema } from '@studio/shared/service';
import { sitePages } from '@studio/shared/site-pages';
import { staffSignInResponseSchema } from '@studio/shared/staff';
import { launchChromium } from './test-setup/browser.ts';
import { streamConsumers } from '@studio/shared/platform';
import { routeGroups } from '@studio/shared/routes';
import {
  bundleEntryFile,
  bundleFunction,
  bundleGroup,
  consumerSource,
  autoApprovalEntry,
  DependencyRewriteError,
  filesWorkerEntry,
  webhookDispatcherEntry,
  webhookWorkerEntry,
  preTokenGenerationEntry,
} from '../infra/lib/bundle-settings.ts';
import { consumerEntry, groupEntry } from '../infra/lib/paths.ts';
import { archiveVolumesBench, bigJobBench, reviewBench } from './bench-images.ts';
import { figuresBench } from './bench-figures.ts';
import { overviewBench } from './bench-overview.ts';
import { breakDown, whyReport } from './bundle-why.ts';
import { freePort } from './local/processes.ts';
import type { StoredFile } from '../functions/src/data/job-files.ts';
import { startProductionSite } from './local/production-site.ts';
import { totp } from './local/totp.ts';
import { repoRoot, startLocalStack, wipe } from './local/stack.ts';

const budgets = {
  coldStartKb: 600,
  /**
   * A function with the S3 client on its cold-start path: the client is about 200 KB of the SDK's
   * own code, needed by the first request of every such group (docs/decisions/libraries.md).
   */
  coldStartWithS3Kb: 700,
  initMs: 200,
  dependencyRewrites: 0,
  firstLoadJsKb: 100,
  pageLoadApiRequests: 0,
  saveToServedSeconds: 10,
};
/** Fresh processes per bundle whose module init is timed: the median is the figure (`--init-runs`). */
const initRuns = Number(process.argv[process.argv.indexOf('--init-runs') + 1]) || 11;
const results: Record<string, unknown> = { machine: `${os.cpus().length} cores, node ${process.version}` };
const failures: string[] = [];

/**
 * Module init of a bundle, as on a cold start: fresh processes each import it once; the median
 * and the fastest of `initRuns` (the fastest is the least disturbed by other work on the machine).
 */
function initMs(entryFile: string): { median: number; fastest: number } {
  const env = { ...process.env, TABLE_NAME: 't', AWS_REGION: 'us-east-1' };
  const times = [];
  for (let i = 0; i < initRuns; i++) {
    const text = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t=performance.now(); await import(${JSON.stringify(pathToFileURL(entryFile).href)}); console.log(performance.now()-t);`,
      ],
      { env },
    ).toString();
    times.push(Number(text.trim()));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, fastest: times[0]! };
}

/**
 * Every function's bundle as the stack deploys it (infra/lib/bundle-settings.ts): its size (every
 * JavaScript file; source maps are separate files and not counted), what of it a cold start loads
 * (the budget), its lazy chunks, its module init, and the build's dependency rewrites.
 * `--why <group>` (or `--why all`) adds what the bundle is made of.
 */
async function lambdaBundles(why: string[]) {
  // Inside the repository, like the stack's bundles, so that the few externals (sharp) resolve.
  const out = path.join(repoRoot, '.bench', 'bundles');
  await rm(out, { recursive: true, force: true });
  const rows = [];
  const reports: string[] = [];
  const [load1] = os.loadavg();
  // Every route group, the files worker (issue 15) and the stream consumers (issue 18), each built
  // as the stack builds it.
  const functions: { group: string; entry: string; build: (outdir: string) => ReturnType<typeof bundleFunction> }[] = [
    ...routeGroups.map((group) => ({
      group,
      entry: groupEntry(group),
      build: (outdir: string) => bundleGroup(group, outdir),
    })),
    {
      group: 'files-worker',
      entry: filesWorkerEntry,
      build: (outdir) => bundleFunction({ entry: filesWorkerEntry }, outdir),
    },
    // The scheduled auto-approval sweep (issue 17).
    {
      group: 'auto-approval',
      entry: autoApprovalEntry,
      build: (outdir) => bundleFunction({ entry: autoApprovalEntry }, outdir),
    },
    // The user pool's pre token generation trigger (#32).
    {
      group: 'pre-token-generation',
      entry: preTokenGenerationEntry,
      build: (outdir) => bundleFunction({ entry: preTokenGenerationEntry }, outdir),
    },
    // Webhooks (#36): the delivery worker and the dispatcher.
    {
      group: 'webhook-worker',
      entry: webhookWorkerEntry,
      build: (outdir) => bundleFunction({ entry: webhookWorkerEntry }, outdir),
    },
    {
      group: 'webhook-dispatcher',
      entry: webhookDispatcherEntry,
      build: (outdir) => bundleFunction({ entry: webhookDispatcherEntry }, outdir),
    },
    ...streamConsumers.map((consumer) => ({
      group: consumer,
      entry: consumerEntry(consumer),
      build: (outdir: string) => bundleFunction(consumerSource(consumer), outdir),
    })),
  ];
  const lazy: string[] = [];
  for (const { group, entry, build } of functions) {
    let bundle: Awaited<ReturnType<typeof build>>;
    try {
      bundle = await build(path.join(out, group));
    } catch (error) {
      // The build refuses to change a dependency: that is the third budget, and the figure is the count.
      if (!(error instanceof DependencyRewriteError)) throw error;
      rows.push({ group, rewrites: error.rewrites.length });
      failures.push(`${group}: ${error.rewrites.length} rewrite(s) of dependencies > ${budgets.dependencyRewrites}`);
      continue;
    }
    const kb = bundle.bytes / 1024;
    const coldStartKb = bundle.initBytes / 1024;
    const ms = initMs(path.join(bundle.outdir, bundleEntryFile));
    // coldStartKb: what a cold start loads (the budget); kb: every file, lazy chunks included.
    rows.push({
      group,
      coldStartKb: Number(coldStartKb.toFixed(1)),
      s3: bundle.initPackages.includes('@aws-sdk/client-s3'),
      kb: Number(kb.toFixed(1)),
      lazyChunks: bundle.lazyChunks.length,
      initMedianMs: Number(ms.median.toFixed(1)),
      initFastestMs: Number(ms.fastest.toFixed(1)),
      rewrites: 0,
    });
    lazy.push(
      `${group}: ${bundle.lazyChunks.map((chunk) => `${chunk.file} ${(chunk.bytes / 1024).toFixed(1)} KB`).join(', ') || 'none'}`,
    );
    const carriesS3 = bundle.initPackages.includes('@aws-sdk/client-s3');
    const coldStartBudget = carriesS3 ? budgets.coldStartWithS3Kb : budgets.coldStartKb;
    if (coldStartKb > coldStartBudget)
      failures.push(`${group}: ${coldStartKb.toFixed(0)} KB on the cold-start path > ${coldStartBudget} KB`);
    if (ms.median > budgets.initMs)
      failures.push(`init of ${group} takes ${ms.median.toFixed(0)} ms (median) > ${budgets.initMs} ms`);
    if (why.includes(group) || why.includes('all')) {
      const entryInput = path.relative(repoRoot, entry).split(path.sep).join('/');
      reports.push(whyReport(group, bundle.bytes, breakDown(bundle.metafile, entryInput)));
    }
  }
  await rm(out, { recursive: true, force: true });
  const [load2] = os.loadavg();
  results.lambdaBundles = rows;
  results.lambdaLazyChunks = lazy;
  results.lambdaInitRuns = initRuns;
  results.lambdaLoadAverage = [Number(load1!.toFixed(2)), Number(load2!.toFixed(2))];
  console.table(rows);
  console.log(`lazy chunks (loaded on first use, not on the cold-start path):\n  ${lazy.join('\n  ')}`);
  console.log(`init: ${initRuns} fresh processes per bundle (--init-runs N)`);
  // Init times move with the machine's load: compare them only between runs made close together.
  console.log(
    `load average (1 min) before and after: ${load1!.toFixed(2)}, ${load2!.toFixed(2)} on ${os.cpus().length} cores`,
  );
  for (const report of reports) console.log(report);
}

function get(url: string, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

function rssKb(pid: number): number {
  try {
    const status = execFileSync('cat', [`/proc/${pid}/status`]).toString();
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Every descendant of pid, from /proc. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // process ended meanwhile
    }
  }
  const all: number[] = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      all.push(child);
      walk(child);
    }
  };
  walk(pid);
  return all;
}

async function startOnce(dataDir: string, label: string) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), STUDIO_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const site = `http://127.0.0.1:${port}`;
  let pageSeconds = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await get(`${site}/`)) === 200 && (await get(`${site}/api/services`)) === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error(`npm start did not serve within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  pageSeconds = (Date.now() - started) / 1000;
  const lock = JSON.parse(await readFile(path.join(dataDir, 'run.lock'), 'utf8')) as { gatewayUrl: string };
  return {
    label,
    pageSeconds,
    site,
    gatewayUrl: lock.gatewayUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

async function load(url: string, connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      try {
        const status = await get(url, agent);
        if (status !== 200) errors++;
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  // A short warm-up, so handler modules are loaded and connections open.
  for (let i = 0; i < 20; i++) await get(url, agent);
  const t0 = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1));
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50ms: pct(0.5),
    p99ms: pct(0.99),
  };
}

async function localStack() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-'));
  try {
    const cold = await startOnce(dataDir, 'cold (fresh data, seeding)');
    await cold.stop();
    const warm = await startOnce(dataDir, 'warm (existing data)');
    const pids = [warm.pid, ...(await descendants(warm.pid))];
    const memoryMb = pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
    const loadResult = await load(`${warm.gatewayUrl}/api/services`, 50, 10);
    await warm.stop();
    results.startup = { coldSeconds: cold.pageSeconds, warmSeconds: warm.pageSeconds };
    results.memoryMb = Number(memoryMb.toFixed(0));
    results.servicesAt50Connections = loadResult;
    console.log(
      `npm start to first page + API answer: cold ${cold.pageSeconds.toFixed(1)} s, warm ${warm.pageSeconds.toFixed(1)} s`,
    );
    console.log(`resident memory of the local stack (${pids.length} processes): ${memoryMb.toFixed(0)} MiB`);
    console.log(`GET api/services via the local gateway, 50 connections, 10 s:`, loadResult);
    if (loadResult.errors > 0) failures.push(`${loadResult.errors} failed requests under load`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The site as `npm run preview` serves it, on a throwaway seeded stack: the published pages'
 * first-load JS and API requests, and how long a staff save takes to reach the published HTML.
 */
async function publishedSite(parts: 'js' | 'all') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-site-'));
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: siteUrl, logLevel: 'error' });
  // In its own folder: a running `npm run preview` keeps serving web/dist.
  const outDir = path.join(dataDir, 'dist');
  const site = await startProductionSite({ stack, port, siteUrl, dataDir, outDir });
  const browser = await launchChromium();
  try {
    const services = listServicesResponseSchema.parse(await (await fetch(`${siteUrl}/api/services`)).json()).services;

    // First-load JS of `/`: every script the published page loads until the network is idle.
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto(`${siteUrl}/`, { waitUntil: 'networkidle' });
    const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
    await page.close();
    results.firstLoadJsKbGzip = Number(kb.toFixed(1));
    console.log(`first-load JS of / (published page, gzip): ${kb.toFixed(1)} KB in ${scripts.length} files`);
    if (kb > budgets.firstLoadJsKb)
      failures.push(`first-load JS of / is ${kb.toFixed(1)} KB > ${budgets.firstLoadJsKb} KB`);
    if (parts === 'js') return;

    // Requests to the API while each public page loads: its data is in its HTML.
    const apiRequests: Record<string, number> = {};
    for (const pathname of [...sitePages.map((p) => p.path), `/specific-services/${services[0]!.id}`]) {
      const tab = await browser.newPage();
      let count = 0;
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) count++;
      });
      await tab.goto(siteUrl + pathname, { waitUntil: 'networkidle' });
      await tab.close();
      apiRequests[pathname.replace(services[0]!.id, '{id}')] = count;
      if (count > budgets.pageLoadApiRequests) failures.push(`${pathname} made ${count} API requests while loading`);
    }
    results.pageLoadApiRequests = apiRequests;
    console.log('requests to /api/ while each public page loads:', apiRequests);

    // A staff save (a subservice's price, through the API as the console sends it) until the
    // service page, fetched as a crawler would, shows the new price.
    const admin = stack.accounts.find((account) => account.role === 'SUPER_ADMIN')!;
    const signIn = await fetch(`${siteUrl}/api/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Staff sign in with their authenticator code (#19).
      body: JSON.stringify({
        email: admin.email,
        password: admin.password,
        ...(admin.totpSecret ? { mfaCode: totp(admin.totpSecret) } : {}),
      }),
    });
    const { token } = staffSignInResponseSchema.parse(await signIn.json());
    const service = services.find((s) => s.subServices.length > 0)!;
    const sub = service.subServices[0]!;
    const seconds: number[] = [];
    for (let run = 1; run <= 5; run++) {
      const cents = 9000 + run * 11 + Math.floor(Math.random() * 50);
      const price = (cents / 100).toFixed(2);
      const saved = Date.now();
      const answer = await fetch(`${siteUrl}/api/subServices/updatesubservice/${sub.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: sub.name,
          description: sub.description,
          order: sub.order,
          prices: [{ price: Number(price), currency: 'USD' }],
        }),
      });
      if (!answer.ok) throw new Error(`the price change answered ${answer.status}: ${await answer.text()}`);
      for (;;) {
        const html = await (await fetch(`${siteUrl}/specific-services/${service.id}`)).text();
        if (html.includes(`$${price}`)) break;
        if (Date.now() - saved > 60_000) throw new Error(`the new price was not published within 60 s`);
        await sleep(25);
      }
      seconds.push((Date.now() - saved) / 1000);
      await sleep(1500);
    }
    seconds.sort((a, b) => a - b);
    const median = seconds[Math.floor(seconds.length / 2)]!;
    results.saveToServedSeconds = { median, max: seconds.at(-1), runs: seconds };
    console.log(`staff save to published HTML: median ${median.toFixed(2)} s, max ${seconds.at(-1)!.toFixed(2)} s`);
    if (seconds.at(-1)! > budgets.saveToServedSeconds)
      failures.push(`a save took ${seconds.at(-1)!.toFixed(1)} s to be published > ${budgets.saveToServedSeconds} s`);
  } finally {
    await browser.close();
    await site.close();
    await stack.stop();
    await wipe(dataDir);
  }
}

/**
 * The files worker's archive, measured: `files` stored objects of `fileMb` MiB (random bytes, so
 * nothing compresses) zipped by the worker's own `streamArchive` into the local S3 with the
 * production part size. The local stack runs in this process, so resident memory includes the S3
 * emulator; the worker's own share is the most zip bytes it held at once (made, not yet
 * acknowledged by S3), which does not grow with the archive.
 */
async function archiveBench() {
  const option = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const fileCount = option('files', 300);
  const fileMb = option('file-mb', 1);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-archive-'));
  const { startLocalStack } = await import('./local/stack.ts');
  const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: 'http://127.0.0.1:1', logLevel: 'error' });
  try {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('../functions/src/lib/s3.ts');
    const { streamArchive, archivePartBytes } = await import('../functions/src/workers/files-worker.ts');
    const { localNames } = await import('./local/provision.ts');
    const { randomBytes } = await import('node:crypto');
    const body = randomBytes(fileMb * 1024 * 1024);
    const files: StoredFile[] = [];
    for (let i = 0; i < fileCount; i += 16) {
      const batch = Array.from({ length: Math.min(16, fileCount - i) }, (_, j) => i + j);
      await Promise.all(
        batch.map(async (n) => {
          const key = `client-uploads/bench/upload/${String(n).padStart(26, '0')}.jpg`;
          await s3Client.send(new PutObjectCommand({ Bucket: localNames.uploadsBucket, Key: key, Body: body }));
          files.push({
            id: String(n).padStart(26, '0'),
            key,
            fileName: `photo-${n}.jpg`,
            size: body.length,
            contentType: 'image/jpeg' as const,
            thumbnailKey: null,
            createdAt: new Date().toISOString(),
          });
        }),
      );
    }
    files.sort((a, b) => a.id.localeCompare(b.id));
    const rssBefore = process.memoryUsage().rss;
    const stats = await streamArchive(files, { key: 'archives/bench/photos.zip', fileName: 'bench.zip' });
    const mbPerSecond = stats.bytes / 1024 / 1024 / (stats.durationMs / 1000);
    const target = { files: 2000, bytes: 2000 * 10 * 1000 * 1000 };
    const figures = {
      files: stats.files,
      archiveMiB: Number((stats.bytes / 1024 / 1024).toFixed(1)),
      partMiB: archivePartBytes() / 1024 / 1024,
      parts: stats.parts,
      seconds: Number((stats.durationMs / 1000).toFixed(1)),
      mibPerSecond: Number(mbPerSecond.toFixed(1)),
      peakBufferedMiB: Number((stats.peakBufferedBytes / 1024 / 1024).toFixed(1)),
      processRssMiB: {
        before: Math.round(rssBefore / 1024 / 1024),
        peak: Math.round(stats.peakRssBytes / 1024 / 1024),
      },
      extrapolated2000x10MB: {
        parts: Math.ceil(target.bytes / archivePartBytes()),
        seconds: Math.round(target.bytes / 1024 / 1024 / mbPerSecond),
        // Bounded by the parts in flight, not by the archive: the same as measured.
        peakBufferedMiB: Number((stats.peakBufferedBytes / 1024 / 1024).toFixed(1)),
      },
    };
    results.archive = figures;
    console.log('files worker archive:', figures);
    if (figures.extrapolated2000x10MB.parts > 10_000)
      failures.push('a 20 GB archive would need more than 10,000 parts');
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
const why = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--why' ? arg.split(',') : []));
const functionNames: readonly string[] = [
  ...routeGroups,
  'files-worker',
  'webhook-worker',
  'webhook-dispatcher',
  ...streamConsumers,
];
const unknown = why.filter((name) => name !== 'all' && !functionNames.includes(name));
if (unknown.length > 0)
  throw new Error(`--why: no function ${unknown.join(', ')} (functions: ${functionNames.join(', ')})`);
if (!only || only === 'lambda') await lambdaBundles(why);
if (!only || only === 'site' || only === 'js') await publishedSite(only === 'js' ? 'js' : 'all');
if (!only || only === 'stack') await localStack();
if (only === 'archive-stream') await archiveBench();
if (only === 'big-job') await bigJobBench(results, failures, numberOption('photos', 5000));
if (only === 'review') await reviewBench(results, failures, numberOption('images', 5000));
if (only === 'figures') await figuresBench(results, failures, numberOption('jobs', 10_000));
if (only === 'overview') {
  await overviewBench(results, failures, { open: numberOption('open', 5000), closed: numberOption('closed', 50_000) });
}
if (only === 'archive')
  await archiveVolumesBench(results, failures, {
    files: numberOption('files', 2000),
    fileMib: numberOption('file-mib', 1),
    ...(process.argv.includes('--volume-mib') ? { volumeMib: numberOption('volume-mib', 2048) } : {}),
  });
await mkdir(path.join(repoRoot, '.bench'), { recursive: true });
await writeFile(
  path.join(repoRoot, '.bench', 'results.json'),
  JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
);
if (failures.length) {
  console.error(`\nBudgets missed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll budgets met. Figures in .bench/results.json.');
