/**
 * The studio's figures (#40, item 9) in headless Chromium, at both sizes: a job paid by card this
 * month shows in the revenue of its currency on the manager's dashboard, drawn as a chart; the CSV
 * of that month's jobs (a real download) names it; a preset period is written to the address; axe
 * finds nothing on the page.
 */
import { overviewJobsResponseSchema } from '@studio/shared/studio-overview';
import type { Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { callApi, downloaded, orderJob, payByCard } from './job-support.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

/** `2026-11` and "November 2026" of now (UTC, as the figures count months). */
function thisMonth(): { key: string; name: string } {
  const now = new Date();
  return {
    key: now.toISOString().slice(0, 7),
    name: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now),
  };
}

test.describe('the studio figures on /manager', { tag: '@both-sizes' }, () => {
  let job: Job;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const client = await freshClient({ name: 'Figures Client' });
    job = await orderJob(client.token, { instructions: 'A job for the figures', currency: 'EUR' });
    await payByCard(job.id, client.token);
    // The figures are kept from the table's stream: wait until this month's revenue names the job.
    const { token } = await staffApiSession('MANAGER');
    await expect
      .poll(
        async () => {
          const page = await callApi(
            `/api/studio/overview/jobs?figure=revenue&month=${thisMonth().key}&currency=EUR&limit=200`,
            { token },
          );
          return overviewJobsResponseSchema.parse(page.json).jobs.some((listed) => listed.id === job.id);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  test("charts this month's revenue and exports the jobs behind it", async ({ page }, testInfo) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/manager');
    const figures = page.getByRole('region', { name: 'Figures', exact: true });
    const revenue = figures.getByRole('region', { name: 'Revenue' });
    const chart = revenue.getByRole('img', { name: 'Revenue in EUR by month' });
    await expect(chart).toBeVisible();
    // Drawn: the canvas holds painted pixels, not only its empty box.
    await expect
      .poll(() =>
        chart.evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let painted = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
          return painted;
        }),
      )
      .toBeGreaterThan(500);
    await page.screenshot({ path: testInfo.outputPath('figures.png'), fullPage: true });

    await revenue.getByText('Numbers and CSV').click();
    const month = thisMonth();
    const button = revenue.getByRole('button', { name: `CSV of the jobs paid or refunded in ${month.name} in EUR` });
    const file = await downloaded(page, button);
    expect(file.name).toBe(`jobs-revenue-${month.key}-EUR.csv`);
    const csv = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(
      'Job number,Created,Client,Client e-mail,Service,Status,Payment,Total,Currency,Due,Editor id,Photos',
    );
    expect(csv).toContain(`${job.jobNumber},`);
    expect(csv).toContain(',PAID,');
    await expect(revenue.getByRole('status').filter({ hasText: /jobs? exported/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a preset period is written to the address and answered', async ({ page }) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/manager');
    const figures = page.getByRole('region', { name: 'Figures', exact: true });
    await expect(figures.getByRole('region', { name: 'Revenue' })).toBeVisible();
    await figures.getByRole('button', { name: 'Last 3 months' }).click();
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}&to=\d{4}-\d{2}/);
    const to = new URL(page.url()).searchParams.get('to')!;
    expect(to).toBe(thisMonth().key);
    await expect(figures.getByRole('region', { name: 'On-time delivery' }).getByRole('row')).toHaveCount(0);
    await figures.getByRole('region', { name: 'On-time delivery' }).getByText('Numbers and CSV').click();
    // Three months, and the header row.
    await expect(figures.getByRole('region', { name: 'On-time delivery' }).getByRole('row')).toHaveCount(4);
  });
});
