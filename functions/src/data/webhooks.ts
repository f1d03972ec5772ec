import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '@studio/shared/platform';
import {
  maxWebhooksPerOrganisation,
  webhookDeliveryLogDays,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  webhookDeliverySchema,
  webhookEventSchema,
} from '@studio/shared/webhooks';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { ConflictError } from '../lib/errors.ts';
import {
  keyNames,
  organisationPartition,
  tableName,
  webhookCountKey,
  webhookDeliveriesPartition,
  webhookDeliveryKey,
  webhookDeliverySortKeyPrefix,
  webhookKey,
  webhookSortKeyPrefix,
} from './keys.ts';
import { outboxItem } from './outbox.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Webhooks (#36; docs/data-model.md, "Webhook", "Webhook delivery"):
 *   Webhook           PK ORG#<organisationId>  SK WEBHOOK#<hookId>
 *   Webhook count     PK ORG#<organisationId>  SK WEBHOOKS          (holds the limit of 10)
 *   Webhook delivery  PK WEBHOOK#<hookId>      SK DELIVERY#<ulid>   (TTL 30 days; newest first)
 * The webhook's item keeps its signing secret: it is needed to sign, so a hash would not do
 * (docs/decisions/webhooks.md). Nothing here answers it but `createWebhook`, once.
 */

export const webhookItemType = 'Webhook';
export const webhookDeliveryItemType = 'WebhookDelivery';

/**
 * The webhook item's attributes, declared once: `WebhookItem` is their type, and every read goes
 * through `webhookItemOf` (stored-items.ts).
 */
const webhookItemFields = {
  id: z.string(),
  type: z.literal(webhookItemType),
  organisationId: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  disabledReason: z.optional(z.string()),
  secret: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Since when every attempt has failed; absent after a success. */
  failingSince: z.optional(z.string()),
  /** The last delivery that succeeded. */
  lastDeliveryAt: z.optional(z.string()),
};

export type WebhookItem = z.infer<z.ZodMiniObject<typeof webhookItemFields>>;

/** A webhook item as read from the table, parsed; a `StoredItemError` (a 500) if it is not one. */
export const webhookItemOf = storedItemReader('webhook', webhookItemFields);

/** The webhook as the API answers it: never its secret. */
export function toWebhook(item: WebhookItem): Webhook {
  return {
    id: item.id,
    url: item.url,
    events: item.events,
    enabled: item.enabled,
    disabledReason: item.disabledReason ?? null,
    createdAt: item.createdAt,
    failingSince: item.failingSince ?? null,
    lastDeliveryAt: item.lastDeliveryAt ?? null,
  };
}

const tooMany = () =>
  new ConflictError(
    `An organisation has at most ${maxWebhooksPerOrganisation} webhooks: delete one before adding another.`,
  );

/** Adds a webhook, with the organisation's count, in one transaction: the 11th is refused (409). */
export async function createWebhook(input: {
  organisationId: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  createdBy: string;
  now: Date;
}): Promise<WebhookItem> {
  const id = ulid(input.now.getTime());
  const item: WebhookItem = {
    id,
    type: webhookItemType,
    organisationId: input.organisationId,
    url: input.url,
    events: input.events,
    enabled: true,
    secret: input.secret,
    createdAt: input.now.toISOString(),
    createdBy: input.createdBy,
  };
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: webhookCountKey(input.organisationId),
          UpdateExpression: 'SET #type = :type ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
          ExpressionAttributeValues: { ':type': 'WebhookCount', ':one': 1, ':max': maxWebhooksPerOrganisation },
        },
      },
      { Put: newItemPut({ ...item, ...webhookKey(input.organisationId, id) }) },
    ]);
  } catch (error) {
    if (isConditionFailed(error, 0)) throw tooMany();
    throw error;
  }
  return item;
}

/** The organisation's webhooks, oldest first: one Query of its partition (at most 10 items). */
export async function listWebhookItems(organisationId: string): Promise<WebhookItem[]> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': organisationPartition(organisationId), ':prefix': webhookSortKeyPrefix },
    }),
  );
  return (result.Items ?? []).map(webhookItemOf);
}

export async function getWebhookItem(organisationId: string, hookId: string): Promise<WebhookItem | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: webhookKey(organisationId, hookId), ConsistentRead: true }),
  );
  return result.Item ? webhookItemOf(result.Item) : null;
}

/**
 * Changes the events, or turns the webhook on or off. Turning it on starts afresh: no reason, no
 * failing streak (the next failure starts a new 3 days). Null when there is no such webhook.
 */
export async function updateWebhookItem(
  organisationId: string,
  hookId: string,
  change: { events?: WebhookEvent[]; enabled?: boolean },
): Promise<WebhookItem | null> {
  // The type, set as it is, keeps the expression valid for a body that changes nothing.
  const sets = ['#type = :type'];
  const removes: string[] = [];
  const names: Record<string, string> = { '#pk': keyNames.pk, '#type': 'type' };
  const values: Record<string, unknown> = { ':type': webhookItemType };
  if (change.events) {
    sets.push('#events = :events');
    names['#events'] = 'events';
    values[':events'] = change.events;
  }
  if (change.enabled !== undefined) {
    sets.push('#enabled = :enabled');
    names['#enabled'] = 'enabled';
    values[':enabled'] = change.enabled;
    if (change.enabled) {
      removes.push('#disabledReason', '#failingSince');
      names['#disabledReason'] = 'disabledReason';
      names['#failingSince'] = 'failingSince';
    } else {
      sets.push('#disabledReason = :reason');
      names['#disabledReason'] = 'disabledReason';
      values[':reason'] = 'Turned off by an owner.';
    }
  }
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(organisationId, hookId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return webhookItemOf(result.Attributes ?? {});
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/**
 * Deletes a webhook and counts it off, in one transaction; false when there is no such webhook.
 * Its deliveries log is left to expire (TTL): nothing reads it once the webhook is gone.
 */
export async function deleteWebhookItem(organisationId: string, hookId: string): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: webhookKey(organisationId, hookId),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: webhookCountKey(organisationId),
          UpdateExpression: 'ADD #count :minusOne',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailed(error, 0)) return false;
    throw error;
  }
}

/** One attempt, as the deliveries log keeps it. */
export type DeliveryRecord = Omit<WebhookDelivery, 'id'>;

/** A delivery item: one attempt as `webhookDeliverySchema` answers it, with its webhook's id. */
const deliveryItemFields = {
  ...webhookDeliverySchema.shape,
  type: z.literal(webhookDeliveryItemType),
  webhookId: z.string(),
};
type DeliveryItem = z.infer<z.ZodMiniObject<typeof deliveryItemFields>>;
const deliveryItemOf = storedItemReader('webhook delivery', deliveryItemFields);

function deliveryPut(hookId: string, record: DeliveryRecord, now: Date) {
  const id = ulid(now.getTime());
  const item: DeliveryItem = { id, type: webhookDeliveryItemType, webhookId: hookId, ...record };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...item,
        ...webhookDeliveryKey(hookId, id),
        [tableDefinition.ttlAttribute]: Math.floor(now.getTime() / 1000) + webhookDeliveryLogDays * 86_400,
      },
    },
  };
}

export type AttemptOutcome = 'recorded' | 'disabled';

/**
 * Writes one attempt to the log and its effect on the webhook, in one transaction: a success
 * notes `lastDeliveryAt` and ends a failing streak; a failure starts one (`failingSince`), and a
 * failure when the streak is older than `disableAfterMs` turns the webhook off and tells its
 * owners (an outbox item in the same transaction). `webhook` is the item as read before the try.
 */
export async function recordAttempt(
  webhook: WebhookItem,
  record: DeliveryRecord,
  now: Date,
  disableAfterMs: number,
): Promise<AttemptOutcome> {
  const at = now.toISOString();
  const key = webhookKey(webhook.organisationId, webhook.id);
  const log = deliveryPut(webhook.id, record, now);
  const exists = { ConditionExpression: 'attribute_exists(#pk)' };
  if (record.ok) {
    await transactIfThere([
      log,
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #last = :at REMOVE #failing',
          ...exists,
          ExpressionAttributeNames: { '#pk': keyNames.pk, '#last': 'lastDeliveryAt', '#failing': 'failingSince' },
          ExpressionAttributeValues: { ':at': at },
        },
      },
    ]);
    return 'recorded';
  }
  const since = webhook.failingSince;
  if (webhook.enabled && since && now.getTime() - Date.parse(since) > disableAfterMs) {
    const reason = `Every delivery failed from ${since.slice(0, 16).replace('T', ' ')} UTC for more than ${Math.round(disableAfterMs / 86_400_000)} days.`;
    try {
      await transact([
        log,
        {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET #enabled = :off, #reason = :reason',
            // As read: an owner who turned it on again meanwhile has started a new streak.
            ConditionExpression: '#enabled = :on AND #failing = :since',
            ExpressionAttributeNames: {
              '#enabled': 'enabled',
              '#reason': 'disabledReason',
              '#failing': 'failingSince',
            },
            ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': reason, ':since': since },
          },
        },
        outboxItem(
          {
            event: 'webhook.disabled',
            webhook: { id: webhook.id, organisationId: webhook.organisationId, url: webhook.url, failingSince: since },
          },
          now,
        ),
      ]);
      return 'disabled';
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  await transactIfThere([
    log,
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #failing = if_not_exists(#failing, :at)',
        ...exists,
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#failing': 'failingSince' },
        ExpressionAttributeValues: { ':at': at },
      },
    },
  ]);
  return 'recorded';
}

/** A webhook deleted during its delivery: nothing to note (its log would expire unread). */
async function transactIfThere(items: Parameters<typeof transact>[0]): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (!isConditionFailed(error, 1)) throw error;
  }
}

/** The webhook's deliveries log, newest first, a page at a time. */
export async function listDeliveries(
  hookId: string,
  options: { cursor?: string; limit?: number },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const partition = webhookDeliveriesPartition(hookId);
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': partition, ':prefix': webhookDeliverySortKeyPrefix },
      ScanIndexForward: false,
      Limit: options.limit ?? 25,
      ExclusiveStartKey: decodeCursor(options.cursor, {
        names: [keyNames.pk, keyNames.sk],
        equal: { [keyNames.pk]: partition },
        prefix: { [keyNames.sk]: webhookDeliverySortKeyPrefix },
      }),
    }),
  );
  return {
    deliveries: (result.Items ?? []).map((raw) => {
      const item = deliveryItemOf(raw);
      return {
        id: item.id,
        eventId: item.eventId,
        event: item.event,
        attempt: item.attempt,
        at: item.at,
        status: item.status,
        ok: item.ok,
        response: item.response,
        durationMs: item.durationMs,
        nextAttemptAt: item.nextAttemptAt,
      };
    }),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}
