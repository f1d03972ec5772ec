import type { Job } from '@studio/shared/job';

/**
 * A job as the API answers it, for component tests: a pending job of 3 photos at $3.00 with a
 * cloud link, nobody on it, nothing paid. A test names what its case needs in `overrides`.
 */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: '01JD0J0B000000000000000001',
    jobNumber: 'RS-2026-0001',
    clientId: 'client-1',
    organisationId: null,
    client: { name: 'Ann Client', email: 'ann@example.test' },
    serviceId: '01JD0J0B000000000000000002',
    serviceName: 'Ecommerce',
    selectedSubServices: [],
    subServices: [],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: 'https://dropbox.example/raw',
    uploadId: null,
    numberOfPhotos: 3,
    instructions: '',
    status: 'PENDING',
    progress: 0,
    editorId: null,
    editorDropboxLink: null,
    deliverableCount: 0,
    totalCents: 300,
    totalPrice: 3,
    subtotalCents: 300,
    discountCents: 0,
    rushSurchargeCents: 0,
    turnaround: null,
    volumeTier: null,
    dueAt: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    payment: null,
    invoiceNumber: 'INV-2026-0001',
    ...overrides,
  };
}

/** The three prices of a job of `cents` with no discount or surcharge. */
export function pricedAt(cents: number): Pick<Job, 'totalCents' | 'totalPrice' | 'subtotalCents'> {
  return { totalCents: cents, totalPrice: cents / 100, subtotalCents: cents };
}
