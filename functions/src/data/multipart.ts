import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { multipartLinkMinutes } from '@studio/shared/images';
import { documentClient } from '../lib/dynamo.ts';
import { multipartUploadKey, tableName } from './keys.ts';

/*
 * Multipart uploads the server started (#33; docs/data-model.md pattern 76): one item per upload,
 * so that completing one checks it is a pair (key, upload id) the server handed out, whatever the
 * S3 implementation answers for an unknown id. Expired by the table's TTL a day after its links.
 */

export async function recordMultipartUpload(multipartUploadId: string, key: string, now = Date.now()): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...multipartUploadKey(multipartUploadId),
        type: 'MultipartUpload',
        key,
        createdAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + multipartLinkMinutes * 60 + 24 * 3600,
      },
    }),
  );
}

/** The key a multipart upload was started for, or null when the server never started it (or it ended). */
export async function multipartUploadKeyOf(multipartUploadId: string): Promise<string | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: multipartUploadKey(multipartUploadId), ConsistentRead: true }),
  );
  return (result.Item?.key as string | undefined) ?? null;
}

export async function forgetMultipartUpload(multipartUploadId: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: multipartUploadKey(multipartUploadId) }));
}
