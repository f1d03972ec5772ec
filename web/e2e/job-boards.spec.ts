/**
 * The job boards (#40, item 12) at both sizes: a job an editor works on, paid (so it has a due
 * time), whose client asked to cancel it. On /edit-job the MANAGER's card names the editor and
 * the pending request; on /editor the EDITOR's card has the request and what the work needs, but
 * no price; every time on both names the studio's time zone (set to Europe/Warsaw here: "CET" in
 * November, "CEST" in summer). On /manager every card of the due board names its editor. The
 * studio's settings are put back as they were.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Job } from '@studio/shared/job';
import { studioSettingsResponseSchema, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, markPaidAsManager, orderJob } from './job-support.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one changes the studio's time zone,
// hands a job to the seeded EDITOR and counts every card of a board.
test.describe.configure({ lock: sharedStateLock });

const tag = `E2E boards ${randomBytes(4).toString('hex')}`;
let job: Job;
let editorName: string;
let saved: StudioSettingsFields;

async function putSettings(fields: StudioSettingsFields) {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const answer = await callApi('/api/settings', { method: 'PUT', token, body: JSON.stringify(fields) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { token } = await staffApiSession('SUPER_ADMIN');
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(
    (await callApi('/api/settings', { token })).json,
  ).settings;
  saved = fields;
  await putSettings({ ...fields, timeZone: 'Europe/Warsaw' });

  const client = await freshClient({ name: 'Board Client' });
  job = await orderJob(client.token, { instructions: tag });
  await markPaidAsManager(job.id);
  const editor = await assignToSeededEditor(job.id);
  editorName = editor.user.username;
  const started = await callApi(`/api/jobs/${job.id}/editor-update`, {
    method: 'PUT',
    token: editor.token,
    body: JSON.stringify({ progress: 30 }),
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const asked = await callApi(`/api/jobs/${job.id}/cancellation-request`, {
    method: 'POST',
    token: client.token,
    body: JSON.stringify({ reason: 'Ordered twice by mistake.' }),
  });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
});

test.afterAll(async () => {
  if (saved) await putSettings(saved);
});

/** The zone's short name at a time: what the board must say beside each time. */
const zoneName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')!.value;

/** A card's `label: value` line. */
const fact = (card: ReturnType<Page['locator']>, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('the job boards', { tag: '@both-sizes' }, () => {
  test("the manager's card names the editor, the pending cancellation and the studio's time zone", async ({
    page,
  }, testInfo) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/edit-job');
    await page.getByLabel('Find a job').fill(job.jobNumber!);
    const card = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: tag });
    await expect(card).toHaveCount(1);
    await expect(fact(card, 'Editor')).toHaveText(editorName);
    await expect(fact(card, 'Cancellation')).toContainText('Client asked to cancel');
    const paid = (await callApi(`/api/jobs/${job.id}`, { token: (await staffApiSession('MANAGER')).token })).json as {
      job: Job;
    };
    const dueAt = paid.job.dueAt!;
    const due = fact(card, 'Due').locator('time');
    await expect(due).toHaveAttribute('datetime', dueAt);
    await expect(due).toHaveText(
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Warsaw',
        timeZoneName: 'short',
      }).format(new Date(dueAt)),
    );
    await expect(due).toContainText(zoneName(dueAt));
    await page.screenshot({ path: testInfo.outputPath('edit-job-card.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the editor's card has the request and what the work needs, and no price", async ({ page }, testInfo) => {
    await useStaffSessionOf(page, 'EDITOR');
    await page.goto('/editor');
    const card = page.locator('li', { hasText: tag });
    await expect(fact(card, 'Cancellation')).toContainText('Client asked to cancel');
    await expect(fact(card, 'Due').locator('time')).toContainText(zoneName(job.createdAt));
    await expect(card.locator('dt', { hasText: /^Amount$/ })).toHaveCount(0);
    await expect(card.locator('dt', { hasText: /^Payment$/ })).toHaveCount(0);
    await expect(card).not.toContainText('$');
    await expect(card).not.toContainText('@');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('editor-card.png') });
    expect(await axeViolations(page, { include: `li[aria-labelledby="editor-job-${job.id}"]` })).toEqual([]);
  });

  test('every card of the due board names who works on it', async ({ page }) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/manager');
    const cards = page.getByRole('list', { name: 'Open jobs by due time' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    await expect(
      page.getByRole('list', { name: 'Open jobs by due time' }).locator('dt', { hasText: /^Editor$/ }),
    ).toHaveCount(count);
  });
});
