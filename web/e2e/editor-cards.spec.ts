/**
 * The editor's list of jobs (/editor) keeps its layout while the request of a job's later round
 * loads: the round's box has its height from the start, so nothing below it moves when the
 * request arrives (a press aimed at a button below would otherwise land where it was). The
 * request is held back until the page has drawn the cards, as on a slow network. The card, loading
 * and shown, is written under test-results/ to look at.
 */
import { randomBytes } from 'node:crypto';
import { staffSignInWithCode, invitedStaff } from '../../functions/test/integration/staff-support.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { holdRequests } from '../../scripts/test-setup/browser.ts';
import { expect, test } from './fixtures.ts';
import { callApi, orderJob } from './job-support.ts';
import { staffAccount, staffApiSession, useStaffSession } from './staff-support.ts';

const tag = randomBytes(4).toString('hex');
const inRound2 = `Layout round 2 ${tag}`;
const inRound1 = `Layout round 1 ${tag}`;
const notes = 'The sky: a clear blue.\nThe shadow: softer, to the left.\nThe logo on the box: sharper.';
let editor: { email: string; password: string; totpSecret?: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // An EDITOR of this file's own: the seeded one holds every other file's jobs.
  const admin = await staffSignInWithCode(staffAccount('SUPER_ADMIN'));
  const invited = await invitedStaff(admin.token, 'EDITOR', 'Layout Editor');
  editor = invited;
  const client = await freshClient({ name: 'Layout Client' });
  const manager = await staffApiSession('MANAGER');
  // The job in round 2 is ordered first: its card comes before the other's.
  for (const instructions of [inRound2, inRound1]) {
    const job = await orderJob(client.token, { instructions });
    const assigned = await callApi(`/api/jobs/${job.id}/assign`, {
      method: 'PUT',
      token: manager.token,
      body: JSON.stringify({ editorId: invited.id }),
    });
    expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);
    if (instructions !== inRound2) continue;
    // Delivered, then sent back by the client with a note: round 2.
    const delivered = await callApi(`/api/jobs/${job.id}/editor-update`, {
      method: 'PUT',
      token: invited.token,
      body: JSON.stringify({ progress: 100, editorDropboxLink: 'https://www.dropbox.com/sh/e2e/layout' }),
    });
    expect(delivered.status, JSON.stringify(delivered.json)).toBe(200);
    const revision = await callApi(`/api/jobs/${job.id}/revision-requests`, {
      method: 'POST',
      token: client.token,
      body: JSON.stringify({ notes }),
    });
    expect(revision.status, JSON.stringify(revision.json)).toBe(201);
  }
});

test("keeps every card in place while a round's request loads", async ({ page }, testInfo) => {
  const { answer } = await staffSignInWithCode(editor);
  await useStaffSession(page, answer);
  const release = await holdRequests(page, '**/api/jobs/*/revision-requests');
  await page.goto('/editor');
  const cards = page.getByRole('list', { name: 'Your assigned jobs' }).locator('li.staff-job');
  await expect(cards).toHaveCount(2);
  const later = cards.filter({ hasText: inRound2 });
  await expect(
    later.getByRole('region', { name: /^Revision 1 of / }).getByText('Loading the request...'),
  ).toBeVisible();
  // Where on the page each card and each Update button is while the request loads, and once shown.
  const layout = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('li.staff-job, li.staff-job button[type="submit"]')].map((element) => {
        const box = element.getBoundingClientRect();
        return { top: Math.round(box.top + window.scrollY), height: Math.round(box.height) };
      }),
    );
  const loading = await layout();
  await later.screenshot({ path: testInfo.outputPath('loading.png') });
  release();
  await expect(later.getByText('The shadow: softer, to the left.')).toBeVisible();
  expect(await layout()).toEqual(loading);
  await later.screenshot({ path: testInfo.outputPath('shown.png') });
});
