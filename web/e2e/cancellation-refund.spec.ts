/**
 * #40, item 4, in headless Chromium: a MANAGER accepts the cancellation of a job paid by card; the
 * confirmation says how much goes back to the card, and the notice that it is being refunded. The
 * client's payment page then shows the refund with its credit note, which downloads as a PDF that
 * names the invoice it corrects. A job the client cancelled before paying offers no invoice.
 */
import { randomBytes } from 'node:crypto';
import { formatCents } from '@studio/shared/money';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { pdfText } from '../../scripts/test-setup/pdf-text.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { callApi, downloaded, orderJob, payByCard, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

test.describe('a paid job cancelled', { tag: '@both-sizes' }, () => {
  test('the manager accepts, the card is refunded, and the client downloads the credit note', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const client = await freshClient({ name: 'Refunded Client' });
    const instructions = `E2E refund ${randomBytes(4).toString('hex')}`;
    const job = await orderJob(client.token, { instructions, currency: 'EUR', numberOfPhotos: 3 });
    const total = formatCents(job.totalCents, 'EUR');
    await payByCard(job.id, client.token);
    const asked = await callApi(`/api/jobs/${job.id}/cancellation-request`, {
      method: 'POST',
      token: client.token,
      body: JSON.stringify({ reason: 'Ordered twice' }),
    });
    expect(asked.status).toBe(201);

    // The manager: the confirmation names the money, the notice what became of it.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await useStaffSessionOf(manager, 'MANAGER');
    await manager.goto('/edit-job');
    await manager.getByLabel('Search jobs').fill(instructions);
    // The search's answer, this one job, replaces the list before anything in a card is clicked:
    // a click while the rows are swapped lands where a button was (the list keeps the last rows,
    // this job among them, until the answer comes).
    const cards = manager.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const request = cards.filter({ hasText: instructions }).getByRole('region', { name: 'Cancellation request' });
    await request.getByRole('button', { name: 'Accept cancellation' }).click();
    const confirm = manager.getByRole('alertdialog', { name: 'Cancel this job?' });
    await expect(confirm).toContainText(`${total} is refunded to the client's card at once`);
    await confirm.getByRole('button', { name: 'Yes, cancel the job' }).click();
    await expect(manager.getByText(`Job cancelled. ${total} is being refunded to the client's card.`)).toBeVisible();
    await managerContext.close();

    // The client: refunded, with the credit note to download.
    await signInOnPage(page, client, `/payment/${job.id}`);
    await expect(page.getByText('This job was paid and refunded.')).toBeVisible({ timeout: 20_000 });
    const notes = page.getByRole('region', { name: 'Credit notes' });
    const download = notes.getByRole('button', { name: /^Download credit note CN-\d{4}-\d{4,}$/ });
    await expect(download).toBeVisible();
    await expect(notes).toContainText(`${total} refunded on`);
    expect(await axeViolations(page)).toEqual([]);
    const file = await downloaded(page, download);
    expect(file.name).toMatch(/^credit-note-CN-\d{4}-\d{4,}\.pdf$/);
    const text = await pdfText(file.bytes);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(job.invoiceNumber!);
    expect(text).toContain(`-${total}`);
  });

  test('a job cancelled before it was paid offers no invoice', async ({ page }) => {
    const client = await freshClient({ name: 'Unpaid Canceller' });
    const job = await orderJob(client.token, { instructions: 'Cancelled unpaid', currency: 'EUR', numberOfPhotos: 2 });
    await signInOnPage(page, client, `/payment/${job.id}`);
    await expect(page.getByRole('button', { name: `Download invoice ${job.invoiceNumber}` })).toBeVisible();
    expect((await callApi(`/api/jobs/${job.id}/cancel`, { method: 'POST', token: client.token })).status).toBe(200);
    await page.reload();
    await expect(page.getByText('This job was cancelled, so there is nothing to pay.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Download invoice/ })).toHaveCount(0);
  });
});
