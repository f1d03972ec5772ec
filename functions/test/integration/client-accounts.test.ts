/**
 * Client accounts through the API, against the Cognito emulator: sign-up with the code from the
 * local mailbox, verification, a new code, sign-in, password reset, and the refusals (duplicate,
 * weak password, extra keys, staff accounts).
 */
import { describe, expect, inject, it } from 'vitest';
import { messageResponseSchema, signInResponseSchema, signUpResponseSchema } from '@studio/shared/auth';
import { listJobsResponseSchema } from '@studio/shared/job';
import { api, expectEnvelope } from './support.ts';
import { eventually } from './notification-support.ts';
import { jsonInit, latestCode, messagesTo, strongPassword, uniqueEmail } from './test-clients.ts';

const post = (path: string, body: unknown) => api(path, jsonInit('POST', body));

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function signUp(username = 'Ana Lima') {
  const email = uniqueEmail('signup');
  const password = strongPassword();
  const response = await post('/api/users/signup', { username, email, password });
  expect(response.status, response.text).toBe(201);
  return { email, password, response: signUpResponseSchema.parse(response.json) };
}

describe('sign-up, verification and sign-in', () => {
  it('signs up, verifies with the mailed code, signs in, and the token works on a CLIENT route', async () => {
    const { email, password, response } = await signUp('Ana Lima');
    expect(response.email).toBe(email);

    // Not verified yet: sign-in is refused with a pointer to the code.
    const early = await post('/api/users/signin', { email, password });
    expect(early.status).toBe(403);
    expect(expectEnvelope(early.json, 403).message).toMatch(/verify/i);

    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/api/users/verify-email', { email, otp: wrong });
    expect(refused.status).toBe(400);
    expect(expectEnvelope(refused.json, 400).message).toBe('OTP verification failed. Please try again.');

    const verified = await post('/api/users/verify-email', { email, otp: code });
    expect(verified.status, verified.text).toBe(200);
    messageResponseSchema.parse(verified.json);

    // The e-mail is matched without case, as the pool does.
    const signedIn = await post('/api/users/signin', { email: email.toUpperCase(), password });
    expect(signedIn.status, signedIn.text).toBe(200);
    const { token, user } = signInResponseSchema.parse(signedIn.json);
    expect(user).toMatchObject({ name: 'Ana Lima', username: 'Ana Lima', email, initials: 'AL' });
    const claims = claimsOf(token);
    expect(claims.token_use).toBe('access');
    expect(claims.sub).toBe(user.id);
    expect(claims['cognito:groups']).toBeUndefined();

    const jobs = await api(`/api/jobs/client/${user.id}`, { token });
    expect(jobs.status, jobs.text).toBe(200);
    expect(listJobsResponseSchema.parse(jobs.json).jobs).toEqual([]);
  });

  it('answers a second sign-up for the same e-mail like a new one, and mails its owner instead', async () => {
    const { email, password, response } = await signUp();
    await post('/api/users/verify-email', { email, otp: await latestCode(email) });
    const before = (await messagesTo(email)).length;
    const again = await post('/api/users/signup', { username: 'Other', email, password: strongPassword() });
    expect(again.status, again.text).toBe(201);
    expect(signUpResponseSchema.parse(again.json)).toEqual(response);
    // The note goes through the outbox and the notifier (#18), so it arrives shortly after the answer.
    const mails = await eventually('the note to the owner', async () => {
      const all = await messagesTo(email);
      return all.length > before ? all : undefined;
    });
    expect(mails).toHaveLength(before + 1);
    expect(mails[mails.length - 1]).toMatchObject({ subject: 'Someone tried to sign up with your e-mail' });
    expect(mails[mails.length - 1]!.code).toBeUndefined();
    expect(mails[mails.length - 1]!.text).toContain('/signin');
    // Nothing changed: the owner's password still signs in.
    expect((await post('/api/users/signin', { email, password })).status).toBe(200);
  });

  it.each([
    ['too short', 'Ab1'],
    ['no upper case', 'lowercase-only-1'],
    ['no lower case', 'UPPERCASE-ONLY-1'],
    ['no digit', 'No-Digits-Here'],
  ])('refuses a weak password (%s) naming body.password, and creates nothing', async (_, password) => {
    const email = uniqueEmail('weak');
    const response = await post('/api/users/signup', { username: 'Weak', email, password });
    expect(response.status).toBe(400);
    const envelope = expectEnvelope(response.json, 400);
    expect(envelope.details?.issues?.map((i) => i.path)).toEqual(['body.password']);
    expect(envelope.details?.issues?.[0]?.message).toMatch(/at least 8 characters/);
    expect(await messagesTo(email)).toEqual([]);
  });

  it.each([
    { role: 'SUPER_ADMIN' },
    { groups: ['SUPER_ADMIN'] },
    { 'cognito:groups': 'MANAGER' },
    { isVerified: true },
  ])('refuses extra keys (%o): a client can never ask to be staff', async (extra) => {
    const email = uniqueEmail('extra');
    const response = await post('/api/users/signup', { username: 'Eve', email, password: strongPassword(), ...extra });
    expect(response.status).toBe(400);
    expect(expectEnvelope(response.json, 400).details?.issues?.[0]?.path).toBe('body');
    expect(await messagesTo(email)).toEqual([]);
    // Nothing was created: the same e-mail can still sign up.
    const clean = await post('/api/users/signup', { username: 'Eve', email, password: strongPassword() });
    expect(clean.status).toBe(201);
  });

  it('refuses extra keys on sign-in too', async () => {
    const response = await post('/api/users/signin', { email: 'a@example.test', password: 'x', role: 'SUPER_ADMIN' });
    expect(response.status).toBe(400);
    expectEnvelope(response.json, 400);
  });

  it('mails a new code on request; the new code verifies the account', async () => {
    const { email, password } = await signUp();
    const first = await latestCode(email);
    const resent = await post('/api/users/resend-code', { email });
    expect(resent.status, resent.text).toBe(200);
    const messages = await messagesTo(email);
    expect(messages).toHaveLength(2);
    const second = messages[1]!.code!;
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) {
      const old = await post('/api/users/verify-email', { email, otp: first });
      expect(old.status).toBe(400);
    }
    const verified = await post('/api/users/verify-email', { email, otp: second });
    expect(verified.status, verified.text).toBe(200);
    expect((await post('/api/users/signin', { email, password })).status).toBe(200);
  });

  it('answers a new-code request for an unknown or verified e-mail exactly like a real one', async () => {
    const { email } = await signUp();
    const real = await post('/api/users/resend-code', { email });
    const unknown = await post('/api/users/resend-code', { email: uniqueEmail('nobody') });
    const verifiedAccount = inject('accounts').find((a) => a.role === 'CLIENT')!.email;
    const verified = await post('/api/users/resend-code', { email: verifiedAccount });
    expect([real.status, unknown.status, verified.status]).toEqual([200, 200, 200]);
    expect(unknown.json).toEqual(real.json);
    expect(verified.json).toEqual(real.json);
  });

  it('answers a wrong password or an unknown e-mail with the same 401', async () => {
    const { email, password } = await signUp();
    await post('/api/users/verify-email', { email, otp: await latestCode(email) });
    const wrong = await post('/api/users/signin', { email, password: password + 'x' });
    const unknown = await post('/api/users/signin', { email: uniqueEmail('nobody'), password });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(expectEnvelope(response.json, 401).message).toBe('Invalid email or password. Please try again.');
    }
  });

  it('sends staff accounts to the staff sign-in and gives them no token', async () => {
    for (const role of ['SUPER_ADMIN', 'MANAGER', 'EDITOR']) {
      const account = inject('accounts').find((a) => a.role === role)!;
      const response = await post('/api/users/signin', { email: account.email, password: account.password });
      expect(response.status, role).toBe(403);
      expect(expectEnvelope(response.json, 403).message).toMatch(/staff sign-in/);
      expect(response.text).not.toMatch(/eyJ/);
    }
  });
});

describe('forgot and reset password', () => {
  it('resets the password with the mailed code; the old password stops working', async () => {
    const { email, password } = await signUp();
    await post('/api/users/verify-email', { email, otp: await latestCode(email) });

    const forgot = await post('/api/users/forgot-password', { email });
    expect(forgot.status, forgot.text).toBe(200);
    const messages = await messagesTo(email);
    expect(messages).toHaveLength(2);
    const code = messages[1]!.code!;

    const newPassword = strongPassword();
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/api/users/reset-password', { email, code: wrongCode, password: newPassword });
    expect(refused.status).toBe(400);
    expect(expectEnvelope(refused.json, 400).details?.issues?.[0]?.path).toBe('body.code');

    const weak = await post('/api/users/reset-password', { email, code, password: 'weak' });
    expect(weak.status).toBe(400);
    expect(expectEnvelope(weak.json, 400).details?.issues?.[0]?.path).toBe('body.password');

    const reset = await post('/api/users/reset-password', { email, code, password: newPassword });
    expect(reset.status, reset.text).toBe(200);
    expect((await post('/api/users/signin', { email, password: newPassword })).status).toBe(200);
    expect((await post('/api/users/signin', { email, password })).status).toBe(401);
  });

  it('answers the same whether or not the account exists, and mails nothing to a stranger', async () => {
    const { email } = await signUp();
    const stranger = uniqueEmail('stranger');
    const known = await post('/api/users/forgot-password', { email });
    const unknown = await post('/api/users/forgot-password', { email: stranger });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(await messagesTo(stranger)).toEqual([]);
  });
});
