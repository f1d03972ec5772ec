import { stripeEnvNames } from '@studio/shared/platform';
import {
  alarmEmailEnvName,
  alarmEmailEnvValues,
  stripeKeysForm,
  type StudioSetupItem,
  type StudioSetupStatus,
} from '@studio/shared/studio-setup';
import { getStudioSettings } from '../data/settings.ts';
import type { RouteImpl } from '../lib/http.ts';
import { readSecretString } from '../lib/secrets.ts';

/**
 * Whether Stripe takes real payments here. Deployed, the function holds the secrets' ARNs and
 * reads their values to check their form only (the answer never carries them); locally it talks to
 * the emulator (`STRIPE_API_URL`), where real keys mean nothing.
 */
async function stripeStatus(): Promise<StudioSetupStatus> {
  const env = process.env;
  const secretKeyArn = env[stripeEnvNames.secretKeyArn];
  const webhookSecretArn = env[stripeEnvNames.webhookSecretArn];
  if (secretKeyArn && webhookSecretArn) {
    // Read on each call, not kept: the checklist must turn done as soon as the keys are put.
    const [secretKey, webhookSecret] = await Promise.all([
      readSecretString(secretKeyArn),
      readSecretString(webhookSecretArn),
    ]);
    const form = stripeKeysForm(secretKey ?? '', webhookSecret ?? '');
    return form === 'live' ? 'done' : form === 'test' ? 'testMode' : 'missing';
  }
  if (env[stripeEnvNames.apiUrl]) return 'notApplicable';
  return 'missing';
}

/** Set by the CDK stack from its `alarmEmail` setting; unset on the local stack. */
function alarmEmailStatus(): StudioSetupStatus {
  const value = process.env[alarmEmailEnvName];
  if (value === undefined || value === '') return 'notApplicable';
  return value === alarmEmailEnvValues.configured ? 'done' : 'missing';
}

/** `GET api/studio/setup` (SUPER_ADMIN, #40): what the studio has not set up yet. */
export const getStudioSetupRoute: RouteImpl<'getStudioSetup'> = async () => {
  const [settings, stripe] = await Promise.all([getStudioSettings(), stripeStatus()]);
  const done = (yes: boolean): StudioSetupStatus => (yes ? 'done' : 'missing');
  const items: StudioSetupItem[] = [
    {
      id: 'legalNameAndTaxId',
      // The legal name has a default ('Retouch Studio') until the owner first saves the settings.
      status: done(settings.updatedAt !== null && settings.legalName !== '' && settings.taxId !== ''),
    },
    { id: 'bankDetails', status: done(settings.bankDetails !== '') },
    { id: 'stripeKeys', status: stripe },
    { id: 'alarmEmail', status: alarmEmailStatus() },
  ];
  return { items };
};
