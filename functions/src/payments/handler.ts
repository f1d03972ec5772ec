import { paymentsRoutes } from '@studio/shared/routes/payments';
import { createGroupHandler } from '../lib/http.ts';
import { getBankTransferRoute } from './get-bank-transfer.ts';
import { getStudioSetupRoute } from './get-studio-setup.ts';
import { markPaidRoute } from './mark-paid.ts';
import { refundJobRoute } from './refund-job.ts';
import { startCheckoutRoute } from './start-checkout.ts';
import { stripeWebhookRoute } from './stripe-webhook.ts';

/** Payments (#16): Stripe Checkout and its webhook, bank transfers marked paid, refunds. */
export const handler = createGroupHandler(paymentsRoutes, {
  startCheckout: startCheckoutRoute,
  stripeWebhook: stripeWebhookRoute,
  getBankTransfer: getBankTransferRoute,
  markPaid: markPaidRoute,
  refundJob: refundJobRoute,
  getStudioSetup: getStudioSetupRoute,
});
