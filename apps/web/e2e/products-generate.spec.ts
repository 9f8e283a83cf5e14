import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, openAs, test } from './support';

// Generating and previewing the demo guide (issue 10) as the platform admin (English) in the
// Danish demo club (id 1): the live preview draws the printed guide's pages in the browser, the
// PDF is generated with its progress message, and the result link answers a PDF. Screenshots go
// to E2E_SHOTS_DIR when it is set (wide, 390 px, and in Danish as the region owner).

const CLUB = 1;
const GUIDE = 'Fjordvang Links – Yardage book';
const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

async function openGuide(page: Page, user: { email: string; password: string }) {
  await openAs(page, user, `/${CLUB}/products`);
  await page.getByRole('link', { name: new RegExp(GUIDE) }).click();
  await expect(page.getByTestId('guide-title')).toHaveText(GUIDE);
}

test('previews the hole pages, generates the PDF with its progress, and opens the result', async ({ page }) => {
  test.setTimeout(120_000);
  await openGuide(page, DEMO.admin);

  // Preview from the hole pages' tab: it opens on the first hole page, drawn as SVG with its texts.
  await page.getByRole('tab', { name: 'Hole pages' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Preview of “${GUIDE}”` });
  const sheet = preview.getByTestId('preview-page');
  await expect(sheet).toHaveAttribute('data-page-kind', 'hole', { timeout: 30_000 });
  await expect(sheet.locator('svg text').first()).toBeAttached();
  await expect(preview.getByTestId('preview-size')).toContainText('Pocket book 4.25 × 7 in · 108 × 178 mm');
  const first = await preview.getByTestId('preview-page-number').textContent();
  await shot(page, 'preview-hole');
  // Keyboard: the next page is the hole's green, drawn to scale.
  await sheet.focus();
  await page.keyboard.press('ArrowRight');
  await expect(preview.getByTestId('preview-page-number')).not.toHaveText(first ?? '');
  await expect(sheet).toHaveAttribute('data-page-kind', 'green');
  await expect(preview.getByTestId('preview-size')).toContainText('Scale 1:');
  await shot(page, 'preview-green');
  await preview.getByRole('button', { name: 'Actual size' }).click();
  await expect(preview.getByRole('button', { name: 'Actual size' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Generate the PDF. The job's answers are held back 0.5 s each so that a fast machine still
  // shows the running state; every answer is the server's own.
  await page.route(/\/api\/clubs\/\d+\/events\/jobs\/[0-9a-f-]+$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('tab', { name: 'Guide' }).first().click();
  const row = page.getByTestId('generate-pdf');
  await row.getByRole('button', { name: /^Generate PDF guide/ }).click();
  await expect(row.getByText('Generating PDF Guide')).toBeVisible();
  await expect(row.getByRole('progressbar', { name: 'Progress of PDF guide' })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Generate PDF guide/ })).toBeDisabled();
  await shot(page, 'generate-running');

  await expect(page.getByText('PDF guide is generated')).toBeVisible({ timeout: 90_000 });
  const link = row.getByRole('link', { name: /Open the PDF/ });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\?v=/);
  await expect(row.getByRole('link', { name: /Print-shop PDF/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /Booklet/ })).toBeVisible();
  await shot(page, 'generate-done');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('release all names the products it starts', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${CLUB}/products`);
  await page.getByRole('button', { name: 'Release all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release all guides' });
  for (const name of ['Digital guide', 'Overview', 'PDF guide', 'Tee signs', 'Web images', 'Green drawings']) await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
  for (const name of ['Digital guide', 'Overview', 'Tee signs', 'Web images', 'Green drawings']) await dialog.getByRole('checkbox', { name }).uncheck();
  await shot(page, 'release-all');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Started generate all flow: PDF guide')).toBeVisible();
});

test('the preview and the products on a narrow screen and in Danish', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openGuide(page, DEMO.owner);
  // 'Generér PDF-guide', or 'Generér igen: PDF-guide' once a test before made it.
  await expect(page.getByTestId('generate-pdf').getByRole('button', { name: /^Generér( igen:)? PDF-guide$/ })).toBeVisible();
  await page.getByTestId('guide-products').scrollIntoViewIfNeeded();
  await shot(page, 'guide-products-da-390');
  await page.getByRole('button', { name: 'Forhåndsvisning' }).click();
  const preview = page.getByRole('dialog', { name: /^Forhåndsvisning af/ });
  await expect(preview.getByTestId('preview-page')).toHaveAttribute('data-page-kind', 'front', { timeout: 30_000 });
  await preview.getByRole('button', { name: 'Næste side' }).click();
  await expect(preview.getByTestId('preview-page-number')).toContainText('Side 2 af');
  await shot(page, 'preview-da-390');
});
