import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { invoiceDownloadSeconds } from '@studio/shared/invoice';
import { bucketDefinitions } from '@studio/shared/platform';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';

/*
 * Rendered invoices and receipts, private in the uploads bucket under
 * `invoices/<jobId>/<invoiceNumber>-<kind>-<state>.pdf`. A document is made again for every
 * download (it follows the job's payment), so the objects expire after a day.
 */

export function invoiceKey(jobId: string, fileStem: string, state: string): string {
  return `${bucketDefinitions.uploads.invoicePrefix}${jobId}/${fileStem}-${state}.pdf`;
}

/** Stores a rendered document and answers a presigned GET that downloads it as `fileName`. */
export async function storeAndPresignInvoice(
  key: string,
  pdf: Uint8Array,
  fileName: string,
): Promise<{ url: string; expiresAt: string }> {
  const bucket = config().uploadsBucket;
  await s3Client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: pdf, ContentType: 'application/pdf' }));
  const url = await getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: 'application/pdf',
    }),
    { expiresIn: invoiceDownloadSeconds },
  );
  return { url, expiresAt: new Date(Date.now() + invoiceDownloadSeconds * 1000).toISOString() };
}
