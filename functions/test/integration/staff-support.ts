/** Helpers of the staff console tests (issue 5, part A): staff sign-in, invited accounts, jobs. */
import { jobResponseSchema, type Job } from '@studio/shared/job';
import type { StaffRole } from '@studio/shared/platform';
import { listServicesResponseSchema } from '@studio/shared/service';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { staffMfaPolicy } from '@studio/shared/platform';
import {
  mfaSetupDetailsSchema,
  staffAccountResponseSchema,
  staffSignInResponseSchema,
  type StaffSignInBody,
} from '@studio/shared/staff';
import { freshCode } from '../../../scripts/test-setup/authenticator-codes.ts';
import { provided } from '../../../scripts/test-setup/suite-context.ts';
import { api } from './support.ts';
import { jsonInit, messagesTo, strongPassword, uniqueEmail } from './test-clients.ts';

/**
 * Throws when `actual` is not `expected`, naming `what` (the browser suite imports these helpers
 * too, where vitest's `expect` cannot be loaded).
 */
function mustBe<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

export async function staffSignIn(body: Partial<StaffSignInBody> & { email: string; password: string }) {
  return api('/api/admin/signin', jsonInit('POST', body));
}

/** A code of the authenticator with this key that no sign-in of the suite has used (each is good once). */
export const nextCode = (secret: string) => freshCode(secret, { stateFile: provided('totpStateFile') });

/**
 * Signs a staff member in through `POST api/admin/signin` as the console does, passing two-step
 * sign-in for real: a fresh code of `totpSecret` when the account has one, or the set-up when the
 * API asks for it (the secret it hands out is returned, for the next sign-ins).
 */
export async function staffSignInWithCode(account: {
  email: string;
  password: string;
  newPassword?: string;
  totpSecret?: string;
}): Promise<{ token: string; totpSecret?: string; answer: ReturnType<typeof staffSignInResponseSchema.parse> }> {
  const { totpSecret } = account;
  const credentials = {
    email: account.email,
    password: account.password,
    ...(account.newPassword ? { newPassword: account.newPassword } : {}),
  };
  let response = await staffSignIn({ ...credentials, ...(totpSecret ? { mfaCode: await nextCode(totpSecret) } : {}) });
  let secret = totpSecret;
  if (response.status === 403) {
    const envelope = errorEnvelopeSchema.parse(response.json);
    if (envelope.error === 'MFA_SETUP_REQUIRED') {
      secret = mfaSetupDetailsSchema.parse(envelope.details).secret;
      const password = credentials.newPassword ?? credentials.password;
      response = await staffSignIn({ email: credentials.email, password, mfaCode: await nextCode(secret) });
    }
  }
  mustBe(response.status, 200, `staff sign-in of ${account.email}: ${response.text}`);
  const answer = staffSignInResponseSchema.parse(response.json);
  return { token: answer.token, answer, ...(secret ? { totpSecret: secret } : {}) };
}

/** The temporary password of the newest invitation mailed to `email`. */
export async function invitationPassword(email: string): Promise<string> {
  // A second on a quiet machine; a loaded two-core CI runner was seen to take longer than 5 s.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const invitation = (await messagesTo(email)).reverse().find((m) => m.subject === 'Your staff account');
    if (invitation?.code) return invitation.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

export interface StaffMember {
  id: string;
  email: string;
  password: string;
  token: string;
  /** Set up at the first sign-in for roles that require two-step sign-in. */
  totpSecret?: string;
}

/** Invites a staff member as `adminToken`, then finishes their first sign-in with a new password. */
export async function invitedStaff(adminToken: string, role: StaffRole, name = 'Invited'): Promise<StaffMember> {
  const email = uniqueEmail(role.toLowerCase());
  const invited = await api('/api/admin/invite', jsonInit('POST', { email, username: name, role }, adminToken));
  mustBe(invited.status, 201, `invitation of ${email}: ${invited.text}`);
  const { admin } = staffAccountResponseSchema.parse(invited.json);
  const temporary = await invitationPassword(email);
  const password = strongPassword();
  const signedIn = await staffSignInWithCode({ email, password: temporary, newPassword: password });
  mustBe(signedIn.answer.user.role, role, `role of ${email}`);
  mustBe(Boolean(signedIn.totpSecret), staffMfaPolicy[role] === 'required', `two-step sign-in set up for ${email}`);
  return {
    id: admin.id,
    email,
    password,
    token: signedIn.token,
    ...(signedIn.totpSecret ? { totpSecret: signedIn.totpSecret } : {}),
  };
}

/** A new job of the client behind `clientToken`, on the first service with a USD price. */
export async function newJob(clientToken: string, extra: { instructions?: string } = {}): Promise<Job> {
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  const created = await api(
    '/api/jobs',
    jsonInit(
      'POST',
      {
        serviceId: service.id,
        selectedSubServices: [sub.id],
        currency: 'USD',
        linkType: 'own',
        dropboxLink: 'https://example.test/photos',
        numberOfPhotos: 2,
        ...extra,
      },
      clientToken,
    ),
  );
  mustBe(created.status, 201, `new job: ${created.text}`);
  return jobResponseSchema.parse(created.json).job;
}

export const put = (path: string, body: unknown, token: string | undefined) => api(path, jsonInit('PUT', body, token));
