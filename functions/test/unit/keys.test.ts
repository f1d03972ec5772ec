/**
 * The stored key format, written out: every item already in a table was written with these
 * strings, so a builder that changes one would hide those items (a data migration, not a refactor).
 */
import { describe, expect, it } from 'vitest';
import {
  openJobIndexClauses,
  openJobIndexKeys,
  updateExpression,
  applicationCounterKey,
  applicationIndexKeys,
  applicationKey,
  carouselCounterKey,
  catalogImageKey,
  carouselImageIndexKeys,
  carouselImageKey,
  contentIndexKeys,
  contentKey,
  contentOrderKey,
  galleryItemIndexKeys,
  galleryItemKey,
  galleryOrderKey,
  archiveKey,
  deliverableKey,
  idempotencyKey,
  jobNumberCounterKey,
  openJobsUpkeepKey,
  jobNumberKey,
  jobSearchIndexKeys,
  jobSearchKey,
  jobSearchRepairKey,
  needsActionCountsKey,
  needsMarkerKey,
  needsMarkerRepairKey,
  photoKey,
  uploadKey,
  versionKey,
  imageStatusIndexKeys,
  qcIndexKeys,
  qcPartitions,
  shardOf,
  archiveVolumeKey,
  digestMarkerKey,
  migrationStateKey,
  invoiceCounterKey,
  invoiceNumberKey,
  jobHistoryKey,
  jobIndexKeys,
  jobKey,
  organisationJobIndexKeys,
  leadIndexKeys,
  leadKey,
  leadOnceKey,
  notificationPreferencesKey,
  openingIndexKeys,
  openingKey,
  outboxKey,
  orderKey,
  serviceIndexKeys,
  serviceKey,
  serviceOrderCounterKey,
  stripeEventKey,
  stripePaymentKey,
  studioSettingsKey,
  subServiceIndexKeys,
  subServiceKey,
  undeliveredIndexKeys,
  accountStatusKey,
  knownAddressKey,
  rateWindowKey,
  signInAttemptsKey,
  usedCodeKey,
} from '../../src/data/keys.ts';

const at = '2026-03-01T10:00:00.000Z';

describe('data keys', () => {
  it('catalogue images', () => {
    expect(catalogImageKey('01J00000000000000000000000.png')).toEqual({
      PK: 'CATALOG_IMAGE#01J00000000000000000000000.png',
      SK: 'CATALOG_IMAGE',
    });
  });

  it('catalogue', () => {
    expect(serviceKey('S1')).toEqual({ PK: 'SERVICE#S1', SK: 'SERVICE' });
    expect(serviceIndexKeys('S1', 7)).toEqual({ GSI1PK: 'CATALOG', GSI1SK: 'SERVICE#000007#S1' });
    expect(subServiceKey('S1', 'B2')).toEqual({ PK: 'SERVICE#S1', SK: 'SUBSERVICE#B2' });
    expect(serviceOrderCounterKey()).toEqual({ PK: 'CATALOG', SK: 'SERVICE_ORDER' });
    expect(subServiceIndexKeys('S1', 'B2', 3)).toEqual({
      GSI1PK: 'CATALOG',
      GSI1SK: 'SUBSERVICE#S1#000003#B2',
      GSI2PK: 'SUBSERVICE#B2',
      GSI2SK: 'SUBSERVICE',
    });
  });

  it('home content', () => {
    expect(contentKey('testimonial', 'T1')).toEqual({ PK: 'TESTIMONIAL#T1', SK: 'TESTIMONIAL' });
    expect(contentIndexKeys('testimonial', 'T1', 2)).toEqual({ GSI1PK: 'TESTIMONIALS', GSI1SK: '000002#T1' });
    expect(contentKey('sliderImage', 'I1')).toEqual({ PK: 'SLIDER_IMAGE#I1', SK: 'SLIDER_IMAGE' });
    expect(contentIndexKeys('sliderImage', 'I1', 12)).toEqual({ GSI1PK: 'SLIDER_IMAGES', GSI1SK: '000012#I1' });
    expect(contentOrderKey('testimonial')).toEqual({ PK: 'CONTENT_ORDER#TESTIMONIALS', SK: 'META' });
    expect(contentOrderKey('sliderImage')).toEqual({ PK: 'CONTENT_ORDER#SLIDER_IMAGES', SK: 'META' });
  });

  it('job numbers and job files', () => {
    expect(jobNumberCounterKey(2026)).toEqual({ PK: 'JOB_NUMBERS', SK: 'YEAR#2026' });
    expect(openJobsUpkeepKey()).toEqual({ PK: 'SCHEDULED_RUN', SK: 'OPEN_JOBS_INDEX' });
    expect(jobNumberKey('RS-2026-0042')).toEqual({ PK: 'JOB_NUMBER#RS-2026-0042', SK: 'JOB_NUMBER' });
    // Job search (#40): a term under its job, in GSI1 by its first three characters.
    expect(jobSearchKey('01J', 'ana@example.com')).toEqual({ PK: 'JOB#01J', SK: 'SEARCH#ana@example.com' });
    expect(jobSearchIndexKeys('01J', 'alice', '2026-11-27T10:00:00.000Z')).toEqual({
      GSI1PK: 'JOB_SEARCH#ali',
      GSI1SK: 'alice#2026-11-27T10:00:00.000Z#01J',
    });
    expect(jobSearchIndexKeys('01J', 'al', '2026-11-27T10:00:00.000Z').GSI1PK).toBe('JOB_SEARCH#al');
    expect(jobSearchRepairKey()).toEqual({ PK: 'SCHEDULED_RUN', SK: 'JOB_SEARCH_ITEMS' });
    // What needs action (#40, item 9): marker items by list, the one-off's record, the minute's counts.
    expect(needsMarkerKey('unassigned', '2026-11-27T10:00:00.000Z', '01J')).toEqual({
      PK: 'NEEDS#UNASSIGNED',
      SK: '2026-11-27T10:00:00.000Z#01J',
    });
    expect(needsMarkerKey('cancellationRequests', '2026-11-27T10:00:00.000Z', '01J').PK).toBe('NEEDS#CANCELLATION');
    expect(needsMarkerKey('unpaid', '2026-11-27T10:00:00.000Z', '01J').PK).toBe('NEEDS#UNPAID');
    expect(needsMarkerRepairKey()).toEqual({ PK: 'SCHEDULED_RUN', SK: 'NEEDS_MARKERS' });
    expect(needsActionCountsKey()).toEqual({ PK: 'STUDIO_OVERVIEW', SK: 'NEEDS_ACTION' });
    expect(uploadKey('U1')).toEqual({ PK: 'UPLOAD#U1', SK: 'UPLOAD' });
    expect(photoKey('U1', 'P1')).toEqual({ PK: 'UPLOAD#U1', SK: 'PHOTO#P1' });
    expect(deliverableKey('J1', 'D1')).toEqual({ PK: 'JOB#J1', SK: 'DELIVERABLE#D1' });
    expect(archiveKey('J1', 'photos')).toEqual({ PK: 'JOB#J1', SK: 'ARCHIVE#photos' });
  });

  it('images, versions, the QC board, archive volumes, digests, migrations (#33)', () => {
    expect(versionKey('U1', 'I1', 'F1')).toEqual({ PK: 'UPLOAD#U1', SK: 'VERSION#I1#F1' });
    expect(imageStatusIndexKeys('U1', 'I1', 'IN_QC')).toEqual({ GSI1PK: 'IMAGES#U1#IN_QC', GSI1SK: 'I1' });
    const qc = qcIndexKeys('01JABCDEFGHJKMNPQRSTVWXYZ0', '2026-11-27T10:00:00.000Z');
    expect(qc.GSI2PK).toMatch(/^QC#(0\d|1[0-5])$/);
    expect(qc.GSI2SK).toBe('2026-11-27T10:00:00.000Z#01JABCDEFGHJKMNPQRSTVWXYZ0');
    // Stable: the same id always lands in the same partition.
    expect(shardOf('01JABCDEFGHJKMNPQRSTVWXYZ0', 16)).toBe(shardOf('01JABCDEFGHJKMNPQRSTVWXYZ0', 16));
    expect(qcPartitions()).toHaveLength(16);
    expect(archiveVolumeKey('J1', 'photos', 2)).toEqual({ PK: 'JOB#J1', SK: 'ARCHIVE#photos#VOLUME#002' });
    expect(digestMarkerKey('J1', '2026-11-27T11:00:00.000Z').SK).toBe('2026-11-27T11:00:00.000Z#J1');
    expect(digestMarkerKey('J1', '2026-11-27T11:00:00.000Z').PK).toMatch(/^IMAGE_DIGEST#[0-7]$/);
    expect(migrationStateKey('images')).toEqual({ PK: 'MIGRATION#images', SK: 'STATE' });
  });

  it('spreads ids over the shards', () => {
    const ids = Array.from({ length: 1600 }, (_, i) => `01J${String(i).padStart(23, '0')}`);
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(shardOf(id, 16), (counts.get(shardOf(id, 16)) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(count).toBeLessThan(200);
  });

  it('jobs and idempotency records', () => {
    expect(jobKey('J1')).toEqual({ PK: 'JOB#J1', SK: 'JOB' });
    const job = { id: 'J1', clientId: 'c-1', createdAt: at };
    expect(jobIndexKeys({ ...job, editorId: null })).toEqual({
      GSI1PK: 'CLIENT#c-1',
      GSI1SK: `JOB#${at}#J1`,
      GSI2PK: 'UNASSIGNED',
      GSI2SK: `JOB#${at}#J1`,
      GSI3PK: 'JOBS',
      GSI3SK: `${at}#J1`,
    });
    expect(jobIndexKeys({ ...job, editorId: 'e-1' })).toMatchObject({ GSI2PK: 'EDITOR#e-1' });
    // #35: a job of an organisation is in its list (GSI6); one from before organisations is not yet.
    expect(jobIndexKeys({ ...job, editorId: null, organisationId: 'O1' })).toMatchObject({
      GSI6PK: 'ORG_JOBS#O1',
      GSI6SK: `JOB#${at}#J1`,
    });
    expect(organisationJobIndexKeys({ id: 'J1', organisationId: 'O1', createdAt: at })).toEqual({
      GSI6PK: 'ORG_JOBS#O1',
      GSI6SK: `JOB#${at}#J1`,
    });
    expect(idempotencyKey('c-1', 'k#1')).toEqual({ PK: 'IDEMPOTENCY#c-1#k#1', SK: 'IDEMPOTENCY' });
  });

  it('open jobs (GSI4): by due time, then with no due time by creation; none once the studio owes no work', () => {
    const job = { id: 'J1', createdAt: at, dueAt: null };
    expect(openJobIndexKeys({ ...job, status: 'PENDING', dueAt: '2026-12-01T10:00:00.000Z' })).toEqual({
      GSI4PK: 'OPEN_JOBS',
      GSI4SK: 'DUE#2026-12-01T10:00:00.000Z#J1',
    });
    expect(openJobIndexKeys({ ...job, status: 'REVISION_REQUESTED' })).toEqual({
      GSI4PK: 'OPEN_JOBS',
      GSI4SK: `NODUE#${at}#J1`,
    });
    // Every due time sorts before every job with none.
    expect('DUE#9999-12-31T23:59:59.999Z#J9' < `NODUE#${at}#J1`).toBe(true);
    for (const status of ['DELIVERED', 'COMPLETED', 'CANCELLED'] as const) {
      expect(openJobIndexKeys({ ...job, status, dueAt: at })).toBeNull();
    }
    expect(openJobIndexClauses({ ...job, status: 'IN_PROGRESS', dueAt: at })).toEqual({
      set: ['#gsi4pk = :gsi4pk', '#gsi4sk = :gsi4sk'],
      remove: [],
      names: { '#gsi4pk': 'GSI4PK', '#gsi4sk': 'GSI4SK' },
      values: { ':gsi4pk': 'OPEN_JOBS', ':gsi4sk': `DUE#${at}#J1` },
    });
    const closed = openJobIndexClauses({ ...job, status: 'DELIVERED' });
    expect(closed).toMatchObject({ set: [], remove: ['#gsi4pk', '#gsi4sk'], values: {} });
    expect(updateExpression(['#a = :a', '#b = :b'], closed.remove)).toBe(
      'SET #a = :a, #b = :b REMOVE #gsi4pk, #gsi4sk',
    );
    expect(updateExpression(['#a = :a'])).toBe('SET #a = :a');
    expect(updateExpression([], ['#x'])).toBe('REMOVE #x');
  });

  it('payments, invoices and settings (#16)', () => {
    expect(jobHistoryKey('J1', at, 'H1')).toEqual({ PK: 'JOB#J1', SK: `HISTORY#${at}#H1` });
    expect(invoiceCounterKey(2026)).toEqual({ PK: 'INVOICE_COUNTER#2026', SK: 'COUNTER' });
    expect(invoiceNumberKey('INV-2026-0042')).toEqual({ PK: 'INVOICE#INV-2026-0042', SK: 'INVOICE' });
    expect(stripeEventKey('evt_1')).toEqual({ PK: 'STRIPE_EVENT#evt_1', SK: 'STRIPE_EVENT' });
    expect(stripePaymentKey('pi_1')).toEqual({ PK: 'STRIPE_PAYMENT#pi_1', SK: 'STRIPE_PAYMENT' });
    expect(studioSettingsKey()).toEqual({ PK: 'SETTINGS', SK: 'STUDIO' });
  });

  it("a service's images and the gallery", () => {
    expect(carouselImageKey('S1', 'I1')).toEqual({ PK: 'CAROUSEL#S1', SK: 'IMAGE#I1' });
    expect(carouselImageIndexKeys('S1', 'I1', 4)).toEqual({ GSI1PK: 'CAROUSEL#S1', GSI1SK: '000004#I1' });
    expect(carouselCounterKey('S1')).toEqual({ PK: 'CAROUSEL#S1', SK: 'META' });
    expect(galleryItemKey('G1')).toEqual({ PK: 'GALLERY#G1', SK: 'ITEM' });
    expect(galleryItemIndexKeys('S1', 'G1', 5)).toEqual({
      GSI1PK: 'GALLERY#S1',
      GSI1SK: '000005#G1',
      GSI2PK: 'GALLERY',
      GSI2SK: 'S1#000005',
    });
    expect(galleryOrderKey('S1')).toEqual({ PK: 'GALLERY_ORDER#S1', SK: 'META' });
  });

  it('leads, openings and applications', () => {
    expect(leadKey('contact', 'L1')).toEqual({ PK: 'LEAD#L1', SK: 'CONTACT' });
    expect(leadIndexKeys('contact', 'L1', at)).toEqual({ GSI1PK: 'LEADS#CONTACT', GSI1SK: `${at}#L1` });
    expect(leadKey('freeTrial', 'L2')).toEqual({ PK: 'LEAD#L2', SK: 'FREE_TRIAL' });
    expect(leadOnceKey('contact', 'h4sh')).toEqual({ PK: 'LEAD_ONCE#h4sh', SK: 'CONTACT' });
    expect(leadIndexKeys('freeTrial', 'L2', at)).toEqual({ GSI1PK: 'LEADS#FREE_TRIAL', GSI1SK: `${at}#L2` });
    expect(openingKey('O1')).toEqual({ PK: 'OPENING#O1', SK: 'OPENING' });
    expect(openingIndexKeys({ id: 'O1', postedAt: at, isActive: true })).toEqual({
      GSI1PK: 'OPENINGS',
      GSI1SK: `${at}#O1`,
      GSI2PK: 'OPENINGS#ACTIVE',
      GSI2SK: `${at}#O1`,
    });
    // Sparse: an inactive opening is not in the active index at all.
    expect(openingIndexKeys({ id: 'O1', postedAt: at, isActive: false })).toEqual({
      GSI1PK: 'OPENINGS',
      GSI1SK: `${at}#O1`,
    });
    expect(applicationKey('A1')).toEqual({ PK: 'APPLICATION#A1', SK: 'APPLICATION' });
    expect(applicationIndexKeys({ id: 'A1', jobOpeningId: 'O1', createdAt: at })).toEqual({
      GSI1PK: 'APPLICATIONS',
      GSI1SK: `${at}#A1`,
      GSI2PK: 'OPENING#O1',
      GSI2SK: `APPLICATION#${at}#A1`,
    });
    expect(applicationCounterKey()).toEqual({ PK: 'APPLICATIONS', SK: 'COUNT' });
    expect(applicationCounterKey('O1')).toEqual({ PK: 'APPLICATIONS', SK: 'COUNT#OPENING#O1' });
  });

  it('outbox items and notification preferences (issue 18)', () => {
    expect(outboxKey('X1')).toEqual({ PK: 'OUTBOX#X1', SK: 'OUTBOX' });
    expect(undeliveredIndexKeys('X1', at)).toEqual({ GSI1PK: 'OUTBOX#FAILED', GSI1SK: `${at}#X1` });
    expect(notificationPreferencesKey('u-1')).toEqual({ PK: 'USER#u-1', SK: 'NOTIFICATION_PREFERENCES' });
  });

  it('account records and abuse limits (#19, #32)', () => {
    expect(accountStatusKey('u-1')).toEqual({ PK: 'ACCOUNT#u-1', SK: 'STATUS' });
    expect(signInAttemptsKey('acc', 'addr')).toEqual({ PK: 'SIGNIN#acc', SK: 'ADDRESS#addr' });
    expect(knownAddressKey('acc', 'addr')).toEqual({ PK: 'SIGNIN#acc', SK: 'KNOWN#addr' });
    expect(usedCodeKey('acc', '123456')).toEqual({ PK: 'SIGNIN#acc', SK: 'TOTP#123456' });
    expect(rateWindowKey('sign-in:account', 'acc', 1_800_000_000)).toEqual({
      PK: 'RATE#sign-in:account#acc',
      SK: 'WINDOW#1800000000',
    });
  });

  it('pads display orders to six digits and clamps them', () => {
    expect(orderKey(0)).toBe('000000');
    expect(orderKey(42.9)).toBe('000042');
    expect(orderKey(-3)).toBe('000000');
    expect(orderKey(5_000_000)).toBe('999999');
  });
});
