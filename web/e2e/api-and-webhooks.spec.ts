/**
 * The public API's portal page and reference (#36) in headless Chromium: a client opens "API and
 * webhooks" of its personal organisation from the organisation page, makes a key (shown once;
 * after a reload only its prefix), calls the API with it, and revokes it; `/developers` renders
 * the OpenAPI document, and the renderer is loaded by that page only.
 */
import { randomBytes } from 'node:crypto';
import { apiKeyPattern, apiKeyShownLength } from '@studio/shared/api-keys';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { callApi, signInOnPage } from './job-support.ts';

const sidewaysScroll = () => document.documentElement.scrollWidth - window.innerWidth;

test.describe('API and webhooks', { tag: '@both-sizes' }, () => {
  test('an owner makes a key, sees it once, calls the API with it and revokes it', async ({ page }, testInfo) => {
    const owner = await freshClient({ name: 'Kim Keys' });
    const name = `Shop sync ${randomBytes(3).toString('hex')}`;

    await signInOnPage(page, owner, '/dashboard/organisation');
    await page.getByRole('link', { name: 'Manage the API keys and webhooks' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/organisation/api');
    const organisationId = new URL(page.url()).searchParams.get('org')!;
    await expect(page.getByRole('heading', { level: 1, name: 'API and webhooks' })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    await page.getByRole('button', { name: 'New key' }).click();
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name *').fill(name);
    await form.getByRole('checkbox', { name: /^jobs:read/ }).check();
    await form.getByRole('button', { name: 'Make the key' }).click();

    const shown = page.getByRole('textbox', { name: `Your new API key “${name}”` });
    await expect(shown).toBeFocused();
    const key = await shown.inputValue();
    expect(key).toMatch(apiKeyPattern);
    await expect(page.getByText('it will not be shown again')).toBeVisible();
    const prefix = key.slice(0, apiKeyShownLength);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText(`${prefix}…`)).toBeVisible();
    await expect(row.getByText('never')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(sidewaysScroll)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('key-shown-once.png'), fullPage: true });

    // The key acts for its organisation, on a route its scope allows.
    const jobs = await callApi(`/api/organisations/${organisationId}/jobs`, { token: key });
    expect(jobs.status, JSON.stringify(jobs.json)).toBe(200);

    // Reloaded, the page has only the key's first characters.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText(`${prefix}…`)).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await page.screenshot({ path: testInfo.outputPath('keys-after-reload.png'), fullPage: true });

    await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Revoke the key “${name}”?` });
    await expect(dialog).toContainText('is refused within a minute');
    await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
  });

  test('a webhook is added with its secret shown once, and its URL checked first', async ({ page }, testInfo) => {
    const owner = await freshClient({ name: 'Hana Hooks' });
    await signInOnPage(page, owner, '/dashboard/organisation/api');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('form', { name: 'Add webhook' });
    await form.getByLabel('URL *').fill('ftp://hooks.example.com/in');
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    await expect(form.getByText('The URL must start with https://.')).toBeVisible();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();

    // The local stack takes a loopback receiver (on AWS: https only, and the host must resolve to a
    // public address); nothing is sent to it here.
    const url = `http://127.0.0.1:9/studio-${randomBytes(3).toString('hex')}`;
    await form.getByLabel('URL *').fill(url);
    await form.getByRole('checkbox', { name: /^job\.delivered/ }).check();
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    const secret = page.getByRole('textbox', { name: `Signing secret of ${url}` });
    await expect(secret).toBeFocused();
    expect(await secret.inputValue()).not.toBe('');
    const card = page.getByRole('article', { name: url });
    await expect(card.getByText('Enabled')).toBeVisible();
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await expect(card.getByRole('table', { name: 'Deliveries' }).or(card.getByText(/No deliveries yet/))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(sidewaysScroll)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('webhook-added.png'), fullPage: true });

    await card.getByRole('button', { name: `Delete the webhook ${url}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  });

  test('/developers renders the OpenAPI document, and only it loads the renderer', async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((script) => script.includes('rapidoc'))).toEqual([]);

    // The renderer runs under the site's CSP: no script, style or font it needs is refused.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByText('Authorization: Bearer rsk_live_…')).toBeVisible();
    // RapiDoc draws the document in its shadow root; Playwright's locators reach into it.
    const reference = page.locator('rapi-doc');
    await expect(reference.getByText('/api/organisations/{id}/jobs').first()).toBeVisible();
    expect(scripts.some((script) => script.includes('rapidoc'))).toBe(true);
    expect(errors).toEqual([]);
    // The renderer's own markup included (axe reads its shadow root): one main landmark, legible text.
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(sidewaysScroll)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('developers.png'), fullPage: true });
  });
});
