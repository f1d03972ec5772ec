/**
 * Access that ends when it should (#19), with real tokens from the Cognito emulator:
 *  - a disabled or deleted account's token is refused (401 in the envelope) on its next request,
 *    for every role; enabling again does not revive a token from before; refresh tokens are
 *    revoked. (The stack suite reads account status on every request; with the production cache,
 *    where reads may keep a record 30 s and writes never do, see isolated/revocation.test.ts and
 *    `npm run measure:revocation`.)
 *  - a role comes only from the app client meant for it;
 *  - SUPER_ADMIN and MANAGER use two-step sign-in (TOTP, codes computed by scripts/local/totp.ts),
 *    EDITOR may choose it.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { userPoolDefinition } from '@studio/shared/platform';
import { mfaSetupDetailsSchema, otpauthUri } from '@studio/shared/staff';
import { totp } from '../../../scripts/local/totp.ts';
import { api, cognito, expectEnvelope, signedInIdentities, signIn, type Identity, type Role } from './support.ts';
import {
  invitationPassword,
  invitedStaff,
  nextCode,
  put,
  staffSignIn,
  staffSignInWithCode,
  type StaffMember,
} from './staff-support.ts';
import { freshClient, jsonInit, strongPassword, uniqueEmail } from './test-clients.ts';

let identities: Record<Role, Identity>;
let adminToken: string;

beforeAll(async () => {
  identities = await signedInIdentities();
  adminToken = identities.SUPER_ADMIN.token!;
});

/** A route each role may read: 200 while access lasts. */
const probe = {
  SUPER_ADMIN: '/api/admin',
  MANAGER: '/api/jobs?limit=1',
  EDITOR: '/api/jobs/assigned-jobs',
} as const;

function expectRefused(answer: { status: number; json: unknown; text: string }) {
  expect(answer.status, answer.text).toBe(401);
  expectEnvelope(answer.json, 401);
}

describe('a disabled or deleted account', () => {
  it.each(['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const)(
    'a %s: refused once disabled, not revived by enabling, refused once deleted',
    async (role) => {
      const member: StaffMember = await invitedStaff(adminToken, role, `Gone ${role}`);
      expect((await api(probe[role], { token: member.token })).status).toBe(200);

      expect((await put(`/api/admin/${member.id}/status`, { status: 'DISABLED' }, adminToken)).status).toBe(200);
      expectRefused(await api(probe[role], { token: member.token }));

      // Enabled again: the token from before the disable stays refused; a new sign-in right after
      // the answer works (the route answers once tokens of a new sign-in count).
      expect((await put(`/api/admin/${member.id}/status`, { status: 'ACTIVE' }, adminToken)).status).toBe(200);
      expectRefused(await api(probe[role], { token: member.token }));
      const again = await staffSignInWithCode({
        email: member.email,
        password: member.password,
        totpSecret: member.totpSecret,
      });
      expect((await api(probe[role], { token: again.token })).status).toBe(200);

      const deleted = await api(`/api/admin/${member.id}`, { method: 'DELETE', token: adminToken });
      expect(deleted.status, deleted.text).toBe(200);
      expectRefused(await api(probe[role], { token: again.token }));
    },
  );

  it('a deleted SUPER_ADMIN can no longer invite anyone', async () => {
    const member = await invitedStaff(adminToken, 'SUPER_ADMIN', 'Former Admin');
    expect((await api(`/api/admin/${member.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    const invite = await api(
      '/api/admin/invite',
      jsonInit('POST', { email: uniqueEmail('late'), username: 'Late', role: 'SUPER_ADMIN' }, member.token),
    );
    expectRefused(invite);
  });

  it('a deleted client can no longer create a job or read its jobs', async () => {
    const client = await freshClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    expect((await api(jobs, { token: client.token })).status).toBe(200);
    expect((await api(`/api/users/${client.userId}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expectRefused(await api(jobs, { token: client.token }));
    const create = await api(
      '/api/jobs',
      jsonInit(
        'POST',
        {
          serviceId: '01J00000000000000000000000',
          selectedSubServices: ['01J00000000000000000000000'],
          linkType: 'own',
          dropboxLink: 'https://example.test/p',
          numberOfPhotos: 1,
        },
        client.token,
      ),
    );
    expectRefused(create);
  });

  it("revokes the account's refresh tokens", async () => {
    const member = await invitedStaff(adminToken, 'EDITOR', 'Refreshing');
    const signedIn = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: inject('staffClientId'),
        AuthParameters: { USERNAME: member.email, PASSWORD: member.password },
      }),
    );
    const refresh = () =>
      cognito().send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: inject('staffClientId'),
          AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult!.RefreshToken! },
        }),
      );
    expect((await refresh()).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await put(`/api/admin/${member.id}/status`, { status: 'DISABLED' }, adminToken)).status).toBe(200);
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await api(`/api/admin/${member.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
  });
});

describe('a role comes only from its app client', () => {
  async function clientAccountIn(group?: 'MANAGER' | 'SUPER_ADMIN') {
    const email = uniqueEmail('crossed');
    const password = strongPassword();
    const poolId = inject('userPoolId');
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito().send(
      new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
    );
    if (group) {
      await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: group }));
    }
    return { email, password };
  }

  it('a staff group on a token issued to the site client is refused', async () => {
    const account = await clientAccountIn('MANAGER');
    const token = await signIn(account.email, account.password, inject('siteClientId'));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims['cognito:groups']).toEqual(['MANAGER']);
    expect(claims.client_id).toBe(inject('siteClientId'));
    const answer = await api(probe.MANAGER, { token });
    expectRefused(answer);
    expect(errorEnvelopeSchema.parse(answer.json).message).toMatch(/staff sign-in/);
  });

  it('a client token issued to the staff client is refused', async () => {
    const account = await clientAccountIn();
    const token = await signIn(account.email, account.password, inject('staffClientId'));
    const sub = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    expectRefused(await api(`/api/jobs/client/${sub}`, { token }));
  });
});

describe('two-step sign-in (TOTP)', () => {
  it('a MANAGER token without a second factor is refused; the set-up at sign-in gives a working one', async () => {
    const email = uniqueEmail('manager');
    const invited = await api(
      '/api/admin/invite',
      jsonInit('POST', { email, username: 'Mia', role: 'MANAGER' }, adminToken),
    );
    expect(invited.status, invited.text).toBe(201);
    const temporary = await invitationPassword(email);
    const password = strongPassword();

    // The new password is chosen, then the set-up is asked for: no token yet.
    const first = await staffSignIn({ email, password: temporary, newPassword: password });
    const envelope = expectEnvelope(first.json, 403);
    expect(envelope.error).toBe('MFA_SETUP_REQUIRED');
    const { secret, otpauthUri: uri } = mfaSetupDetailsSchema.parse(envelope.details);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toBe(otpauthUri(email, secret));
    expect(first.text).not.toMatch(/eyJ/);

    // Straight through Cognito with the password alone (no second factor yet): the API refuses it.
    const passwordOnly = await signIn(email, password, inject('staffClientId'));
    expectRefused(await api(probe.MANAGER, { token: passwordOnly }));

    const wrong = await staffSignIn({
      email,
      password,
      mfaCode: String((Number(totp(secret)) + 1) % 1e6).padStart(6, '0'),
    });
    expectEnvelope(wrong.json, 401);
    const done = await staffSignIn({ email, password, mfaCode: await nextCode(secret) });
    expect(done.status, done.text).toBe(200);
    const token = (done.json as { token: string }).token;
    expect((await api(probe.MANAGER, { token })).status).toBe(200);
    // The token taken with the password alone stays refused.
    expectRefused(await api(probe.MANAGER, { token: passwordOnly }));

    // From now on the code is asked for at every sign-in, and Cognito wants it too.
    const noCode = await staffSignIn({ email, password });
    expect(expectEnvelope(noCode.json, 403).error).toBe('MFA_CODE_REQUIRED');
    const bad = await staffSignIn({ email, password, mfaCode: '000000' === totp(secret) ? '111111' : '000000' });
    expectEnvelope(bad.json, 401);
    expect((await staffSignIn({ email, password, mfaCode: await nextCode(secret) })).status).toBe(200);
    await expect(signIn(email, password, inject('staffClientId'))).rejects.toThrow(/code/);
  });

  it('an EDITOR signs in without it, and may choose it', async () => {
    const editor = await invitedStaff(adminToken, 'EDITOR', 'Opt In');
    expect(editor.totpSecret).toBeUndefined();
    expect((await api(probe.EDITOR, { token: editor.token })).status).toBe(200);

    const asked = await staffSignIn({ email: editor.email, password: editor.password, setUpMfa: true });
    const { secret } = mfaSetupDetailsSchema.parse(expectEnvelope(asked.json, 403).details);
    const done = await staffSignIn({ email: editor.email, password: editor.password, mfaCode: await nextCode(secret) });
    expect(done.status, done.text).toBe(200);
    expect(
      expectEnvelope((await staffSignIn({ email: editor.email, password: editor.password })).json, 403).error,
    ).toBe('MFA_CODE_REQUIRED');
  });

  it('the seeded SUPER_ADMIN and MANAGER have it from the start; the EDITOR does not', () => {
    const accounts = inject('accounts');
    expect(accounts.find((a) => a.role === 'SUPER_ADMIN')?.totpSecret).toMatch(/^[A-Z2-7]+$/);
    expect(accounts.find((a) => a.role === 'MANAGER')?.totpSecret).toMatch(/^[A-Z2-7]+$/);
    expect(accounts.find((a) => a.role === 'EDITOR')?.totpSecret).toBeUndefined();
  });
});

describe('two-step sign-in that no token holder can switch off (#32)', () => {
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { scope?: string; username: string };

  it("with a MANAGER's token, Cognito neither switches the second factor off nor puts another authenticator in its place", async () => {
    const manager = await invitedStaff(adminToken, 'MANAGER', 'Held Manager');
    // The pool's tokens of an enrolled account leave out the scope of Cognito's self-service calls.
    expect(claimsOf(manager.token).scope ?? '').not.toContain(userPoolDefinition.selfServiceScope);
    await expect(
      cognito().send(
        new SetUserMFAPreferenceCommand({
          AccessToken: manager.token,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: manager.token })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // So Cognito still wants the code, and the authenticator the manager set up still gives it.
    await expect(signIn(manager.email, manager.password, inject('staffClientId'))).rejects.toThrow(/code/);
    const again = await staffSignInWithCode({
      email: manager.email,
      password: manager.password,
      totpSecret: manager.totpSecret!,
    });
    expect((await api(probe.MANAGER, { token: again.token })).status).toBe(200);
  });

  it('a token had with the password before the set-up cannot switch the second factor off after it', async () => {
    const email = uniqueEmail('early');
    const invited = await api(
      '/api/admin/invite',
      jsonInit('POST', { email, username: 'Early', role: 'MANAGER' }, adminToken),
    );
    expect(invited.status, invited.text).toBe(201);
    const password = strongPassword();
    const first = await staffSignIn({ email, password: await invitationPassword(email), newPassword: password });
    const { secret } = mfaSetupDetailsSchema.parse(expectEnvelope(first.json, 403).details);
    // Whoever knew the password before the set-up holds a token that carries the self-service scope.
    const early = await signIn(email, password, inject('staffClientId'));
    expect(claimsOf(early).scope).toContain(userPoolDefinition.selfServiceScope);
    const done = await staffSignIn({ email, password, mfaCode: await nextCode(secret) });
    expect(done.status, done.text).toBe(200);
    await expect(
      cognito().send(
        new SetUserMFAPreferenceCommand({
          AccessToken: early,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn(email, password, inject('staffClientId'))).rejects.toThrow(/code/);
  });

  it('a staff token that the staff sign-in did not issue is refused, even one signed in with the code', async () => {
    const manager = await invitedStaff(adminToken, 'MANAGER', 'Direct Manager');
    const direct = await signIn(manager.email, manager.password, inject('staffClientId'), manager.totpSecret);
    expectRefused(await api(probe.MANAGER, { token: direct }));
    expect((await api(probe.MANAGER, { token: manager.token })).status).toBe(200);
  });

  it('when the second factor is switched off anyway, the password-only tokens are refused and so is the sign-in', async () => {
    const manager = await invitedStaff(adminToken, 'MANAGER', 'Switched Manager');
    // What a token holder could do without the pool's rule; here an administrator's call.
    await cognito().send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: inject('userPoolId'),
        Username: manager.email,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const passwordOnly = await signIn(manager.email, manager.password, inject('staffClientId'));
    expectRefused(await api(probe.MANAGER, { token: passwordOnly }));
    const refused = await staffSignIn({ email: manager.email, password: manager.password });
    expect(expectEnvelope(refused.json, 401).message).toMatch(/switched off/);
    expect(refused.text).not.toMatch(/eyJ/);
  });

  it('a code from the authenticator is good once per account', async () => {
    const manager = await invitedStaff(adminToken, 'MANAGER', 'Once Manager');
    const code = await nextCode(manager.totpSecret!);
    const first = await staffSignIn({ email: manager.email, password: manager.password, mfaCode: code });
    expect(first.status, first.text).toBe(200);
    for (let i = 0; i < 2; i++) {
      const replayed = await staffSignIn({ email: manager.email, password: manager.password, mfaCode: code });
      expect(expectEnvelope(replayed.json, 401).message).toMatch(/used already/);
    }
    const next = await staffSignIn({
      email: manager.email,
      password: manager.password,
      mfaCode: await nextCode(manager.totpSecret!),
    });
    expect(next.status, next.text).toBe(200);
  });
});
