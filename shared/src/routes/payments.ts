import { emptyObjectSchema, idParamsSchema } from '../ids.ts';
import { jobResponseSchema } from '../job.ts';
import {
  bankTransferResponseSchema,
  checkoutResponseSchema,
  markPaidBodySchema,
  refundBodySchema,
  refundResponseSchema,
  webhookResponseSchema,
} from '../payment.ts';
import { studioSetupResponseSchema } from '../studio-setup.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `payments` group (one Lambda function). */
export const paymentsRoutes = {
  // Payments (issue 16): Stripe Checkout, its signed webhook, transfers marked paid, refunds,
  // invoices and the studio's settings. See docs/access.md.
  startCheckout: route({
    method: 'POST',
    path: 'api/jobs/{id}/checkout',
    group: 'payments',
    access: ['CLIENT'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: checkoutResponseSchema,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: 'api/payments/stripe-webhook',
    group: 'payments',
    // Stripe calls it: no token, the Stripe-Signature header over the raw body is the check.
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    rawBody: true,
    response: webhookResponseSchema,
  }),
  getBankTransfer: route({
    method: 'GET',
    path: 'api/jobs/{id}/payment/bank-transfer',
    group: 'payments',
    access: ['CLIENT'],
    apiKey: 'jobs:read',
    params: idParamsSchema,
    query: emptyObjectSchema,
    response: bankTransferResponseSchema,
  }),
  markPaid: route({
    method: 'PUT',
    path: 'api/jobs/{id}/payment/mark-paid',
    group: 'payments',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: markPaidBodySchema,
    response: jobResponseSchema,
  }),
  refundJob: route({
    method: 'POST',
    path: 'api/jobs/{id}/refund',
    group: 'payments',
    access: ['SUPER_ADMIN'],
    params: idParamsSchema,
    query: emptyObjectSchema,
    body: refundBodySchema,
    response: refundResponseSchema,
  }),
  // #40: the owner's checklist. In this group because its function is the one that may already
  // read the Stripe secrets (docs/decisions/everyday-path.md, "The owner's checklist").
  getStudioSetup: route({
    method: 'GET',
    path: 'api/studio/setup',
    group: 'payments',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: studioSetupResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'payments' }>;
