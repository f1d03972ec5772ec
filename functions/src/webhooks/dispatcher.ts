import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { WebhookPayload } from '@studio/shared/webhooks';
import { outboxItemOf, type OutboxItem } from '../data/outbox.ts';
import { listWebhookItems } from '../data/webhooks.ts';
import { invocationLogger } from '../lib/observability.ts';
import { organisationOf, payloadData, webhookEventOf } from './events.ts';
import { queueDeliveries } from './queue.ts';

/**
 * The webhook dispatcher (#36): reads new outbox items from the table's stream
 * (`webhookStreamFilter`, beside the notifier's own mapping), and for each queues one delivery per
 * enabled webhook of the job's organisation that asked for the event: one Query of the
 * organisation's webhooks. The event id is the outbox item's, so a record read twice (a retried
 * batch) queues deliveries a receiver recognises as repeats. A record that fails is reported, and
 * the stream retries from it.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const log = invocationLogger({ route: 'webhook-dispatcher' }, context);
  for (const record of event.Records) {
    const sequence = record.dynamodb?.SequenceNumber ?? record.eventID ?? '';
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    try {
      const item = outboxItemOf(unmarshall(image as Record<string, AttributeValue>));
      await dispatch(item);
    } catch (error) {
      log.error('webhook dispatch failed', {
        outboxId: image.id?.S,
        error: error instanceof Error ? error.message : String(error),
      });
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  return { batchItemFailures: [] };
}

async function dispatch(item: OutboxItem): Promise<void> {
  const type = webhookEventOf(item.event);
  const organisationId = organisationOf(item.event);
  if (!type || !organisationId) return;
  const hooks = (await listWebhookItems(organisationId)).filter((hook) => hook.enabled && hook.events.includes(type));
  if (hooks.length === 0) return;
  const data = await payloadData(item.event);
  if (!data) return;
  const payload: WebhookPayload = { id: item.id, type, createdAt: item.createdAt, organisationId, data };
  const body = JSON.stringify(payload);
  await queueDeliveries(
    hooks.map((hook) => ({
      message: { webhookId: hook.id, organisationId, eventId: item.id, event: type, body, attempt: 1 },
    })),
  );
}
