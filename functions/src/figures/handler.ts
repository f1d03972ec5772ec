import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { keyNames } from '../data/keys.ts';
import { applyChange } from '../data/overview-figures.ts';
import { invocationLogger } from '../lib/observability.ts';

/**
 * The figures projector (#40 item 9): consumes the table's stream, filtered to jobs, image versions
 * and delivered files (`figuresStreamFilters`), and keeps the overview's counters and the lists of
 * jobs behind them (data/overview-figures.ts). Records are applied in order, each exactly once
 * however often the stream delivers it; the first that fails is reported as a batch item failure,
 * so the stream retries from it, and after the event source's last retry it lands in the
 * dead-letter queue.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const log = invocationLogger({ route: 'figures-projector' }, context);
  for (const record of event.Records) {
    const sequence = record.dynamodb?.SequenceNumber ?? '';
    const image = (value: unknown) =>
      value ? (unmarshall(value as Record<string, AttributeValue>) as Record<string, unknown>) : null;
    const keys = image(record.dynamodb?.Keys);
    if (!keys) continue;
    try {
      await applyChange({
        pk: keys[keyNames.pk] as string,
        sk: keys[keyNames.sk] as string,
        sequence: sequence || undefined,
        item: record.eventName === 'REMOVE' ? null : image(record.dynamodb?.NewImage),
        old: image(record.dynamodb?.OldImage),
      });
    } catch (error) {
      log.error('figures record failed', {
        keys: `${String(keys[keyNames.pk])} ${String(keys[keyNames.sk])}`,
        errorName: error instanceof Error ? error.name : 'Unknown',
        error: error instanceof Error ? error.message : String(error),
      });
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  return { batchItemFailures: [] };
}
