/**
 * Issue 17's cancellations in headless Chromium against the local stack: on 'Your Jobs' a client
 * cancels a job nobody has started and nobody paid (after a confirmation; it moves to Previous),
 * and asks the studio to cancel a job in progress, with a reason; a MANAGER finds the request on
 * /edit-job, reads the reason and accepts it; the client then sees that job cancelled too, with
 * the request and the answer on its timeline.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, orderJob, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its jobs to the seeded
// EDITOR, whose whole board other files read.
test.describe.configure({ lock: sharedStateLock });

let client: { email: string; password: string; token: string };
const run = randomBytes(4).toString('hex');
const unstarted = `E2E cancel unstarted ${run}`;
const started = `E2E cancel started ${run}`;
const reason = 'We found the photos edited elsewhere.';
let startedJob: Job;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  client = await freshClient({ name: 'Cancelling Client' });
  await orderJob(client.token, { instructions: unstarted, numberOfPhotos: 3 });
  startedJob = await orderJob(client.token, { instructions: started, numberOfPhotos: 3 });
  // The studio starts on the second: a MANAGER assigns it, the EDITOR reports 50 %.
  const editor = await assignToSeededEditor(startedJob.id);
  const progressed = await callApi(`/api/jobs/${startedJob.id}/editor-update`, {
    method: 'PUT',
    token: editor.token,
    body: JSON.stringify({ progress: 50 }),
  });
  expect(progressed.status).toBe(200);
  expect(jobResponseSchema.parse(progressed.json).job.status).toBe('IN_PROGRESS');
});

/** One of the dashboard's job groups (Ongoing, Completed, Previous), a region named by its heading. */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('cancellation in the browser', () => {
  test('the client cancels an unstarted job, asks to cancel a started one; a manager accepts; the client sees both cancelled', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];

    // The client on a phone, the manager at a desk.
    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const clientPage = await clientContext.newPage();
    clientPage.on('pageerror', (error) => errors.push(String(error)));
    await signInOnPage(clientPage, client);

    // Nobody started it, nothing was paid: the client cancels it, after saying so once more.
    const ongoing = section(clientPage, 'Ongoing');
    const first = ongoing.locator('article.job-card', { hasText: unstarted });
    await expect(first).toBeVisible();
    await expect(first.getByRole('button', { name: 'Ask to cancel' })).toHaveCount(0);
    await first.getByRole('button', { name: 'Cancel job' }).click();
    const confirm = clientPage.getByRole('alertdialog', { name: 'Cancel this job?' });
    // "Keep the job" leaves it as it was.
    await confirm.getByRole('button', { name: 'Keep the job' }).click();
    await expect(confirm).toHaveCount(0);
    await first.getByRole('button', { name: 'Cancel job' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel the job' }).click();
    const previous = section(clientPage, 'Previous');
    await expect(previous.locator('article.job-card', { hasText: unstarted })).toBeVisible();
    await expect(ongoing.locator('article.job-card', { hasText: unstarted })).toHaveCount(0);

    // Work has started on the second: the client can only ask, with a reason.
    const second = ongoing.locator('article.job-card', { hasText: started });
    await expect(second.getByRole('button', { name: 'Cancel job' })).toHaveCount(0);
    await second.getByRole('button', { name: 'Ask to cancel' }).click();
    const ask = clientPage.getByRole('dialog', { name: 'Ask to cancel this job' });
    await ask.getByLabel('Why (optional)').fill(reason);
    await ask.getByRole('button', { name: 'Ask to cancel' }).click();
    await expect(clientPage.getByText('Your request was sent to the studio.')).toBeVisible();
    await expect(second.getByText('You asked to cancel this job; the studio will answer.')).toBeVisible();
    await expect(second.getByRole('button', { name: 'Ask to cancel' })).toHaveCount(0);

    // MANAGER: finds the job on /edit-job, reads the reason, accepts after a confirmation.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    manager.on('pageerror', (error) => errors.push(String(error)));
    await useStaffSessionOf(manager, 'MANAGER');
    await manager.goto('/edit-job');
    await manager.getByLabel('Search jobs').fill(started);
    // The search's answer, this one job, replaces the list before a button of the card is clicked
    // (until it comes, the list keeps the last rows, this job among them).
    const cards = manager.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ hasText: started });
    const request = card.getByRole('region', { name: 'Cancellation request' });
    await expect(request.getByText(`Reason: ${reason}`)).toBeVisible();
    await request.getByRole('button', { name: 'Accept cancellation' }).click();
    await manager
      .getByRole('alertdialog', { name: 'Cancel this job?' })
      .getByRole('button', { name: 'Yes, cancel the job' })
      .click();
    await expect(manager.getByText('Job cancelled.')).toBeVisible();
    await expect(card.getByRole('region', { name: 'Cancellation request' })).toHaveCount(0);
    await managerContext.close();

    // CLIENT: both jobs are now under Previous; the second's timeline has the request and the answer.
    await clientPage.reload();
    const cancelled = previous.locator('article.job-card', { hasText: started });
    await expect(cancelled).toBeVisible();
    await cancelled
      .getByRole('link', { name: `Job page and timeline of ${startedJob.jobNumber ?? startedJob.serviceName}` })
      .click();
    await expect(clientPage).toHaveURL((url) => url.pathname === `/dashboard/jobs/${startedJob.id}`);
    const timeline = clientPage.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('Cancellation accepted: the job is cancelled')).toBeVisible();
    await expect(timeline.locator('.job-timeline__what')).toHaveText([
      `Ordered: 3 photos of ${startedJob.serviceName}`,
      'Assigned to an editor',
      'Progress reached 50 %',
      'Cancellation requested',
      'Cancellation accepted: the job is cancelled',
    ]);
    await expect(timeline.locator('.job-timeline__who')).toHaveText(['You', 'Studio', 'Studio', 'You', 'Studio']);
    await clientContext.close();
    expect(errors).toEqual([]);
  });
});
