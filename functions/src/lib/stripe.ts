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

let keyOnly: Promise<Stripe> | undefined;

/**
 * The Stripe client without the webhook secret, for a function that calls Stripe but verifies no
 * webhook (the jobs group expiring a cancelled job's checkout: its role may read the secret key
 * only). Where the webhook secret is configured too, the payments function's one client.
 */
export function stripeClient(): Promise<Stripe> {
  const env = process.env;
  if (env[stripeEnvNames.webhookSecretArn] || env[stripeEnvNames.webhookSecret]) {
    return stripeAccess().then(({ stripe }) => stripe);
  }
  keyOnly ??= (async () => {
    const arn = env[stripeEnvNames.secretKeyArn];
    const [secretKey, { default: StripeClient }] = await Promise.all([
      arn ? readSecret(arn) : Promise.resolve(env[stripeEnvNames.secretKey] ?? ''),
      stripeSdk(),
    ]);
    if (!/^(sk|rk)_/.test(secretKey)) throw new StripeNotConfiguredError('the secret key is not set');
    return new StripeClient(secretKey, clientOptions());
  })().catch((error: unknown) => {
    keyOnly = undefined;
    throw error;
  });
  return keyOnly;
}

/**
 * Whether Stripe refused a request for what it asked (an invalid request: a refund greater than
 * what is left, a session that is not open), as opposed to not answering or failing itself. A
 * refusal is final and has a reason to show; anything else may be tried again.
 */
export function isStripeRefusal(error: unknown): error is Error & { type: string; code?: string } {
  return (
    error instanceof Error &&
    (error as { type?: unknown }).type === 'StripeInvalidRequestError' &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

/** Whether Stripe could not be reached or failed itself: nothing was decided there, try again later. */
export function isStripeUnavailable(error: unknown): boolean {
  const type = error instanceof Error ? (error as { type?: unknown }).type : undefined;
  return type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError';
}
