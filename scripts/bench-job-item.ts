import type { JobItem, PaymentItem } from '../functions/src/data/jobs.ts';

/**
 * A job item as the API leaves one, for the benches that write thousands straight into the table:
 * every attribute its readers parse (`jobItemOf`, functions/src/data/jobs.ts), with `fields` over
 * these defaults. Typed as the item, so a new required attribute fails the type check here first.
 */
export function benchJobItem(fields: Pick<JobItem, 'id' | 'status' | 'createdAt'> & Partial<JobItem>): JobItem {
  return {
    type: 'Job',
    clientId: 'bench-client',
    client: { name: 'Bench Client', email: 'bench@example.test' },
    serviceId: 'bench-service',
    serviceName: 'Background removal',
    selectedSubServices: ['bench-sub'],
    subServices: [{ id: 'bench-sub', name: 'Clipping path', unitPriceCents: 150 }],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: null,
    uploadId: null,
    numberOfPhotos: 40,
    instructions: '',
    progress: 0,
    editorId: null,
    editorDropboxLink: null,
    totalCents: 6000,
    updatedAt: fields.createdAt,
    payment: null,
    ...fields,
  };
}

/** A card payment received in full at `paidAt`. */
export function benchPayment(currency: string, amountCents: number, paidAt: string): PaymentItem {
  return {
    status: 'PAID',
    method: 'Credit/Debit Card',
    currency,
    updatedAt: paidAt,
    provider: 'stripe',
    received: { amountCents, currency },
    paidAt,
    refundedCents: 0,
    reference: 'bench',
  };
}
