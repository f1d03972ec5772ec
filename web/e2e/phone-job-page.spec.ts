/**
 * A client's job page on a phone (#40, item 8): a job of 40 photos with long file names that differ
 * only at their end, and instructions with a long unbroken link. At 390 px the page does not
 * scroll sideways, the instructions and every file name are shown whole (wrapped, never cut), and
 * what the client can do (pay, cancel; approve once delivered) comes before the list of images, so
 * it is on the first screens however long the list.
 */
import sharp from 'sharp';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { orderJobWithPhotos, signInOnPage } from './job-support.ts';

const instructions =
  'Remove the background and make it pure white.\nCheck the colours against the swatch in ' +
  'https://www.dropbox.com/sh/a-very-long-shared-folder-link-without-any-break/AAAbbbCCCdddEEE?dl=0 ' +
  'and write to brand.team.colour-approvals@an-agency-with-a-long-domain.example if in doubt.';

test('a job of 40 photos on a phone: nothing cut, nothing sideways, the actions first @phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const client = await freshClient({ name: 'Phone Client' });
  const body = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#aac' } })
    .jpeg()
    .toBuffer();
  const names = Array.from(
    { length: 40 },
    (_, i) => `Summer-collection-2026_product-shot-front-view_${String(i).padStart(3, '0')}.jpg`,
  );
  const job = await orderJobWithPhotos(client.token, {
    instructions,
    photos: names.map((name) => ({ name, body })),
  });
  await signInOnPage(page, client, `/dashboard/jobs/${job.id}`);
  const images = page.getByRole('list', { name: /images/i }).first();
  await expect(images.getByRole('listitem')).toHaveCount(40);

  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The instructions whole, wrapped in their box.
  const shown = page.locator('.job-card__instructions');
  await expect(shown).toHaveText(instructions.replace('\n', ' '), { useInnerText: false });
  expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Every file name whole: the last characters tell them apart.
  for (const name of [names[0]!, names[39]!]) {
    const label = images.getByText(name, { exact: true });
    await expect(label).toBeVisible();
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  // The actions before the list of images.
  const pay = page.getByRole('link', { name: /Pay Now/ });
  const heading = page.getByRole('heading', { name: 'Your images' });
  const payBox = await pay.boundingBox();
  const headingBox = await heading.boundingBox();
  expect(payBox!.y).toBeLessThan(headingBox!.y);
  expect(payBox!.y).toBeLessThan(844 * 2);
  await page.screenshot({ path: testInfo.outputPath('job-page-phone.png') });
  expect(await axeViolations(page)).toEqual([]);
});
