/** Helpers of the notification tests (issue 18): the SES emulator's store and the outbox items. */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localNames } from '../../../scripts/local/provision.ts';

export interface SentEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** Every message the SES emulator at `endpoint` accepted, oldest first. */
export async function sesEmails(endpoint = inject('sesEndpoint')): Promise<SentEmail[]> {
  const response = await fetch(`${endpoint}/store`);
  const store = (await response.json()) as { emails: StoredEmail[] };
  return store.emails.map((email) => ({
    messageId: email.messageId,
    from: email.from,
    to: email.destination.to,
    subject: email.subject,
    text: email.body.text ?? '',
    html: email.body.html ?? '',
  }));
}

/** Polls `check` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface StoredOutboxItem {
  id: string;
  status: string;
  attempts: number;
  lastError?: string;
  event: { event: string; job?: { id: string; number: string }; lead?: { id: string }; application?: { id: string } };
}

/** The outbox items whose event matches, read from the table (a scan: the test table is small). */
export async function outboxItems(
  client: DynamoDBDocumentClient,
  matches: (item: StoredOutboxItem) => boolean,
  tableName: string = localNames.table,
): Promise<StoredOutboxItem[]> {
  const items: StoredOutboxItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :outbox',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':outbox': 'Outbox' },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...((page.Items ?? []) as StoredOutboxItem[]).filter(matches));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Waits until every outbox item about this job / lead / application is settled (SENT or FAILED). */
export async function settledOutbox(
  client: DynamoDBDocumentClient,
  about: string,
  count: number,
): Promise<StoredOutboxItem[]> {
  const mentions = (item: StoredOutboxItem) =>
    item.event.job?.id === about || item.event.lead?.id === about || item.event.application?.id === about;
  return eventually(`${count} settled outbox item(s) about ${about}`, async () => {
    const items = await outboxItems(client, mentions);
    const settled = items.filter((item) => item.status === 'SENT' || item.status === 'FAILED');
    return items.length === count && settled.length === count ? items : undefined;
  });
}
