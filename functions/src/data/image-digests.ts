import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { deliveredImages, imageCountsOf, totalImages } from '@studio/shared/images';
import { documentClient } from '../lib/dynamo.ts';
import { isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { getJobItem, toJob } from './jobs.ts';
import { digestPartitions, jobKey, keyNames, tableName } from './keys.ts';
import { jobSnapshot, outboxItem } from './outbox.ts';
import { transact } from './transactions.ts';

/*
 * "N of M images delivered" (#33; docs/data-model.md pattern 72). A change that releases images to
 * the client upserts a marker for its job, due at the next full hour; the hourly sweep reads the
 * markers due and sends each job one e-mail with its counts then, so a delivery of 5,000 images
 * over an afternoon is a handful of e-mails, never one per image. The change that delivers the
 * whole job sends its own e-mail (#17's "your photos are ready") and writes no marker.
 */

interface Marker {
  key: Record<string, string>;
  jobId: string;
}

/** Markers due by `now`, from the 8 partitions (each a small range: the jobs of the last hours). */
async function dueMarkers(now: string): Promise<Marker[]> {
  const markers: Marker[] = [];
  for (const partition of digestPartitions()) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: '#pk = :pk AND #sk <= :cutoff',
          ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
          ExpressionAttributeValues: { ':pk': partition, ':cutoff': `${now}#~` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        markers.push({
          key: { [keyNames.pk]: item[keyNames.pk] as string, [keyNames.sk]: item[keyNames.sk] as string },
          jobId: item.jobId as string,
        });
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return markers;
}

export interface DigestRun {
  /** Jobs e-mailed, with what the e-mail said. */
  sent: { jobId: string; delivered: number; total: number }[];
  /** Markers removed with nothing to say (the job was delivered whole, cancelled, or told already). */
  dropped: number;
}

/**
 * Sends the digests due by `now` (the clock seam). `onlyJobs` limits a run to some jobs: tests
 * share the table with other test files at the same moment.
 */
export async function runImageDigests(
  now: Date = new Date(),
  options: { onlyJobs?: ReadonlySet<string> } = {},
): Promise<DigestRun> {
  const run: DigestRun = { sent: [], dropped: 0 };
  const byJob = new Map<string, Marker[]>();
  for (const marker of await dueMarkers(now.toISOString())) {
    if (options.onlyJobs && !options.onlyJobs.has(marker.jobId)) continue;
    byJob.set(marker.jobId, [...(byJob.get(marker.jobId) ?? []), marker]);
  }
  for (const [jobId, all] of byJob) {
    // Markers of hours the sweep missed, past what one transaction holds: removed first.
    const markers = all.slice(-90);
    for (let i = 0; i < all.length - markers.length; i += 100) {
      await transact(
        all
          .slice(i, Math.min(i + 100, all.length - markers.length))
          .map((marker) => ({ Delete: { TableName: tableName(), Key: marker.key } })),
      );
    }
    const deletes = markers.map((marker) => ({ Delete: { TableName: tableName(), Key: marker.key } }));
    const item = await getJobItem(jobId);
    const counts = imageCountsOf(item?.imageCounts);
    const delivered = deliveredImages(counts);
    const total = totalImages(counts);
    const told = item?.imageDigestCount ?? 0;
    const worthTelling =
      item !== null &&
      item.imageCounts !== undefined &&
      delivered > told &&
      delivered < total &&
      !['DELIVERED', 'COMPLETED', 'CANCELLED'].includes(item.status);
    if (!worthTelling) {
      await transact(deletes);
      run.dropped += markers.length;
      continue;
    }
    try {
      await transact([
        outboxItem({ event: 'job.imagesDelivered', job: jobSnapshot(toJob(item)), delivered, total }, now),
        {
          Update: {
            TableName: tableName(),
            Key: jobKey(jobId),
            UpdateExpression: 'SET #told = :delivered',
            // As read: a change meanwhile makes the next run say the newer count.
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#told': 'imageDigestCount', '#version': 'imagesVersion' },
            ExpressionAttributeValues: { ':delivered': delivered, ':version': item.imagesVersion ?? 0 },
          },
        },
        ...deletes,
      ]);
      run.sent.push({ jobId, delivered, total });
    } catch (error) {
      // The job changed at this moment: its marker stays, and the next run tells the newer count.
      if (!isTransactionCancelled(error)) throw error;
    }
  }
  return run;
}
