/**
 * Staff accounts (issue 5, part A): staff sign-in by role through the staff app client, invitation
 * with a mailed temporary password and a new password on first sign-in, disable / enable, delete,
 * and the rules that keep the console usable: nobody removes themselves, the last active
 * SUPER_ADMIN stays, an editor with unfinished jobs and a client with unfinished jobs stay.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema } from '@studio/shared/job';
import { listEditorsResponseSchema } from '@studio/shared/job-workflow';
import { staffAccountResponseSchema, staffSignInResponseSchema } from '@studio/shared/staff';
import { listClientsResponseSchema, listStaffResponseSchema } from '@studio/shared/user';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit, uniqueEmail } from './test-clients.ts';
import { invitationPassword, invitedStaff, newJob, put, staffSignIn, staffSignInWithCode } from './staff-support.ts';

let identities: Record<Role, Identity>;
let adminToken: string;

beforeAll(async () => {
  identities = await signedInIdentities();
  adminToken = identities.SUPER_ADMIN.token!;
});

const seeded = (role: string) => inject('accounts').find((a) => a.role === role)!;
const invalid = 'Invalid email or password. Please try again.';

describe('POST api/admin/signin', () => {
  it.each(['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const)('signs in a %s and answers the role', async (role) => {
    const account = seeded(role);
    const { answer } = await staffSignInWithCode(account);
    expect(answer.user.role).toBe(role);
    expect(answer.user.email).toBe(account.email);
    expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now());
    // The token is a staff token the API accepts for that role.
    const editors = await api('/api/admin/editors', { token: answer.token });
    expect(editors.status).toBe(role === 'EDITOR' ? 403 : 200);
  });

  it('refuses a client account with the same 401 as a wrong password', async () => {
    const client = seeded('CLIENT');
    const asClient = await staffSignIn({ email: client.email, password: client.password });
    expect(expectEnvelope(asClient.json, 401).message).toBe(invalid);
    const wrong = await staffSignIn({ email: seeded('MANAGER').email, password: 'Not-the-password-1' });
    expect(expectEnvelope(wrong.json, 401).message).toBe(invalid);
    const unknown = await staffSignIn({ email: uniqueEmail('nobody'), password: 'Whatever-1' });
    expect(expectEnvelope(unknown.json, 401).message).toBe(invalid);
  });

  it('refuses a staff account on the client sign-in', async () => {
    const { email, password } = seeded('MANAGER');
    const response = await api('/api/users/signin', jsonInit('POST', { email, password }));
    expect(response.status).toBe(403);
  });

  it('validates the body', async () => {
    const response = await staffSignIn({ email: 'not-an-email', password: '' });
    const envelope = expectEnvelope(response.json, 400);
    expect(envelope.details?.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
  });
});

describe('inviting staff', () => {
  it('mails a temporary password; the first sign-in asks for a new one, then signs in with the role', async () => {
    const email = uniqueEmail('editor');
    const invited = await api(
      '/api/admin/invite',
      jsonInit('POST', { email, username: 'Ivy', role: 'EDITOR' }, adminToken),
    );
    expect(invited.status, invited.text).toBe(201);
    const { admin } = staffAccountResponseSchema.parse(invited.json);
    expect(admin).toMatchObject({ email, username: 'Ivy', role: 'EDITOR', status: 'ACTIVE' });

    const temporary = await invitationPassword(email);
    const first = await staffSignIn({ email, password: temporary });
    const envelope = expectEnvelope(first.json, 403);
    expect(envelope.error).toBe('NEW_PASSWORD_REQUIRED');

    const weak = await staffSignIn({ email, password: temporary, newPassword: 'short' });
    expect(expectEnvelope(weak.json, 400).details?.issues?.[0]?.path).toBe('body.newPassword');

    const done = await staffSignIn({ email, password: temporary, newPassword: 'Brand-new-pass-1' });
    expect(done.status, done.text).toBe(200);
    expect(staffSignInResponseSchema.parse(done.json).user).toMatchObject({ id: admin.id, role: 'EDITOR' });
    // From now on the new password is the password.
    expect((await staffSignIn({ email, password: 'Brand-new-pass-1' })).status).toBe(200);

    const staff = listStaffResponseSchema.parse((await api('/api/admin', { token: adminToken })).json).admins;
    expect(staff.find((s) => s.id === admin.id)?.role).toBe('EDITOR');
    const clients = listClientsResponseSchema.parse((await api('/api/users', { token: adminToken })).json).users;
    expect(clients.some((c) => c.id === admin.id)).toBe(false);
  });

  it('refuses an e-mail that already has an account (409) and bad input (400)', async () => {
    const taken = await api(
      '/api/admin/invite',
      jsonInit('POST', { email: seeded('CLIENT').email, username: 'X', role: 'EDITOR' }, adminToken),
    );
    expectEnvelope(taken.json, 409);
    const bad = await api(
      '/api/admin/invite',
      jsonInit('POST', { email: uniqueEmail('x'), username: 'X', role: 'OWNER', password: 'x' }, adminToken),
    );
    expect(bad.status).toBe(400);
  });

  it('is for SUPER_ADMIN only', async () => {
    const body = { email: uniqueEmail('x'), username: 'X', role: 'SUPER_ADMIN' };
    for (const role of ['MANAGER', 'EDITOR', 'CLIENT_A'] as const) {
      const response = await api('/api/admin/invite', jsonInit('POST', body, identities[role].token));
      expect(response.status).toBe(403);
    }
  });
});

describe('disabling and deleting staff', () => {
  it('a disabled member cannot sign in nor be assigned; enabling restores both', async () => {
    const editor = await invitedStaff(adminToken, 'EDITOR', 'Dora');
    const disabled = await put(`/api/admin/${editor.id}/status`, { status: 'DISABLED' }, adminToken);
    expect(disabled.status, disabled.text).toBe(200);
    expect(staffAccountResponseSchema.parse(disabled.json).admin.status).toBe('DISABLED');

    expect(
      expectEnvelope((await staffSignIn({ email: editor.email, password: editor.password })).json, 401).message,
    ).toBe(invalid);
    const editors = listEditorsResponseSchema.parse((await api('/api/admin/editors', { token: adminToken })).json);
    expect(editors.editors.some((e) => e.id === editor.id)).toBe(false);
    const job = await newJob(identities.CLIENT_A.token!);
    const assign = await put(`/api/jobs/${job.id}/assign`, { editorId: editor.id }, identities.MANAGER.token);
    expect(expectEnvelope(assign.json, 400).details?.issues?.[0]?.path).toBe('body.editorId');

    expect((await put(`/api/admin/${editor.id}/status`, { status: 'ACTIVE' }, adminToken)).status).toBe(200);
    expect((await staffSignIn({ email: editor.email, password: editor.password })).status).toBe(200);
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: editor.id }, identities.MANAGER.token)).status).toBe(
      200,
    );
  });

  it('nobody disables or deletes their own account', async () => {
    const self = identities.SUPER_ADMIN.userId!;
    const disable = await put(`/api/admin/${self}/status`, { status: 'DISABLED' }, adminToken);
    expect(expectEnvelope(disable.json, 409).message).toMatch(/your own account/);
    const remove = await api(`/api/admin/${self}`, { method: 'DELETE', token: adminToken });
    expect(expectEnvelope(remove.json, 409).message).toMatch(/your own account/);
  });

  it('a disabled SUPER_ADMIN removes nobody, not even the last active one; with two active, one may go', async () => {
    const second = await invitedStaff(adminToken, 'SUPER_ADMIN', 'Sam Second');
    // The seeded admin switches the second one off. Its token stops working at once (#19; before,
    // it worked until it expired and reached the last-active rule, which still guards the moment
    // two SUPER_ADMINs remove each other).
    expect((await put(`/api/admin/${second.id}/status`, { status: 'DISABLED' }, adminToken)).status).toBe(200);
    const seededAdmin = identities.SUPER_ADMIN.userId!;
    const remove = await api(`/api/admin/${seededAdmin}`, { method: 'DELETE', token: second.token });
    expectEnvelope(remove.json, 401);
    const disable = await put(`/api/admin/${seededAdmin}/status`, { status: 'DISABLED' }, second.token);
    expectEnvelope(disable.json, 401);
    // With two active ones, one may go.
    expect((await put(`/api/admin/${second.id}/status`, { status: 'ACTIVE' }, adminToken)).status).toBe(200);
    const deleted = await api(`/api/admin/${second.id}`, { method: 'DELETE', token: adminToken });
    expect(deleted.status, deleted.text).toBe(200);
    expect(
      expectEnvelope((await staffSignIn({ email: second.email, password: second.password })).json, 401).message,
    ).toBe(invalid);
  });

  it('an editor with unfinished jobs is kept until they are reassigned or finished', async () => {
    const editor = await invitedStaff(adminToken, 'EDITOR', 'Ned');
    const job = await newJob(identities.CLIENT_A.token!);
    expect((await put(`/api/jobs/${job.id}/assign`, { editorId: editor.id }, adminToken)).status).toBe(200);
    const refused = await api(`/api/admin/${editor.id}`, { method: 'DELETE', token: adminToken });
    expect(expectEnvelope(refused.json, 409).message).toMatch(/1 unfinished job/);
    // Reassigned to the seeded editor: now the account can go, and the job keeps its new editor.
    const reassigned = await put(`/api/jobs/${job.id}/assign`, { editorId: identities.EDITOR.userId }, adminToken);
    expect(reassigned.status).toBe(200);
    expect((await api(`/api/admin/${editor.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    const after = await api(`/api/jobs/${job.id}`, { token: adminToken });
    expect(jobResponseSchema.parse(after.json).job.editorId).toBe(identities.EDITOR.userId);
  });

  it('404 for an id that is not a staff account (a client, or nobody)', async () => {
    const client = await freshClient();
    for (const id of [client.userId, '00000000-0000-4000-8000-000000000000']) {
      expectEnvelope((await api(`/api/admin/${id}`, { method: 'DELETE', token: adminToken })).json, 404);
      expectEnvelope((await put(`/api/admin/${id}/status`, { status: 'DISABLED' }, adminToken)).json, 404);
    }
  });
});

describe('DELETE api/users/{id}', () => {
  it('refuses while the client has unfinished jobs, then deletes the account and keeps its jobs', async () => {
    const client = await freshClient();
    const job = await newJob(client.token);
    const refused = await api(`/api/users/${client.userId}`, { method: 'DELETE', token: adminToken });
    expect(expectEnvelope(refused.json, 409).message).toMatch(/1 unfinished job/);

    expect((await put(`/api/jobs/${job.id}`, { status: 'CANCELLED' }, adminToken)).status).toBe(200);
    const deleted = await api(`/api/users/${client.userId}`, { method: 'DELETE', token: adminToken });
    expect(deleted.status, deleted.text).toBe(200);

    const clients = listClientsResponseSchema.parse((await api('/api/users', { token: adminToken })).json).users;
    expect(clients.some((c) => c.id === client.userId)).toBe(false);
    const kept = await api(`/api/jobs/user-jobs?userId=${client.userId}`, { token: adminToken });
    expect(kept.status).toBe(200);
    expect((kept.json as { jobs: { id: string; status: string }[] }).jobs).toEqual([
      expect.objectContaining({ id: job.id, status: 'CANCELLED' }),
    ]);
  });

  it('never deletes a staff account (404) and is for SUPER_ADMIN only', async () => {
    const staffId = identities.EDITOR.userId!;
    expectEnvelope((await api(`/api/users/${staffId}`, { method: 'DELETE', token: adminToken })).json, 404);
    const client = await freshClient();
    for (const role of ['MANAGER', 'EDITOR', 'CLIENT_B'] as const) {
      const response = await api(`/api/users/${client.userId}`, { method: 'DELETE', token: identities[role].token });
      expect(response.status).toBe(403);
    }
  });
});
