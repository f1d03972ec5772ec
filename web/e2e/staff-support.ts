/**
 * Helpers for staff console browser tests: sign in as a seeded staff account, through the
 * /admin-login page (what a person does) or by storing the session the suite's setup signed in
 * through `POST api/admin/signin` (faster, for tests about another page). SUPER_ADMIN and MANAGER
 * pass two-step sign-in for real: the code is computed from the account's authenticator key
 * (scripts/local/totp.ts, RFC 6238), a fresh one each time, since each code is good once
 * (scripts/test-setup/authenticator-codes.ts).
 */
import type { Page } from '@playwright/test';
import type { StaffRole } from '@studio/shared/platform';
import type { StaffSignInResponse } from '@studio/shared/staff';
import { freshCode } from '../../scripts/test-setup/authenticator-codes.ts';
import { seededStaffSession } from '../../scripts/test-setup/staff-sessions.ts';
import { expect, provided } from './fixtures.ts';

/** The seeded demo account of a role (the stack setup's `accounts`), with its authenticator key if any. */
export function staffAccount(role: StaffRole): { email: string; password: string; totpSecret?: string } {
  const account = provided('accounts').find((a) => a.role === role);
  if (!account) throw new Error(`no seeded ${role} account`);
  return {
    email: account.email,
    password: account.password,
    ...(account.totpSecret ? { totpSecret: account.totpSecret } : {}),
  };
}

/** A code of the authenticator with this key that no sign-in of the suite has used. */
export const nextCode = (secret: string) => freshCode(secret, { stateFile: provided('totpStateFile') });

/** On /admin-login after the password: types the authenticator code when the page asks for one. */
export async function enterAuthenticatorCode(page: Page, role: StaffRole): Promise<void> {
  const { totpSecret } = staffAccount(role);
  if (!totpSecret) return;
  await page.getByLabel('Authenticator code').fill(await nextCode(totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Signs in on /admin-login as the seeded account of `role` and waits for the role's dashboard. */
export async function signInAtAdminLogin(page: Page, role: StaffRole): Promise<void> {
  const { email, password } = staffAccount(role);
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await enterAuthenticatorCode(page, role);
  const home = { SUPER_ADMIN: '/admin', MANAGER: '/manager', EDITOR: '/editor' }[role];
  await expect(page).toHaveURL((url) => url.pathname === home);
}

/** A seeded staff account signed in through `POST api/admin/signin` (by the suite's setup): its token and user. */
export function staffApiSession(role: StaffRole): Promise<StaffSignInResponse> {
  return seededStaffSession(role);
}

/** The browser storage of a staff session for `role`, as the console keeps it after /admin-login. */
function sessionStorageItems(answer: StaffSignInResponse): { name: string; value: string }[] {
  return [
    { name: 'staffToken', value: answer.token },
    { name: 'staffSession', value: JSON.stringify({ user: answer.user, expiresAt: Date.parse(answer.expiresAt) }) },
  ];
}

/**
 * A context's `storageState` signed in as `role` (through `POST api/admin/signin`): every page of
 * the context opens the console signed in, without the login form.
 */
export async function staffStorageState(role: StaffRole) {
  const answer = await staffApiSession(role);
  return {
    cookies: [],
    origins: [{ origin: provided('siteUrl'), localStorage: sessionStorageItems(answer) }],
  };
}

/**
 * Stores the staff session `answer` (of `POST api/admin/signin`) in the page's origin without the
 * login form (the page is left on the site's origin; navigate to the staff page next).
 */
export async function useStaffSession(page: Page, answer: StaffSignInResponse): Promise<void> {
  await page.goto('/admin-login');
  await page.evaluate((items) => {
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, sessionStorageItems(answer));
}

/** `useStaffSession` for the seeded account of `role`. */
export async function useStaffSessionOf(page: Page, role: StaffRole): Promise<void> {
  await useStaffSession(page, await staffApiSession(role));
}
