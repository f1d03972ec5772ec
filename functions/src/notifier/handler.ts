import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { invocationLogger } from '../lib/observability.ts';
import { deliverOutboxItem, RetryLaterError } from './deliver.ts';

/**
 * The notifier: consumes the table's stream, filtered to new outbox items (`outboxStreamFilter`),
 * and delivers each (deliver.ts). Records are handled in order; the first that must be tried again
 * is reported as a batch item failure, so the stream retries from it (records after it come again
 * too, and are skipped if already sent). Any other error is reported the same way: the record is
 * retried, and after the event source's last retry it lands in the dead-letter queue.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const log = invocationLogger({ route: 'notifier' }, context);
  for (const record of event.Records) {
    const sequence = record.dynamodb?.SequenceNumber ?? record.eventID ?? '';
    const id = record.dynamodb?.NewImage?.id?.S;
    if (!id) continue;
    try {
      await deliverOutboxItem(id, log);
    } catch (error) {
      if (!(error instanceof RetryLaterError)) {
        log.error('outbox record failed', {
          outboxId: id,
          errorName: error instanceof Error ? error.name : 'Unknown',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  return { batchItemFailures: [] };
}
