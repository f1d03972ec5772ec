import type { Job } from '@studio/shared/job';

/**
 * A job as the API answers it, for unit tests: PENDING, one photo, 1.00 USD by a link, no editor,
 * no payment, no turnaround. Each test names only what it is about in `overrides`.
 */
export function sampleJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '01JD0J0B000000000000000001',
    jobNumber: 'RS-2026-0001',
    clientId: 'c',
    organisationId: null,
    client: null,
    serviceId: '01JD0J0B000000000000000002',
    serviceName: 'S',
    selectedSubServices: [],
    subServices: [],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: null,
    uploadId: null,
    numberOfPhotos: 1,
    instructions: '',
    status: 'PENDING',
    progress: 0,
    editorId: null,
    editorDropboxLink: null,
    deliverableCount: 0,
    totalCents: 100,
    totalPrice: 1,
    subtotalCents: 100,
    discountCents: 0,
    rushSurchargeCents: 0,
    turnaround: null,
    volumeTier: null,
    dueAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    payment: null,
    invoiceNumber: null,
    ...overrides,
  };
}
