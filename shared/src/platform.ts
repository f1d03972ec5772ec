/**
 * Definitions shared by the CDK stack and the local stack, so that both create the same table,
 * indexes, groups and buckets. Plain data only: no AWS SDK, no CDK.
 */

/**
 * Functions fed by the table's stream rather than by API routes: `functions/src/<name>/handler.ts`,
 * one function each on AWS (an event source mapping with its own filter), one stream reader each
 * locally. Issue 18's notifier joins the site publisher here.
 */
export const streamConsumers = ['publisher'] as const;
export type StreamConsumerName = (typeof streamConsumers)[number];

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
  /** The table's stream, read by the site publisher (public content): new and old images of every change. */
  stream: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
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
  uploads: { abandonedUploadDays: 2 },
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
