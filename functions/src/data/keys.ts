import type { JobStatus } from '@studio/shared/job';
import { openJobStatuses } from '@studio/shared/job-workflow';
import { tableDefinition } from '@studio/shared/platform';
import { config } from '../lib/config.ts';

/*
 * Every key of the one table is built here and nowhere else (docs/data-model.md, "Items"). Each
 * entity has a builder of its primary key (`serviceKey(id)` -> `{ PK, SK }`) and, where it is
 * indexed, of its index keys; the partitions and prefixes that queries name are exported beside
 * them. The strings are the stored format: changing one is a data migration
 * (functions/test/unit/keys.test.ts pins them).
 */

/** Key attribute names, from the definition the CDK stack uses too. */
export const keyNames = {
  pk: tableDefinition.partitionKey,
  sk: tableDefinition.sortKey,
  gsi1: tableDefinition.indexes[0],
  gsi2: tableDefinition.indexes[1],
  gsi3: tableDefinition.indexes[2],
  gsi4: tableDefinition.indexes[3],
  gsi5: tableDefinition.indexes[4],
  gsi6: tableDefinition.indexes[5],
} as const;

export const tableName = () => config().tableName;

/** Key attributes of one item (primary or index keys), by attribute name. */
export type ItemKeys = Record<string, string>;

const primary = (pk: string, sk: string): ItemKeys => ({ [keyNames.pk]: pk, [keyNames.sk]: sk });
const gsi1 = (pk: string, sk: string): ItemKeys => ({
  [keyNames.gsi1.partitionKey]: pk,
  [keyNames.gsi1.sortKey]: sk,
});
const gsi2 = (pk: string, sk: string): ItemKeys => ({
  [keyNames.gsi2.partitionKey]: pk,
  [keyNames.gsi2.sortKey]: sk,
});
const gsi3 = (pk: string, sk: string): ItemKeys => ({
  [keyNames.gsi3.partitionKey]: pk,
  [keyNames.gsi3.sortKey]: sk,
});
const gsi4 = (pk: string, sk: string): ItemKeys => ({
  [keyNames.gsi4.partitionKey]: pk,
  [keyNames.gsi4.sortKey]: sk,
});
const gsi6 = (pk: string, sk: string): ItemKeys => ({
  [keyNames.gsi6.partitionKey]: pk,
  [keyNames.gsi6.sortKey]: sk,
});

/** Zero-pads a display order so that it sorts as a string. Orders are 0..999999. */
export function orderKey(order: number): string {
  return String(Math.max(0, Math.min(999_999, Math.trunc(order)))).padStart(6, '0');
}

/** `<order>#<id>`: a place in a list kept in display order (ties broken by id). */
export const positionSortKey = (order: number, id: string) => `${orderKey(order)}#${id}`;

/** `<at>#<id>`: a place in a list kept by time (read newest first). */
const datedSortKey = (at: string, id: string) => `${at}#${id}`;

// Catalogue: a service and its subservices share the service's partition; GSI1 `CATALOG` holds
// the whole catalogue in display order, GSI2 finds a subservice by its id.

export const catalogPartition = 'CATALOG';
/** The GSI1 sort-key prefix of services in `CATALOG` (subservices sort under `SUBSERVICE#`). */
export const serviceSortKeyPrefix = 'SERVICE#';
/** The sort-key prefix of subservices, in their service's partition and in `CATALOG`. */
export const subServiceSortKeyPrefix = 'SUBSERVICE#';

export const servicePartition = (id: string) => `SERVICE#${id}`;
/** The last display order given to a service created without one. */
export const serviceOrderCounterKey = () => primary(catalogPartition, 'SERVICE_ORDER');
export const serviceKey = (id: string) => primary(servicePartition(id), 'SERVICE');
/**
 * How many jobs reference a service, counted over `serviceJobShardCount` items (pattern 15): each
 * job adds to the one its id hashes to, so orders of one service do not all write one item.
 */
export const serviceJobShardCount = 8;
export const serviceJobsPartition = (serviceId: string) => `SERVICE_JOBS#${serviceId}`;
export const serviceJobShardKey = (serviceId: string, shard: number) =>
  primary(serviceJobsPartition(serviceId), `SHARD#${String(shard).padStart(2, '0')}`);
export const serviceCatalogSortKey = (id: string, order: number) => `SERVICE#${positionSortKey(order, id)}`;
export const serviceIndexKeys = (id: string, order: number) => gsi1(catalogPartition, serviceCatalogSortKey(id, order));

export const subServiceKey = (serviceId: string, id: string) =>
  primary(servicePartition(serviceId), `SUBSERVICE#${id}`);
export const subServiceCatalogSortKey = (serviceId: string, id: string, order: number) =>
  `SUBSERVICE#${serviceId}#${positionSortKey(order, id)}`;
/** The GSI2 partition that finds a subservice by id alone. */
export const subServiceIdPartition = (id: string) => `SUBSERVICE#${id}`;
export const subServiceIndexKeys = (serviceId: string, id: string, order: number) => ({
  ...gsi1(catalogPartition, subServiceCatalogSortKey(serviceId, id, order)),
  ...gsi2(subServiceIdPartition(id), 'SUBSERVICE'),
});

// Catalogue images published by `POST api/images`: one item per image, named by its file name
// (`<ulid>.<ext>`), so that catalogue writes can check an image exists without asking S3.

export const catalogImageKey = (fileName: string) => primary(`CATALOG_IMAGE#${fileName}`, 'CATALOG_IMAGE');

// Home content: testimonials and slider images, each a list in display order on GSI1.

export type ContentKind = 'testimonial' | 'sliderImage';
const contentNames = {
  testimonial: { prefix: 'TESTIMONIAL', list: 'TESTIMONIALS' },
  sliderImage: { prefix: 'SLIDER_IMAGE', list: 'SLIDER_IMAGES' },
} as const satisfies Record<ContentKind, { prefix: string; list: string }>;

export const contentKey = (kind: ContentKind, id: string) =>
  primary(`${contentNames[kind].prefix}#${id}`, contentNames[kind].prefix);
export const contentListPartition = (kind: ContentKind) => contentNames[kind].list;
export const contentIndexKeys = (kind: ContentKind, id: string, order: number) =>
  gsi1(contentListPartition(kind), positionSortKey(order, id));
/** A list's order lock: its ids in display order, their count and a version every write moves on. */
export const contentOrderKey = (kind: ContentKind) => primary(`CONTENT_ORDER#${contentNames[kind].list}`, 'META');

// Accounts: the API's record of each account's status (Cognito stays the source of who exists).

export const accountStatusKey = (userId: string) => primary(`ACCOUNT#${userId}`, 'STATUS');

// Abuse limits: counters with a time to live. Subjects (an e-mail, an address, a user id) are
// hashed by the caller, so no personal data sits in a key.

/**
 * Sign-in attempts of one account (`<account>` = hash of the e-mail) from one source address
 * (`<address>` = hash of the address, an IPv6 one cut to its /64): the lock is per pair, so nobody
 * locks an account out for its owner elsewhere.
 */
export const signInAttemptsKey = (account: string, address: string) =>
  primary(`SIGNIN#${account}`, `ADDRESS#${address}`);
/** An address the account signed in from, or reset its password from, lately: not held by the account's cap. */
export const knownAddressKey = (account: string, address: string) => primary(`SIGNIN#${account}`, `KNOWN#${address}`);
/** An authenticator code the account has used (a code is good once, #32). */
export const usedCodeKey = (account: string, code: string) => primary(`SIGNIN#${account}`, `TOTP#${code}`);
/** Requests of one subject under one limit in the window starting at `<windowStart>` (epoch seconds). */
export const rateWindowKey = (limit: string, subject: string, windowStart: number) =>
  primary(`RATE#${limit}#${subject}`, `WINDOW#${windowStart}`);

// Organisations (#35): the organisation, its members and its invitations share its partition.
// GSI1 lists an account's memberships (`ACCOUNT_ORGS#<accountId>`) and the invitations to one
// e-mail (`INVITES#<email>`, newest first). An account's personal organisation is found by an item
// of its own, written once (its condition keeps it one).

export const organisationPartition = (id: string) => `ORG#${id}`;
export const organisationKey = (id: string) => primary(organisationPartition(id), 'ORG');
export const memberSortKeyPrefix = 'MEMBER#';
export const memberKey = (organisationId: string, accountId: string) =>
  primary(organisationPartition(organisationId), `${memberSortKeyPrefix}${accountId}`);
export const accountOrganisationsPartition = (accountId: string) => `ACCOUNT_ORGS#${accountId}`;
export const memberIndexKeys = (organisationId: string, accountId: string) =>
  gsi1(accountOrganisationsPartition(accountId), `ORG#${organisationId}`);
export const personalOrganisationKey = (accountId: string) => primary(`ACCOUNT#${accountId}`, 'PERSONAL_ORG');
// Webhooks (#36): an organisation's webhooks in its partition (one Query finds those an event
// goes to), with a counter item that holds the limit; each webhook's deliveries log in a partition
// of its own, newest first by their ULIDs, expiring by TTL.
export const webhookSortKeyPrefix = 'WEBHOOK#';
export const webhookKey = (organisationId: string, hookId: string) =>
  primary(organisationPartition(organisationId), `${webhookSortKeyPrefix}${hookId}`);
export const webhookCountKey = (organisationId: string) => primary(organisationPartition(organisationId), 'WEBHOOKS');
export const webhookDeliveriesPartition = (hookId: string) => `WEBHOOK#${hookId}`;
export const webhookDeliverySortKeyPrefix = 'DELIVERY#';
export const webhookDeliveryKey = (hookId: string, deliveryId: string) =>
  primary(webhookDeliveriesPartition(hookId), `${webhookDeliverySortKeyPrefix}${deliveryId}`);
export const invitationSortKeyPrefix = 'INVITE#';
export const invitationKey = (organisationId: string, invitationId: string) =>
  primary(organisationPartition(organisationId), `${invitationSortKeyPrefix}${invitationId}`);
export const emailInvitationsPartition = (email: string) => `INVITES#${email.toLowerCase()}`;
export const invitationIndexKeys = (email: string, createdAt: string, invitationId: string) =>
  gsi1(emailInvitationsPartition(email), datedSortKey(createdAt, invitationId));

// API keys (#36): the key's record shares its organisation's partition (`APIKEY#<keyId>`: name,
// scopes, maker, last use; a query of `APIKEY#` lists an organisation's live keys), and one item
// per key is found by the SHA-256 of the key itself (`APIKEY_HASH#<hex>`): the authorizer's one
// read. Both are deleted together when the key is revoked. The requests of a key in a minute are
// counted in `APIKEY_RATE#<keyId>` / `MINUTE#<epoch minute>` (expires with the minute).
export const apiKeySortKeyPrefix = 'APIKEY#';
export const apiKeyKey = (organisationId: string, keyId: string) =>
  primary(organisationPartition(organisationId), `${apiKeySortKeyPrefix}${keyId}`);
export const apiKeyHashKey = (hashHex: string) => primary(`APIKEY_HASH#${hashHex}`, 'APIKEY');
export const apiKeyRateKey = (keyId: string, minute: number) => primary(`APIKEY_RATE#${keyId}`, `MINUTE#${minute}`);

// The answer of a public API POST sent with an `Idempotency-Key` (#36; job creation keeps its own
// record above, written in the job's transaction): one item per caller, route and key, kept 24 h.
export const requestIdempotencyKey = (subject: string, route: string, key: string) =>
  primary(`REQUEST_IDEMPOTENCY#${subject}#${route}`, `KEY#${key}`);

// Style specs (#35) share their organisation's partition: the head of a live spec (`SPEC#<specId>`,
// its latest settings and version; deleted with the spec) and one item per version
// (`SPECV#<specId>#<version, 6 digits>`, never changed or deleted: jobs read the version they name).
// A query of `SPEC#` lists the live specs only. House specs have a partition of their own and no
// versions. Reference images are objects in the uploads bucket under `spec-references/<scope>/`,
// where the scope is the organisation's id or `house`; their keys are made by the server only.

export const specSortKeyPrefix = 'SPEC#';
export const specHeadKey = (organisationId: string, specId: string) =>
  primary(organisationPartition(organisationId), `${specSortKeyPrefix}${specId}`);
export const specVersionKey = (organisationId: string, specId: string, version: number) =>
  primary(organisationPartition(organisationId), `SPECV#${specId}#${String(version).padStart(6, '0')}`);
export const houseSpecsPartition = 'HOUSE_SPECS';
export const houseSpecKey = (specId: string) => primary(houseSpecsPartition, `${specSortKeyPrefix}${specId}`);
/** The uploads-bucket key of a reference image: `scope` is an organisation's id or `house`. */
export const referenceImageObjectKey = (scope: string, referenceImageId: string) =>
  `spec-references/${scope}/${referenceImageId}`;

// Jobs: GSI1 a client's jobs, GSI2 an editor's (or the unassigned) jobs, GSI3 all jobs, GSI6 an
// organisation's jobs (#35; a job from before organisations has none until the one-off migration).

export const jobSortKey = 'JOB';
export const jobKey = (id: string) => primary(`JOB#${id}`, jobSortKey);
export const clientJobsPartition = (clientId: string) => `CLIENT#${clientId}`;
export const editorJobsPartition = (editorId: string) => `EDITOR#${editorId}`;
export const unassignedJobsPartition = 'UNASSIGNED';
export const allJobsPartition = 'JOBS';
/** The GSI1 and GSI2 sort-key prefix of jobs. */
export const jobListSortKeyPrefix = 'JOB#';
export const organisationJobsPartition = (organisationId: string) => `ORG_JOBS#${organisationId}`;
/** GSI6 of a job: its organisation's list, sorted as the other job lists (`JOB#<createdAt>#<id>`). */
export const organisationJobIndexKeys = (job: { id: string; organisationId: string; createdAt: string }) =>
  gsi6(organisationJobsPartition(job.organisationId), `${jobListSortKeyPrefix}${datedSortKey(job.createdAt, job.id)}`);
export function jobIndexKeys(job: {
  id: string;
  clientId: string;
  organisationId?: string;
  editorId: string | null;
  createdAt: string;
}) {
  const listed = `JOB#${datedSortKey(job.createdAt, job.id)}`;
  return {
    ...gsi1(clientJobsPartition(job.clientId), listed),
    ...gsi2(job.editorId ? editorJobsPartition(job.editorId) : unassignedJobsPartition, listed),
    ...gsi3(allJobsPartition, datedSortKey(job.createdAt, job.id)),
    ...(job.organisationId ? organisationJobIndexKeys({ ...job, organisationId: job.organisationId }) : {}),
  };
}

// Open jobs (GSI4, sparse): only the jobs the studio still owes work on (shared's open statuses),
// in board order: by due time, soonest (most overdue) first, then those with no due time yet
// (unpaid), oldest first. Every writer of a job's status or due time keeps the keys in step
// (`openJobIndexClauses`); the hourly run puts right the jobs changed since its last run, and a
// one-off command every job (job-open-index.ts).

export const openJobsPartition = 'OPEN_JOBS';
/** GSI4 sort-key prefixes: `DUE#` sorts before `NODUE#`. */
export const openJobDuePrefix = 'DUE#';
export const openJobNoDuePrefix = 'NODUE#';

export interface OpenIndexedJob {
  id: string;
  status: JobStatus;
  dueAt?: string | null;
  createdAt: string;
}

/** The job's open-jobs index keys, or `null` when the studio owes no work on it (not indexed). */
export function openJobIndexKeys(job: OpenIndexedJob): ItemKeys | null {
  if (!openJobStatuses.includes(job.status)) return null;
  return gsi4(
    openJobsPartition,
    job.dueAt
      ? `${openJobDuePrefix}${datedSortKey(job.dueAt, job.id)}`
      : `${openJobNoDuePrefix}${datedSortKey(job.createdAt, job.id)}`,
  );
}

/**
 * The clauses of an `UpdateItem` that put the job's open-jobs keys in step with `after` (the job as
 * the update leaves it): SET both, or REMOVE both. Their placeholders are `#gsi4pk` / `:gsi4pk`.
 */
export function openJobIndexClauses(after: OpenIndexedJob): {
  set: string[];
  remove: string[];
  names: Record<string, string>;
  values: Record<string, string>;
} {
  const names = { '#gsi4pk': keyNames.gsi4.partitionKey, '#gsi4sk': keyNames.gsi4.sortKey };
  const keys = openJobIndexKeys(after);
  if (!keys) return { set: [], remove: ['#gsi4pk', '#gsi4sk'], names, values: {} };
  return {
    set: ['#gsi4pk = :gsi4pk', '#gsi4sk = :gsi4sk'],
    remove: [],
    names,
    values: { ':gsi4pk': keys[keyNames.gsi4.partitionKey]!, ':gsi4sk': keys[keyNames.gsi4.sortKey]! },
  };
}

// Jobs by last change (GSI5): every job's own GSI3PK (`allJobsPartition`) and `updatedAt` are its
// keys, so no writer sets anything for it. The scheduled run records how far it has read.

/** The scheduled run's record of the jobs it has looked at: those changed up to `through`. */
export const openJobsUpkeepKey = () => primary('SCHEDULED_RUN', 'OPEN_JOBS_INDEX');

/** `SET a, b REMOVE c, d`: an update expression from its clauses (either list may be empty, not both). */
export function updateExpression(set: readonly string[], remove: readonly string[] = []): string {
  return [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
}

/** The counter of one year's job numbers (`RS-<year>-<n>`): the last number handed out. */
// Finding a job (#40, pattern 62): one search item per term of the job's client (each word of
// the name, the e-mail), under the job's partition; GSI1 holds them by the term's first three
// characters, so that a prefix query reads one small partition, and no partition takes every job.
export const jobSearchSortKeyPrefix = 'SEARCH#';
/** How many characters of a term name its partition: a query needs as many to find a term. */
export const jobSearchBucketLength = 3;
export const jobSearchPartition = (term: string) => `JOB_SEARCH#${term.slice(0, jobSearchBucketLength)}`;
export const jobSearchKey = (jobId: string, term: string) =>
  primary(jobPartition(jobId), `${jobSearchSortKeyPrefix}${term}`);
export const jobSearchIndexKeys = (jobId: string, term: string, createdAt: string) =>
  gsi1(jobSearchPartition(term), `${term}#${datedSortKey(createdAt, jobId)}`);
/** Written once every job of the table has its search items (the one-off repair). */
export const jobSearchRepairKey = () => primary('SCHEDULED_RUN', 'JOB_SEARCH_ITEMS');

export const jobNumberCounterKey = (year: number) => primary('JOB_NUMBERS', `YEAR#${year}`);
/** One job number, written when it is taken, naming the one job that bears it: never two jobs. */
export const jobNumberKey = (jobNumber: string) => primary(`JOB_NUMBER#${jobNumber}`, 'JOB_NUMBER');

// A job's files (issue 15). A client upload and its confirmed photos share the upload's partition;
// a job's delivered files and its archives share the job's partition (beside the job item).

export const uploadPartition = (uploadId: string) => `UPLOAD#${uploadId}`;
export const uploadKey = (uploadId: string) => primary(uploadPartition(uploadId), 'UPLOAD');
export const photoSortKeyPrefix = 'PHOTO#';
export const photoKey = (uploadId: string, photoId: string) =>
  primary(uploadPartition(uploadId), `${photoSortKeyPrefix}${photoId}`);
export const jobPartition = (jobId: string) => `JOB#${jobId}`;
export const deliverableSortKeyPrefix = 'DELIVERABLE#';
export const deliverableKey = (jobId: string, id: string) =>
  primary(jobPartition(jobId), `${deliverableSortKeyPrefix}${id}`);
export const archiveKey = (jobId: string, set: string) => primary(jobPartition(jobId), `ARCHIVE#${set}`);

// Images (#33): the image is the photo item (above); its versions share the upload's partition.
// GSI1 lists a job's images of one status (a partition per upload and status); GSI2 holds the
// images waiting for QC, spread over 16 partitions so that no one key takes every delivery.

export const versionSortKeyPrefix = 'VERSION#';
/** `VERSION#<imageId>#`: the versions of one image, in delivery order (file ids are ULIDs). */
export const imageVersionsPrefix = (imageId: string) => `${versionSortKeyPrefix}${imageId}#`;
export const versionKey = (uploadId: string, imageId: string, fileId: string) =>
  primary(uploadPartition(uploadId), `${imageVersionsPrefix(imageId)}${fileId}`);
/** `REVIEW#<imageId>#<round, 3 digits>`: the client's review of an image in one round (#34), rounds in order. */
export const reviewSortKeyPrefix = 'REVIEW#';
export const imageReviewsPrefix = (imageId: string) => `${reviewSortKeyPrefix}${imageId}#`;
export const reviewKey = (uploadId: string, imageId: string, round: number) =>
  primary(uploadPartition(uploadId), `${imageReviewsPrefix(imageId)}${String(round).padStart(3, '0')}`);
/** GSI1 partition of a job's images in one status. */
export const imageStatusPartition = (uploadId: string, status: string) => `IMAGES#${uploadId}#${status}`;
export const imageStatusIndexKeys = (uploadId: string, imageId: string, status: string) =>
  gsi1(imageStatusPartition(uploadId, status), imageId);

/**
 * GSI3 of an image: its job's images by file-name stem (`fileStem` of shared/src/images.ts, URI-
 * encoded so a `#` in a name cannot reach into the id), to match a finished file to its original.
 */
export const imageStemPartition = (uploadId: string) => `STEMS#${uploadId}`;
export const imageStemPrefix = (stem: string) => `${encodeURIComponent(stem)}#`;
export const imageStemIndexKeys = (uploadId: string, imageId: string, stem: string) =>
  gsi3(imageStemPartition(uploadId), `${imageStemPrefix(stem)}${imageId}`);

/** Partitions of the QC board (GSI2 `QC#00`..`QC#15`). */
export const qcShardCount = 16;

/** A stable small number from an id: which of `shards` partitions it goes to. */
export function shardOf(id: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % shards;
}

export const qcPartition = (shard: number) => `QC#${String(shard).padStart(2, '0')}`;
export const qcPartitions = () => Array.from({ length: qcShardCount }, (_, shard) => qcPartition(shard));
/** `QC#<shard>` / `<inQcAt>#<imageId>`: an image waiting for QC, on the board oldest first. */
export const qcIndexKeys = (imageId: string, inQcAt: string) =>
  gsi2(qcPartition(shardOf(imageId, qcShardCount)), datedSortKey(inQcAt, imageId));

/** One volume of a set's archive ("Download all" in parts of at most 2 GB). */
export const archiveVolumePrefix = (set: string) => `ARCHIVE#${set}#VOLUME#`;
export const archiveVolumeKey = (jobId: string, set: string, volume: number) =>
  primary(jobPartition(jobId), `${archiveVolumePrefix(set)}${String(volume).padStart(3, '0')}`);

/** Digest markers: images of a job released since its last "N of M delivered" e-mail (8 partitions). */
export const digestShardCount = 8;
export const digestPartition = (shard: number) => `IMAGE_DIGEST#${shard}`;
export const digestPartitions = () => Array.from({ length: digestShardCount }, (_, shard) => digestPartition(shard));
export const digestMarkerKey = (jobId: string, dueAt: string) =>
  primary(digestPartition(shardOf(jobId, digestShardCount)), datedSortKey(dueAt, jobId));

/**
 * The studio's review figures of the jobs approved in one month (#34), in 8 items a month (by job
 * id) so that approvals at the same moment never meet on one key: `STATS#review#<yyyy-mm>#<shard>`.
 */
export const reviewStatsShardCount = 8;
export const reviewStatsKey = (month: string, shard: number) => primary(`STATS#review#${month}#${shard}`, 'STATS');
export const reviewStatsKeyOf = (month: string, jobId: string) =>
  reviewStatsKey(month, shardOf(jobId, reviewStatsShardCount));

/**
 * The overview's figures (#40 item 9; docs/data-model.md patterns 90-92), kept by the figures
 * projector from the table's stream. Counters: `STATS#<figure>#<bucket>#<shard>` / `STATS`, 8 items a
 * bucket (by job id) so that no one key takes every write of a month. Members: the jobs behind a
 * bucket, `STATS#jobs#<figure>#<bucket>` / `<sort>`. Applied: one item per source item, the stream
 * sequence number last applied (a record comes at least once; it counts once).
 */
export const figureShardCount = 8;
export type FigureName = 'revenue' | 'status' | 'ontime' | 'editor';
export const figureStatsKey = (figure: FigureName, bucket: string, shard: number) =>
  primary(`STATS#${figure}#${bucket}#${shard}`, 'STATS');
export const figureStatsKeyOf = (figure: FigureName, bucket: string, jobId: string) =>
  figureStatsKey(figure, bucket, shardOf(jobId, figureShardCount));
export type FigureMembers = 'revenue' | 'status' | 'ontime' | 'late' | 'editor';
export const figureMembersPartition = (figure: FigureMembers, bucket: string) => `STATS#jobs#${figure}#${bucket}`;
export const figureMemberKey = (figure: FigureMembers, bucket: string, sortKey: string) =>
  primary(figureMembersPartition(figure, bucket), sortKey);
/** The one-off count of the items stored before the projector, once done. */
export const figuresBackfillKey = () => primary('SCHEDULED_RUN', 'FIGURES_BACKFILL');
export const figureAppliedKey = (source: { pk: string; sk: string }) =>
  primary(`STATS#applied#${source.pk}`, source.sk);

/** A multipart upload the server started (#33), by S3's upload id (which may hold `/`, `+`, `=`). */
export const multipartUploadKey = (multipartUploadId: string) => primary(`MULTIPART#${multipartUploadId}`, 'MULTIPART');

/** The state of a one-off data migration (`images`: #33's photos and deliverables to images and versions). */
export const migrationStateKey = (name: string) => primary(`MIGRATION#${name}`, 'STATE');

/** The sort-key prefix of a job's history entries, in the job's own partition (#16). */
export const jobHistorySortKeyPrefix = 'HISTORY#';
/** One entry of a job's append-only history: `JOB#<id>` / `HISTORY#<at>#<entryId>`, oldest first. */
export const jobHistoryKey = (jobId: string, at: string, entryId: string) =>
  primary(jobPartition(jobId), `${jobHistorySortKeyPrefix}${datedSortKey(at, entryId)}`);

// The job lifecycle (#17): a job's revision requests in its partition, one per round; and one
// marker per delivery waiting for the client's answer, in one partition sorted by delivery time,
// which the auto-approval sweep reads up to its cutoff.

export const revisionSortKeyPrefix = 'REVISION#';
/** `JOB#<id>` / `REVISION#<round, 3 digits>`: one request per round, in round order. */
export const revisionKey = (jobId: string, round: number) =>
  primary(jobPartition(jobId), `${revisionSortKeyPrefix}${String(round).padStart(3, '0')}`);
export const awaitingApprovalPartition = 'AWAITING_APPROVAL';
/** `AWAITING_APPROVAL` / `<deliveredAt>#<jobId>`: a delivery not answered yet (removed lazily). */
export const awaitingApprovalKey = (jobId: string, deliveredAt: string) =>
  primary(awaitingApprovalPartition, datedSortKey(deliveredAt, jobId));

// What needs action (#40, item 9; docs/data-model.md patterns 86-89): one marker item per job in
// each list that the open-jobs index cannot answer by a key range, written in the transaction of
// the change that puts the job in the list or takes it out (`needsMarkerWrites`, job-needs.ts).

export type NeedsMarkerList = 'unassigned' | 'cancellationRequests' | 'unpaid';
const needsMarkerPartitions = {
  unassigned: 'NEEDS#UNASSIGNED',
  cancellationRequests: 'NEEDS#CANCELLATION',
  unpaid: 'NEEDS#UNPAID',
} as const satisfies Record<NeedsMarkerList, string>;
export const needsMarkerPartition = (list: NeedsMarkerList) => needsMarkerPartitions[list];
/**
 * `NEEDS#<list>` / `<at>#<jobId>`: the job is in the list. `<at>` is the job's creation time
 * (unassigned, unpaid) or its cancellation request's time, so a key range reads "created before".
 */
export const needsMarkerKey = (list: NeedsMarkerList, at: string, jobId: string) =>
  primary(needsMarkerPartition(list), datedSortKey(at, jobId));
/** Written once every job of the table has its markers (the one-off repair). */
export const needsMarkerRepairKey = () => primary('SCHEDULED_RUN', 'NEEDS_MARKERS');
/** The overview's "needs action" counts, kept for a minute (`countedAt`). */
export const needsActionCountsKey = () => primary('STUDIO_OVERVIEW', 'NEEDS_ACTION');

// Invoices (#16): one counter per calendar year, and one item per number given, so a number can
// never belong to two jobs.

export const invoiceCounterKey = (year: number) => primary(`INVOICE_COUNTER#${year}`, 'COUNTER');
export const invoiceNumberKey = (invoiceNumber: string) => primary(`INVOICE#${invoiceNumber}`, 'INVOICE');

// Credit notes (#40): a sequence of their own, counted like invoices; each note an item of its job.

export const creditNoteCounterKey = (year: number) => primary(`CREDIT_NOTE_COUNTER#${year}`, 'COUNTER');
export const creditNoteNumberKey = (number: string) => primary(`CREDIT_NOTE#${number}`, 'CREDIT_NOTE');
export const creditNoteSortKeyPrefix = 'CREDIT_NOTE#';
/** `JOB#<id>` / `CREDIT_NOTE#<number>`: one refund confirmed by Stripe, in number order. */
export const jobCreditNoteKey = (jobId: string, number: string) =>
  primary(jobPartition(jobId), `${creditNoteSortKeyPrefix}${number}`);

// Stripe (#16): each event processed once, and the job of a payment intent (refund events name
// only the charge's payment intent).

export const stripeEventKey = (eventId: string) => primary(`STRIPE_EVENT#${eventId}`, 'STRIPE_EVENT');
export const stripePaymentKey = (paymentIntentId: string) =>
  primary(`STRIPE_PAYMENT#${paymentIntentId}`, 'STRIPE_PAYMENT');

/** The studio's settings (#16): one item. */
export const studioSettingsKey = () => primary('SETTINGS', 'STUDIO');

/** One client's `Idempotency-Key`: the record of the job it created. */
export const idempotencyKey = (clientId: string, key: string) =>
  primary(`IDEMPOTENCY#${clientId}#${key}`, 'IDEMPOTENCY');

// A service's images ("carousel" in the spec's paths): images and their counter share a partition.

export const carouselPartition = (serviceId: string) => `CAROUSEL#${serviceId}`;
export const carouselImageSortKeyPrefix = 'IMAGE#';
export const carouselImageKey = (serviceId: string, id: string) => primary(carouselPartition(serviceId), `IMAGE#${id}`);
export const carouselImageIndexKeys = (serviceId: string, id: string, order: number) =>
  gsi1(carouselPartition(serviceId), positionSortKey(order, id));
export const carouselCounterKey = (serviceId: string) => primary(carouselPartition(serviceId), 'META');

// Before/after gallery: GSI1 a service's items in order, GSI2 every item.

export const galleryPartition = 'GALLERY';
export const galleryServicePartition = (serviceId: string) => `GALLERY#${serviceId}`;
export const galleryItemKey = (id: string) => primary(`GALLERY#${id}`, 'ITEM');
export const galleryItemIndexKeys = (serviceId: string, id: string, position: number) => ({
  ...gsi1(galleryServicePartition(serviceId), positionSortKey(position, id)),
  ...gsi2(galleryPartition, `${serviceId}#${orderKey(position)}`),
});
export const galleryOrderKey = (serviceId: string) => primary(`GALLERY_ORDER#${serviceId}`, 'META');

// Leads: one partition per lead, a newest-first list per form on GSI1.

export type LeadKind = 'contact' | 'freeTrial';
const leadNames = {
  contact: { sk: 'CONTACT', list: 'LEADS#CONTACT' },
  freeTrial: { sk: 'FREE_TRIAL', list: 'LEADS#FREE_TRIAL' },
} as const satisfies Record<LeadKind, { sk: string; list: string }>;

export const leadKey = (kind: LeadKind, id: string) => primary(`LEAD#${id}`, leadNames[kind].sk);
export const leadListPartition = (kind: LeadKind) => leadNames[kind].list;
export const leadIndexKeys = (kind: LeadKind, id: string, createdAt: string) =>
  gsi1(leadListPartition(kind), datedSortKey(createdAt, id));
/** The guard that keeps one lead per identical submission for a day (`<hash>` of its fields). */
export const leadOnceKey = (kind: LeadKind, hash: string) => primary(`LEAD_ONCE#${hash}`, leadNames[kind].sk);

// Job openings: GSI1 all openings, GSI2 (sparse) the active ones only.

export const openingsPartition = 'OPENINGS';
export const activeOpeningsPartition = 'OPENINGS#ACTIVE';
export const openingKey = (id: string) => primary(`OPENING#${id}`, 'OPENING');
export const openingIndexKeys = (opening: { id: string; postedAt: string; isActive: boolean }) => ({
  ...gsi1(openingsPartition, datedSortKey(opening.postedAt, opening.id)),
  ...(opening.isActive ? gsi2(activeOpeningsPartition, datedSortKey(opening.postedAt, opening.id)) : {}),
});

// Job applications: GSI1 all applications, GSI2 those of one opening; counters in one partition.

export const applicationsPartition = 'APPLICATIONS';
export const openingApplicationsPartition = (openingId: string) => `OPENING#${openingId}`;
export const applicationKey = (id: string) => primary(`APPLICATION#${id}`, 'APPLICATION');
export const applicationIndexKeys = (application: { id: string; jobOpeningId: string; createdAt: string }) => ({
  ...gsi1(applicationsPartition, datedSortKey(application.createdAt, application.id)),
  ...gsi2(
    openingApplicationsPartition(application.jobOpeningId),
    `APPLICATION#${datedSortKey(application.createdAt, application.id)}`,
  ),
});
/** The count of all applications, or with `openingId` of one opening's. */
export const applicationCounterKey = (openingId?: string) =>
  primary(applicationsPartition, openingId === undefined ? 'COUNT' : `COUNT#OPENING#${openingId}`);

// Notifications (issue 18): outbox items, one partition each; those not delivered after every
// retry are listed newest first on GSI1 (sparse: only while FAILED). Preferences, one item per user.

export const outboxKey = (id: string) => primary(`OUTBOX#${id}`, 'OUTBOX');
export const undeliveredPartition = 'OUTBOX#FAILED';
export const undeliveredIndexKeys = (id: string, failedAt: string) =>
  gsi1(undeliveredPartition, datedSortKey(failedAt, id));
export const notificationPreferencesKey = (userId: string) => primary(`USER#${userId}`, 'NOTIFICATION_PREFERENCES');
