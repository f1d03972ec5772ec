/**
 * Approving a delivery is final (#40, item 5): the client is asked first, in a dialog that says what
 * approving means (no more free changes, the finished files released), at both sizes. "Not yet"
 * leaves the job delivered; "Yes, approve" completes it.
 */
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, markPaidAsManager, orderJob, signInOnPage } from './job-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its jobs to the seeded
// EDITOR, whose whole board other files read.
test.describe.configure({ lock: sharedStateLock });

/** A job of `token`'s client, delivered by the seeded EDITOR through the API; paid first if `paid`. */
async function deliveredJob(token: string, instructions: string, paid: boolean): Promise<Job> {
  const job = await orderJob(token, { instructions });
  if (paid) await markPaidAsManager(job.id);
  const editor = await assignToSeededEditor(job.id);
  const delivered = await callApi(`/api/jobs/${job.id}/editor-update`, {
    method: 'PUT',
    token: editor.token,
    body: JSON.stringify({ progress: 100, editorDropboxLink: 'https://www.dropbox.com/sh/e2e/approve' }),
  });
  expect(delivered.status, JSON.stringify(delivered.json)).toBe(200);
  return jobResponseSchema.parse(delivered.json).job;
}

async function statusOf(jobId: string, token: string): Promise<Job['status']> {
  return jobResponseSchema.parse((await callApi(`/api/jobs/${jobId}`, { token })).json).job.status;
}

test.describe('approving a delivery', { tag: '@both-sizes' }, () => {
  test.use({ reducedMotion: 'reduce' });

  test('asks first, saying the job completes, changes stop being free and the files are released', async ({ page }) => {
    const client = await freshClient({ name: 'Careful Approver' });
    const job = await deliveredJob(client.token, 'Approve after asking', true);
    expect(job.status).toBe('DELIVERED');
    await signInOnPage(page, client);
    const card = page.locator('article.job-card', { hasText: job.jobNumber! });
    const approve = card.getByRole('button', { name: `Approve ${job.jobNumber}` });

    await approve.click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve this delivery?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      `Approving completes job ${job.jobNumber}: you can no longer ask for changes free of charge. Your finished files are released to you to download.`,
    );
    expect(await axeViolations(page, { include: '[role="alertdialog"]' })).toEqual([]);
    // "Not yet": nothing was sent, the job waits for an answer still.
    await dialog.getByRole('button', { name: 'Not yet' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(approve).toBeFocused();
    expect(await statusOf(job.id, client.token)).toBe('DELIVERED');

    await approve.click();
    await page
      .getByRole('alertdialog', { name: 'Approve this delivery?' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    // Approved: the job moves to Completed.
    const completed = page.getByRole('region', { name: 'Completed', exact: true });
    await expect(completed.locator('article.job-card', { hasText: job.jobNumber! })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ongoing', exact: true })).not.toContainText(job.jobNumber!);
    expect(await statusOf(job.id, client.token)).toBe('COMPLETED');
  });

  test('an unpaid delivery says the files come once the job is paid', async ({ page }) => {
    const client = await freshClient({ name: 'Unpaid Approver' });
    const job = await deliveredJob(client.token, 'Approve before paying', false);
    await signInOnPage(page, client);
    await page
      .locator('article.job-card', { hasText: job.jobNumber! })
      .getByRole('button', { name: `Approve ${job.jobNumber}` })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Approve this delivery?' })).toContainText(
      'Your finished files are released to you once the job is paid.',
    );
  });
});
