import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GetObjectCommand,
  GetObjectTaggingCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PreviewStatus } from '@studio/shared/images';
import { bucketDefinitions } from '@studio/shared/platform';
import { screenKeyOf, thumbnailKeyOf } from '../data/file-objects.ts';
import { keyNames, photoKey, tableName, versionKey } from '../data/keys.ts';
import { config } from '../lib/config.ts';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { invocationLogger, traced } from '../lib/observability.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { clientOptions, filesWorkerS3Budget } from '../lib/sdk-options.ts';
import { previewFromFile } from '../lib/thumbnail.ts';
import type { PreviewItem, PreviewTask } from './preview-tasks.ts';

/*
 * The preview worker (#33): makes the previews of confirmed photos and finished files off the
 * request path. Its own Lambda function (its own concurrency limit, memory for a 500 MB TIFF),
 * invoked asynchronously by the routes that confirm files, with up to 100 files a task; locally
 * the stack's Lambda endpoint runs this same handler in-process, as many at once as on AWS is
 * configured there. Each file is streamed to a temporary file (never held whole in memory), read
 * by sharp, and its 400 px WebP preview stored beside it with a screen-sized WebP (at most 2048 px,
 * #34's compare viewer), from one decode; the table records the preview, the
 * dimensions, or why there is none. Safe to run twice: every write sets the same values.
 */

const s3 = traced(
  new S3Client({
    ...clientOptions(filesWorkerS3Budget),
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  }),
);

/** Files read at once by one run: sharp decodes with several threads of its own. */
export function previewConcurrency(): number {
  const configured = Number(process.env.PREVIEW_CONCURRENCY);
  return Number.isInteger(configured) && configured > 0 ? configured : 2;
}

export interface PreviewResult {
  preview: PreviewStatus;
  thumbnailKey: string | null;
  /** The screen-sized variant (#34), made with the preview. */
  screenKey: string | null;
  width: number | null;
  height: number | null;
}

export interface PreviewRun {
  files: number;
  ready: number;
  none: number;
  damaged: number;
  /** Gone before the worker came (refused, deleted): nothing to record. */
  missing: number;
  durationMs: number;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** The file's preview, stored beside it; null when the file is gone. */
export async function makePreview(item: PreviewItem): Promise<PreviewResult | null> {
  const bucket = config().uploadsBucket;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'preview-'));
  try {
    const file = path.join(dir, 'source');
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: item.key }));
      await pipeline(object.Body as Readable, createWriteStream(file));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const made = await previewFromFile(file, item.contentType);
    if (made.kind !== 'made') {
      return {
        preview: made.kind === 'undecodable' ? 'DAMAGED' : 'NONE',
        thumbnailKey: null,
        screenKey: null,
        ...made.size,
      };
    }
    const thumbnailKey = thumbnailKeyOf(item.key);
    const screenKey = screenKeyOf(item.key);
    // Kept or expired with its file: the file's tag (a version is kept already). The files worker
    // may keep a new job's photos at this very moment, tagging a preview only if it exists: so the
    // file's tag is read again once the previews are stored, and copied if it changed meanwhile.
    const tag = await tagOf(item.key);
    const variants = [
      { key: thumbnailKey, body: made.body },
      { key: screenKey, body: made.screen },
    ];
    for (const { key, body } of variants) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: 'image/webp',
          Tagging: `${bucketDefinitions.uploads.fileTagKey}=${tag}`,
        }),
      );
    }
    const now = await tagOf(item.key);
    if (now !== tag) {
      for (const { key } of variants) {
        await s3.send(
          new PutObjectTaggingCommand({
            Bucket: bucket,
            Key: key,
            Tagging: { TagSet: [{ Key: bucketDefinitions.uploads.fileTagKey, Value: now }] },
          }),
        );
      }
    }
    return { preview: 'READY', thumbnailKey, screenKey, width: made.size.width, height: made.size.height };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function tagOf(key: string): Promise<string> {
  const { uploads } = bucketDefinitions;
  try {
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: config().uploadsBucket, Key: key }));
    return tags.TagSet?.find((tag) => tag.Key === uploads.fileTagKey)?.Value ?? uploads.openTag;
  } catch {
    return uploads.openTag;
  }
}

const fields = (result: PreviewResult) => ({
  ':preview': result.preview,
  ':thumbnailKey': result.thumbnailKey,
  ':screenKey': result.screenKey,
  ':width': result.width,
  ':height': result.height,
});

async function updateIfThere(
  key: Record<string, string>,
  expression: string,
  values: Record<string, unknown>,
  condition: string,
  names: Record<string, string>,
) {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Records a preview on its image or version (pattern 70), and on the image's summaries of that version. */
export async function recordPreview(item: PreviewItem, result: PreviewResult): Promise<void> {
  const names = {
    '#pk': keyNames.pk,
    '#preview': 'preview',
    '#thumbnailKey': 'thumbnailKey',
    '#screenKey': 'screenKey',
    '#width': 'width',
    '#height': 'height',
  };
  const set =
    'SET #preview = :preview, #thumbnailKey = :thumbnailKey, #screenKey = :screenKey, #width = :width, #height = :height';
  if (item.kind === 'original') {
    await updateIfThere(photoKey(item.uploadId, item.imageId), set, fields(result), 'attribute_exists(#pk)', names);
    return;
  }
  await updateIfThere(
    versionKey(item.uploadId, item.imageId, item.versionId),
    set,
    fields(result),
    'attribute_exists(#pk)',
    names,
  );
  for (const summary of ['current', 'released']) {
    await updateIfThere(
      photoKey(item.uploadId, item.imageId),
      'SET #s.#preview = :preview, #s.#thumbnailKey = :thumbnailKey, #s.#screenKey = :screenKey, ' +
        '#s.#width = :width, #s.#height = :height',
      { ...fields(result), ':id': item.versionId },
      'attribute_exists(#pk) AND #s.#id = :id',
      { ...names, '#s': summary, '#id': 'id' },
    );
  }
}

export async function handler(event: PreviewTask): Promise<PreviewRun> {
  const started = Date.now();
  const log = invocationLogger({ task: event.task });
  const run: PreviewRun = { files: event.items.length, ready: 0, none: 0, damaged: 0, missing: 0, durationMs: 0 };
  await mapLimit(event.items, previewConcurrency(), async (item) => {
    const result = await makePreview(item);
    if (!result) {
      run.missing++;
      return;
    }
    await recordPreview(item, result);
    if (result.preview === 'READY') run.ready++;
    else if (result.preview === 'DAMAGED') run.damaged++;
    else run.none++;
  });
  run.durationMs = Date.now() - started;
  log.info('previews made', { ...run });
  return run;
}
