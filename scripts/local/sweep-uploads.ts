/**
 * The local stand-in for the uploads bucket's lifecycle rules (s3rver has none), run at start-up:
 * files posted under `client-uploads/` or `deliverables/` that never became part of a job, older
 * than the rule's days, archives and rendered invoices (#16) past theirs, are deleted. The rules select objects tagged
 * upload=open; s3rver drops the `tagging` field of a POST, so here "not tagged upload=job" stands
 * for it: every object S3 accepts through our POST policies carries the open tag, so both select
 * the same files.
 */
import { DeleteObjectsCommand, GetObjectTaggingCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { bucketDefinitions } from '@studio/shared/platform';

const day = 24 * 60 * 60 * 1000;

export interface SweepResult {
  deleted: string[];
  kept: number;
}

export async function sweepUploads(
  s3: S3Client,
  bucket: string,
  options: { now?: number; within?: string } = {},
): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const rules = bucketDefinitions.uploads;
  const deleted: string[] = [];
  let kept = 0;
  const sweep = async (prefix: string, days: number, expires: (key: string) => Promise<boolean>) => {
    // `within` narrows the sweep to part of a prefix (a test's own files).
    const scope = options.within?.startsWith(prefix) ? options.within : prefix;
    if (options.within && !options.within.startsWith(prefix)) return;
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: scope, ContinuationToken: token }));
      const old = (page.Contents ?? []).filter(
        (o) => o.Key && o.LastModified && now - o.LastModified.getTime() > days * day,
      );
      const doomed: string[] = [];
      for (const object of old) {
        if (await expires(object.Key!)) doomed.push(object.Key!);
        else kept++;
      }
      if (doomed.length > 0) {
        await s3.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: doomed.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        deleted.push(...doomed);
      }
      token = page.NextContinuationToken;
    } while (token);
  };
  const notKept = async (key: string) => {
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
    return !(tags.TagSet ?? []).some((tag) => tag.Key === rules.fileTagKey && tag.Value === rules.keptTag);
  };
  await sweep(rules.clientUploadPrefix, rules.openUploadDays, notKept);
  await sweep(rules.deliverablePrefix, rules.openUploadDays, notKept);
  await sweep(rules.archivePrefix, rules.archiveDays, async () => true);
  // Invoices and receipts, rendered again at every download (#16).
  await sweep(rules.invoicePrefix, rules.renderedInvoiceDays, async () => true);
  // Catalogue images posted but never confirmed (the CDK stack's rule on pending/).
  await sweep('pending/', rules.abandonedUploadDays, async () => true);
  return { deleted, kept };
}
