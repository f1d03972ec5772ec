/**
 * Jobs of organisations (#35) through the local gateway: a job is ordered for an organisation where
 * the caller may order (its personal one when none is named); every member reads the organisation's
 * jobs, each job action is allowed by the member's role (OWNER and BUYER order, pay and cancel;
 * OWNER, BUYER and REVIEWER review, approve and ask for changes; VIEWER reads), anyone else gets the
 * 404 of an unknown job, and a member removed loses access at the next request. The organisation's
 * list is paged newest first, and the one-off migration gives older jobs their client's personal
 * organisation, once.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import { listOrganisationsResponseSchema, organisationResponseSchema } from '@studio/shared/organisation';
import { invoiceResponseSchema, reverseChargeText } from '@studio/shared/invoice';
import { studioSettingsResponseSchema } from '@studio/shared/studio-settings';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { put } from './staff-support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';
import { linkOrder, organisationWithTeam, type Person, type Team } from './order-support.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const { addMember } = await import('../../src/data/organisation-membership-writes.ts');
const { memberKey, jobKey, personalOrganisationKey } = await import('../../src/data/keys.ts');
const { migrateJobsToOrganisations } = await import('../../src/data/organisation-migration.ts');

let staff: Record<Role, Identity>;
let owner: Person;
let buyer: Person;
let reviewer: Person;
let viewer: Person;
let stranger: Person;
let organisationId: string;
let order: Record<string, unknown>;

const jobOf = (response: { json: unknown; text: string }): Job => jobResponseSchema.parse(response.json).job;
const post = (path: string, body: unknown, token: string) => api(path, jsonInit('POST', body, token));

/** A job ordered for `organisation` (absent: none named), answered as it came. */
const orderFor = (token: string, organisation?: string) =>
  post('/api/jobs', { ...order, ...(organisation ? { organisationId: organisation } : {}) }, token);

async function orderedJob(person: Person, organisation = organisationId): Promise<Job> {
  const created = await orderFor(person.token, organisation);
  expect(created.status, created.text).toBe(201);
  return jobOf(created);
}

/** A job of the organisation, assigned to the seeded editor and delivered with a link: DELIVERED. */
async function deliveredJob(): Promise<Job> {
  const job = await orderedJob(owner);
  expect((await put(`/api/jobs/${job.id}/assign`, { editorId: staff.EDITOR.userId }, staff.MANAGER.token)).status).toBe(
    200,
  );
  const delivered = await put(
    `/api/jobs/${job.id}/editor-update`,
    { progress: 100, editorDropboxLink: 'https://example.test/edited' },
    staff.EDITOR.token,
  );
  expect(delivered.status, delivered.text).toBe(200);
  return jobOf(delivered);
}

async function organisationJobs(id: string, token: string, query = '') {
  const response = await api(`/api/organisations/${id}/jobs${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return listAllJobsResponseSchema.parse(response.json);
}

beforeAll(async () => {
  let team: Team;
  [staff, team] = await Promise.all([signedInIdentities(), organisationWithTeam('Acme Brands')]);
  ({ organisationId, owner, buyer, reviewer, viewer, stranger } = team);

  order = await linkOrder(2);
});

describe('ordering for an organisation', () => {
  it('lets an OWNER and a BUYER order for it; the job carries the organisation', async () => {
    const byBuyer = await orderedJob(buyer);
    expect(byBuyer).toMatchObject({ organisationId, clientId: buyer.userId });
    const byOwner = await orderedJob(owner);
    expect(byOwner.organisationId).toBe(organisationId);
  });

  it('orders for the personal organisation when none is named', async () => {
    const job = await orderedJob(stranger, '');
    const mine = listOrganisationsResponseSchema.parse(
      (await api('/api/organisations', { token: stranger.token })).json,
    );
    const personal = mine.organisations.find((o) => o.personal)!;
    expect(personal).toMatchObject({ name: 'Sam Stranger', role: 'OWNER' });
    expect(job.organisationId).toBe(personal.id);
    expect((await organisationJobs(personal.id, stranger.token)).jobs.map((j) => j.id)).toEqual([job.id]);
  });

  it('refuses a VIEWER and a REVIEWER (403 naming the role) and a non-member (404 naming the organisation)', async () => {
    for (const [person, role] of [
      [viewer, 'VIEWER'],
      [reviewer, 'REVIEWER'],
    ] as const) {
      const refused = await orderFor(person.token, organisationId);
      expect(refused.status, refused.text).toBe(403);
      expect(expectEnvelope(refused.json, 403).message).toContain(`(${role}) cannot order`);
    }
    const foreign = await orderFor(stranger.token, organisationId);
    expect(foreign.status).toBe(404);
    expect(expectEnvelope(foreign.json, 404).message).toContain(organisationId);
  });
});

describe('the organisation’s jobs', () => {
  it('are listed to every member, newest first, a page at a time; to nobody else', async () => {
    const made = [await orderedJob(buyer), await orderedJob(buyer), await orderedJob(buyer)];
    const newest = made.map((job) => job.id).reverse();
    for (const person of [owner, buyer, reviewer, viewer]) {
      const all = await organisationJobs(organisationId, person.token, '?limit=100');
      const ids = all.jobs.map((job) => job.id);
      expect(ids.slice(0, 3)).toEqual(newest);
      expect(all.jobs.every((job) => job.organisationId === organisationId)).toBe(true);
    }
    const first = await organisationJobs(organisationId, viewer.token, '?limit=2');
    expect(first.jobs.map((job) => job.id)).toEqual(newest.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await organisationJobs(
      organisationId,
      viewer.token,
      `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.jobs[0]!.id).toBe(newest[2]);

    const theirs = await api(`/api/organisations/${organisationId}/jobs`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expectEnvelope(theirs.json, 404);
    // A cursor of another organisation's list is refused, naming the field.
    const strangers = listOrganisationsResponseSchema
      .parse((await api('/api/organisations', { token: stranger.token })).json)
      .organisations.find((o) => o.personal)!;
    const forged = await api(
      `/api/organisations/${strangers.id}/jobs?cursor=${encodeURIComponent(first.nextCursor!)}`,
      { token: stranger.token },
    );
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('query.cursor');
  });

  it('are read by every member and by no one else, job by job', async () => {
    const job = await orderedJob(buyer);
    for (const person of [owner, buyer, reviewer, viewer]) {
      for (const path of [`/api/jobs/${job.id}`, `/api/jobs/${job.id}/timeline`, `/api/jobs/${job.id}/history`]) {
        const read = await api(path, { token: person.token });
        expect(read.status, `${path}: ${read.text}`).toBe(200);
      }
    }
    for (const path of [`/api/jobs/${job.id}`, `/api/jobs/${job.id}/timeline`, `/api/jobs/${job.id}/invoice`]) {
      const read = await api(path, { token: stranger.token });
      expect(read.status, path).toBe(404);
      expectEnvelope(read.json, 404);
    }
  });
});

describe('job actions by role', () => {
  it('lets only OWNER and BUYER choose how to pay, pay and see the bank transfer', async () => {
    const job = await orderedJob(buyer);
    const choose = (token: string) =>
      api(
        `/api/jobs/${job.id}/payment`,
        jsonInit('PUT', { method: 'PayPal', currency: 'USD', acceptTerms: true }, token),
      );
    for (const [person, role] of [
      [reviewer, 'REVIEWER'],
      [viewer, 'VIEWER'],
    ] as const) {
      for (const refused of [
        await choose(person.token),
        await api(`/api/jobs/${job.id}/checkout`, { method: 'POST', token: person.token }),
        await api(`/api/jobs/${job.id}/payment/bank-transfer`, { token: person.token }),
      ]) {
        expect(refused.status, refused.text).toBe(403);
        expect(expectEnvelope(refused.json, 403).message).toContain(`(${role})`);
      }
    }
    expect((await choose(stranger.token)).status).toBe(404);
    const chosen = await choose(owner.token);
    expect(chosen.status, chosen.text).toBe(200);
    expect(jobOf(chosen).payment).toMatchObject({ method: 'PayPal', status: 'PENDING' });
    expect((await choose(buyer.token)).status).toBe(200);
  });

  it('lets only OWNER and BUYER cancel', async () => {
    const job = await orderedJob(buyer);
    const cancel = (token: string) => api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token });
    for (const person of [reviewer, viewer]) expectEnvelope((await cancel(person.token)).json, 403);
    expectEnvelope((await cancel(stranger.token)).json, 404);
    const cancelled = await cancel(owner.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(jobOf(cancelled).status).toBe('CANCELLED');
  });

  it('lets OWNER, BUYER and REVIEWER approve and ask for changes; not a VIEWER', async () => {
    const job = await deliveredJob();
    const approve = (token: string) => api(`/api/jobs/${job.id}/approve`, { method: 'PUT', token });
    const revise = (token: string) => post(`/api/jobs/${job.id}/revision-requests`, { notes: 'Whiter.' }, token);
    for (const refused of [await approve(viewer.token), await revise(viewer.token)]) {
      expect(refused.status, refused.text).toBe(403);
      expect(expectEnvelope(refused.json, 403).message).toContain('(VIEWER) cannot review');
    }
    // The review of images is a reviewer's too: a VIEWER is refused before anything else is looked at.
    const review = (token: string) =>
      api(
        `/api/jobs/${job.id}/images/01ARZ3NDEKTSV4RRFFQ69G5FAV/review`,
        jsonInit('PUT', { decision: 'APPROVE' }, token),
      );
    expect((await review(viewer.token)).status).toBe(403);
    expect((await review(stranger.token)).status).toBe(404);
    // A job sent as a link has no images: the reviewer gets past the role to the job's own answer.
    expect((await review(reviewer.token)).status).toBe(409);
    expectEnvelope((await approve(stranger.token)).json, 404);

    const revised = await revise(reviewer.token);
    expect(revised.status, revised.text).toBe(201);
    const again = await deliveredJob();
    const approved = await api(`/api/jobs/${again.id}/approve`, { method: 'PUT', token: reviewer.token });
    expect(approved.status, approved.text).toBe(200);
    expect(jobOf(approved).status).toBe('COMPLETED');
  });

  it('takes every access away from a member removed, at the next request', async () => {
    const leaver = await freshClient();
    await addMember(organisationId, leaver.userId, 'BUYER');
    const job = await orderedJob(leaver);
    expect((await api(`/api/jobs/${job.id}`, { token: leaver.token })).status).toBe(200);
    expect(JSON.stringify((await api(`/api/jobs/client/${leaver.userId}`, { token: leaver.token })).json)).toContain(
      job.id,
    );
    const { name, client } = table();
    await client.send(new DeleteCommand({ TableName: name, Key: memberKey(organisationId, leaver.userId) }));
    expect((await api(`/api/jobs/${job.id}`, { token: leaver.token })).status).toBe(404);
    // Nor is it in the list of the jobs the leaver ordered.
    const ordered = await api(`/api/jobs/client/${leaver.userId}`, { token: leaver.token });
    expect(ordered.status, ordered.text).toBe(200);
    expect(JSON.stringify(ordered.json)).not.toContain(job.id);
    expect((await api(`/api/organisations/${organisationId}/jobs`, { token: leaver.token })).status).toBe(404);
    expect((await orderFor(leaver.token, organisationId)).status).toBe(404);
    expect((await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: leaver.token })).status).toBe(404);
    // The job stays the organisation's.
    expect((await api(`/api/jobs/${job.id}`, { token: owner.token })).status).toBe(200);
  });

  it('keeps the older rule for a job not moved to an organisation yet: its client alone', async () => {
    const job = await orderedJob(owner);
    const { name, client } = table();
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: jobKey(job.id),
        UpdateExpression: 'REMOVE organisationId, GSI6PK, GSI6SK',
      }),
    );
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: owner.token })).organisationId).toBeNull();
    expect((await api(`/api/jobs/${job.id}`, { token: buyer.token })).status).toBe(404);
    const cancelled = await api(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: owner.token });
    expect(cancelled.status, cancelled.text).toBe(200);
  });
});

describe('the one-off move of older jobs', () => {
  it('gives a job stored without an organisation its client’s personal organisation, once', async () => {
    const older = await freshClient({ name: 'Otto Older' });
    const job = await orderedJob(older, '');
    const personalId = job.organisationId!;
    const { name, client } = table();
    // As the code before organisations wrote it: no organisation, not in any organisation's list.
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: jobKey(job.id),
        UpdateExpression: 'REMOVE organisationId, GSI6PK, GSI6SK',
      }),
    );
    expect((await organisationJobs(personalId, older.token)).jobs).toEqual([]);

    const first = await migrateJobsToOrganisations();
    expect(first.moved).toContain(job.id);
    const stored = await client.send(new GetCommand({ TableName: name, Key: jobKey(job.id), ConsistentRead: true }));
    expect(stored.Item).toMatchObject({
      organisationId: personalId,
      GSI6PK: `ORG_JOBS#${personalId}`,
      GSI6SK: `JOB#${job.createdAt}#${job.id}`,
    });
    expect((await organisationJobs(personalId, older.token)).jobs.map((j) => j.id)).toEqual([job.id]);

    const second = await migrateJobsToOrganisations();
    expect(second.moved).not.toContain(job.id);
    const after = await client.send(new GetCommand({ TableName: name, Key: jobKey(job.id), ConsistentRead: true }));
    expect(after.Item).toEqual(stored.Item);
  });

  it('makes the personal organisation of a client who has none yet, named after the client', async () => {
    const newcomer = await freshClient({ name: 'Nina Newcomer' });
    await addMember(organisationId, newcomer.userId, 'BUYER');
    // Ordered for Acme (so no personal organisation is made), then stored as before organisations.
    const job = await orderedJob(newcomer);
    const { name, client } = table();
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: jobKey(job.id),
        UpdateExpression: 'REMOVE organisationId, GSI6PK, GSI6SK',
      }),
    );
    const pointer = await client.send(
      new GetCommand({ TableName: name, Key: personalOrganisationKey(newcomer.userId), ConsistentRead: true }),
    );
    expect(pointer.Item).toBeUndefined();
    expect((await migrateJobsToOrganisations()).moved).toContain(job.id);
    const mine = listOrganisationsResponseSchema.parse(
      (await api('/api/organisations', { token: newcomer.token })).json,
    );
    const personal = mine.organisations.filter((o) => o.personal);
    expect(personal).toHaveLength(1);
    expect(personal[0]).toMatchObject({ name: 'Nina Newcomer', role: 'OWNER' });
    expect(jobOf(await api(`/api/jobs/${job.id}`, { token: newcomer.token })).organisationId).toBe(personal[0]!.id);
    // The organisation the job was ordered for lost it to the client's own: the older rule is the client's.
    expect((await api(`/api/jobs/${job.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe('invoices of an organisation’s jobs', () => {
  let storedCountry: string;

  /** The studio's settings with `country` changed, every other setting as stored. */
  async function saveStudioCountry(country: string): Promise<{ taxId: string; country: string }> {
    const read = await api('/api/settings', { token: staff.SUPER_ADMIN.token });
    const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
    const saved = await api('/api/settings', jsonInit('PUT', { ...fields, country }, staff.SUPER_ADMIN.token));
    expect(saved.status, saved.text).toBe(200);
    return { taxId: fields.taxId, country: fields.country };
  }

  async function invoiceText(jobId: string, token: string): Promise<string> {
    const response = await api(`/api/jobs/${jobId}/invoice`, { token });
    expect(response.status, response.text).toBe(200);
    const file = await fetch(invoiceResponseSchema.parse(response.json).url);
    return pdfText(new Uint8Array(await file.arrayBuffer()));
  }

  beforeAll(async () => {
    storedCountry = (await saveStudioCountry('DE')).country;
  });
  afterAll(async () => {
    await saveStudioCountry(storedCountry);
  });

  it('are made out to the organisation’s billing details, under the reverse charge for an EU business abroad', async () => {
    const { taxId } = await saveStudioCountry('DE');
    const payer = await freshClient({ name: 'Paula Payer' });
    const made = await post(
      '/api/organisations',
      {
        name: 'Polska Team',
        billing: {
          legalName: 'Polska Retail Sp. z o.o.',
          addressLines: 'ul. Prosta 1\n00-001 Warszawa',
          country: 'PL',
          vatNumber: 'PL1234567890',
        },
      },
      payer.token,
    );
    expect(made.status, made.text).toBe(201);
    const polish = organisationResponseSchema.parse(made.json).organisation;
    const job = await orderedJob(payer, polish.id);
    const text = await invoiceText(job.id, payer.token);
    expect(text).toContain('Polska Retail Sp. z o.o.');
    expect(text).toContain('ul. Prosta 1');
    expect(text).toContain('VAT number: PL1234567890');
    expect(text).toContain(reverseChargeText);
    expect(text).toContain(`Supplier VAT number: ${taxId || '-'}`);
    expect(text).toContain('Customer VAT number: PL1234567890');
    expect(text).toContain('VAT 0 %');
    // A member who may only read sees the same invoice.
    await addMember(polish.id, viewer.userId, 'VIEWER');
    expect(await invoiceText(job.id, viewer.token)).toContain(reverseChargeText);
  });

  it('charge VAT as before for a buyer in the studio’s own country, and for a personal organisation', async () => {
    await saveStudioCountry('DE');
    const local = await freshClient({ name: 'Dieter Local' });
    const made = await post(
      '/api/organisations',
      {
        name: 'Berlin Team',
        billing: {
          legalName: 'Berlin Shop GmbH',
          addressLines: 'Hauptstr. 1',
          country: 'DE',
          vatNumber: 'DE123456789',
        },
      },
      local.token,
    );
    const berlin = organisationResponseSchema.parse(made.json).organisation;
    const domestic = await invoiceText((await orderedJob(local, berlin.id)).id, local.token);
    expect(domestic).toContain('Berlin Shop GmbH');
    expect(domestic).not.toContain(reverseChargeText);

    const personal = await invoiceText((await orderedJob(local, '')).id, local.token);
    expect(personal).toContain('Dieter Local');
    expect(personal).not.toContain('Berlin Shop GmbH');
    expect(personal).not.toContain(reverseChargeText);
  });
});
