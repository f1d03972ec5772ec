/**
 * Jobs of organisations (#35) in headless Chromium against the local stack, at both sizes: a client
 * who belongs to two organisations (its personal one and a team it made) picks the team in the
 * portal's header, orders for it on the quote page ("Order for" starts on the picked one), and
 * finds the job in the team's list and not in its personal one's.
 */
import type { Page, TestInfo } from '@playwright/test';
import { organisationResponseSchema } from '@studio/shared/organisation';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { callApi, jobOf, signInOnPage } from './job-support.ts';

let service: Service;
let subService: SubService;

test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  const response = await fetch(`${provided('gatewayUrl')}/api/services`);
  const { services } = listServicesResponseSchema.parse(await response.json());
  service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  subService = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
});

/** A screenshot of the whole page, kept with the test's results. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.describe('A client of two organisations', { tag: '@both-sizes' }, () => {
  test('picks one in the header, orders for it, and finds the job in its list only', async ({ page }, testInfo) => {
    const client = await freshClient({ name: 'Pia Picker' });
    const created = await callApi('/api/organisations', {
      method: 'POST',
      token: client.token,
      body: JSON.stringify({ name: `Acme ${testInfo.project.name}` }),
    });
    expect(created.status).toBe(201);
    const team = organisationResponseSchema.parse(created.json).organisation;

    await signInOnPage(page, client);
    const picker = page.getByLabel('Organisation', { exact: true });
    await expect(picker).toBeVisible();
    await expect(picker.locator('option:checked')).toHaveText('Pia Picker (personal)');
    await expect(page.getByRole('heading', { name: 'No jobs yet: start your first order' })).toBeVisible();
    await screenshot(page, testInfo, '1-dashboard-personal');

    await picker.selectOption({ label: team.name });
    await expect(page).toHaveURL((url) => url.searchParams.get('org') === team.id);
    await expect(page.getByRole('link', { name: 'New order' })).toHaveAttribute('href', `/services?org=${team.id}`);

    // The quote: "Order for" starts on the organisation picked.
    await page.goto(`/service-quote/${service.id}`);
    const orderFor = page.getByLabel('Order for', { exact: true });
    await expect(orderFor.locator('option:checked')).toHaveText(team.name);
    await page.getByLabel('Currency', { exact: true }).selectOption('USD');
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByLabel('Cloud storage link').fill('https://example.test/team-photos');
    await page.getByLabel('Number of photos').fill('3');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, '2-quote-order-for');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    expect((await jobOf(page, jobId)).organisationId).toBe(team.id);

    // The team's list has the job; the personal organisation's does not.
    await page.goto(`/dashboard?org=${team.id}`);
    const ongoing = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Ongoing' }) });
    await expect(ongoing.getByRole('article', { name: service.name })).toHaveCount(1);
    await expect(page.getByLabel('Organisation', { exact: true }).locator('option:checked')).toHaveText(team.name);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, '3-dashboard-team');

    await page.getByLabel('Organisation', { exact: true }).selectOption({ label: 'Pia Picker (personal)' });
    await expect(page).toHaveURL((url) => url.searchParams.get('org') !== team.id);
    await expect(page.getByRole('heading', { name: 'No jobs yet: start your first order' })).toBeVisible();
    await expect(page.getByRole('article', { name: service.name })).toHaveCount(0);
    await screenshot(page, testInfo, '4-dashboard-personal-after');

    // The job's page names its organisation, and its link back keeps it.
    await page.goto(`/dashboard/jobs/${jobId}`);
    await expect(page.getByText(team.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Your Jobs' })).toHaveAttribute(
      'href',
      `/dashboard?org=${team.id}`,
    );
    await screenshot(page, testInfo, '5-job-page');
  });
});
