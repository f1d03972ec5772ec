/**
 * Style specs (#35) through the local gateway: an organisation's members read its specs, OWNER and
 * BUYER make, edit, delete and copy them (REVIEWER and VIEWER get a 403 naming the role, anyone else
 * the 404 of an unknown organisation); every edit is a new version and the older ones stay readable;
 * reference images go through a presigned POST to the local S3; house specs are SUPER_ADMIN's; a
 * job keeps the spec version it was ordered with, and its editor and QC read that version.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import {
  listSpecsResponseSchema,
  referenceUploadLinkResponseSchema,
  specResponseSchema,
  type StyleSpec,
} from '@studio/shared/style-spec';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { png } from './catalog-admin-support.ts';
import { jsonInit } from './test-clients.ts';
import { linkOrder, organisationWithTeam, type Person, type Team } from './order-support.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();

let staff: Record<Role, Identity>;
let owner: Person;
let buyer: Person;
let reviewer: Person;
let viewer: Person;
let stranger: Person;
let organisationId: string;
let otherOrganisationId: string;
let order: Record<string, unknown>;

const send = (method: string, path: string, body: unknown, token: string) => api(path, jsonInit(method, body, token));
const specOf = (response: { json: unknown }): StyleSpec => specResponseSchema.parse(response.json).spec;
const specsPath = (organisation = organisationId) => `/api/organisations/${organisation}/specs`;

async function createdSpec(token: string, body: Record<string, unknown>, organisation = organisationId) {
  const response = await send('POST', specsPath(organisation), body, token);
  expect(response.status, response.text).toBe(201);
  return specOf(response);
}

async function listed(token: string, organisation = organisationId): Promise<StyleSpec[]> {
  const response = await api(specsPath(organisation), { token });
  expect(response.status, response.text).toBe(200);
  return listSpecsResponseSchema.parse(response.json).specs;
}

/** The browser's steps for a reference image: a link, then the POST of the file to the local S3. */
async function uploadedReference(path: string, token: string, body: Buffer): Promise<string> {
  const link = await send('POST', path, { fileName: 'look.png', contentType: 'image/png', size: body.length }, token);
  expect(link.status, link.text).toBe(201);
  const { referenceImageId, upload } = referenceUploadLinkResponseSchema.parse(link.json);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'look.png');
  const posted = await fetch(upload.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return referenceImageId;
}

const referenceLinkPath = (organisation = organisationId) =>
  `/api/organisations/${organisation}/reference-images/upload-links`;

async function orderedWith(person: Person, specId?: string) {
  return send('POST', '/api/jobs', { ...order, organisationId, ...(specId ? { specId } : {}) }, person.token);
}

beforeAll(async () => {
  let team: Team;
  [staff, team] = await Promise.all([signedInIdentities(), organisationWithTeam('Spec Brands', 'Stranger Things Ltd')]);
  ({ organisationId, owner, buyer, reviewer, viewer, stranger } = team);
  otherOrganisationId = team.strangersOrganisationId!;

  order = await linkOrder();
});

describe('who may do what with an organisation’s specs', () => {
  it('lets OWNER and BUYER create; every member reads; the defaults mean keep', async () => {
    const byOwner = await createdSpec(owner.token, { name: 'Amazon main image', background: 'white' });
    expect(byOwner).toMatchObject({
      organisationId,
      version: 1,
      latestVersion: 1,
      deleted: false,
      name: 'Amazon main image',
      background: 'white',
      backgroundHex: '#FFFFFF',
      crop: 'keep',
      margins: null,
      referenceImages: [],
      savedBy: { accountId: owner.userId, name: 'Olive Owner' },
      copiedFrom: null,
    });
    const byBuyer = await createdSpec(buyer.token, { name: 'Lifestyle', fileFormat: 'PNG' });
    expect(byBuyer.savedBy.accountId).toBe(buyer.userId);
    for (const person of [owner, buyer, reviewer, viewer]) {
      const names = (await listed(person.token)).map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(['Amazon main image', 'Lifestyle']));
      const read = await api(`${specsPath()}/${byOwner.id}`, { token: person.token });
      expect(read.status, read.text).toBe(200);
      expect(specOf(read).name).toBe('Amazon main image');
    }
  });

  it('refuses REVIEWER and VIEWER every write with a 403 naming the role', async () => {
    const spec = await createdSpec(owner.token, { name: 'Read only for some' });
    for (const [person, role] of [
      [reviewer, 'REVIEWER'],
      [viewer, 'VIEWER'],
    ] as const) {
      const writes = [
        await send('POST', specsPath(), { name: 'Nope' }, person.token),
        await send('PUT', `${specsPath()}/${spec.id}`, { name: 'Nope', expectedVersion: 1 }, person.token),
        await api(`${specsPath()}/${spec.id}`, { method: 'DELETE', token: person.token }),
        await send(
          'POST',
          referenceLinkPath(),
          { fileName: 'a.png', contentType: 'image/png', size: 10 },
          person.token,
        ),
      ];
      for (const response of writes) {
        expect(response.status, response.text).toBe(403);
        expect(expectEnvelope(response.json, 403).message).toContain(role);
      }
    }
    expect((await listed(owner.token)).find((s) => s.id === spec.id)?.version).toBe(1);
  });

  it('answers a non-member the 404 of an unknown organisation, and keeps each organisation’s specs apart', async () => {
    const mine = await createdSpec(owner.token, { name: 'Ours' });
    const theirs = await createdSpec(stranger.token, { name: 'Theirs' }, otherOrganisationId);
    const attempts = [
      await api(specsPath(), { token: stranger.token }),
      await api(`${specsPath()}/${mine.id}`, { token: stranger.token }),
      await send('POST', specsPath(), { name: 'Intruder' }, stranger.token),
      await send('PUT', `${specsPath()}/${mine.id}`, { name: 'Intruder', expectedVersion: 1 }, stranger.token),
      await api(`${specsPath()}/${mine.id}`, { method: 'DELETE', token: stranger.token }),
      await send(
        'POST',
        referenceLinkPath(),
        { fileName: 'a.png', contentType: 'image/png', size: 10 },
        stranger.token,
      ),
      // The other organisation's spec, named under ours by one of our members: not ours.
      await api(`${specsPath()}/${theirs.id}`, { token: owner.token }),
      await send('PUT', `${specsPath()}/${theirs.id}`, { name: 'Mine now', expectedVersion: 1 }, owner.token),
      await api(`${specsPath()}/${theirs.id}`, { method: 'DELETE', token: owner.token }),
    ];
    for (const response of attempts) expectEnvelope(response.json, 404);
    expect((await listed(stranger.token, otherOrganisationId)).map((s) => s.name)).toEqual(['Theirs']);
    expect((await listed(owner.token)).map((s) => s.id)).not.toContain(theirs.id);
  });

  it('checks the service, subservices and turnaround against the catalogue (400 with the field)', async () => {
    const unknownService = await send(
      'POST',
      specsPath(),
      { name: 'X', serviceId: '01J00000000000000000000000' },
      owner.token,
    );
    expect(expectEnvelope(unknownService.json, 400).details).toEqual(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'body.serviceId' })] }),
    );
    const wrongSub = await send(
      'POST',
      specsPath(),
      { name: 'X', serviceId: order.serviceId, subserviceIds: ['01J00000000000000000000000'] },
      owner.token,
    );
    expect(expectEnvelope(wrongSub.json, 400).details).toEqual(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'body.subserviceIds.0' })] }),
    );
    const fine = await createdSpec(owner.token, {
      name: 'With a service',
      serviceId: order.serviceId,
      subserviceIds: order.selectedSubServices,
    });
    expect(fine.subserviceIds).toEqual(order.selectedSubServices);
  });
});

describe('versions', () => {
  it('makes version 2 on an edit and keeps version 1 readable', async () => {
    const spec = await createdSpec(owner.token, { name: 'Versioned', background: 'white', backgroundHex: '#F5F5F5' });
    const edited = await send(
      'PUT',
      `${specsPath()}/${spec.id}`,
      { name: 'Versioned', background: 'transparent', expectedVersion: 1 },
      buyer.token,
    );
    expect(edited.status, edited.text).toBe(200);
    expect(specOf(edited)).toMatchObject({ version: 2, latestVersion: 2, background: 'transparent' });
    const latest = specOf(await api(`${specsPath()}/${spec.id}`, { token: viewer.token }));
    expect(latest).toMatchObject({ version: 2, savedBy: { accountId: buyer.userId } });
    const first = await api(`${specsPath()}/${spec.id}?version=1`, { token: viewer.token });
    expect(first.status, first.text).toBe(200);
    expect(specOf(first)).toMatchObject({
      version: 1,
      latestVersion: 2,
      background: 'white',
      backgroundHex: '#F5F5F5',
      savedBy: { accountId: owner.userId },
      createdAt: spec.createdAt,
    });
    expectEnvelope((await api(`${specsPath()}/${spec.id}?version=3`, { token: viewer.token })).json, 404);
  });

  it('saves one of two edits made from the same version and answers the other 409', async () => {
    const spec = await createdSpec(owner.token, { name: 'Raced' });
    const [a, b] = await Promise.all([
      send('PUT', `${specsPath()}/${spec.id}`, { name: 'Raced by owner', expectedVersion: 1 }, owner.token),
      send('PUT', `${specsPath()}/${spec.id}`, { name: 'Raced by buyer', expectedVersion: 1 }, buyer.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = specOf(a.status === 200 ? a : b);
    expect(expectEnvelope((a.status === 409 ? a : b).json, 409).message).toMatch(/meanwhile/);
    const now = specOf(await api(`${specsPath()}/${spec.id}`, { token: owner.token }));
    expect(now).toMatchObject({ version: 2, name: winner.name });
    // A stale version is refused the same way afterwards.
    const stale = await send('PUT', `${specsPath()}/${spec.id}`, { name: 'Late', expectedVersion: 1 }, owner.token);
    expectEnvelope(stale.json, 409);
  });

  it('hides a deleted spec from the list and from new orders; an older job still reads its version', async () => {
    const spec = await createdSpec(owner.token, { name: 'Soon gone', crop: 'product' });
    const ordered = await orderedWith(buyer, spec.id);
    expect(ordered.status, ordered.text).toBe(201);
    const job = jobResponseSchema.parse(ordered.json).job;

    const deleted = await api(`${specsPath()}/${spec.id}`, { method: 'DELETE', token: buyer.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await listed(owner.token)).map((s) => s.id)).not.toContain(spec.id);
    expectEnvelope((await api(`${specsPath()}/${spec.id}`, { token: owner.token })).json, 404);
    const old = await api(`${specsPath()}/${spec.id}?version=1`, { token: viewer.token });
    expect(specOf(old)).toMatchObject({ version: 1, latestVersion: 1, deleted: true, crop: 'product' });
    expectEnvelope((await api(`${specsPath()}/${spec.id}`, { method: 'DELETE', token: owner.token })).json, 404);

    const refused = await orderedWith(buyer, spec.id);
    const envelope = expectEnvelope(refused.json, 400);
    expect(JSON.stringify(envelope.details)).toContain('body.specId');

    const jobSpec = await api(`/api/jobs/${job.id}/spec`, { token: viewer.token });
    expect(jobSpec.status, jobSpec.text).toBe(200);
    expect(specOf(jobSpec)).toMatchObject({ id: spec.id, version: 1, deleted: true, crop: 'product' });
  });
});

describe('reference images', () => {
  it('saves a picture posted through the presigned POST and answers a link that fetches it', async () => {
    const picture = await png(60, 40, '#ff006e');
    const id = await uploadedReference(referenceLinkPath(), buyer.token, picture);
    const spec = await createdSpec(buyer.token, {
      name: 'With a reference',
      referenceImages: [{ id, fileName: 'look.png' }],
    });
    expect(spec.referenceImages).toEqual([
      { id, fileName: 'look.png', contentType: 'image/png', url: expect.any(String) },
    ]);
    const fetched = await fetch(spec.referenceImages[0]!.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(picture)).toBe(true);

    // Kept on an edit without a new upload (the stored key is reused), renamed if the body says so.
    const edited = await send(
      'PUT',
      `${specsPath()}/${spec.id}`,
      { name: 'With a reference', referenceImages: [{ id, fileName: 'renamed.png' }], expectedVersion: 1 },
      owner.token,
    );
    expect(edited.status, edited.text).toBe(200);
    const reference = specOf(edited).referenceImages[0]!;
    expect(reference.fileName).toBe('renamed.png');
    expect((await fetch(reference.url)).status).toBe(200);
  });

  it('refuses a reference that was never uploaded (400 at its index) and writes nothing', async () => {
    const link = await send(
      'POST',
      referenceLinkPath(),
      { fileName: 'never.png', contentType: 'image/png', size: 100 },
      owner.token,
    );
    const { referenceImageId } = referenceUploadLinkResponseSchema.parse(link.json);
    const uploaded = await uploadedReference(referenceLinkPath(), owner.token, await png());
    const response = await send(
      'POST',
      specsPath(),
      {
        name: 'Missing picture',
        referenceImages: [
          { id: uploaded, fileName: 'fine.png' },
          { id: referenceImageId, fileName: 'never.png' },
        ],
      },
      owner.token,
    );
    const envelope = expectEnvelope(response.json, 400);
    expect(JSON.stringify(envelope.details)).toContain('body.referenceImages.1');
    expect(envelope.details && JSON.stringify(envelope.details)).toMatch(/upload it first/);
    expect((await listed(owner.token)).map((s) => s.name)).not.toContain('Missing picture');
  });

  it('refuses another organisation’s upload (its key is under that organisation)', async () => {
    const theirs = await uploadedReference(referenceLinkPath(otherOrganisationId), stranger.token, await png());
    const response = await send(
      'POST',
      specsPath(),
      { name: 'Borrowed picture', referenceImages: [{ id: theirs, fileName: 'x.png' }] },
      owner.token,
    );
    expectEnvelope(response.json, 400);
  });
});

describe('house specs', () => {
  it('are written by SUPER_ADMIN only, listed for clients and staff, and copied into an organisation', async () => {
    const body = { name: 'House white', background: 'white', aspectRatio: '1:1', fileFormat: 'JPEG' };
    for (const role of ['MANAGER', 'EDITOR'] as const) {
      expectEnvelope((await send('POST', '/api/house-specs', body, staff[role].token!)).json, 403);
    }
    expectEnvelope((await send('POST', '/api/house-specs', body, owner.token)).json, 403);

    const picture = await png(30, 30, '#ffffff');
    const referenceId = await uploadedReference(
      '/api/house-specs/reference-images/upload-links',
      staff.SUPER_ADMIN.token!,
      picture,
    );
    const created = await send(
      'POST',
      '/api/house-specs',
      { ...body, referenceImages: [{ id: referenceId, fileName: 'white.png' }] },
      staff.SUPER_ADMIN.token!,
    );
    expect(created.status, created.text).toBe(201);
    const house = specOf(created);
    expect(house).toMatchObject({ organisationId: null, version: 1, name: 'House white' });

    expectEnvelope((await send('PUT', `/api/house-specs/${house.id}`, body, staff.MANAGER.token!)).json, 403);
    const updated = await send(
      'PUT',
      `/api/house-specs/${house.id}`,
      { ...body, name: 'House white v2', referenceImages: [{ id: referenceId, fileName: 'white.png' }] },
      staff.SUPER_ADMIN.token!,
    );
    expect(updated.status, updated.text).toBe(200);
    expect(specOf(updated)).toMatchObject({ version: 1, latestVersion: 1, name: 'House white v2' });

    for (const token of [viewer.token, staff.EDITOR.token!, staff.MANAGER.token!]) {
      const list = await api('/api/house-specs', { token });
      expect(list.status, list.text).toBe(200);
      expect(listSpecsResponseSchema.parse(list.json).specs.map((s) => s.name)).toContain('House white v2');
    }

    // Copying is an order-side write: VIEWER 403, non-member 404, BUYER 201.
    expectEnvelope(
      (await send('POST', `/api/organisations/${organisationId}/house-specs/${house.id}/copy`, {}, viewer.token)).json,
      403,
    );
    expectEnvelope(
      (await send('POST', `/api/organisations/${organisationId}/house-specs/${house.id}/copy`, {}, stranger.token))
        .json,
      404,
    );
    const copied = await send(
      'POST',
      `/api/organisations/${organisationId}/house-specs/${house.id}/copy`,
      {},
      buyer.token,
    );
    expect(copied.status, copied.text).toBe(201);
    const copy = specOf(copied);
    expect(copy).toMatchObject({
      organisationId,
      version: 1,
      name: 'House white v2',
      aspectRatio: '1:1',
      copiedFrom: { houseSpecId: house.id, name: 'House white v2' },
    });
    expect(copy.id).not.toBe(house.id);
    expect((await listed(viewer.token)).map((s) => s.id)).toContain(copy.id);

    expectEnvelope(
      (await api(`/api/house-specs/${house.id}`, { method: 'DELETE', token: staff.MANAGER.token! })).json,
      403,
    );
    const removed = await api(`/api/house-specs/${house.id}`, { method: 'DELETE', token: staff.SUPER_ADMIN.token! });
    expect(removed.status, removed.text).toBe(200);
    const after = listSpecsResponseSchema.parse((await api('/api/house-specs', { token: viewer.token })).json).specs;
    expect(after.map((s) => s.id)).not.toContain(house.id);
    // The copy stands, and its picture (the house object, never deleted) still fetches.
    const kept = specOf(await api(`${specsPath()}/${copy.id}`, { token: viewer.token }));
    expect((await fetch(kept.referenceImages[0]!.url)).status).toBe(200);
    expectEnvelope(
      (await send('POST', `/api/organisations/${organisationId}/house-specs/${house.id}/copy`, {}, buyer.token)).json,
      404,
    );
  });
});

describe('a job’s spec', () => {
  it('records the version ordered with; an edit later changes neither the job nor its spec', async () => {
    const spec = await createdSpec(owner.token, {
      name: 'Catalogue',
      margins: { top: 5, right: 5, bottom: 5, left: 5 },
    });
    const ordered = await orderedWith(buyer, spec.id);
    expect(ordered.status, ordered.text).toBe(201);
    const job: Job = jobResponseSchema.parse(ordered.json).job;
    expect(job.spec).toEqual({ id: spec.id, version: 1, name: 'Catalogue' });

    const edited = await send(
      'PUT',
      `${specsPath()}/${spec.id}`,
      { name: 'Catalogue', margins: { top: 10, right: 10, bottom: 10, left: 10 }, expectedVersion: 1 },
      owner.token,
    );
    expect(edited.status, edited.text).toBe(200);
    const again = jobResponseSchema.parse((await api(`/api/jobs/${job.id}`, { token: owner.token })).json).job;
    expect(again.spec).toEqual({ id: spec.id, version: 1, name: 'Catalogue' });
    const jobSpec = await api(`/api/jobs/${job.id}/spec`, { token: reviewer.token });
    expect(jobSpec.status, jobSpec.text).toBe(200);
    expect(specOf(jobSpec)).toMatchObject({
      version: 1,
      latestVersion: 2,
      margins: { top: 5, right: 5, bottom: 5, left: 5 },
    });

    // Staff: a manager reads it; the editor only once assigned (the job's files' rule); a stranger never.
    expect((await api(`/api/jobs/${job.id}/spec`, { token: staff.MANAGER.token! })).status).toBe(200);
    expectEnvelope((await api(`/api/jobs/${job.id}/spec`, { token: staff.EDITOR.token! })).json, 404);
    expectEnvelope((await api(`/api/jobs/${job.id}/spec`, { token: stranger.token })).json, 404);
    const assigned = await send(
      'PUT',
      `/api/jobs/${job.id}/assign`,
      { editorId: staff.EDITOR.userId! },
      staff.MANAGER.token!,
    );
    expect(assigned.status, assigned.text).toBe(200);
    const forEditor = await api(`/api/jobs/${job.id}/spec`, { token: staff.EDITOR.token! });
    expect(forEditor.status, forEditor.text).toBe(200);
    expect(specOf(forEditor).version).toBe(1);
    const staffJob = jobResponseSchema.parse(
      (await api(`/api/jobs/${job.id}`, { token: staff.EDITOR.token! })).json,
    ).job;
    expect(staffJob.spec).toEqual({ id: spec.id, version: 1, name: 'Catalogue' });
  });

  it('answers spec null on a job without one, and 404 for its spec', async () => {
    const ordered = await orderedWith(owner);
    expect(ordered.status, ordered.text).toBe(201);
    const job = jobResponseSchema.parse(ordered.json).job;
    expect(job.spec).toBeNull();
    expectEnvelope((await api(`/api/jobs/${job.id}/spec`, { token: owner.token })).json, 404);
  });

  it('refuses another organisation’s or an unknown spec at order time (400 body.specId)', async () => {
    const theirs = await createdSpec(stranger.token, { name: 'Not yours' }, otherOrganisationId);
    for (const specId of [theirs.id, '01J00000000000000000000000']) {
      const refused = await orderedWith(buyer, specId);
      expect(JSON.stringify(expectEnvelope(refused.json, 400).details)).toContain('body.specId');
    }
  });
});
