/**
 * Helpers for staff console browser tests: sign in as a seeded staff account, through the
 * /admin-login page (what a person does) or by storing a session from `POST api/admin/signin`
 * (faster, for tests about another page).
 */
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import type { StaffRole } from '@studio/shared/platform';
import { staffSignInResponseSchema } from '@studio/shared/staff';
import '../../scripts/test-setup/provided-context.ts';

/** The seeded demo account of a role (the stack setup's `accounts`). */
export function staffAccount(role: StaffRole): { email: string; password: string } {
  const account = inject('accounts').find((a) => a.role === role);
  if (!account) throw new Error(`no seeded ${role} account`);
  return { email: account.email, password: account.password };
}

/** Signs in on /admin-login as the seeded account of `role` and waits for the role's dashboard. */
export async function signInAtAdminLogin(page: Page, role: StaffRole): Promise<void> {
  const { email, password } = staffAccount(role);
  await page.goto(`${inject('siteUrl')}/admin-login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const home = { SUPER_ADMIN: '/admin', MANAGER: '/manager', EDITOR: '/editor' }[role];
  await page.waitForURL((url) => url.pathname === home);
}

/**
 * Stores a staff session for `role` in the page's origin without the login form (the page is
 * left on the site's origin; navigate to the staff page next).
 */
export async function useStaffSessionOf(page: Page, role: StaffRole): Promise<void> {
  const response = await fetch(`${inject('gatewayUrl')}/api/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(staffAccount(role)),
  });
  expect(response.status).toBe(200);
  const answer = staffSignInResponseSchema.parse(await response.json());
  await page.goto(`${inject('siteUrl')}/admin-login`);
  await page.evaluate(
    ({ token, session }) => {
      window.localStorage.setItem('staffToken', token);
      window.localStorage.setItem('staffSession', session);
    },
    { token: answer.token, session: JSON.stringify({ user: answer.user, expiresAt: Date.parse(answer.expiresAt) }) },
  );
}
