/**
 * Helpers of the browser tests that start from a client's job: the API as the site calls it, and
 * an order made through it (the ordering page has tests of its own).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { Currency } from '@studio/shared/currency';
import { confirmPhotoBatchResponseSchema, createUploadLinksResponseSchema } from '@studio/shared/image-api';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listServicesResponseSchema } from '@studio/shared/service';
import type { StaffSignInResponse } from '@studio/shared/staff';
import { studioSettingsResponseSchema } from '@studio/shared/studio-settings';
import { expect, provided } from './fixtures.ts';
import { staffApiSession } from './staff-support.ts';

/** One call of the local API: its status and its JSON body. */
export async function callApi(
  path: string,
  { token, ...init }: RequestInit & { token?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${provided('gatewayUrl')}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

/**
 * A job the client (`token`) orders, as the quote page sends it: the first seeded subservice
 * priced in `currency`, photos given by a cloud link.
 */
export async function orderJob(
  token: string,
  {
    instructions,
    numberOfPhotos = 4,
    currency = 'USD',
  }: { instructions: string; numberOfPhotos?: number; currency?: Currency },
): Promise<Job> {
  const { services } = listServicesResponseSchema.parse((await callApi('/api/services')).json);
  const priced = (sub: (typeof services)[number]['subServices'][number]) =>
    sub.prices.some((price) => price.currency === currency);
  const service = services.find((candidate) => candidate.subServices.some(priced));
  if (!service) throw new Error(`the seed has no subservice priced in ${currency}`);
  return postJob(token, {
    serviceId: service.id,
    selectedSubServices: [service.subServices.find(priced)!.id],
    currency,
    linkType: 'own',
    dropboxLink: 'https://www.dropbox.com/sh/e2e/raw-photos',
    numberOfPhotos,
    instructions,
  });
}

/** `POST api/jobs` as the client (`token`): the job made, or the test fails with the answer. */
async function postJob(token: string, order: Record<string, unknown>): Promise<Job> {
  const created = await callApi('/api/jobs', { method: 'POST', token, body: JSON.stringify(order) });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return jobResponseSchema.parse(created.json).job;
}

/**
 * A job made of photos the client (`token`) uploads, as the quote page sends them (#33): links for
 * the files, a presigned POST each, one confirmation of the batch, then the job of that upload
 * (the first seeded subservice priced in USD). Each photo becomes an image of the job.
 */
export async function orderJobWithPhotos(
  token: string,
  { instructions, photos, specId }: { instructions: string; photos: { name: string; body: Buffer }[]; specId?: string },
): Promise<Job> {
  const linked = await callApi('/api/upload-links', {
    method: 'POST',
    token,
    body: JSON.stringify({
      files: photos.map((photo) => ({ fileName: photo.name, contentType: 'image/jpeg', size: photo.body.length })),
    }),
  });
  expect(linked.status, JSON.stringify(linked.json)).toBe(200);
  const { uploadId, links } = createUploadLinksResponseSchema.parse(linked.json);
  for (const [index, link] of links.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries(link.post!.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(photos[index]!.body)], { type: 'image/jpeg' }), 'file');
    const posted = await fetch(link.post!.url, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBeLessThan(300);
  }
  const confirmed = await callApi(`/api/uploads/${uploadId}/photos/batch`, {
    method: 'POST',
    token,
    body: JSON.stringify({ photos: links.map((link, index) => ({ key: link.key, fileName: photos[index]!.name })) }),
  });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  expect(confirmPhotoBatchResponseSchema.parse(confirmed.json).refused).toEqual([]);
  const { services } = listServicesResponseSchema.parse((await callApi('/api/services')).json);
  const priced = (sub: (typeof services)[number]['subServices'][number]) =>
    sub.prices.some((price) => price.currency === 'USD');
  const service = services.find((candidate) => candidate.subServices.some(priced))!;
  return postJob(token, {
    serviceId: service.id,
    selectedSubServices: [service.subServices.find(priced)!.id],
    currency: 'USD',
    linkType: 'generate',
    uploadId,
    instructions,
    ...(specId ? { specId } : {}),
  });
}

/** The job as the client signed in on `page` reads it (the session the site stored). */
export async function jobOf(page: Page, jobId: string): Promise<Job> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const answer = await callApi(`/api/jobs/${jobId}`, { token: token ?? undefined });
  return jobResponseSchema.parse(answer.json).job;
}

/**
 * What a MANAGER records when the job's transfer arrives (#16): the job's total, received, under
 * `reference` (by default `Transfer <job number>`).
 */
export async function markPaidAsManager(jobId: string, reference?: string): Promise<void> {
  const { token } = await staffApiSession('MANAGER');
  const { job } = jobResponseSchema.parse((await callApi(`/api/jobs/${jobId}`, { token })).json);
  const paid = await callApi(`/api/jobs/${jobId}/payment/mark-paid`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ amountCents: job.totalCents, reference: reference ?? `Transfer ${job.jobNumber}` }),
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
}

/**
 * A MANAGER gives the job to the seeded EDITOR, as on /assign-job (that page has its own test);
 * answers the EDITOR's session, to work on it.
 */
export async function assignToSeededEditor(jobId: string): Promise<StaffSignInResponse> {
  const [manager, editor] = await Promise.all([staffApiSession('MANAGER'), staffApiSession('EDITOR')]);
  const assigned = await callApi(`/api/jobs/${jobId}/assign`, {
    method: 'PUT',
    token: manager.token,
    body: JSON.stringify({ editorId: editor.user.id }),
  });
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);
  return editor;
}

/** The client signs in on the sign-in page and lands on `next`, as a person does. */
export async function signInOnPage(
  page: Page,
  client: { email: string; password: string },
  next = '/dashboard',
): Promise<void> {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email', { exact: true }).fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === next);
}

/**
 * Saves the studio's bank details as a SUPER_ADMIN does on /settings, keeping every other setting;
 * answers the details saved before, to put them back. An empty string removes them: clients are
 * then offered no bank transfer (#40).
 */
export async function saveBankDetails(bankDetails: string): Promise<string> {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const read = await callApi('/api/settings', { token });
  expect(read.status, JSON.stringify(read.json)).toBe(200);
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
  const saved = await callApi('/api/settings', {
    method: 'PUT',
    token,
    body: JSON.stringify({ ...fields, bankDetails }),
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return fields.bankDetails;
}

/** Clicks a download button and reads the file the browser saved. */
export async function downloaded(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** Pays the job by card as its client would: a checkout, then Pay on the (emulated) Stripe page. */
export async function payByCard(jobId: string, token: string): Promise<void> {
  const started = await callApi(`/api/jobs/${jobId}/checkout`, { method: 'POST', token });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { url } = started.json as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await expect
    .poll(
      async () => jobResponseSchema.parse((await callApi(`/api/jobs/${jobId}`, { token })).json).job.payment?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('PAID');
}
