/** What the stack suite's global setup hands to the tests through `inject()`. */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    /** The suite's production build, served as CloudFront serves it: what the browser tests load. */
    siteUrl: string;
    /**
     * The Vite dev server of `npm start`, for the tests of that server. The buckets' CORS rules and
     * the e-mails' links name `siteUrl`: uploads and flows that follow a link belong there.
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
    staffSessions: Record<
      'SUPER_ADMIN' | 'MANAGER' | 'EDITOR',
      {
        token: string;
        expiresAt: string;
        user: { id: string; email: string; username: string; role: 'SUPER_ADMIN' | 'MANAGER' | 'EDITOR' };
      }
    >;
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
    /** The origin header's value the handlers accept (ORIGIN_SECRET of the local stack). */
    originSecret: string;
    /** The production build (`buildSite`) made once for the suite, and its renderer. */
    siteBuild: { outDir: string; rendererDir: string; siteUrl: string };
  }
}
