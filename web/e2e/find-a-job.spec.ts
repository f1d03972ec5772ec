/**
 * Finding a job (#40, item 10) in headless Chromium, at both sizes: a MANAGER on /edit-job types a
 * job number, a client's e-mail or a word of the client's name into "Find a job" and gets that
 * client's jobs, answered by the server's search index (`GET api/jobs?q=`).
 */
import { randomInt } from 'node:crypto';
import type { Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { orderJob } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

/** A made-up name word no other client has. */
function unusualWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'Qu';
  for (let i = 0; i < 8; i += 1) word += letters[randomInt(letters.length)];
  return word;
}

test.describe('Find a job on /edit-job', { tag: '@both-sizes' }, () => {
  let surname: string;
  let client: Awaited<ReturnType<typeof freshClient>>;
  let jobs: Job[];

  test.beforeAll(async () => {
    surname = unusualWord();
    client = await freshClient({ name: `Findable ${surname}` });
    jobs = [
      await orderJob(client.token, { instructions: 'First job to find' }),
      await orderJob(client.token, { instructions: 'Second job to find' }),
    ];
  });

  test('by job number, client e-mail and a word of the name', async ({ page }) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/edit-job');
    const find = page.getByLabel('Find a job');
    await expect(find).toHaveAccessibleDescription(/job number \(RS-2026-0007\), or the client's name or e-mail/);
    const cards = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');

    await find.fill(jobs[1]!.jobNumber!.toLowerCase());
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(jobs[1]!.jobNumber!);

    // Both of the client's jobs. Their order is the board's, by due time (`JobCardList`), which a
    // studio setting another file may change meanwhile (payment-terms: due from creation), so each
    // is looked for by its number, not its place.
    await find.fill(client.email);
    await expect(cards).toHaveCount(2);
    for (const job of jobs) await expect(cards.filter({ hasText: job.jobNumber! })).toHaveCount(1);

    // Nothing between two answers of two jobs, so that the second shown is the name's answer.
    await find.fill(`${surname} nobody`);
    await expect(page.getByText('No matching jobs found')).toBeVisible();

    await find.fill(`${surname.slice(0, 6)} findable`);
    await expect(cards).toHaveCount(2);
    for (const instructions of ['First job to find', 'Second job to find']) {
      await expect(cards.filter({ hasText: instructions })).toHaveCount(1);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
