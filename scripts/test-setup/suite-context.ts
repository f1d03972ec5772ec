/**
 * What a test suite's local stack hands to its tests: endpoints, seeded accounts, the site build.
 * Both runners read it the same way: the API suite's vitest global setup and the browser suite's
 * Playwright global setup publish it in this process's environment, which their workers inherit.
 * The helpers shared by both suites read it with {@link provided}, never through a runner's API
 * (vitest and @playwright/test cannot be loaded in one process: both install a global `expect`).
 */
import type { StaffRole } from '@studio/shared/platform';
import type { StaffSignInResponse } from '@studio/shared/staff';

export interface SuiteContext {
  gatewayUrl: string;
  /** The suite's production build, served as CloudFront serves it: what the browser tests load. */
  siteUrl: string;
  /**
   * The Vite dev server of `npm start`, for the tests of that server (browser suite only). The
   * buckets' CORS rules and the e-mails' links name `siteUrl`: uploads and flows that follow a
   * link belong there.
   */
  devSiteUrl: string;
  cognitoEndpoint: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  userPoolId: string;
  siteClientId: string;
  staffClientId: string;
  accounts: { role: string; email: string; password: string; totpSecret?: string }[];
  /**
   * The seeded staff accounts signed in once by the setup (./staff-sessions.ts): the API takes
   * staff tokens of its own sign-in only, and each authenticator code once.
   */
  staffSessions: Record<StaffRole, StaffSignInResponse>;
  /** Where ./authenticator-codes.ts keeps the codes handed out, shared by the suite's files. */
  totpStateFile: string;
  mailboxDir: string;
  /** The developer mailbox page (`/_dev/mailbox`) of its own server, as `npm start` runs it. */
  mailboxUrl: string;
  /** The local Stripe emulator, its secret key and the webhook signing secret (#16). */
  stripeEmulatorUrl: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  sesEndpoint: string;
  /** The local stand-in for Lambda's Invoke API, which runs the files worker in the stack. */
  lambdaEndpoint: string;
  /** The origin header's value the handlers accept (ORIGIN_SECRET of the local stack). */
  originSecret: string;
  /** The production build (`buildSite`) made once for the browser suite, and its renderer. */
  siteBuild: { outDir: string; rendererDir: string; siteUrl: string };
}

const variable = 'STUDIO_SUITE_CONTEXT';

/** Called by a global setup once its stack is up: the workers started after it read this. */
export function publishSuiteContext(context: SuiteContext): void {
  process.env[variable] = JSON.stringify(context);
  cached = context;
}

let cached: SuiteContext | undefined;

/** The running suite's context; throws outside a suite whose global setup started a stack. */
export function suiteContext(): SuiteContext {
  if (cached) return cached;
  const text = process.env[variable];
  if (!text) {
    throw new Error(
      `${variable} is not set: this code reads the local stack a test suite starts in its global setup ` +
        '(vitest --project stack, or the Playwright config at the repository root)',
    );
  }
  cached = JSON.parse(text) as SuiteContext;
  return cached;
}

/** One value of the running suite's context. */
export function provided<Key extends keyof SuiteContext>(key: Key): SuiteContext[Key] {
  return suiteContext()[key];
}
