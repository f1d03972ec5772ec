/**
 * The local stack a test suite starts once, in its global setup: a throwaway stack (in-memory
 * DynamoDB, temporary S3 and Cognito data), seeded like `npm start`. With `site`, also one
 * production build of the site (a build is seconds of both cores: one for the suite, not one per
 * test file), served by the local production server as CloudFront serves it (a page is a few
 * requests instead of the hundred modules the dev server sends one by one), and the Vite dev
 * server of `npm start` beside it for the tests of that server. The API suite needs no site: its
 * `siteUrl` is only the origin the stack names in links and CORS rules.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { buildSite } from '../../web/build/build-site.ts';
import { localNames } from '../local/provision.ts';
import { repoRoot, startLocalStack, wipe, type LocalStack } from '../local/stack.ts';
import { freePort } from '../local/processes.ts';
import { startSiteServer } from '../local/site-server.ts';
import { startMailboxServer, type MailboxServer } from '../local/mailbox-server.ts';
import { signInSeededStaff } from './staff-sessions.ts';
import type { SuiteContext } from './suite-context.ts';

export interface SuiteStack {
  context: SuiteContext;
  stop(): Promise<void>;
}

export async function startSuiteStack({ site: withSite }: { site: boolean }): Promise<SuiteStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  let stack: LocalStack | undefined;
  let vite: ViteDevServer | undefined;
  let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
  let mailbox: MailboxServer | undefined;
  const stop = async () => {
    await mailbox?.close();
    await site?.close();
    await vite?.close();
    await stack?.stop();
    await wipe(dataDir);
  };
  try {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const siteBuild = {
      outDir: path.join(dataDir, 'site', 'dist'),
      rendererDir: path.join(dataDir, 'site', 'dist-render'),
      siteUrl: 'https://studio.test',
    };
    // The renderer (an ES module named .js, as the publisher's function loads it) is imported from
    // this folder by the build and the publishers: Node tells its module type from its syntax, but
    // Playwright's loader goes by the nearest package.json, as Node once did.
    await mkdir(path.join(dataDir, 'site'));
    await writeFile(path.join(dataDir, 'site', 'package.json'), '{ "type": "module" }\n');
    // The build needs no stack: both at once (the emulators mostly wait on Java starting).
    [stack] = await Promise.all([
      startLocalStack({
        dataDir,
        persist: false,
        siteOrigin: siteUrl,
        // Warnings too: a dependency that answered slowly or not at all (the 503s) is named in the
        // output of the test that met it.
        logLevel: 'warn',
        // The suite posts many forms from 127.0.0.1; the limit itself is tested on a gateway of its own.
        rateLimit: { limit: 100_000, windowMs: 60_000 },
        // S3's smallest part, so an archive of a few megabytes is still a multipart upload of several parts.
        archivePartBytes: 5 * 1024 * 1024,
        // The API suite serves no site: the demo images without their AVIF/WebP copies.
        imageVariants: withSite,
        tuning: {
          // Tests disable, delete and enable accounts and check the very next read; the production
          // cache (reads may keep a record 30 s, writes never) is tested on a stack of its own
          // (functions/test/isolated/revocation.test.ts) and measured by `npm run measure:revocation`.
          accountStatusCacheSeconds: 0,
          // Every test comes from 127.0.0.1; the per-address limits are tested on a stack of their own.
          addressLimitScale: 1000,
          // The whole suite's requests share one process and one set of emulators on a small
          // machine, beside the other lanes of `npm test`: every AWS client's attempt may take ten
          // times its production budget (DynamoDB 10 s rather than 1 s). 50 orders sent at once
          // while the three lanes ran met DynamoDB Local's 5 s (TimeoutError, logged). The outage
          // tests use production's budgets, on stacks of their own (functions/test/isolated/).
          sdkTimeoutScale: 10,
        },
      }),
      withSite
        ? buildSite({
            siteUrl: siteBuild.siteUrl,
            outDir: siteBuild.outDir,
            renderDir: siteBuild.rendererDir,
            logLevel: 'silent',
          })
        : undefined,
    ]);
    let devSiteUrl = '';
    if (withSite) {
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
      devSiteUrl = `http://127.0.0.1:${devPort}`;
    }
    const totpStateFile = path.join(dataDir, 'authenticator-codes.json');
    const staffSessions = await signInSeededStaff(stack.gateway.url, stack.accounts, totpStateFile);
    // The developer mailbox of `npm start`, on its own port (never the site's or the gateway's).
    mailbox = await startMailboxServer({ mailboxDir: stack.mailboxDir });
    const context: SuiteContext = {
      devSiteUrl,
      gatewayUrl: stack.gateway.url,
      siteUrl,
      cognitoEndpoint: stack.endpoints.cognito,
      dynamoEndpoint: stack.endpoints.dynamo,
      s3Endpoint: stack.endpoints.s3,
      userPoolId: stack.pool.userPoolId,
      siteClientId: stack.pool.siteClientId,
      staffClientId: stack.pool.staffClientId,
      accounts: stack.accounts,
      staffSessions,
      totpStateFile,
      mailboxDir: stack.mailboxDir,
      mailboxUrl: mailbox.url,
      stripeEmulatorUrl: stack.endpoints.stripe,
      stripeSecretKey: stack.stripe.secretKey,
      stripeWebhookSecret: stack.stripe.webhookSecret,
      sesEndpoint: stack.endpoints.ses,
      lambdaEndpoint: stack.endpoints.lambda,
      originSecret: stack.originSecret,
      siteBuild,
    };
    return { context, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
