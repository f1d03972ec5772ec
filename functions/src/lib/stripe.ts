import { stripeEnvNames } from '@studio/shared/platform';
import type Stripe from 'stripe';
import { lazy } from './lazy.ts';
import { readSecretString } from './secrets.ts';

/*
 * The Stripe client of the payments function, built once per container. In AWS the secret key and
 * the webhook signing secret are read from Secrets Manager (the function's environment holds only
 * the secrets' ARNs); the local stack gives the emulator's keys and address in the environment
 * instead, and the official SDK talks to the emulator through its host/port/protocol settings.
 * The SDK (240 KB) is loaded with the client, by the first request that needs Stripe (checkout,
 * refund, webhook), not at start: the group's other routes (transfers, the payment's state) never
 * load it.
 */

const stripeSdk = lazy(() => import('stripe'));

export interface StripeAccess {
  stripe: Stripe;
  webhookSecret: string;
}

/** Thrown when the keys are still the placeholders the stack created: payments are not set up. */
export class StripeNotConfiguredError extends Error {
  constructor(what: string) {
    super(
      `Stripe is not configured: ${what}. Set the Stripe secrets as the README's "Payments" section says, then try again.`,
    );
    this.name = 'StripeNotConfiguredError';
  }
}

async function readSecret(arn: string): Promise<string> {
  return ((await readSecretString(arn)) ?? '').trim();
}

async function loadKeys(): Promise<{ secretKey: string; webhookSecret: string }> {
  const env = process.env;
  const secretKeyArn = env[stripeEnvNames.secretKeyArn];
  const webhookSecretArn = env[stripeEnvNames.webhookSecretArn];
  if (secretKeyArn && webhookSecretArn) {
    const [secretKey, webhookSecret] = await Promise.all([readSecret(secretKeyArn), readSecret(webhookSecretArn)]);
    return { secretKey, webhookSecret };
  }
  return { secretKey: env[stripeEnvNames.secretKey] ?? '', webhookSecret: env[stripeEnvNames.webhookSecret] ?? '' };
}

function clientOptions(): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 8000, telemetry: false };
  const apiUrl = process.env[stripeEnvNames.apiUrl];
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
  };
}

let access: Promise<StripeAccess> | undefined;

/** The Stripe client and the webhook signing secret, read once per container. */
export function stripeAccess(): Promise<StripeAccess> {
  access ??= (async () => {
    const [{ secretKey, webhookSecret }, { default: StripeClient }] = await Promise.all([loadKeys(), stripeSdk()]);
    // The stack's placeholders are random text: real keys have Stripe's prefixes.
    if (!/^(sk|rk)_/.test(secretKey)) throw new StripeNotConfiguredError('the secret key is not set');
    if (!webhookSecret.startsWith('whsec_')) throw new StripeNotConfiguredError('the webhook secret is not set');
    return { stripe: new StripeClient(secretKey, clientOptions()), webhookSecret };
  })().catch((error: unknown) => {
    // Not kept: once the secret is set, the next request reads it again.
    access = undefined;
    throw error;
  });
  return access;
}
