import * as z from 'zod/mini';
import { webhookEnvNames, webhookEventSchema, webhookTestEvent } from '@studio/shared/webhooks';
import { lazy } from '../lib/lazy.ts';
import { traced } from '../lib/observability.ts';
import { clientOptions, type CallBudget } from '../lib/sdk-options.ts';

/*
 * The delivery queue of webhooks (#36): one message per event and webhook. A failed try is
 * queued again as a new message (attempt + 1) with `DelaySeconds` of at most 15 minutes, SQS's
 * limit; a longer wait carries its `notBefore` and is put back with the rest of the wait when it
 * comes early (docs/decisions/webhooks.md). What is given up on goes to the dead-letter queue.
 * Locally AWS_ENDPOINT_URL_SQS points the client at the local stack's queue
 * (scripts/local/webhook-queue.ts).
 */

export const deliveryMessageSchema = z.object({
  webhookId: z.string(),
  organisationId: z.string(),
  eventId: z.string(),
  event: z.union([webhookEventSchema, z.literal(webhookTestEvent)]),
  /** The exact JSON sent (and signed), the same on every try. */
  body: z.string(),
  /** 1 for the first try. */
  attempt: z.int(),
  /** When the first try was made (epoch ms): the retry window counts from it. */
  firstAt: z.optional(z.number()),
  /** Not to be tried before (epoch ms). */
  notBefore: z.optional(z.number()),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

/** SQS's longest `DelaySeconds`. */
export const maxDelaySeconds = 900;

const sqsBudget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 3 };

const sqs = lazy(async () => {
  const sdk = await import('@aws-sdk/client-sqs');
  return {
    client: traced(new sdk.SQSClient(clientOptions(sqsBudget))),
    SendMessageBatchCommand: sdk.SendMessageBatchCommand,
    SendMessageCommand: sdk.SendMessageCommand,
  };
});

function queueUrl(name: keyof typeof webhookEnvNames): string {
  const url = process.env[webhookEnvNames[name]];
  if (!url) throw new Error(`${webhookEnvNames[name]} is not set for this function`);
  return url;
}

/** Queues messages, ten to a call; throws if any was not taken. */
export async function queueDeliveries(messages: { message: DeliveryMessage; delaySeconds?: number }[]): Promise<void> {
  if (messages.length === 0) return;
  const { client, SendMessageBatchCommand } = await sqs();
  const url = queueUrl('queueUrl');
  for (let i = 0; i < messages.length; i += 10) {
    const chunk = messages.slice(i, i + 10);
    const answer = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: chunk.map(({ message, delaySeconds }, index) => ({
          Id: String(index),
          MessageBody: JSON.stringify(message),
          DelaySeconds: Math.max(0, Math.min(maxDelaySeconds, Math.ceil(delaySeconds ?? 0))),
        })),
      }),
    );
    if ((answer.Failed ?? []).length > 0) {
      throw new Error(`the queue refused ${answer.Failed!.length} message(s): ${answer.Failed![0]!.Message ?? ''}`);
    }
  }
}

/** A delivery given up on (every try failed for 24 h): kept in the dead-letter queue for staff. */
export async function deadLetter(message: DeliveryMessage, reason: string): Promise<void> {
  const { client, SendMessageCommand } = await sqs();
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl('deadLetterQueueUrl'),
      MessageBody: JSON.stringify({ ...message, reason }),
    }),
  );
}
