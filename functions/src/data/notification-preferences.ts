import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { notificationKeys, type NotificationKey } from '@studio/shared/notifications';
import { documentClient } from '../lib/dynamo.ts';
import { notificationPreferencesKey, tableName } from './keys.ts';

/*
 * Which optional e-mails a person turned off (docs/data-model.md, "Notification preferences").
 *   Preferences  PK USER#<userId>  SK NOTIFICATION_PREFERENCES  { off: [key, ...] }
 * No item: everything on. Essential e-mails are never stored as off (the route refuses it).
 */

/** The keys a user turned off; empty when they never changed anything. */
export async function getTurnedOff(userId: string): Promise<Set<NotificationKey>> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: notificationPreferencesKey(userId), ConsistentRead: true }),
  );
  const off = (result.Item?.off as string[] | undefined) ?? [];
  return new Set(off.filter((key): key is NotificationKey => (notificationKeys as string[]).includes(key)));
}

/** Replaces the user's list of turned-off e-mails. */
export async function setTurnedOff(userId: string, off: Iterable<NotificationKey>, now = new Date()): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...notificationPreferencesKey(userId),
        type: 'NotificationPreferences',
        userId,
        off: [...new Set(off)].sort(),
        updatedAt: now.toISOString(),
      },
    }),
  );
}
