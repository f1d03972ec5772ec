/** Helpers of the staff console tests (issue 5, part A): staff sign-in, invited accounts, jobs. */
import { expect } from 'vitest';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import type { StaffRole } from '@studio/shared/platform';
import { listServicesResponseSchema } from '@studio/shared/service';
import { staffAccountResponseSchema, staffSignInResponseSchema } from '@studio/shared/staff';
import { api } from './support.ts';
import { jsonInit, messagesTo, strongPassword, uniqueEmail } from './test-clients.ts';

export async function staffSignIn(body: { email: string; password: string; newPassword?: string }) {
  return api('/api/admin/signin', jsonInit('POST', body));
}

/** The temporary password of the newest invitation mailed to `email`. */
export async function invitationPassword(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
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
}

/** Invites a staff member as `adminToken`, then finishes their first sign-in with a new password. */
export async function invitedStaff(adminToken: string, role: StaffRole, name = 'Invited'): Promise<StaffMember> {
  const email = uniqueEmail(role.toLowerCase());
  const invited = await api('/api/admin/invite', jsonInit('POST', { email, username: name, role }, adminToken));
  expect(invited.status, invited.text).toBe(201);
  const { admin } = staffAccountResponseSchema.parse(invited.json);
  const temporary = await invitationPassword(email);
  const password = strongPassword();
  const signedIn = await staffSignIn({ email, password: temporary, newPassword: password });
  expect(signedIn.status, signedIn.text).toBe(200);
  const { token, user } = staffSignInResponseSchema.parse(signedIn.json);
  expect(user.role).toBe(role);
  return { id: admin.id, email, password, token };
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
  expect(created.status, created.text).toBe(201);
  return jobResponseSchema.parse(created.json).job;
}

export const put = (path: string, body: unknown, token: string | undefined) => api(path, jsonInit('PUT', body, token));
