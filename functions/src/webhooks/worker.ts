import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { webhookDisableAfterDays, webhookTestEvent } from '@studio/shared/webhooks';
import { getWebhookItem, recordAttempt } from '../data/webhooks.ts';
import { invocationLogger, type Logger } from '../lib/observability.ts';
import { nextAttemptAt } from './backoff.ts';
import { deadLetter, deliveryMessageSchema, maxDelaySeconds, queueDeliveries, type DeliveryMessage } from './queue.ts';
import { deliverOnce } from './send.ts';

/**
 * The webhook delivery worker (#36), on the delivery queue (ReportBatchItemFailures): each message
 * is one try at one event for one webhook. The try, its log entry and its effect on the webhook
 * (failing streak, turned off after 3 days) are written; a failed try is queued again for the
 * time the backoff schedule says, or, past the 24 hours, sent to the dead-letter queue. A message
 * that cannot be handled (the table or the queue failing) is reported, and SQS hands it out again
 * after its visibility timeout; after the queue's receive limit it lands in the dead-letter queue.
 *
 * "Now" is when SQS first handed this message out (`ApproximateFirstReceiveTimestamp`): each try is
 * a message of its own, so that is when the try is made. The local queue stamps it from the local
 * stack's clock, which the tests move forward instead of waiting hours.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const log = invocationLogger({ route: 'webhook-worker' }, context);
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await handleRecord(record, log);
    } catch (error) {
      log.error('webhook delivery failed to run', {
        messageId: record.messageId,
        error: error instanceof Error ? error.message : String(error),
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}

function receivedAt(record: SQSRecord): number {
  const stamped = Number(record.attributes?.ApproximateFirstReceiveTimestamp);
  return Number.isFinite(stamped) && stamped > 0 ? stamped : Date.now();
}

const delayUntil = (at: number, now: number) => Math.min(maxDelaySeconds, Math.max(0, Math.ceil((at - now) / 1000)));

async function handleRecord(record: SQSRecord, log: Logger): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record.body);
  } catch {
    parsed = null;
  }
  const result = deliveryMessageSchema.safeParse(parsed);
  if (!result.success) {
    // Not ours to retry: no later try makes it readable.
    log.error('webhook message not readable; dropped', { messageId: record.messageId });
    return;
  }
  const message = result.data;
  const now = receivedAt(record);
  if (message.notBefore !== undefined && message.notBefore > now) {
    await queueDeliveries([{ message, delaySeconds: delayUntil(message.notBefore, now) }]);
    return;
  }
  const webhook = await getWebhookItem(message.organisationId, message.webhookId);
  if (!webhook) return; // deleted meanwhile
  if (!webhook.enabled && message.event !== webhookTestEvent) {
    log.info('webhook turned off; event not sent', { webhookId: webhook.id, eventId: message.eventId });
    return;
  }
  const attempt = await deliverOnce({
    url: webhook.url,
    secret: webhook.secret,
    eventId: message.eventId,
    body: message.body,
    timestamp: Math.floor(now / 1000),
  });
  const firstAt = message.firstAt ?? now;
  const next = attempt.ok ? null : nextAttemptAt(message.attempt, firstAt, now);
  const outcome = await recordAttempt(
    webhook,
    {
      eventId: message.eventId,
      event: message.event,
      attempt: message.attempt,
      at: new Date(now).toISOString(),
      status: attempt.status,
      ok: attempt.ok,
      response: attempt.response,
      durationMs: attempt.durationMs,
      nextAttemptAt: next === null ? null : new Date(next).toISOString(),
    },
    new Date(now),
    webhookDisableAfterDays * 86_400_000,
  );
  if (outcome === 'disabled') log.warn('webhook turned off after failing for days', { webhookId: webhook.id });
  if (attempt.ok) return;
  if (next !== null) {
    const again: DeliveryMessage = { ...message, attempt: message.attempt + 1, firstAt, notBefore: next };
    await queueDeliveries([{ message: again, delaySeconds: delayUntil(next, now) }]);
    return;
  }
  await deadLetter(
    { ...message, firstAt },
    `Every try failed until ${new Date(now).toISOString()}: ${attempt.response}`,
  );
}
