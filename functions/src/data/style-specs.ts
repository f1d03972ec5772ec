import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import type { OrganisationPermission } from '@studio/shared/organisation';
import {
  maxHouseSpecs,
  maxReferenceImageBytes,
  maxSpecsPerOrganisation,
  referenceImageTypes,
  referenceImageSchema,
  styleSpecSchema,
  type CreateSpecBody,
  type ReferenceImageType,
  type SpecSettings,
  type StyleSpec,
} from '@studio/shared/style-spec';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { documentClient } from '../lib/dynamo.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.ts';
import { getService } from './catalog.ts';
import { checkPostedFile, presignFilePost, presignView, tagKept } from './file-objects.ts';
import {
  houseSpecKey,
  houseSpecsPartition,
  keyNames,
  organisationKey,
  organisationPartition,
  referenceImageObjectKey,
  specHeadKey,
  specSortKeyPrefix,
  specVersionKey,
  tableName,
} from './keys.ts';
import { requirePermission } from './organisation-team.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Style specs (#35, docs/decisions/style-specs.md). An organisation's specs live in its partition:
 * the head of a live spec (`SPEC#<id>`: its latest settings and version, deleted with the spec) and
 * one immutable item per version (`SPECV#<id>#<000001>`, never deleted: a job reads the version it
 * names). The organisation item counts the live specs (`specCount`), written in the same
 * transaction as the head, so the limit holds under concurrent creates. House specs are one item
 * each in `HOUSE_SPECS`, without versions.
 *
 * Every organisation function reads the caller's membership first (consistent): a non-member gets
 * the 404 of an unknown organisation, a REVIEWER or VIEWER that writes a 403 naming its role.
 */

/**
 * A spec's head, version or house spec item, declared once: the fields of the answer it becomes
 * (`styleSpecSchema`), but for what the answer adds (the latest version, deleted), with the stored
 * reference images (the object's key is the server's, never answered) and the item's type. Every
 * read goes through `stripKeys`, which parses it (stored-items.ts).
 */
const specRecordFields = {
  ...z.omit(styleSpecSchema, { latestVersion: true, deleted: true, referenceImages: true }).shape,
  type: z.enum(['StyleSpec', 'StyleSpecVersion', 'HouseSpec']),
  referenceImages: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      fileName: z.string(),
      contentType: referenceImageSchema.shape.contentType,
    }),
  ),
};
type SpecRecord = z.infer<z.ZodMiniObject<typeof specRecordFields>>;
type StoredReference = SpecRecord['referenceImages'][number];
const specRecordOf = storedItemReader('style spec', specRecordFields);

/** Who saves: the account and its name now (kept on the version). */
export interface SpecAuthor {
  accountId: string;
  name: string;
}

const specNotFound = () => new NotFoundError('There is no spec with this id.');
const houseSpecNotFound = () => new NotFoundError('There is no house spec with this id.');
const invalid = (path: string, message: string) =>
  new BadRequestError('The request is not valid.', [{ path, message }]);

const settingKeys = [
  'name',
  'instructions',
  'serviceId',
  'subserviceIds',
  'turnaroundId',
  'background',
  'backgroundHex',
  'margins',
  'alignment',
  'crop',
  'aspectRatio',
  'outputSize',
  'fileFormat',
  'colourProfile',
  'dpi',
  'maxFileSizeKb',
  'fileNaming',
] as const satisfies readonly (keyof SpecSettings)[];

function settingsOf(source: SpecSettings): SpecSettings {
  return Object.fromEntries(settingKeys.map((key) => [key, source[key]])) as unknown as SpecSettings;
}

/**
 * The service, subservices and turnaround a spec names, checked against the catalogue as an order
 * checks them (unknown: 400 with the field's path).
 */
async function checkCatalogue(body: SpecSettings): Promise<void> {
  if (body.serviceId === null) {
    if (body.subserviceIds.length > 0) throw invalid('body.subserviceIds', 'Choose the service of these subservices.');
    if (body.turnaroundId !== null) throw invalid('body.turnaroundId', 'Choose the service of this turnaround.');
    return;
  }
  const service = await getService(body.serviceId);
  if (!service) throw invalid('body.serviceId', 'There is no service with this id.');
  body.subserviceIds.forEach((id, index) => {
    if (!service.subServices.some((sub) => sub.id === id)) {
      throw invalid(`body.subserviceIds.${index}`, `Subservice ${id} is not part of ${service.name}.`);
    }
  });
  if (body.turnaroundId !== null && !service.turnarounds.some((t) => t.id === body.turnaroundId)) {
    throw invalid('body.turnaroundId', `${service.name} does not offer the turnaround "${body.turnaroundId}".`);
  }
}

/**
 * The reference images of a body as they will be stored: one the spec already has keeps its key;
 * any other must have been posted under the scope's key (`createReferenceUploadLink`), and is
 * checked as stored (present, an accepted picture, within the size limit) and then kept (re-tagged
 * so the rule for abandoned uploads never expires it).
 */
async function resolveReferences(
  scope: string,
  images: CreateSpecBody['referenceImages'],
  current: readonly StoredReference[],
): Promise<StoredReference[]> {
  const known = new Map(current.map((image) => [image.id, image]));
  return Promise.all(
    images.map(async (image, index): Promise<StoredReference> => {
      const existing = known.get(image.id);
      if (existing) return { ...existing, fileName: image.fileName };
      const key = referenceImageObjectKey(scope, image.id);
      const check = await checkPostedFile(key);
      const path = `body.referenceImages.${index}`;
      if (!check.ok) {
        if (check.reason === 'missing') {
          throw invalid(path, `${image.fileName} was not uploaded: upload it first, then save the spec.`);
        }
        if (check.reason === 'too-large') throw invalid(path, `${image.fileName} is larger than 20 MB.`);
        throw invalid(path, `${image.fileName} is not a JPEG, PNG or WebP picture.`);
      }
      if (!(check.contentType in referenceImageTypes)) {
        throw invalid(path, `${image.fileName} is not a JPEG, PNG or WebP picture.`);
      }
      if (check.size > maxReferenceImageBytes) throw invalid(path, `${image.fileName} is larger than 20 MB.`);
      await tagKept(key);
      return { id: image.id, key, fileName: image.fileName, contentType: check.contentType as ReferenceImageType };
    }),
  );
}

/** A stored spec as the API answers it, with presigned links to its reference images. */
async function toSpec(record: SpecRecord, latestVersion: number, deleted: boolean): Promise<StyleSpec> {
  return {
    id: record.id,
    organisationId: record.organisationId,
    version: record.version,
    latestVersion,
    deleted,
    ...settingsOf(record),
    referenceImages: await Promise.all(
      record.referenceImages.map(async (image) => ({
        id: image.id,
        fileName: image.fileName,
        contentType: image.contentType,
        url: await presignView(image.key),
      })),
    ),
    savedBy: record.savedBy,
    createdAt: record.createdAt,
    savedAt: record.savedAt,
    copiedFrom: record.copiedFrom,
  };
}

async function getItem(key: Record<string, string>): Promise<SpecRecord | null> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item ? stripKeys(result.Item) : null;
}

/** An item as read, parsed, without its keys (a record is written again under other keys). */
function stripKeys(item: Record<string, unknown>): SpecRecord {
  const { [keyNames.pk]: _pk, [keyNames.sk]: _sk, ...rest } = item;
  return specRecordOf(rest);
}

async function requireMember(organisationId: string, accountId: string, permission: OrganisationPermission) {
  await requirePermission(organisationId, accountId, permission);
}

/** The writes of a new spec: head, version 1 and the organisation's count (conditional, the limit). */
async function writeNewSpec(record: SpecRecord): Promise<void> {
  const organisationId = record.organisationId!;
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: organisationKey(organisationId),
          UpdateExpression: 'SET specCount = if_not_exists(specCount, :zero) + :one',
          ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(specCount) OR specCount < :max)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': maxSpecsPerOrganisation },
        },
      },
      { Put: newItemPut({ ...specHeadKey(organisationId, record.id), ...record, type: 'StyleSpec' }) },
      { Put: newItemPut({ ...specVersionKey(organisationId, record.id, 1), ...record, type: 'StyleSpecVersion' }) },
    ]);
  } catch (error) {
    if (isConditionFailed(error, 0)) {
      throw new ConflictError(
        `An organisation keeps at most ${maxSpecsPerOrganisation} specs; delete one it no longer uses first.`,
      );
    }
    throw error;
  }
}

/** `POST api/organisations/{id}/specs` (OWNER, BUYER): version 1 of a new spec. */
export async function createSpec(
  author: SpecAuthor,
  organisationId: string,
  body: CreateSpecBody,
  now = new Date(),
): Promise<StyleSpec> {
  await requireMember(organisationId, author.accountId, 'order');
  await checkCatalogue(body);
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const record: SpecRecord = {
    type: 'StyleSpec',
    id,
    organisationId,
    version: 1,
    ...settingsOf(body),
    referenceImages: await resolveReferences(organisationId, body.referenceImages, []),
    savedBy: author,
    createdAt: at,
    savedAt: at,
    copiedFrom: null,
  };
  await writeNewSpec(record);
  return toSpec(record, 1, false);
}

/** `GET api/organisations/{id}/specs` (every member): the live specs, latest versions, by name. */
export async function listSpecs(accountId: string, organisationId: string): Promise<StyleSpec[]> {
  await requireMember(organisationId, accountId, 'read');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': organisationPartition(organisationId), ':prefix': specSortKeyPrefix },
    ConsistentRead: true,
  });
  const records = items.map(stripKeys).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return Promise.all(records.map((record) => toSpec(record, record.version, false)));
}

/** The last version item of a spec (for a deleted spec's `latestVersion`). */
async function lastVersionOf(organisationId: string, specId: string): Promise<number> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': organisationPartition(organisationId), ':prefix': `SPECV#${specId}#` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
      ProjectionExpression: 'version',
    }),
  );
  return (result.Items?.[0]?.version as number | undefined) ?? 0;
}

/**
 * A version of a spec (a job's, or one asked for), deleted specs too: `deleted` and `latestVersion`
 * from the head, or from the last version once the head is gone. Null when there is no such version.
 */
export async function readSpecVersion(
  organisationId: string,
  specId: string,
  version: number,
): Promise<StyleSpec | null> {
  const [item, head] = await Promise.all([
    getItem(specVersionKey(organisationId, specId, version)),
    getItem(specHeadKey(organisationId, specId)),
  ]);
  if (!item) return null;
  const record = item;
  const latest = head ? head.version : await lastVersionOf(organisationId, specId);
  return toSpec(record, latest, head === null);
}

/** `GET api/organisations/{id}/specs/{specId}[?version=N]` (every member). */
export async function getSpec(
  accountId: string,
  organisationId: string,
  specId: string,
  version: number | undefined,
): Promise<StyleSpec> {
  await requireMember(organisationId, accountId, 'read');
  if (version !== undefined) {
    const spec = await readSpecVersion(organisationId, specId, version);
    if (!spec) throw new NotFoundError(`This spec has no version ${version}.`);
    return spec;
  }
  const head = await getItem(specHeadKey(organisationId, specId));
  if (!head) throw specNotFound();
  const record = head;
  return toSpec(record, record.version, false);
}

/**
 * `PUT api/organisations/{id}/specs/{specId}` (OWNER, BUYER): a new version, written with the head
 * on the condition that the head is still the version the editor started from (else 409).
 */
export async function updateSpec(
  author: SpecAuthor,
  organisationId: string,
  specId: string,
  body: CreateSpecBody & { expectedVersion: number },
  now = new Date(),
): Promise<StyleSpec> {
  await requireMember(organisationId, author.accountId, 'order');
  const headItem = await getItem(specHeadKey(organisationId, specId));
  if (!headItem) throw specNotFound();
  const head = headItem;
  if (head.version !== body.expectedVersion) throw changedMeanwhile();
  await checkCatalogue(body);
  const version = head.version + 1;
  const record: SpecRecord = {
    ...head,
    type: 'StyleSpec',
    version,
    ...settingsOf(body),
    referenceImages: await resolveReferences(organisationId, body.referenceImages, head.referenceImages),
    savedBy: author,
    savedAt: now.toISOString(),
  };
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...specHeadKey(organisationId, specId), ...record },
          ConditionExpression: 'attribute_exists(#pk) AND version = :expected',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
          ExpressionAttributeValues: { ':expected': body.expectedVersion },
        },
      },
      {
        Put: newItemPut({ ...specVersionKey(organisationId, specId, version), ...record, type: 'StyleSpecVersion' }),
      },
    ]);
  } catch (error) {
    if (isConditionFailed(error)) throw changedMeanwhile();
    throw error;
  }
  return toSpec(record, version, false);
}

const changedMeanwhile = () =>
  new ConflictError('This spec was changed or deleted meanwhile; reload it and make your change again.');

/** `DELETE api/organisations/{id}/specs/{specId}` (OWNER, BUYER): the head goes, its versions stay. */
export async function deleteSpec(accountId: string, organisationId: string, specId: string): Promise<StyleSpec> {
  await requireMember(organisationId, accountId, 'order');
  const headItem = await getItem(specHeadKey(organisationId, specId));
  if (!headItem) throw specNotFound();
  const head = headItem;
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: specHeadKey(organisationId, specId),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: organisationKey(organisationId),
          // Unconditional: the head's delete above is what must hold; a count that were ever off
          // must not turn a deletion into an error.
          UpdateExpression: 'ADD specCount :minusOne',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
  } catch (error) {
    if (isConditionFailed(error, 0)) throw specNotFound();
    throw error;
  }
  return toSpec(head, head.version, true);
}

/** A presigned POST of one reference image under a new id of the scope (an organisation or `house`). */
async function referenceUploadLink(scope: string, body: { contentType: ReferenceImageType; size: number }) {
  const referenceImageId = ulid();
  const { url, fields } = await presignFilePost(
    referenceImageObjectKey(scope, referenceImageId),
    body.contentType,
    body.size,
  );
  return { referenceImageId, upload: { url, fields } };
}

/** `POST api/organisations/{id}/reference-images/upload-links` (OWNER, BUYER). */
export async function createReferenceUploadLink(
  accountId: string,
  organisationId: string,
  body: { contentType: ReferenceImageType; size: number },
) {
  await requireMember(organisationId, accountId, 'order');
  return referenceUploadLink(organisationId, body);
}

/** `POST api/house-specs/reference-images/upload-links` (SUPER_ADMIN). */
export const createHouseReferenceUploadLink = (body: { contentType: ReferenceImageType; size: number }) =>
  referenceUploadLink(houseScope, body);

const houseScope = 'house';

async function houseRecords(): Promise<SpecRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.pk },
    ExpressionAttributeValues: { ':pk': houseSpecsPartition },
    ConsistentRead: true,
  });
  return items
    .filter((item) => item.type === 'HouseSpec')
    .map(stripKeys)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** `GET api/house-specs` (clients and staff). */
export async function listHouseSpecs(): Promise<StyleSpec[]> {
  return Promise.all((await houseRecords()).map((record) => toSpec(record, 1, false)));
}

/**
 * `POST api/house-specs` (SUPER_ADMIN). The limit is checked against a consistent count: house
 * specs are few and written by the studio's administrators only.
 */
export async function createHouseSpec(author: SpecAuthor, body: CreateSpecBody, now = new Date()): Promise<StyleSpec> {
  if ((await houseRecords()).length >= maxHouseSpecs) {
    throw new ConflictError(`The studio keeps at most ${maxHouseSpecs} house specs; delete one first.`);
  }
  await checkCatalogue(body);
  const at = now.toISOString();
  const record: SpecRecord = {
    type: 'HouseSpec',
    id: ulid(now.getTime()),
    organisationId: null,
    version: 1,
    ...settingsOf(body),
    referenceImages: await resolveReferences(houseScope, body.referenceImages, []),
    savedBy: author,
    createdAt: at,
    savedAt: at,
    copiedFrom: null,
  };
  await documentClient.send(new PutCommand(newItemPut({ ...houseSpecKey(record.id), ...record })));
  return toSpec(record, 1, false);
}

/** `PUT api/house-specs/{specId}` (SUPER_ADMIN): overwrites it (house specs have no versions). */
export async function updateHouseSpec(
  author: SpecAuthor,
  specId: string,
  body: CreateSpecBody,
  now = new Date(),
): Promise<StyleSpec> {
  const current = await getItem(houseSpecKey(specId));
  if (!current) throw houseSpecNotFound();
  const head = current;
  await checkCatalogue(body);
  const record: SpecRecord = {
    ...head,
    ...settingsOf(body),
    referenceImages: await resolveReferences(houseScope, body.referenceImages, head.referenceImages),
    savedBy: author,
    savedAt: now.toISOString(),
  };
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...houseSpecKey(specId), ...record },
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw houseSpecNotFound();
    throw error;
  }
  return toSpec(record, 1, false);
}

/** `DELETE api/house-specs/{specId}` (SUPER_ADMIN). Copies made from it stay; its pictures too. */
export async function deleteHouseSpec(specId: string): Promise<StyleSpec> {
  const result = await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: houseSpecKey(specId), ReturnValues: 'ALL_OLD' }),
  );
  if (!result.Attributes) throw houseSpecNotFound();
  return toSpec(stripKeys(result.Attributes), 1, true);
}

/**
 * `POST api/organisations/{id}/house-specs/{houseSpecId}/copy` (OWNER, BUYER): a new spec of the
 * organisation at version 1 with the house spec's settings and pictures (the same objects: house
 * reference images are never deleted).
 */
export async function copyHouseSpec(
  author: SpecAuthor,
  organisationId: string,
  houseSpecId: string,
  now = new Date(),
): Promise<StyleSpec> {
  await requireMember(organisationId, author.accountId, 'order');
  const house = await getItem(houseSpecKey(houseSpecId));
  if (!house) throw houseSpecNotFound();
  const source = house;
  const at = now.toISOString();
  const record: SpecRecord = {
    type: 'StyleSpec',
    id: ulid(now.getTime()),
    organisationId,
    version: 1,
    ...settingsOf(source),
    referenceImages: source.referenceImages,
    savedBy: author,
    createdAt: at,
    savedAt: at,
    copiedFrom: { houseSpecId, name: source.name },
  };
  await writeNewSpec(record);
  return toSpec(record, 1, false);
}

/**
 * The spec a new job names (#35): a live spec of the job's organisation, read consistently. Its
 * id, latest version and name are what the job keeps. Null when there is none (unknown, deleted or
 * another organisation's).
 */
export async function liveSpecRef(
  organisationId: string,
  specId: string,
): Promise<{ id: string; version: number; name: string } | null> {
  const head = await getItem(specHeadKey(organisationId, specId));
  return head ? { id: head.id, version: head.version, name: head.name } : null;
}
