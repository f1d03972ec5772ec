/**
 * Global setup of the stack suite: a throwaway local stack (in-memory DynamoDB, temporary S3 and
 * Cognito data), seeded like `npm start`, and one production build of the site (a build is seconds
 * of both cores: one for the suite, not one per test file). The browser tests load that build from
 * the local production server (`siteUrl`), as CloudFront serves it: a page is a few requests
 * instead of the hundred modules the dev server sends one by one. The Vite dev server of
 * `npm start` runs beside it (`devSiteUrl`) for the tests of that server.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../web/build/build-site.ts';
import { localNames } from '../local/provision.ts';
import { repoRoot, startLocalStack, wipe, type LocalStack } from '../local/stack.ts';
import { startMailboxServer, type MailboxServer } from '../local/mailbox-server.ts';
import { freePort } from '../local/processes.ts';
import { startSiteServer } from '../local/site-server.ts';
import { signInSeededStaff } from './staff-sessions.ts';
import './provided-context.ts';

let stack: LocalStack | undefined;
let vite: ViteDevServer | undefined;
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
let mailbox: MailboxServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const siteBuild = {
    outDir: path.join(dataDir, 'site', 'dist'),
    rendererDir: path.join(dataDir, 'site', 'dist-render'),
    siteUrl: 'https://studio.test',
  };
  // The build needs no stack: both at once (the emulators mostly wait on Java starting).
  [stack] = await Promise.all([
    startLocalStack({
      dataDir,
      persist: false,
      siteOrigin: siteUrl,
      logLevel: 'error',
      // The suite posts many forms from 127.0.0.1; the limit itself is tested on a gateway of its own.
      rateLimit: { limit: 100_000, windowMs: 60_000 },
      // S3's smallest part, so an archive of a few megabytes is still a multipart upload of several parts.
      archivePartBytes: 5 * 1024 * 1024,
      tuning: {
        // Tests disable, delete and enable accounts and check the very next read; the production
        // cache (reads may keep a record 30 s, writes never) is tested on a stack of its own
        // (functions/test/isolated/revocation.test.ts) and measured by `npm run measure:revocation`.
        accountStatusCacheSeconds: 0,
        // Every test comes from 127.0.0.1; the per-address limits are tested on a stack of their own.
        addressLimitScale: 1000,
        // The whole suite shares one DynamoDB Local on a small machine; the 1 s of production is
        // what the outage tests use, on stacks of their own (functions/test/isolated/).
        dynamoRequestTimeoutMs: 5000,
      },
    }),
    buildSite({
      siteUrl: siteBuild.siteUrl,
      outDir: siteBuild.outDir,
      renderDir: siteBuild.rendererDir,
      logLevel: 'silent',
    }),
  ]);
  Object.assign(process.env, {
    STUDIO_API_TARGET: stack.gateway.url,
    STUDIO_MEDIA_TARGET: stack.endpoints.s3,
    STUDIO_MEDIA_BUCKET: localNames.mediaBucket,
  });
  site = await startSiteServer({
    dist: siteBuild.outDir,
    port,
    gatewayUrl: stack.gateway.url,
    s3Url: stack.endpoints.s3,
    mediaBucket: localNames.mediaBucket,
  });
  const devPort = await freePort();
  vite = await createServer({
    configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
    root: path.join(repoRoot, 'web'),
    server: { host: '127.0.0.1', port: devPort, strictPort: true, hmr: false },
    logLevel: 'error',
  });
  await vite.listen();
  project.provide('devSiteUrl', `http://127.0.0.1:${devPort}`);
  project.provide('gatewayUrl', stack.gateway.url);
  project.provide('siteUrl', siteUrl);
  project.provide('cognitoEndpoint', stack.endpoints.cognito);
  project.provide('dynamoEndpoint', stack.endpoints.dynamo);
  project.provide('s3Endpoint', stack.endpoints.s3);
  project.provide('userPoolId', stack.pool.userPoolId);
  project.provide('siteClientId', stack.pool.siteClientId);
  project.provide('staffClientId', stack.pool.staffClientId);
  project.provide('accounts', stack.accounts);
  const totpStateFile = path.join(dataDir, 'authenticator-codes.json');
  project.provide('totpStateFile', totpStateFile);
  project.provide('staffSessions', await signInSeededStaff(stack.gateway.url, stack.accounts, totpStateFile));
  project.provide('mailboxDir', stack.mailboxDir);
  // The developer mailbox of `npm start`, on its own port (never the site's or the gateway's).
  mailbox = await startMailboxServer({ mailboxDir: stack.mailboxDir });
  project.provide('mailboxUrl', mailbox.url);
  project.provide('stripeEmulatorUrl', stack.endpoints.stripe);
  project.provide('stripeSecretKey', stack.stripe.secretKey);
  project.provide('stripeWebhookSecret', stack.stripe.webhookSecret);
  project.provide('sesEndpoint', stack.endpoints.ses);
  project.provide('originSecret', stack.originSecret);
  project.provide('siteBuild', siteBuild);
}

export async function teardown() {
  await mailbox?.close();
  await site?.close();
  await vite?.close();
  await stack?.stop();
  if (dataDir) await wipe(dataDir);
}
