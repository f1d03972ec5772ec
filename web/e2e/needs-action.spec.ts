/**
 * The console opens on what needs action (#40, item 9) in headless Chromium, at both sizes: a
 * MANAGER's /manager leads with one tile per count, each showing what `GET api/studio/overview`
 * answered, with a seeded overdue job and a job unpaid for four days among them; "Overdue" leads to
 * the list of overdue jobs (`/edit-job?needs=overdue`), where that job is, and Back returns to the
 * dashboard. Axe checks both pages; screenshots of both are kept under test-results/.
 */
import type { Page, TestInfo } from '@playwright/test';
import { ulid } from 'ulid';
import type { Job } from '@studio/shared/job';
import { studioOverviewResponseSchema, type NeedsAction } from '@studio/shared/studio-overview';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { useHandlerEnv } from '../../functions/test/integration/handler-env.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { callApi, orderJob } from './job-support.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one reads the studio-wide counts and
// empties their cache.
test.describe.configure({ lock: sharedStateLock });

const day = 24 * 60 * 60 * 1000;

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.describe('Needs action on the manager dashboard', { tag: '@both-sizes' }, () => {
  let overdue: Job;
  let unpaid: Job;

  test.beforeAll(async () => {
    const client = await freshClient({ name: 'Needs Action' });
    // Overdue: due a month ago, still open.
    overdue = await orderJob(client.token, { instructions: 'Overdue for the dashboard' });
    const { token } = await staffApiSession('MANAGER');
    const moved = await callApi(`/api/jobs/${overdue.id}/due`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ dueAt: new Date(Date.now() - 30 * day).toISOString(), reason: 'Late on purpose.' }),
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    // Unpaid for four days: ordered four days ago, as the demo seed stores its older jobs (the
    // data layer's own creation, with the job's markers), since no request can order in the past.
    useHandlerEnv();
    const { createJob } = await import('../../functions/src/data/job-creation.ts');
    const { documentClient } = await import('../../functions/src/lib/dynamo.ts');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { needsActionCountsKey, tableName } = await import('../../functions/src/data/keys.ts');
    const model = await orderJob(client.token, { instructions: 'Unpaid for the dashboard' });
    const createdAt = new Date(Date.now() - 4 * day).toISOString();
    const created = await createJob(
      {
        id: ulid(Date.parse(createdAt)),
        clientId: model.clientId,
        client: { name: 'Needs Action', email: client.email },
        serviceId: model.serviceId,
        serviceName: model.serviceName,
        selectedSubServices: model.selectedSubServices,
        subServices: model.subServices,
        currency: model.currency,
        linkType: 'own',
        dropboxLink: model.dropboxLink,
        uploadId: null,
        numberOfPhotos: model.numberOfPhotos,
        instructions: 'Unpaid for four days',
        status: 'PENDING',
        progress: 0,
        editorId: null,
        editorDropboxLink: null,
        createdAt,
        payment: null,
        turnaround: null,
        volumeTiers: [],
      },
      { notify: false },
    );
    if (created.kind !== 'created') throw new Error(`the unpaid job was not created: ${created.kind}`);
    unpaid = created.job;
    // The counts are kept for a minute: forget the kept ones, so the page counts these jobs too.
    await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: needsActionCountsKey() }));
  });

  test('tiles show the counts, Overdue leads to its list and back', async ({ page }, testInfo) => {
    await useStaffSessionOf(page, 'MANAGER');
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/studio/overview' && response.status() === 200,
    );
    await page.goto('/manager');
    const counts: NeedsAction = studioOverviewResponseSchema.parse(await (await answered).json()).needsAction;
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.unpaid).toBeGreaterThanOrEqual(1);

    const needs = page.getByRole('region', { name: 'Needs action' });
    await expect(needs.getByText(/^as of \d\d:\d\d/)).toBeVisible();
    const tiles = needs.getByRole('listitem');
    await expect(tiles).toHaveCount(8);
    const expected: [keyof NeedsAction, string][] = [
      ['overdue', 'Overdue'],
      ['dueToday', 'Due today'],
      ['waitingForQc', 'Waiting for QC'],
      ['unassigned', 'Unassigned'],
      ['cancellationRequests', 'Cancellation requests'],
      ['unpaid', 'Unpaid'],
      ['newLeads', 'New leads'],
      ['newApplications', 'New applications'],
    ];
    for (const [index, [key, label]] of expected.entries()) {
      await expect(tiles.nth(index).locator('.needs-action__count')).toHaveText(String(counts[key]));
      await expect(tiles.nth(index)).toContainText(label);
    }
    // "Needs action" comes first: before the board of open jobs and every page's link.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings[0]).toBe('Needs action');
    expect(headings.indexOf('All pages')).toBeGreaterThan(0);
    // The tiles are links in reading order, the first focusable things after the header's.
    const links = needs.getByRole('link');
    await expect(links.first()).toHaveAttribute('href', '/edit-job?needs=overdue');
    await expect(links.nth(5)).toHaveAttribute('href', '/edit-job?needs=unpaid');
    // At a phone's width the tiles sit two to a row, and nothing scrolls sideways.
    if (page.viewportSize()!.width < 600) {
      const [first, second, third] = await Promise.all([0, 1, 2].map((n) => tiles.nth(n).boundingBox()));
      expect(first!.y).toBe(second!.y);
      expect(third!.y).toBeGreaterThan(first!.y);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'manager');

    await needs.getByRole('link', { name: /Overdue/ }).click();
    await expect(page).toHaveURL(/\/edit-job\?needs=overdue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overdue jobs' })).toBeVisible();
    await expect(page.getByText('Due before now and still open, the most overdue first.')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await expect(cards.filter({ hasText: overdue.jobNumber! })).toHaveCount(1);
    await expect(cards.filter({ hasText: unpaid.jobNumber! })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'overdue-list');

    await page.goBack();
    await expect(page).toHaveURL(/\/manager$/);
    await expect(page.getByRole('region', { name: 'Needs action' })).toBeVisible();

    // The unpaid list holds the job ordered four days ago.
    await page
      .getByRole('region', { name: 'Needs action' })
      .getByRole('link', { name: /Unpaid/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unpaid jobs' })).toBeVisible();
    await expect(cards.filter({ hasText: unpaid.jobNumber! })).toHaveCount(1);
  });
});
