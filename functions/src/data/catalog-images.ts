import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CatalogImage, CatalogImageType } from '@studio/shared/catalog-admin';
import type { ValidationIssue } from '@studio/shared/errors';
import { documentClient } from '../lib/dynamo.ts';
import { BadRequestError } from '../lib/errors.ts';
import { catalogImageKey, keyNames, tableName } from './keys.ts';

/*
 * The record of each catalogue image `POST api/images` published (media-images.ts), kept in the
 * table so that the catalogue writers (services, subservices, gallery, carousel, slides, openings)
 * check the images a write names with a read of the table they already use, and need neither S3
 * nor a grant on the media bucket. Images are never unpublished, so a record never goes stale.
 */

const mediaImagesPrefix = '/media/images/';

/** `/media/images/<ulid>.<ext>` -> `<ulid>.<ext>` (paths are checked by `catalogImagePathSchema`). */
const fileNameOfPath = (path: string) => path.slice(mediaImagesPrefix.length);

/** Records a published image. Written once: the file name is a fresh ULID per upload. */
export async function recordCatalogImage(image: CatalogImage & { contentType: CatalogImageType; size: number }) {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...catalogImageKey(fileNameOfPath(image.url)),
        type: 'CatalogImage',
        path: image.url,
        contentType: image.contentType,
        size: image.size,
        width: image.width,
        height: image.height,
        publishedAt: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': keyNames.pk },
    }),
  );
}

async function isPublished(path: string): Promise<boolean> {
  if (!path.startsWith(mediaImagesPrefix)) return false;
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: catalogImageKey(fileNameOfPath(path)),
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#pk': keyNames.pk },
      // An image confirmed a moment ago must be found.
      ConsistentRead: true,
    }),
  );
  return result.Item !== undefined;
}

/**
 * Checks that each named catalogue image path was published by `POST api/images`; throws one 400
 * naming every field that was not. `fields` maps a body field path to its image path.
 */
export async function requireCatalogImages(fields: Record<string, string | undefined>): Promise<void> {
  const issues: ValidationIssue[] = [];
  await Promise.all(
    Object.entries(fields).map(async ([path, url]) => {
      if (url === undefined) return;
      if (!(await isPublished(url))) issues.push({ path, message: 'has not been uploaded (upload the image first)' });
    }),
  );
  if (issues.length > 0)
    throw new BadRequestError(
      'The request is not valid.',
      issues.sort((a, b) => a.path.localeCompare(b.path)),
    );
}

/** The storage key of a catalogue image path (`/media/images/x.png` -> `media/images/x.png`). */
export const mediaKeyOfPath = (path: string) => path.slice(1);
