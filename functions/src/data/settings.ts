import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultStudioSettings, type StudioSettings, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { documentClient } from '../lib/dynamo.ts';
import { studioSettingsKey, tableName } from './keys.ts';

/*
 * The studio's settings (docs/data-model.md, pattern 32): one item, `SETTINGS` / `STUDIO`. A field
 * a later issue adds is absent from an item saved before it, so reads fill every field from the
 * defaults first.
 */

export async function getStudioSettings(): Promise<StudioSettings> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: studioSettingsKey(), ConsistentRead: true }),
  );
  const stored = (result.Item ?? {}) as Partial<StudioSettingsFields> & { updatedAt?: string };
  const settings = { ...defaultStudioSettings, updatedAt: stored.updatedAt ?? null } as StudioSettings;
  for (const name of Object.keys(defaultStudioSettings) as (keyof StudioSettingsFields)[]) {
    if (stored[name] !== undefined) (settings as Record<string, unknown>)[name] = stored[name];
  }
  return settings;
}

/** Replaces the settings (a SUPER_ADMIN's PUT sends them all); the last save wins. */
export async function saveStudioSettings(
  fields: StudioSettingsFields,
  updatedBy: string,
  now = new Date(),
): Promise<StudioSettings> {
  const updatedAt = now.toISOString();
  // A field the page does not send (qcRequired, #33; timeZone, #40; country, #35) keeps what was stored.
  const stored =
    fields.qcRequired === undefined || fields.timeZone === undefined || fields.country === undefined
      ? await getStudioSettings()
      : null;
  const kept = {
    ...(fields.qcRequired === undefined ? { qcRequired: stored!.qcRequired } : {}),
    ...(fields.timeZone === undefined ? { timeZone: stored!.timeZone } : {}),
    ...(fields.country === undefined ? { country: stored!.country } : {}),
  };
  const saved = { ...fields, ...kept };
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...studioSettingsKey(), type: 'StudioSettings', ...saved, updatedAt, updatedBy },
    }),
  );
  return {
    ...saved,
    qcRequired: saved.qcRequired ?? true,
    timeZone: saved.timeZone ?? 'UTC',
    country: saved.country ?? '',
    updatedAt,
  };
}
