/**
 * Issue 5 (part A) in headless Chromium against the local stack: a MANAGER opens /assign-job, is
 * sent to /admin-login and back, assigns a client's job to the EDITOR; the EDITOR signs in at
 * /admin-login, lands on /editor, sets 100 % with a delivery link; the client sees the job
 * Delivered (#17: waiting for the client's approval), with the link, on 'Your Jobs' (/dashboard). The MANAGER is one of its own, invited
 * for this test: its wrong password and wrong code count towards the sign-in lock of #19, which
 * must not lock the seeded MANAGER that other tests sign in at the same time.
 */
import { randomBytes } from 'node:crypto';
import type { Job } from '@studio/shared/job';
import { totp } from '../../scripts/local/totp.ts';
import { invitedStaff, staffSignInWithCode, type StaffMember } from '../../functions/test/integration/staff-support.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { markPaidAsManager, orderJob, signInOnPage } from './job-support.ts';
import { nextCode, signInAtAdminLogin, staffAccount } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands a job to the seeded EDITOR
// and reads that board.
test.describe.configure({ lock: sharedStateLock });

let managerAccount: StaffMember;
let client: { email: string; password: string; token: string };
let job: Job;
const instructions = `E2E staff flow ${randomBytes(4).toString('hex')}`;
const deliveryLink = 'https://www.dropbox.com/sh/e2e/edited-photos';

test.beforeAll(async () => {
  // A MANAGER of this test's own, with its authenticator set up at its first sign-in.
  const admin = await staffSignInWithCode(staffAccount('SUPER_ADMIN'));
  managerAccount = await invitedStaff(admin.token, 'MANAGER', 'Flow Manager');
  // A client with one job, made through the API the site uses.
  client = await freshClient({ name: 'Staff Flow Client' });
  job = await orderJob(client.token, { instructions });
});

test.describe('staff job workflow in the browser', () => {
  test('manager assigns, editor delivers with a link, client sees it Delivered', async ({ browser }) => {
    test.setTimeout(150_000);

    // MANAGER: a staff page without a session goes to /admin-login, and back after sign-in.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await manager.goto('/assign-job');
    await expect(manager).toHaveURL((url) => url.pathname === '/admin-login');
    await manager.getByLabel('Email').fill(managerAccount.email);
    await manager.getByLabel('Password').fill('wrong-password');
    await manager.getByRole('button', { name: 'Sign in' }).click();
    await expect(manager.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await manager.getByLabel('Password').fill(managerAccount.password);
    await manager.getByRole('button', { name: 'Sign in' }).click();
    // A MANAGER signs in with the code of their authenticator app as well.
    await expect(manager.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await manager
      .getByLabel('Authenticator code')
      .fill('000000' === totp(managerAccount.totpSecret!) ? '111111' : '000000');
    await manager.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(manager.getByText(/code from your authenticator app is wrong/)).toBeVisible();
    await manager.getByLabel('Authenticator code').fill(await nextCode(managerAccount.totpSecret!));
    await manager.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(manager).toHaveURL((url) => url.pathname === '/assign-job');
    await expect(manager.getByRole('heading', { level: 1, name: 'Assign Jobs To Editors' })).toBeVisible();
    await expect(manager.locator('.staff-role-badge')).toHaveText('Manager');

    const card = manager.locator('li', { hasText: instructions });
    await card.getByRole('button', { name: 'Assign' }).click();
    await expect(manager.getByText('Please select an editor first.')).toBeVisible();
    const editor = staffAccount('EDITOR');
    const option = card.getByRole('option', { name: new RegExp(editor.email.replace('.', '\\.')) });
    await card.getByLabel('Editor').selectOption({ label: (await option.innerText()).trim() });
    await card.getByRole('button', { name: 'Assign' }).click();
    await expect(manager.getByText('Job assigned successfully!')).toBeVisible();
    // Assigned jobs leave the unassigned list.
    await expect(card).toHaveCount(0);
    await managerContext.close();

    // EDITOR: signs in at /admin-login on a phone and lands on /editor with the job.
    const editorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const editorPage = await editorContext.newPage();
    await signInAtAdminLogin(editorPage, 'EDITOR');
    const editorCard = editorPage.locator('li', { hasText: instructions });
    // Progress is for work in progress: 100 by hand is refused before the request, pointing at Deliver.
    await editorCard.getByLabel('Progress (%)').fill('100');
    await editorCard.getByRole('button', { name: 'Update' }).click();
    await expect(
      editorCard.getByText('Progress is for work in progress (0 to 99 %): use Deliver to send the job.'),
    ).toBeVisible();
    // Deliver waits for something to deliver: a link or finished files.
    const deliver = editorCard.getByRole('button', { name: 'Deliver' });
    await expect(deliver).toBeDisabled();
    await expect(
      editorCard.getByText('To deliver, add the delivery link or upload the finished files to the job.'),
    ).toBeVisible();
    await editorCard.getByLabel('Delivery link').fill(deliveryLink);
    await deliver.click();
    const confirmation = editorPage.getByRole('alertdialog', { name: /^Deliver .+ to .+\?$/ });
    await expect(confirmation).toContainText('is told the work is ready and gets the delivery link.');
    // The answer is a toast at the foot of the screen, in view wherever the card is: where it was
    // drawn is read as it appears (it goes after 3 s, however busy the machine).
    await editorPage.evaluate(() => {
      const seen: { text: string; top: number; bottom: number; height: number }[] = [];
      (window as unknown as { toasts: typeof seen }).toasts = seen;
      new MutationObserver(() => {
        const toast = document.querySelector('.notice-region--toast .notice');
        if (!toast || seen.length > 0) return;
        const rect = toast.getBoundingClientRect();
        seen.push({ text: toast.textContent ?? '', top: rect.top, bottom: rect.bottom, height: window.innerHeight });
      }).observe(document.body, { subtree: true, childList: true });
    });
    await confirmation.getByRole('button', { name: 'Yes, deliver' }).click();
    await expect
      .poll(() => editorPage.evaluate(() => (window as unknown as { toasts: unknown[] }).toasts.length))
      .toBe(1);
    const [shown] = await editorPage.evaluate(
      () => (window as unknown as { toasts: { text: string; top: number; bottom: number; height: number }[] }).toasts,
    );
    expect(shown!.text).toContain('was delivered to');
    expect(shown!.top).toBeGreaterThanOrEqual(0);
    expect(shown!.bottom).toBeLessThanOrEqual(shown!.height);
    await expect(
      editorPage.locator('li', { hasText: instructions }).locator('.staff-job__status', { hasText: 'Delivered' }),
    ).toBeVisible();
    // The editor's session is staff-only: the manager pages refuse the role.
    await editorPage.goto('/assign-job');
    await expect(editorPage.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    await editorContext.close();

    // CLIENT: 'Your Jobs' shows it Delivered; the link is released once the job is paid (#32).
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await signInOnPage(clientPage, client);
    const jobCard = clientPage.locator('article.job-card', { hasText: instructions });
    await expect(jobCard).toContainText('Delivered');
    await expect(jobCard).toContainText('Your edited photos are ready: they are released once the job is paid.');
    await expect(jobCard.getByRole('link', { name: 'Download your edited photos' })).toHaveCount(0);
    // Paid (by transfer, marked by a manager), the same card gives the delivery link, to approve or send back.
    await markPaidAsManager(job.id);
    await clientPage.reload();
    await expect(jobCard).toContainText('Delivered');
    await expect(jobCard.getByRole('button', { name: /^Approve / })).toBeVisible();
    await expect(jobCard.getByRole('link', { name: 'Download your edited photos' })).toHaveAttribute(
      'href',
      deliveryLink,
    );
    await clientContext.close();
  });
});
