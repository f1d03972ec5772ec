/**
 * Issue 6 in headless Chromium against the local stack: a visitor opens an opening from the careers
 * page, has a file over 10 MB refused on the spot, applies with a PDF resume and a DOCX cover
 * letter, and sees the form reset; a SUPER_ADMIN signs in, opens Review Applications from the
 * dashboard, finds the application by search, opens its details and downloads both files, which
 * must be byte-identical to what was sent.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { listJobOpeningsResponseSchema, type JobOpening } from '@studio/shared/job-opening';
import { maxApplicationFileBytes } from '@studio/shared/job-application';
import { ulid } from 'ulid';
import { useHandlerEnv } from '../../functions/test/integration/handler-env.ts';
import { sampleDocx, samplePdf } from '../../scripts/test-setup/documents.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { signInAtAdminLogin } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one adds a job opening, which the
// careers page lists, and an application.
test.describe.configure({ lock: sharedStateLock });

let opening: JobOpening;

test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  useHandlerEnv();
  const { createJobOpenings } = await import('../../functions/src/data/job-openings.ts');
  // An opening of this test's own, so that other suites editing the seeded ones cannot disturb it.
  const id = ulid();
  await createJobOpenings([
    {
      id,
      title: `Careers Test Retoucher ${id.slice(-6)}`,
      description: 'Retouch catalogue photos for the careers test.',
      isActive: true,
      postedAt: new Date().toISOString(),
    },
  ]);
  const response = await fetch(`${provided('gatewayUrl')}/api/job-openings`);
  opening = listJobOpeningsResponseSchema.parse(await response.json()).find((job) => job.id === id)!;
  if (!opening) throw new Error('the new opening is not listed as active');
});

/** Axe's findings on the page as it is now, plus whether it fits a 375 px phone (then restored). */
async function auditPage(page: Page): Promise<string[]> {
  const problems = await axeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${page.url()} overflows a 375 px screen by ${overflow}px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test.describe('careers', () => {
  test('a visitor applies with a PDF and a DOCX; a SUPER_ADMIN finds it and downloads both files unchanged', async ({
    page,
  }) => {
    // A whole visit in two roles with three accessibility audits.
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const suffix = Math.random().toString(36).slice(2, 8);
    const fullName = `Casey Careers ${suffix}`;
    const email = `casey-${suffix}@example.com`;
    const resumeBytes = samplePdf(`Resume of ${fullName}`);
    const letterBytes = sampleDocx(`Cover letter of ${fullName}`);

    // From the careers page to the opening's form.
    await page.goto('/career');
    await page.getByRole('link', { name: `Apply Now: ${opening.title}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/apply-job-form/${opening.id}`);
    const form = page.getByRole('form', { name: `Apply for ${opening.title}` });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Job Type')).toHaveValue('Full Time');
    await expect(form.getByRole('option', { name: 'Part Time' })).toHaveAttribute('value', 'PartTime');
    await expect(form.getByLabel('Country of the phone number')).toHaveValue('US');
    const audit = await auditPage(page);

    // A file over 10 MB is refused at once with the spec's alert and not kept.
    const resumeInput = form.getByLabel('Resume *');
    await resumeInput.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('huge', maxApplicationFileBytes + 1),
    });
    await expect.poll(() => dialogs).toEqual(['File size should not exceed 10MB']);
    expect(await resumeInput.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    await form.getByLabel('Email *').fill(email);
    await form.getByLabel('Full Name *').fill(fullName);
    await form.getByLabel('Contact Number *').fill('(202) 555-0147');
    await form.getByLabel('Current Location *').fill('Lisbon');
    await form.getByLabel('Current Company').fill('Pixel Works');
    await form.getByLabel('Current CTC').fill('40000 USD');
    await form.getByLabel('Overall Experience *').fill('6 years');
    await form.getByLabel('Notice Period *').fill('30 days');
    await form.getByLabel('Job Type').selectOption('Contract');
    await form.getByLabel('Portfolio Link').fill('https://casey.example.com/work');
    await resumeInput.setInputFiles({ name: 'Casey CV.pdf', mimeType: 'application/pdf', buffer: resumeBytes });
    await form.getByLabel('Cover Letter').setInputFiles({
      name: 'Casey letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: letterBytes,
    });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => dialogs.length, { timeout: 20_000 }).toBe(2);
    expect(dialogs[1]).toBe('Application submitted successfully!');
    await expect(form.getByText('Application submitted successfully!')).toBeVisible();
    // Everything is reset: text, job type back to Full Time, files cleared.
    await expect(form.getByLabel('Full Name *')).toHaveValue('');
    await expect(form.getByLabel('Contact Number *')).toHaveValue('');
    await expect(form.getByLabel('Job Type')).toHaveValue('Full Time');
    expect(await resumeInput.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    // A SUPER_ADMIN finds it from the dashboard.
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.getByRole('link', { name: /Review Applications/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/review-applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Job Applications' })).toBeVisible();
    await expect(page.getByRole('button', { name: /View Details/ }).first()).toBeVisible();
    // Other suites apply meanwhile; the opening's own list keeps this application on its first page.
    await page.getByLabel('Job opening').selectOption(opening.id);
    await page.getByPlaceholder('Search by name, email, or job title...').fill(fullName.toUpperCase());
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /View Details/ }) });
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading', { name: fullName })).toHaveCount(1);
    for (const text of [email, '+12025550147', opening.title, '6 years', '40000 USD', 'Not specified', 'Contract']) {
      await expect(card.getByText(text, { exact: true }), text).toHaveCount(1);
    }
    audit.push(...(await auditPage(page)));

    // Details: Escape closes the dialog, the close button too.
    await card.getByRole('button', { name: `View Details of ${fullName}` }).click();
    const details = page.getByRole('dialog', { name: fullName });
    await expect(details.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    // A click on the overlay, outside the dialog's box, closes it too.
    await card.getByRole('button', { name: `View Details of ${fullName}` }).click();
    await expect(details.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(details).toHaveCount(0);
    await card.getByRole('button', { name: `View Details of ${fullName}` }).click();
    await expect(details.getByRole('heading', { name: 'Job Information' })).toBeVisible();
    await expect(details.getByText('Active', { exact: true })).toHaveCount(1);
    await expect(details.getByRole('link', { name: /casey\.example\.com/ })).toHaveAttribute('target', '_blank');
    audit.push(...(await auditPage(page)));

    const downloaded = async (name: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        details.getByRole('button', { name: `${name} of ${fullName}` }).click(),
      ]);
      return { fileName: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
    };
    const resume = await downloaded('Download Resume');
    expect(resume.fileName).toMatch(/^resume_[0-9A-HJKMNP-TV-Z]{26}\.pdf$/);
    expect(resume.bytes.equals(resumeBytes)).toBe(true);
    const letter = await downloaded('Download Cover Letter');
    expect(letter.fileName).toMatch(/^coverletter_[0-9A-HJKMNP-TV-Z]{26}\.docx$/);
    expect(letter.bytes.equals(letterBytes)).toBe(true);
    await details.getByRole('button', { name: 'Close details' }).click();
    await expect(details).toHaveCount(0);

    // A search that matches nothing on the page says so.
    await page.getByPlaceholder('Search by name, email, or job title...').fill(`nobody-${suffix}`);
    await expect(page.getByText('No applications found', { exact: true }).first()).toBeVisible();

    expect(audit).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("shows an opening's picture from its variants, cropped to the card's 16:9 frame", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 900 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    try {
      await page.goto('/career');
      // The seeded opening with a picture (the demo's first).
      const picture = page.locator('.card > picture > img').first();
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const shown = await picture.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return { src: img.currentSrc, ratio: box.width / box.height, fit: getComputedStyle(img).objectFit };
      });
      // 372 CSS px at twice the density: the 800 px variant, not the upload.
      expect(shown.src).toMatch(/-800w\.avif$/);
      expect(shown.fit).toBe('cover');
      expect(shown.ratio).toBeCloseTo(16 / 9, 1);
    } finally {
      await context.close();
    }
  });

  test('says an unknown opening takes no applications', async ({ page }) => {
    await page.goto('/apply-job-form/01J00000000000000000000000');
    await expect(page.getByText('This job opening is closed or does not exist')).toBeVisible();
    await expect(page.getByRole('form', { name: /Apply for/ })).toHaveCount(0);
  });
});
