/**
 * The owner's checklist (#40, item 14): `GET api/studio/setup` (SUPER_ADMIN) says, item by item,
 * what the studio has not set up yet. The two settings items turn done when a SUPER_ADMIN saves
 * them, through the gateway; the two deploy-time items are not applicable on the local stack, and
 * read the deployed function's environment (the Stripe secrets through the SDK's Secrets Manager
 * client, against a stand-in; the alarm e-mail as the CDK stack sets it), exercised here on the
 * route's own implementation. The settings are put back as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEnvNames } from '@studio/shared/platform';
import { studioSettingsResponseSchema, type StudioSettingsFields } from '@studio/shared/studio-settings';
import {
  alarmEmailEnvName,
  studioSetupResponseSchema,
  type StudioSetupItemId,
  type StudioSetupStatus,
} from '@studio/shared/studio-setup';
import { localRegion } from '../../../scripts/local/provision.ts';
import { secretsManagerStandIn } from '../../../scripts/test-setup/secrets-manager.ts';
import { useHandlerEnv } from './handler-env.ts';
import { put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';

useHandlerEnv();

/** The settings as they were before this file, put back after it. */
let saved: StudioSettingsFields;
/** The settings as this file last saved them. */
let current: StudioSettingsFields;

async function adminToken(): Promise<string> {
  return (await signedInIdentities()).SUPER_ADMIN.token!;
}

async function setup(): Promise<Record<StudioSetupItemId, StudioSetupStatus>> {
  const answer = await api('/api/studio/setup', { token: await adminToken() });
  expect(answer.status, answer.text).toBe(200);
  const { items } = studioSetupResponseSchema.parse(answer.json);
  expect(items.map((item) => item.id)).toEqual(['legalNameAndTaxId', 'bankDetails', 'stripeKeys', 'alarmEmail']);
  return Object.fromEntries(items.map((item) => [item.id, item.status])) as Record<
    StudioSetupItemId,
    StudioSetupStatus
  >;
}

/** Saves a change to the settings as last saved. */
async function save(change: Partial<StudioSettingsFields>) {
  current = { ...current, ...change };
  const answer = await put('/api/settings', current, await adminToken());
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  const read = await api('/api/settings', { token: await adminToken() });
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
  saved = fields;
  current = fields;
});

afterAll(async () => {
  if (saved) await save(saved);
});

describe("the owner's checklist (#40)", () => {
  it('lists the legal name and VAT number, and the bank details, until a SUPER_ADMIN saves them', async () => {
    await save({ legalName: 'Retouch Studio', taxId: '', bankDetails: '' });
    expect(await setup()).toEqual({
      legalNameAndTaxId: 'missing',
      bankDetails: 'missing',
      // The local stack: the Stripe emulator, and no alarms.
      stripeKeys: 'notApplicable',
      alarmEmail: 'notApplicable',
    });

    await save({ bankDetails: 'Retouch Studio Ltd\nIBAN GB33 BUKB 2020 1555 5555 55\nBIC BUKBGB22' });
    expect(await setup()).toMatchObject({ legalNameAndTaxId: 'missing', bankDetails: 'done' });

    // A legal name without a tax id is not done yet; both are.
    await save({ legalName: 'Retouch Studio Ltd' });
    expect((await setup()).legalNameAndTaxId).toBe('missing');
    await save({ legalName: 'Retouch Studio Ltd', taxId: 'GB123456789' });
    expect(await setup()).toMatchObject({ legalNameAndTaxId: 'done', bankDetails: 'done' });

    // Emptied again: on the list again.
    await save({ bankDetails: '   ' });
    expect((await setup()).bankDetails).toBe('missing');
  });

  it('answers the SUPER_ADMIN only', async () => {
    const ids = await signedInIdentities();
    for (const role of ['CLIENT_A', 'EDITOR', 'MANAGER'] as const) {
      const answer = await api('/api/studio/setup', { token: ids[role].token });
      expectEnvelope(answer.json, 403);
    }
    expectEnvelope((await api('/api/studio/setup')).json, 401);
  });
});

describe('the deploy-time items, as deployed', () => {
  const arn = (name: string) => `arn:aws:secretsmanager:${localRegion}:123456789012:secret:${name}-AbCdEf`;
  const keyArn = arn('stripe-key');
  const webhookArn = arn('stripe-webhook');
  const secrets = secretsManagerStandIn();
  const env = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: await secrets.start(),
      [stripeEnvNames.secretKeyArn]: keyArn,
      [stripeEnvNames.webhookSecretArn]: webhookArn,
    });
    delete process.env[stripeEnvNames.apiUrl];
  });

  afterAll(async () => {
    process.env = env;
    await secrets.close();
  });

  async function statuses() {
    const { getStudioSetupRoute } = await import('../../src/payments/get-studio-setup.ts');
    const { items } = await getStudioSetupRoute({} as never);
    return Object.fromEntries(items.map((item) => [item.id, item.status]));
  }

  it('says the Stripe keys are missing while they are the placeholders, test mode with test keys, done with live ones', async () => {
    // What the data stack stores: random text.
    secrets.secrets.set(keyArn, { current: 'q8Zr2L0mVx7Tn4Yp' });
    secrets.secrets.set(webhookArn, { current: 'Jd93kAo1PzQ0wEr6' });
    expect((await statuses()).stripeKeys).toBe('missing');

    secrets.rotate(keyArn, 'sk_test_51AbCdEf0123456789');
    expect((await statuses()).stripeKeys).toBe('missing');
    secrets.rotate(webhookArn, 'whsec_0123456789abcdef');
    expect((await statuses()).stripeKeys).toBe('testMode');

    secrets.rotate(keyArn, 'rk_live_51AbCdEf0123456789');
    expect((await statuses()).stripeKeys).toBe('done');
    // Read each time, not kept: both secrets were read on every call.
    expect(secrets.reads.filter((read) => read.secretId === keyArn)).toHaveLength(4);
  });

  it('says whether the stack subscribed an alarm e-mail', async () => {
    process.env[alarmEmailEnvName] = 'none';
    expect((await statuses()).alarmEmail).toBe('missing');
    process.env[alarmEmailEnvName] = 'configured';
    expect((await statuses()).alarmEmail).toBe('done');
    delete process.env[alarmEmailEnvName];
    expect((await statuses()).alarmEmail).toBe('notApplicable');
  });
});
