/**
 * Definitions shared by the CDK stack and the local stack, so that both create the same table,
 * indexes, groups and buckets. Plain data only: no AWS SDK, no CDK.
 */

/**
 * Functions fed by the table's stream rather than by API routes: `functions/src/<name>/handler.ts`,
 * one function each on AWS (an event source mapping with its own filter), one stream reader each
 * locally: issue 18's notifier (outbox items), issue 20's site publisher (public content) and #40's
 * figures projector (jobs, image versions and delivered files: the overview's counters).
 */
export const streamConsumers = ['notifier', 'publisher', 'figures'] as const;
export type StreamConsumerName = (typeof streamConsumers)[number];

/** Staff roles, which are also the Cognito group names. */
export const staffRoles = ['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Two-step sign-in (TOTP) per staff role: `required` roles must enrol at their first sign-in and
 * the API refuses their tokens until they have; `optional` roles may enrol from the console. The
 * one place to change it (a studio setting may later make EDITOR required: see docs/decisions/staff-accounts-and-job-workflow.md).
 */
export const staffMfaPolicy: Record<StaffRole, 'required' | 'optional'> = {
  SUPER_ADMIN: 'required',
  MANAGER: 'required',
  EDITOR: 'optional',
};

/** The one DynamoDB table: key attribute names and generic secondary indexes. */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    /** Sparse: only the jobs the studio still owes work on, by due time (docs/data-model.md). */
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
    /**
     * Jobs by their last change: every job (its all-jobs partition, GSI3PK `JOBS`) sorted by its own
     * `updatedAt`, which every writer of a job's status or due time sets. The hourly run reads the
     * jobs changed since its last run here (docs/data-model.md, pattern 54); only what that run
     * reads is projected.
     */
    {
      name: 'GSI5',
      partitionKey: 'GSI3PK',
      sortKey: 'updatedAt',
      projection: ['id', 'status', 'dueAt', 'createdAt', 'GSI4PK', 'GSI4SK'],
    },
    /**
     * An organisation's jobs (#35), newest first: `ORG_JOBS#<organisationId>` / `JOB#<createdAt>#<id>`
     * (docs/data-model.md, pattern 101). Its list answers whole jobs, as a client's list on GSI1
     * does, so everything is projected (docs/decisions/organisation-jobs.md).
     */
    { name: 'GSI6', partitionKey: 'GSI6PK', sortKey: 'GSI6SK' },
  ],
  /**
   * The table's stream, read by the notifier (outbox items) and the site publisher (public
   * content): new and old images of every change.
   */
  stream: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  /**
   * Time to live: items with this attribute (epoch seconds) are removed by DynamoDB some time after
   * it passes (counters of rate limits, sign-in failures, duplicate guards, sent outbox items). Readers never rely on
   * the removal: each such item also says until when it counts.
   */
  ttlAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/** The attributes an index projects besides the keys, or undefined for all of them. */
export function indexProjection(index: (typeof tableDefinition.indexes)[number]): readonly string[] | undefined {
  return 'projection' in index ? index.projection : undefined;
}

/**
 * One Cognito user pool. Clients sign up themselves through the site app client; staff are
 * created by an administrator and belong to exactly one staff group. See docs/decisions/platform.md.
 */
export const userPoolDefinition = {
  usernameAttribute: 'email',
  groups: staffRoles,
  passwordPolicy: {
    minimumLength: 8,
    requireLowercase: true,
    requireUppercase: true,
    requireDigits: true,
    requireSymbols: false,
  },
  appClients: {
    /** Used by the site for client sign-up and sign-in. */
    site: { name: 'site' },
    /** Used by the staff console sign-in; self sign-up is never offered through it. */
    staff: { name: 'staff' },
  },
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
  /**
   * Two-step sign-in with an authenticator app (TOTP software tokens), optional in the pool: an
   * account that has set it up is always asked for the code; which staff roles must set it up is
   * `staffMfaPolicy`, enforced by the API.
   */
  mfa: { configuration: 'OPTIONAL', softwareToken: true, sms: false },
  /**
   * Set (`custom:mfa_enrolled` = `true`) by the API when an account has set up two-step sign-in,
   * and writable by no app client. The pool's pre token generation trigger then leaves
   * `selfServiceScope` out of the account's access tokens, so that no token holder can switch the
   * second factor off or put another authenticator in its place (docs/decisions/staff-mfa.md).
   */
  mfaEnrolledAttribute: 'mfa_enrolled',
  /** The scope an access token needs for Cognito's self-service operations (SetUserMFAPreference, AssociateSoftwareToken...). */
  selfServiceScope: 'aws.cognito.signin.user.admin',
  /** The attributes the app clients may write (sign-up); nothing else, the custom attribute above least of all. */
  clientWriteAttributes: ['email', 'name', 'preferred_username'],
} as const;

/** Buckets. Catalogue images live under `media/` of the media bucket and are public via the CDN. */
export const bucketDefinitions = {
  media: { publicPrefix: 'media/' },
  uploads: {
    /** Catalogue images posted under `pending/` and never confirmed. */
    abandonedUploadDays: 2,
    /**
     * Job files (issue 15). Client photos are posted under `clientUploadPrefix`, finished files
     * under `deliverablePrefix`; every POST carries the tag `openTag`, and a lifecycle rule on each
     * prefix expires objects still tagged so after `openUploadDays`. A file that becomes part of a
     * job is re-tagged `keptTag` (client photos by the files worker once the job exists, a
     * deliverable when it is confirmed), so the rule never touches it.
     */
    clientUploadPrefix: 'client-uploads/',
    deliverablePrefix: 'deliverables/',
    openUploadDays: 7,
    fileTagKey: 'upload',
    openTag: 'open',
    keptTag: 'job',
    /** Zips built for "Download all", rebuilt on request once expired. */
    archivePrefix: 'archives/',
    archiveDays: 7,
    /**
     * Rendered invoices and receipts (#16) under `invoicePrefix`: made again on every download, so
     * they expire after `renderedInvoiceDays`.
     */
    invoicePrefix: 'invoices/',
    renderedInvoiceDays: 1,
    /**
     * The bucket is versioned (issue 37): an object overwritten, deleted or expired stays
     * restorable as a noncurrent version for `noncurrentVersionDays`, then goes.
     */
    noncurrentVersionDays: 30,
  },
  /**
   * Job applicants' resumes and cover letters: personal data, never public. The browser posts each
   * file under `uploadPrefix`; an application copies the checked file under `storedPrefix` and
   * uploads never referenced by an application expire after `abandonedUploadDays`.
   */
  applications: { uploadPrefix: 'uploads/', storedPrefix: 'applications/', abandonedUploadDays: 1 },
} as const;

/** Public path under which catalogue images are served (CloudFront behaviour, Vite proxy). */
export const mediaPathPrefix = '/media/';

/** Environment variable names every handler reads; the stack and the local gateway set them. */
export const handlerEnvNames = {
  tableName: 'TABLE_NAME',
  mediaBucket: 'MEDIA_BUCKET',
  uploadsBucket: 'UPLOADS_BUCKET',
  applicationsBucket: 'APPLICATIONS_BUCKET',
  userPoolId: 'USER_POOL_ID',
  siteClientId: 'SITE_CLIENT_ID',
  staffClientId: 'STAFF_CLIENT_ID',
  /** The files worker (archives, keeping a job's photos), invoked asynchronously by the API. */
  filesWorkerFunction: 'FILES_WORKER_FUNCTION',
  /** The preview worker (#33): makes the previews of confirmed photos and finished files. */
  previewWorkerFunction: 'PREVIEW_WORKER_FUNCTION',
  logLevel: 'LOG_LEVEL',
} as const;

/**
 * Stripe's settings (#16), read by the payments function only. In AWS the keys live in Secrets
 * Manager and the function gets the secrets' ARNs; the local stack (no AWS) hands the emulator's
 * keys and address directly. Neither key is ever in the repository.
 */
export const stripeEnvNames = {
  /** Secrets Manager ARN of the secret key (`sk_live_...`, `sk_test_...` or a restricted `rk_...`). */
  secretKeyArn: 'STRIPE_SECRET_KEY_ARN',
  /** Secrets Manager ARN of the webhook endpoint's signing secret (`whsec_...`). */
  webhookSecretArn: 'STRIPE_WEBHOOK_SECRET_ARN',
  /** Local stack only: the emulator's secret key and signing secret, in place of the ARNs. */
  secretKey: 'STRIPE_SECRET_KEY',
  webhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Local stack only: where the Stripe API is (`http://127.0.0.1:<port>`); api.stripe.com when absent. */
  apiUrl: 'STRIPE_API_URL',
} as const;

/**
 * The site's public origin (`https://studio.example`), where Stripe sends the client back after
 * checkout. When absent, the origin the browser called from (its `Origin` header) is used. The
 * notifier reads the same variable for the links in e-mails (`notifierEnvNames.siteUrl`).
 */
export const siteUrlEnvName = 'SITE_URL';

/**
 * Optional handler settings, unset in AWS (the defaults in functions/src/lib/config.ts apply): the
 * local test stack shortens them so tests need not wait.
 */
export const handlerTuningEnvNames = {
  /** Seconds a container may keep an account's status before reading it again (default 30). */
  accountStatusCacheSeconds: 'ACCOUNT_STATUS_CACHE_SECONDS',
  /**
   * Multiplies the per-address limits (default 1). The stack suite's tests all come from one
   * address, like the gateway's own rate limit it raises; the limits tests run on a stack of their own.
   */
  addressLimitScale: 'ADDRESS_LIMIT_SCALE',
  /**
   * Multiplies the time budget of every AWS SDK client's attempt (default 1: DynamoDB 1 s, Cognito,
   * Lambda and Secrets Manager 3 s, S3 10 s; lib/sdk-options.ts). The test suites raise it: a whole
   * suite's requests share one process and one set of emulators on a small machine, where an
   * answer can take seconds without anything being wrong; the outage tests run on stacks of their
   * own with the default.
   */
  sdkTimeoutScale: 'SDK_TIMEOUT_SCALE',
} as const;

/**
 * The header CloudFront adds to every request it forwards to the API (an origin custom header).
 * The handlers refuse a request without the current (or, during a rotation, the previous) value,
 * so the API Gateway URL cannot be called around the CDN and its web ACL.
 */
export const originHeaderName = 'x-origin-verify';

/**
 * Environment of the operational parts of every handler, beside `handlerEnvNames`:
 * - `originSecretArn`: the Secrets Manager secret holding the origin header's value (CDK stack);
 * - `originSecret`: the value itself, for the local stack, which has no Secrets Manager; exactly
 *   one of the two must be set, or every request fails (the check is never off by accident);
 * - `metricsNamespace`: CloudWatch namespace of the embedded-format metrics; unset, none are
 *   written (the local stack).
 */
export const operationsEnvNames = {
  originSecretArn: 'ORIGIN_SECRET_ARN',
  originSecret: 'ORIGIN_SECRET',
  metricsNamespace: 'METRICS_NAMESPACE',
  /** The `service` of a function's log lines and traces (Powertools' own variable). */
  serviceName: 'POWERTOOLS_SERVICE_NAME',
  /** The share of invocations logged at DEBUG whatever LOG_LEVEL says (Powertools' own variable). */
  logSampleRate: 'POWERTOOLS_LOGGER_SAMPLE_RATE',
} as const;
