/**
 * Definitions shared by the CDK stack and the local stack, so that both create the same table,
 * indexes, groups and buckets. Plain data only: no AWS SDK, no CDK.
 */

/** Staff roles, which are also the Cognito group names. */
export const staffRoles = ['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The one DynamoDB table: key attribute names and generic secondary indexes. */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/**
 * One Cognito user pool. Clients sign up themselves through the site app client; staff are
 * created by an administrator and belong to exactly one staff group. See docs/decisions.md.
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
  logLevel: 'LOG_LEVEL',
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
} as const;
