import * as z from 'zod/mini';

/*
 * The owner's checklist (#40, item 14): what the studio has not set up yet, on the SUPER_ADMIN's
 * dashboard until it is done. Two items are the studio's settings (`/settings`); two are set when
 * the studio is deployed (docs/deploy.md), and mean nothing on the local stack.
 */

/** The checklist's items, in the order the dashboard lists them. */
export const studioSetupItemIds = ['legalNameAndTaxId', 'bankDetails', 'stripeKeys', 'alarmEmail'] as const;
export type StudioSetupItemId = (typeof studioSetupItemIds)[number];

/**
 * - `done`: set up;
 * - `missing`: not set up yet;
 * - `testMode` (Stripe only): test-mode keys, which take no real payment;
 * - `notApplicable`: set at deploy time, and this is the local stack (the Stripe emulator, no alarms).
 */
export const studioSetupStatusSchema = z.enum(['done', 'missing', 'testMode', 'notApplicable']);
export type StudioSetupStatus = z.infer<typeof studioSetupStatusSchema>;

export const studioSetupItemSchema = z.object({
  id: z.enum(studioSetupItemIds),
  status: studioSetupStatusSchema,
});
export type StudioSetupItem = z.infer<typeof studioSetupItemSchema>;

/** `GET api/studio/setup` (SUPER_ADMIN): every item with its status, in `studioSetupItemIds` order. */
export const studioSetupResponseSchema = z.object({ items: z.array(studioSetupItemSchema) });
export type StudioSetupResponse = z.infer<typeof studioSetupResponseSchema>;

/** Whether an item still asks the owner to do something (shown on the checklist as to do). */
export function setupStillToDo(item: Pick<StudioSetupItem, 'status'>): boolean {
  return item.status === 'missing' || item.status === 'testMode';
}

/**
 * How the API learns whether the deployment subscribed an alarm e-mail (the CDK stack sets it on
 * the payments function from the `alarmEmail` setting): `configured` or `none`. Unset: not deployed
 * (the local stack), where there are no alarms to receive.
 */
export const alarmEmailEnvName = 'ALARM_EMAIL';
export const alarmEmailEnvValues = { configured: 'configured', none: 'none' } as const;

/**
 * Whether the Stripe secret key and webhook signing secret have the form Stripe gives real ones
 * (the stack's placeholders are random text): `live`, `test` (both real, the key in test mode), or
 * `placeholder`. Only the form is read, never shown.
 */
export function stripeKeysForm(secretKey: string, webhookSecret: string): 'live' | 'test' | 'placeholder' {
  const key = /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/.exec(secretKey.trim());
  if (!key || !/^whsec_[A-Za-z0-9]+$/.test(webhookSecret.trim())) return 'placeholder';
  return key[2] === 'live' ? 'live' : 'test';
}
