/**
 * Style specs (#35) in headless Chromium against the local stack: an owner (a new client) creates
 * an organisation and a spec with one reference image, invites a buyer; the buyer signs up through
 * the mailed link and orders with the spec, which fills in the options; the owner sees the job with
 * "version 1", edits the spec (version 2), and the job still shows version 1. One short test looks
 * at the specs page on a phone too.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { organisationResponseSchema } from '@studio/shared/organisation';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { mailTo, withCode, withInvitation } from './mail-support.ts';
import { expect, provided, test } from './fixtures.ts';
import { callApi, jobOf, signInOnPage } from './job-support.ts';
import { hydrated } from './page-support.ts';

const referencePhoto = fileURLToPath(new URL('../../scripts/media/photos/coffee.jpg', import.meta.url));

let service: Service;
let subService: SubService;

test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  const response = await fetch(`${provided('gatewayUrl')}/api/services`);
  const { services } = listServicesResponseSchema.parse(await response.json());
  service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  subService = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.describe('style specs', () => {
  test('an owner makes a spec, a buyer orders with it, and the job keeps version 1 after an edit', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const owner = await freshClient({ name: 'Olga Owner' });
    const organisationName = `Spec Co ${randomBytes(3).toString('hex')}`;
    const specName = `Catalogue ${randomBytes(2).toString('hex')}`;
    const buyerEmail = `buyer-${randomBytes(4).toString('hex')}@example.com`;

    // The owner creates the organisation and goes to its specs from its page.
    await signInOnPage(page, owner, '/dashboard/organisation');
    await page.getByLabel('Organisation name *').fill(organisationName);
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expect(page.getByRole('heading', { level: 2, name: organisationName })).toBeVisible();
    const organisationId = new URL(page.url()).searchParams.get('org')!;
    await page.getByRole('link', { name: 'Manage the specs' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/organisation/specs');
    await expect(page.getByText('No specs yet: make one, or start from a studio spec below.')).toBeVisible();

    // A new spec: the service with one option, a white background, one reference image.
    await page.getByRole('button', { name: 'New spec' }).click();
    await page.getByLabel('Name *').fill(specName);
    await page.getByLabel('Instructions').fill('Remove the price tags.\nKeep the shadows soft.');
    await page.getByLabel('Service', { exact: true }).selectOption({ label: service.name });
    await page.getByRole('checkbox', { name: subService.name }).check();
    await page.getByLabel('Background', { exact: true }).selectOption('white');
    await page.getByLabel('Top', { exact: true }).fill('5');
    await page.getByLabel('Right', { exact: true }).fill('5');
    await page.getByLabel('Bottom', { exact: true }).fill('5');
    await page.getByLabel('Left', { exact: true }).fill('5');
    await page.getByLabel('Add reference images').setInputFiles(referencePhoto);
    await expect(page.getByText('coffee.jpg')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Uploading coffee.jpg' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, '1-spec-form');
    await page.getByRole('button', { name: 'Save the spec' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${specName} saved as version 1.` })).toBeVisible();
    const card = page.getByRole('article', { name: specName });
    await expect(card.getByText(/^Version 1 · saved .* by Olga Owner$/)).toBeVisible();
    await card.getByText('Settings').click();
    await expect(card.getByText('Solid colour #FFFFFF')).toBeVisible();
    await expect(card.getByText('5 % on every side')).toBeVisible();
    await expect(card.getByRole('button', { name: /Open Reference image coffee\.jpg/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, '2-specs-page');

    // The owner invites a buyer, who signs up through the mailed link and accepts.
    const invitedAfter = Date.now() - 1000;
    const invited = await callApi(`/api/organisations/${organisationId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ email: buyerEmail, role: 'BUYER' }),
    });
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    const mail = await mailTo(buyerEmail, withInvitation, invitedAfter);
    const link = new URL(/https?:\/\/\S+\/invitations\/[0-9A-Z]{26}/.exec(mail.text)![0]);
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const buyer = await context.newPage();
    await buyer.goto(link.pathname);
    await hydrated(buyer);
    await buyer.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await buyer.getByLabel('Username').fill('Bea Buyer');
    await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
    await buyer.getByLabel('Password', { exact: true }).fill('Retouch-2026');
    const sentAfter = Date.now() - 1000;
    await buyer.getByRole('button', { name: 'Sign Up' }).click();
    const code = (await mailTo(buyerEmail, withCode, sentAfter)).code;
    expect(code).toBeTruthy();
    await buyer.getByLabel('Verification code').fill(code!);
    await buyer.getByRole('button', { name: 'Verify' }).click();
    await expect(buyer).toHaveURL((url) => url.pathname === link.pathname);
    await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(buyer.getByText('Your role: Buyer')).toBeVisible();

    // The buyer orders for the organisation with the spec: the option is filled in.
    await buyer.goto(`/service-quote/${service.id}`);
    await hydrated(buyer);
    await buyer.getByLabel('Order for', { exact: true }).selectOption({ label: organisationName });
    const useSpec = buyer.getByLabel('Use a spec', { exact: true });
    await useSpec.selectOption({ label: `${specName} (version 1)` });
    await expect(buyer.getByRole('checkbox', { name: new RegExp(subService.name) })).toBeChecked();
    await expect(buyer.getByText('Remove the price tags.')).toBeVisible();
    await buyer.getByLabel('Currency', { exact: true }).selectOption('USD');
    await buyer.getByLabel('Cloud storage link').fill('https://example.test/spec-photos');
    await buyer.getByLabel('Number of photos').fill('2');
    expect(await axeViolations(buyer)).toEqual([]);
    await screenshot(buyer, testInfo, '3-quote-with-spec');
    await buyer.getByRole('button', { name: 'Create Job' }).click();
    await expect(buyer).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(buyer.url()).pathname.split('/')[2]!;
    const job = await jobOf(buyer, jobId);
    expect(job.organisationId).toBe(organisationId);
    expect(job.spec).toMatchObject({ name: specName, version: 1 });
    await context.close();

    // The owner sees the job with version 1 of the spec.
    await page.goto(`/dashboard/jobs/${jobId}`);
    await hydrated(page);
    const jobSpec = page.getByRole('region', { name: `Spec: ${specName} · version 1` });
    await expect(jobSpec).toBeVisible();
    await expect(jobSpec.getByText('Solid colour #FFFFFF')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, '4-job-page');

    // The owner edits the spec: version 2.
    await page.goto(`/dashboard/organisation/specs?org=${organisationId}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Edit ${specName}` }).click();
    await expect(page.getByText('Version 1; saving makes version 2.', { exact: false })).toBeVisible();
    await page.getByLabel('Background', { exact: true }).selectOption('transparent');
    await page.getByRole('button', { name: 'Save as version 2' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${specName} saved as version 2.` })).toBeVisible();
    await expect(page.getByRole('article', { name: specName }).getByText(/^Version 2 · saved/)).toBeVisible();
    await screenshot(page, testInfo, '5-specs-page-version-2');

    // The job still shows version 1, with its settings.
    await page.goto(`/dashboard/jobs/${jobId}`);
    await hydrated(page);
    const still = page.getByRole('region', { name: `Spec: ${specName} · version 1` });
    await expect(still.getByText('Solid colour #FFFFFF')).toBeVisible();
    await expect(still.getByText('Transparent')).toHaveCount(0);
    await screenshot(page, testInfo, '6-job-page-after-edit');
  });

  test('the specs page on a phone and a desktop', { tag: '@both-sizes' }, async ({ page }, testInfo) => {
    const owner = await freshClient({ name: 'Pam Phone' });
    const created = await callApi('/api/organisations', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ name: `Phone Co ${testInfo.project.name}` }),
    });
    expect(created.status).toBe(201);
    const team = organisationResponseSchema.parse(created.json).organisation;
    const spec = await callApi(`/api/organisations/${team.id}/specs`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ name: 'Square white', background: 'white', aspectRatio: '1:1', crop: 'ratio' }),
    });
    expect(spec.status, JSON.stringify(spec.json)).toBe(201);

    await signInOnPage(page, owner, `/dashboard/organisation/specs`);
    await page.goto(`/dashboard/organisation/specs?org=${team.id}`);
    await hydrated(page);
    const card = page.getByRole('article', { name: 'Square white' });
    await expect(card.getByText(/^Version 1 · saved .* by Pam Phone$/)).toBeVisible();
    await card.getByText('Settings').click();
    await expect(card.getByText('Crop to the aspect ratio')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'specs-page');
    await page.getByRole('button', { name: 'New spec' }).click();
    await expect(page.getByRole('heading', { name: 'New spec' })).toBeVisible();
    await screenshot(page, testInfo, 'spec-form');
  });
});
