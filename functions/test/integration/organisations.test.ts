/**
 * Organisations (#35) through the local gateway: a client's personal organisation, organisations it
 * creates, and what a non-member sees of them (the 404 of an unknown id).
 */
import { randomBytes } from 'node:crypto';
import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  acceptInvitationResponseSchema,
  invitationResponseSchema,
  listInvitationsResponseSchema,
  listMembersResponseSchema,
  listOrganisationsResponseSchema,
  maxMembersPerOrganisation,
  maxOrganisationsPerAccount,
  memberResponseSchema,
  organisationResponseSchema,
  type OrganisationRole,
} from '@studio/shared/organisation';
import type * as TeamModule from '../../src/data/organisation-team.ts';
import {
  invitationIndexKeys,
  invitationKey,
  memberIndexKeys,
  memberKey,
  organisationKey,
} from '../../src/data/keys.ts';
import { useHandlerEnv } from './handler-env.ts';
import { eventually, sesEmails } from './notification-support.ts';
import { api, cognito, expectEnvelope } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';

let owner: Awaited<ReturnType<typeof freshClient>>;
let stranger: Awaited<ReturnType<typeof freshClient>>;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([freshClient({ name: 'Olga Owner' }), freshClient()]);
});

describe('organisations of a client', () => {
  it('gives every client one personal organisation, named after it, made once however often it is asked for', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => api('/api/organisations', { token: owner.token })));
    const lists = await Promise.all(
      answers.map((response) => {
        expect(response.status).toBe(200);
        return listOrganisationsResponseSchema.parse(response.json).organisations;
      }),
    );
    const personal = lists.map((list) => list.filter((organisation) => organisation.personal));
    expect(personal.map((list) => list.length)).toEqual([1, 1, 1]);
    expect(new Set(personal.map((list) => list[0]!.id)).size).toBe(1);
    expect(personal[0]![0]).toMatchObject({ name: 'Olga Owner', role: 'OWNER' });
  });

  it('makes the creator the OWNER of a new organisation, listed after the personal one, readable by members only', async () => {
    const created = await api(
      '/api/organisations',
      jsonInit(
        'POST',
        {
          name: 'Acme Brands',
          billing: {
            legalName: 'Acme GmbH',
            addressLines: 'Hauptstr. 1\nBerlin',
            country: 'de',
            vatNumber: 'de 123.456.789',
          },
        },
        owner.token,
      ),
    );
    expect(created.status).toBe(201);
    const { organisation } = organisationResponseSchema.parse(created.json);
    expect(organisation).toMatchObject({ name: 'Acme Brands', personal: false, role: 'OWNER' });
    expect(organisation.billing).toEqual({
      legalName: 'Acme GmbH',
      addressLines: 'Hauptstr. 1\nBerlin',
      country: 'DE',
      vatNumber: 'DE123456789',
    });

    const list = listOrganisationsResponseSchema.parse((await api('/api/organisations', { token: owner.token })).json);
    expect(list.organisations.map((o) => o.personal)).toEqual([true, false]);
    expect(list.organisations[1]!.id).toBe(organisation.id);

    const mine = await api(`/api/organisations/${organisation.id}`, { token: owner.token });
    expect(organisationResponseSchema.parse(mine.json).organisation.id).toBe(organisation.id);
    const theirs = await api(`/api/organisations/${organisation.id}`, { token: stranger.token });
    expectEnvelope(theirs.json, 404);
    expect(theirs.status).toBe(404);
  });

  it('refuses a blank name and a malformed VAT number, naming the field', async () => {
    const blank = await api('/api/organisations', jsonInit('POST', { name: '  ' }, owner.token));
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.json)).toContain('name');
    const vat = await api(
      '/api/organisations',
      jsonInit(
        'POST',
        { name: 'X', billing: { legalName: '', addressLines: '', country: '', vatNumber: '12' } },
        owner.token,
      ),
    );
    expect(vat.status).toBe(400);
    expect(JSON.stringify(vat.json)).toContain('vatNumber');
  });
});

type Client = Awaited<ReturnType<typeof freshClient>>;
let team: typeof TeamModule;

beforeAll(async () => {
  useHandlerEnv();
  team = await import('../../src/data/organisation-team.ts');
});

const emptyBilling = { legalName: '', addressLines: '', country: '', vatNumber: '' };

async function newOrganisation(by: Client, name = `Team ${randomBytes(3).toString('hex')}`) {
  const response = await api('/api/organisations', jsonInit('POST', { name }, by.token));
  expect(response.status, response.text).toBe(201);
  return organisationResponseSchema.parse(response.json).organisation;
}

async function invite(by: Client, organisationId: string, email: string, role: OrganisationRole) {
  const response = await api(
    `/api/organisations/${organisationId}/invitations`,
    jsonInit('POST', { email, role }, by.token),
  );
  expect(response.status, response.text).toBe(201);
  return invitationResponseSchema.parse(response.json).invitation;
}

async function accept(by: Client, invitationId: string) {
  return api(`/api/invitations/${invitationId}/accept`, { method: 'POST', token: by.token });
}

/** Invites and accepts: the client becomes a member with the role. */
async function join(owner: Client, organisationId: string, member: Client, role: OrganisationRole) {
  const invitation = await invite(owner, organisationId, member.email, role);
  const accepted = await accept(member, invitation.id);
  expect(accepted.status, accepted.text).toBe(200);
  return invitation;
}

async function membersOf(by: Client, organisationId: string) {
  const response = await api(`/api/organisations/${organisationId}/members`, { token: by.token });
  expect(response.status, response.text).toBe(200);
  return listMembersResponseSchema.parse(response.json).members;
}

function actorOf(client: Client, verified = true) {
  return { accountId: client.userId, name: '', email: client.email, verifiedEmail: verified ? client.email : null };
}

describe('what each role may do in an organisation', () => {
  let owner: Client;
  let buyer: Client;
  let reviewer: Client;
  let viewer: Client;
  let outsider: Client;
  let organisationId: string;
  const byRole = () => ({ OWNER: owner, BUYER: buyer, REVIEWER: reviewer, VIEWER: viewer, none: outsider });

  beforeAll(async () => {
    [owner, buyer, reviewer, viewer, outsider] = await Promise.all([
      freshClient({ name: 'Owen Owner' }),
      freshClient({ name: 'Bea Buyer' }),
      freshClient({ name: 'Rex Reviewer' }),
      freshClient({ name: 'Vic Viewer' }),
      freshClient(),
    ]);
    organisationId = (await newOrganisation(owner, 'Role Matrix Ltd')).id;
    await join(owner, organisationId, buyer, 'BUYER');
    await join(owner, organisationId, reviewer, 'REVIEWER');
    await join(owner, organisationId, viewer, 'VIEWER');
  });

  /** Every route of members and invitations, with what each caller gets: 404 for a non-member. */
  const matrix: {
    route: string;
    request: (ids: { organisationId: string; viewerId: string; invitationId: string }) => [string, RequestInit];
    expected: Record<OrganisationRole | 'none', number>;
  }[] = [
    {
      route: 'updateOrganisation',
      request: ({ organisationId }) => [
        `/api/organisations/${organisationId}`,
        { method: 'PUT', body: JSON.stringify({ name: 'Role Matrix Ltd', billing: emptyBilling }) },
      ],
      expected: { OWNER: 200, BUYER: 403, REVIEWER: 403, VIEWER: 403, none: 404 },
    },
    {
      route: 'listMembers',
      request: ({ organisationId }) => [`/api/organisations/${organisationId}/members`, {}],
      expected: { OWNER: 200, BUYER: 200, REVIEWER: 200, VIEWER: 200, none: 404 },
    },
    {
      route: 'updateMember',
      request: ({ organisationId, viewerId }) => [
        `/api/organisations/${organisationId}/members/${viewerId}`,
        { method: 'PUT', body: JSON.stringify({ role: 'VIEWER' }) },
      ],
      expected: { OWNER: 200, BUYER: 403, REVIEWER: 403, VIEWER: 403, none: 404 },
    },
    {
      route: 'removeMember (another member)',
      request: ({ organisationId, viewerId }) => [
        `/api/organisations/${organisationId}/members/${viewerId}`,
        { method: 'DELETE' },
      ],
      // The OWNER's case is the test of removal below: here the viewer must stay.
      expected: { OWNER: -1, BUYER: 403, REVIEWER: 403, VIEWER: -1, none: 404 },
    },
    {
      route: 'createInvitation',
      request: ({ organisationId }) => [
        `/api/organisations/${organisationId}/invitations`,
        {
          method: 'POST',
          body: JSON.stringify({ email: `m-${randomBytes(4).toString('hex')}@example.test`, role: 'VIEWER' }),
        },
      ],
      expected: { OWNER: 201, BUYER: 403, REVIEWER: 403, VIEWER: 403, none: 404 },
    },
    {
      route: 'listInvitations',
      request: ({ organisationId }) => [`/api/organisations/${organisationId}/invitations`, {}],
      expected: { OWNER: 200, BUYER: 403, REVIEWER: 403, VIEWER: 403, none: 404 },
    },
    {
      route: 'revokeInvitation',
      request: ({ organisationId, invitationId }) => [
        `/api/organisations/${organisationId}/invitations/${invitationId}`,
        { method: 'DELETE' },
      ],
      expected: { OWNER: -1, BUYER: 403, REVIEWER: 403, VIEWER: 403, none: 404 },
    },
  ];

  for (const { route, request, expected } of matrix) {
    it(`${route}: ${JSON.stringify(expected)}`, async () => {
      const pending = await invite(owner, organisationId, `p-${randomBytes(4).toString('hex')}@example.test`, 'BUYER');
      for (const [role, client] of Object.entries(byRole()) as [OrganisationRole | 'none', Client][]) {
        const status = expected[role];
        if (status < 0) continue;
        const [path, init] = request({ organisationId, viewerId: viewer.userId, invitationId: pending.id });
        const response = await api(path, {
          ...init,
          token: client.token,
          headers: init.body ? { 'content-type': 'application/json' } : {},
        });
        expect(response.status, `${role}: ${response.text}`).toBe(status);
        if (status === 403) {
          expect(expectEnvelope(response.json, 403).message).toContain(`A ${role} may not`);
        }
        if (status === 404) expect(expectEnvelope(response.json, 404).message).toContain('no organisation');
      }
      // Revoke the pending invitation as the OWNER (each case's own), so the limits stay far.
      const revoked = await api(`/api/organisations/${organisationId}/invitations/${pending.id}`, {
        method: 'DELETE',
        token: owner.token,
      });
      expect(revoked.status, revoked.text).toBe(200);
    });
  }

  it('lists every member with the name and e-mail of its account and its role, owners first', async () => {
    const members = await membersOf(viewer, organisationId);
    expect(members.map((m) => [m.name, m.email, m.role])).toEqual([
      ['Owen Owner', owner.email, 'OWNER'],
      ['Bea Buyer', buyer.email, 'BUYER'],
      ['Rex Reviewer', reviewer.email, 'REVIEWER'],
      ['Vic Viewer', viewer.email, 'VIEWER'],
    ]);
  });

  it('lets the OWNER rename the organisation and set its billing details, normalised', async () => {
    const response = await api(
      `/api/organisations/${organisationId}`,
      jsonInit(
        'PUT',
        {
          name: 'Role Matrix GmbH',
          billing: { legalName: 'Role Matrix GmbH', addressLines: 'Weg 2', country: 'at', vatNumber: 'atu 1234-5678' },
        },
        owner.token,
      ),
    );
    expect(response.status, response.text).toBe(200);
    const { organisation } = organisationResponseSchema.parse(response.json);
    expect(organisation).toMatchObject({ name: 'Role Matrix GmbH', role: 'OWNER' });
    expect(organisation.billing).toMatchObject({ country: 'AT', vatNumber: 'ATU12345678' });
    const seen = organisationResponseSchema.parse(
      (await api(`/api/organisations/${organisationId}`, { token: buyer.token })).json,
    ).organisation;
    expect(seen).toMatchObject({ name: 'Role Matrix GmbH', role: 'BUYER' });
  });

  it('lets a member leave (it loses access at once) and an OWNER remove a member', async () => {
    const [leaver, removed] = await Promise.all([freshClient(), freshClient()]);
    await join(owner, organisationId, leaver, 'BUYER');
    await join(owner, organisationId, removed, 'REVIEWER');
    const left = await api(`/api/organisations/${organisationId}/members/${leaver.userId}`, {
      method: 'DELETE',
      token: leaver.token,
    });
    expect(left.status, left.text).toBe(200);
    expect((await api(`/api/organisations/${organisationId}`, { token: leaver.token })).status).toBe(404);
    const gone = await api(`/api/organisations/${organisationId}/members/${removed.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(gone.status, gone.text).toBe(200);
    expect((await api(`/api/organisations/${organisationId}/members`, { token: removed.token })).status).toBe(404);
    const ids = (await membersOf(owner, organisationId)).map((m) => m.accountId);
    expect(ids).not.toContain(leaver.userId);
    expect(ids).not.toContain(removed.userId);
    const again = await api(`/api/organisations/${organisationId}/members/${removed.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(again.status).toBe(404);
  });

  it('lets the OWNER change a role, which takes effect at once', async () => {
    const promoted = await api(
      `/api/organisations/${organisationId}/members/${viewer.userId}`,
      jsonInit('PUT', { role: 'BUYER' }, owner.token),
    );
    expect(promoted.status, promoted.text).toBe(200);
    expect(memberResponseSchema.parse(promoted.json).member).toMatchObject({ role: 'BUYER', email: viewer.email });
    const invited = await api(
      `/api/organisations/${organisationId}/invitations`,
      jsonInit('POST', { email: `x-${randomBytes(4).toString('hex')}@example.test`, role: 'VIEWER' }, viewer.token),
    );
    expect(invited.status).toBe(403);
    expect(expectEnvelope(invited.json, 403).message).toContain('A BUYER may not manage');
    const back = await api(
      `/api/organisations/${organisationId}/members/${viewer.userId}`,
      jsonInit('PUT', { role: 'VIEWER' }, owner.token),
    );
    expect(back.status).toBe(200);
  });
});

describe('an organisation always keeps an OWNER', () => {
  it('refuses the last OWNER demoting or removing itself (409), and lets it once another is OWNER', async () => {
    const [owner, second] = await Promise.all([freshClient(), freshClient()]);
    const { id } = await newOrganisation(owner);
    const demote = await api(
      `/api/organisations/${id}/members/${owner.userId}`,
      jsonInit('PUT', { role: 'BUYER' }, owner.token),
    );
    expect(demote.status, demote.text).toBe(409);
    expect(expectEnvelope(demote.json, 409).message).toContain('at least one OWNER');
    const leave = await api(`/api/organisations/${id}/members/${owner.userId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(leave.status).toBe(409);
    await join(owner, id, second, 'OWNER');
    const now = await api(
      `/api/organisations/${id}/members/${owner.userId}`,
      jsonInit('PUT', { role: 'BUYER' }, owner.token),
    );
    expect(now.status, now.text).toBe(200);
    expect((await membersOf(second, id)).filter((m) => m.role === 'OWNER').map((m) => m.accountId)).toEqual([
      second.userId,
    ]);
  });

  it('two OWNERs demoting each other at once leave exactly one OWNER', async () => {
    const [first, second] = await Promise.all([freshClient(), freshClient()]);
    const { id } = await newOrganisation(first);
    await join(first, id, second, 'OWNER');
    const answers = await Promise.all([
      api(`/api/organisations/${id}/members/${second.userId}`, jsonInit('PUT', { role: 'VIEWER' }, first.token)),
      api(`/api/organisations/${id}/members/${first.userId}`, jsonInit('PUT', { role: 'VIEWER' }, second.token)),
    ]);
    // The loser read its role either before the winner's write (then the transaction's condition
    // on ownerCount refuses it: 409) or after it (then it is a VIEWER already: 403). Both are right;
    // what must hold is that exactly one OWNER is left.
    const statuses = answers.map((a) => a.status).sort();
    expect(
      [
        [200, 403],
        [200, 409],
      ],
      answers.map((a) => a.text).join(' / '),
    ).toContainEqual(statuses);
    const owners = (await membersOf(first, id)).filter((m) => m.role === 'OWNER');
    expect(owners).toHaveLength(1);
    const stored = await table().client.send(
      new GetCommand({ TableName: table().name, Key: organisationKey(id), ConsistentRead: true }),
    );
    expect(stored.Item?.ownerCount).toBe(1);
  });

  it('two OWNERs removing each other at once leave exactly one OWNER', async () => {
    const [first, second] = await Promise.all([freshClient(), freshClient()]);
    const { id } = await newOrganisation(first);
    await join(first, id, second, 'OWNER');
    const answers = await Promise.all([
      api(`/api/organisations/${id}/members/${second.userId}`, { method: 'DELETE', token: first.token }),
      api(`/api/organisations/${id}/members/${first.userId}`, { method: 'DELETE', token: second.token }),
    ]);
    // As above: the loser is refused by the condition (409) or, reading after the winner's write,
    // is no member any more (404).
    const statuses = answers.map((a) => a.status).sort();
    expect(
      [
        [200, 404],
        [200, 409],
      ],
      answers.map((a) => a.text).join(' / '),
    ).toContainEqual(statuses);
    const survivor = answers[0]!.status === 200 ? first : second;
    const members = await membersOf(survivor, id);
    expect(members.map((m) => [m.accountId, m.role])).toEqual([[survivor.userId, 'OWNER']]);
  });

  it('keeps the creator of a personal organisation its OWNER, even against another OWNER', async () => {
    const [creator, partner] = await Promise.all([freshClient(), freshClient()]);
    const personal = listOrganisationsResponseSchema
      .parse((await api('/api/organisations', { token: creator.token })).json)
      .organisations.find((o) => o.personal)!;
    await join(creator, personal.id, partner, 'OWNER');
    const demote = await api(
      `/api/organisations/${personal.id}/members/${creator.userId}`,
      jsonInit('PUT', { role: 'VIEWER' }, partner.token),
    );
    expect(demote.status, demote.text).toBe(409);
    expect(expectEnvelope(demote.json, 409).message).toContain('personal organisation');
    const remove = await api(`/api/organisations/${personal.id}/members/${creator.userId}`, {
      method: 'DELETE',
      token: partner.token,
    });
    expect(remove.status).toBe(409);
    const leave = await api(`/api/organisations/${personal.id}/members/${creator.userId}`, {
      method: 'DELETE',
      token: creator.token,
    });
    expect(leave.status).toBe(409);
  });
});

describe('invitations', () => {
  let owner: Client;
  let organisationId: string;

  beforeAll(async () => {
    owner = await freshClient({ name: 'Ingrid Inviter' });
    organisationId = (await newOrganisation(owner, 'Invite Works')).id;
  });

  it('e-mails a link to the invitation, saying who invited, to which organisation, the role and until when', async () => {
    const email = `new-${randomBytes(4).toString('hex')}@example.test`;
    const invitation = await invite(owner, organisationId, email, 'REVIEWER');
    expect(invitation).toMatchObject({
      email,
      role: 'REVIEWER',
      status: 'PENDING',
      organisationName: 'Invite Works',
      invitedBy: { accountId: owner.userId, name: 'Ingrid Inviter' },
    });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    const mail = await eventually('the invitation e-mail', async () =>
      (await sesEmails()).find((e) => e.to.includes(email)),
    );
    expect(mail.subject).toContain('You are invited to join an organisation');
    expect(mail.text).toContain('Ingrid Inviter invited you to join the organisation Invite Works');
    const link = `${inject('siteUrl')}/invitations/${invitation.id}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('REVIEWER');
    expect(mail.text).toContain(invitation.expiresAt.slice(0, 16).replace('T', ' '));
    const listed = listInvitationsResponseSchema.parse(
      (await api(`/api/organisations/${organisationId}/invitations`, { token: owner.token })).json,
    ).invitations;
    expect(listed.map((i) => i.id)).toContain(invitation.id);
  });

  it('refuses a second pending invitation of the same e-mail (any case), and one of a current member (409)', async () => {
    const member = await freshClient();
    const email = `dup-${randomBytes(4).toString('hex')}@example.test`;
    await invite(owner, organisationId, email, 'VIEWER');
    const twice = await api(
      `/api/organisations/${organisationId}/invitations`,
      jsonInit('POST', { email: email.toUpperCase(), role: 'BUYER' }, owner.token),
    );
    expect(twice.status, twice.text).toBe(409);
    expect(expectEnvelope(twice.json, 409).message).toContain('pending invitation');
    await join(owner, organisationId, member, 'VIEWER');
    const again = await api(
      `/api/organisations/${organisationId}/invitations`,
      jsonInit('POST', { email: member.email, role: 'BUYER' }, owner.token),
    );
    expect(again.status, again.text).toBe(409);
    expect(expectEnvelope(again.json, 409).message).toContain('member');
    const bad = await api(
      `/api/organisations/${organisationId}/invitations`,
      jsonInit('POST', { email: 'not-an-email', role: 'BUYER' }, owner.token),
    );
    expect(bad.status).toBe(400);
    const badRole = await api(
      `/api/organisations/${organisationId}/invitations`,
      jsonInit('POST', { email: 'a@example.test', role: 'ADMIN' }, owner.token),
    );
    expect(badRole.status).toBe(400);
  });

  it('makes two invitations of one e-mail at once one invitation and one 409', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.test`;
    const answers = await Promise.all(
      [1, 2].map(() =>
        api(
          `/api/organisations/${organisationId}/invitations`,
          jsonInit('POST', { email, role: 'VIEWER' }, owner.token),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('is listed to the invited account, accepted once, and makes it a member with the role', async () => {
    const invitee = await freshClient({ name: 'Ida Invitee' });
    const invitation = await invite(owner, organisationId, invitee.email.toUpperCase(), 'BUYER');
    const mine = listInvitationsResponseSchema.parse((await api('/api/invitations', { token: invitee.token })).json);
    expect(mine.invitations.map((i) => i.id)).toEqual([invitation.id]);
    const accepted = await accept(invitee, invitation.id);
    expect(accepted.status, accepted.text).toBe(200);
    expect(acceptInvitationResponseSchema.parse(accepted.json).organisation).toMatchObject({
      id: organisationId,
      role: 'BUYER',
    });
    const twice = await accept(invitee, invitation.id);
    expect(twice.status).toBe(409);
    expect(expectEnvelope(twice.json, 409).message).toContain('accepted');
    expect(
      listInvitationsResponseSchema.parse((await api('/api/invitations', { token: invitee.token })).json).invitations,
    ).toEqual([]);
    const member = (await membersOf(owner, organisationId)).find((m) => m.accountId === invitee.userId);
    expect(member).toMatchObject({ name: 'Ida Invitee', email: invitee.email, role: 'BUYER' });
    const list = listOrganisationsResponseSchema.parse(
      (await api('/api/organisations', { token: invitee.token })).json,
    );
    expect(list.organisations.find((o) => o.id === organisationId)?.role).toBe('BUYER');
  });

  it('is the 404 of an unknown invitation to another e-mail or to an unverified one', async () => {
    const [invitee, other] = await Promise.all([freshClient(), freshClient()]);
    const invitation = await invite(owner, organisationId, invitee.email, 'VIEWER');
    const wrong = await accept(other, invitation.id);
    expect(wrong.status).toBe(404);
    expect(expectEnvelope(wrong.json, 404).message).toContain('no invitation');
    expect(
      listInvitationsResponseSchema.parse((await api('/api/invitations', { token: other.token })).json).invitations,
    ).toEqual([]);
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: inject('userPoolId'),
        Username: invitee.email,
        UserAttributes: [
          { Name: 'email', Value: invitee.email },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    const unverified = await accept(invitee, invitation.id);
    expect(unverified.status).toBe(404);
    expect(
      listInvitationsResponseSchema.parse((await api('/api/invitations', { token: invitee.token })).json).invitations,
    ).toEqual([]);
    const unknown = await accept(invitee, '01J00000000000000000000000');
    expect(unknown.status).toBe(404);
  });

  it('revokes only a pending invitation; a revoked one cannot be accepted (409 naming its state)', async () => {
    const invitee = await freshClient();
    const invitation = await invite(owner, organisationId, invitee.email, 'VIEWER');
    const revoked = await api(`/api/organisations/${organisationId}/invitations/${invitation.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(invitationResponseSchema.parse(revoked.json).invitation.status).toBe('REVOKED');
    const accepted = await accept(invitee, invitation.id);
    expect(accepted.status).toBe(409);
    expect(expectEnvelope(accepted.json, 409).message).toContain('revoked');
    const again = await api(`/api/organisations/${organisationId}/invitations/${invitation.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(again.status).toBe(409);
    const listed = listInvitationsResponseSchema.parse(
      (await api(`/api/organisations/${organisationId}/invitations`, { token: owner.token })).json,
    ).invitations;
    expect(listed.map((i) => i.id)).not.toContain(invitation.id);
    const afterAccept = await join(owner, organisationId, invitee, 'VIEWER');
    const revokeAccepted = await api(`/api/organisations/${organisationId}/invitations/${afterAccept.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(revokeAccepted.status).toBe(409);
    expect(expectEnvelope(revokeAccepted.json, 409).message).toContain('accepted');
  });

  it('expires after seven days: not listed, not accepted, not revoked (the time given to the data functions)', async () => {
    const invitee = await freshClient();
    const invitation = await invite(owner, organisationId, invitee.email, 'BUYER');
    const justBefore = new Date(Date.parse(invitation.expiresAt) - 1000);
    const atExpiry = new Date(Date.parse(invitation.expiresAt));
    expect((await team.listMyInvitations(actorOf(invitee), justBefore)).map((i) => i.id)).toEqual([invitation.id]);
    expect(await team.listMyInvitations(actorOf(invitee), atExpiry)).toEqual([]);
    expect((await team.listPendingInvitations(owner.userId, organisationId, atExpiry)).map((i) => i.id)).not.toContain(
      invitation.id,
    );
    await expect(team.acceptInvitation(actorOf(invitee), invitation.id, atExpiry)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('expired'),
    });
    await expect(team.revokeInvitation(owner.userId, organisationId, invitation.id, atExpiry)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('expired'),
    });
    // An expired invitation holds no place: the same e-mail may be invited again then.
    const renewed = await team.createInvitation(
      { ...actorOf(owner), name: 'Ingrid Inviter' },
      organisationId,
      { email: invitee.email, role: 'VIEWER' },
      async () => null,
      atExpiry,
    );
    expect(renewed.status).toBe('PENDING');
    // Still pending today: it can be accepted now.
    expect((await accept(invitee, invitation.id)).status).toBe(200);
  });
});

describe('limits', () => {
  it(`refuses an invitation past ${maxMembersPerOrganisation} members and pending invitations together (409)`, async () => {
    const owner = await freshClient();
    const { id } = await newOrganisation(owner);
    // 198 pending invitations written as the API writes them, with the OWNER: 199 places taken.
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 86_400_000).toISOString();
    const items = Array.from({ length: maxMembersPerOrganisation - 2 }, (_, i) => {
      const invitationId = `01J${String(i).padStart(23, '0')}`;
      const email = `fill-${i}-${randomBytes(3).toString('hex')}@example.test`;
      return {
        ...invitationKey(id, invitationId),
        ...invitationIndexKeys(email, now.toISOString(), invitationId),
        type: 'OrganisationInvitation',
        id: invitationId,
        organisationId: id,
        organisationName: 'Full',
        email,
        role: 'VIEWER',
        status: 'PENDING',
        invitedBy: { accountId: owner.userId, name: '' },
        createdAt: now.toISOString(),
        expiresAt,
      };
    });
    await putAll(items);
    await invite(owner, id, `last-${randomBytes(3).toString('hex')}@example.test`, 'VIEWER');
    const over = await api(
      `/api/organisations/${id}/invitations`,
      jsonInit('POST', { email: `over-${randomBytes(3).toString('hex')}@example.test`, role: 'VIEWER' }, owner.token),
    );
    expect(over.status, over.text).toBe(409);
    expect(expectEnvelope(over.json, 409).message).toContain(String(maxMembersPerOrganisation));
  });

  it(`refuses accepting an invitation into a ${maxOrganisationsPerAccount + 1}th organisation (409)`, async () => {
    const [owner, invitee] = await Promise.all([freshClient(), freshClient()]);
    const { id } = await newOrganisation(owner);
    const invitation = await invite(owner, id, invitee.email, 'VIEWER');
    // The invitee belongs to 50 organisations already (member items as the API writes them).
    const joinedAt = new Date().toISOString();
    await putAll(
      Array.from({ length: maxOrganisationsPerAccount }, (_, i) => {
        const organisationId = `01K${String(i).padStart(17, '0')}${randomBytes(3).toString('hex')}`;
        return {
          ...memberKey(organisationId, invitee.userId),
          ...memberIndexKeys(organisationId, invitee.userId),
          type: 'OrganisationMember',
          organisationId,
          accountId: invitee.userId,
          role: 'VIEWER',
          joinedAt,
        };
      }),
    );
    const refused = await accept(invitee, invitation.id);
    expect(refused.status, refused.text).toBe(409);
    expect(expectEnvelope(refused.json, 409).message).toContain(String(maxOrganisationsPerAccount));
    const members = await membersOf(owner, id);
    expect(members.map((m) => m.accountId)).toEqual([owner.userId]);
  });
});

async function putAll(items: Record<string, unknown>[]) {
  const { client, name } = table();
  for (let i = 0; i < items.length; i += 25) {
    await client.send(
      new BatchWriteCommand({
        RequestItems: { [name]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}
