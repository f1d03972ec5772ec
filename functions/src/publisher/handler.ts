import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { invocationLogger } from '../lib/observability.ts';
import { publishSite } from './publish-site.ts';

/**
 * The site publisher, fed by the table's stream through an event source that passes changes to
 * public content only (`publishedContentStreamFilter`) and gathers a burst of them into one batch
 * (`publishBatchWindowSeconds`): one batch, one publication of the site as the table holds it
 * then. Idempotent: publishing twice publishes the same pages (the second finds nothing changed).
 * A failed publication reports the batch's first record as failed, so the whole batch is retried;
 * the site stays on its current release meanwhile.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const log = invocationLogger({ consumer: 'publisher' }, context);
  if (!Array.isArray(event?.Records)) {
    // The deployment's trigger (infra site-publisher.ts): publish with the new build's renderer.
    // A failure fails the deployment, which says so, and the current release stays served.
    log.appendPersistentKeys({ trigger: 'deployment' });
    await publishSite(log);
    return { batchItemFailures: [] };
  }
  const records = event.Records;
  if (records.length === 0) return { batchItemFailures: [] };
  try {
    log.appendPersistentKeys({ changes: records.length });
    await publishSite(log);
    return { batchItemFailures: [] };
  } catch (error) {
    log.error('site not published', {
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return { batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb?.SequenceNumber ?? '' }] };
  }
}
