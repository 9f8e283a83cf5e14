import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import type { ThemeDetails } from '@golf/contract/api/themes';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING } from './screens';

// The themes of issue 26 against the real server, in English: a theme made from a parent
// (Classic), its bunker colour changed and seen in the preview the guides' renderer draws, saved
// (only that one value is stored, the rest inherited), reset to the inherited colour, and the
// theme deleted. Screenshots go to E2E_SHOTS_DIR when it is set (wide and 390 px).

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const THEME = `Red bunkers ${RUN}`;
const URL = `/${DEMO_CLUB}/admin/themes`;
const RED = '#b71c1c';
const CLASSIC_BUNKER = '#efe0b0';

const shots = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(shots, `${name}-wide.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The preview's paths filled with `colour`. */
const filled = (page: Page, colour: string) => page.getByTestId('theme-preview').locator(`path[fill="${colour}"]`);

test.afterAll(async ({ request }) => {
  // The theme goes in the test; should a step fail before, it goes here.
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const themes = (await (await request.get('/api/graphics/themes/details', { headers })).json()) as ThemeDetails[];
  for (const theme of themes.filter((x) => x.name === THEME)) await request.delete(`/api/graphics/themes/${theme.id}`, { headers });
});

test('a theme made from a parent: the bunker colour changed, seen in the preview, saved, reset and deleted', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin, URL);
  const nav = page.getByRole('navigation', { name: 'Themes' });
  await expect(nav.getByRole('button', { name: /^Classic/ })).toBeVisible({ timeout: 60_000 });

  // Made from Classic.
  await nav.getByRole('button', { name: 'New theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'New theme' });
  await dialog.getByLabel('Name').fill(THEME);
  await dialog.getByLabel('Made from').selectOption('Classic');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The theme ${THEME} was created`);
  await expect(page.getByTestId('theme-name')).toHaveText(THEME);
  await expect(page).toHaveURL(/\?theme=\d+$/);

  // The bunker is inherited from Classic, and the preview draws it so.
  const fill = page.getByLabel('Fill colour', { exact: true });
  await expect(page.getByLabel('Element')).toHaveValue('bunker');
  await expect(fill).toHaveValue(CLASSIC_BUNKER);
  await expect(fill).toHaveAccessibleDescription('Inherited from Classic');
  await expect(filled(page, CLASSIC_BUNKER).first()).toBeAttached(LOADING);
  const bunkers = await filled(page, CLASSIC_BUNKER).count();
  expect(bunkers).toBeGreaterThanOrEqual(3);

  // Red: the preview changes before anything is saved.
  await fill.fill(RED);
  await expect(filled(page, RED)).toHaveCount(bunkers);
  await expect(filled(page, CLASSIC_BUNKER)).toHaveCount(0);
  await expect(fill).toHaveAccessibleDescription(/^Set in this theme · would inherit #efe0b0 \(Inherited from Classic\)$/);
  await shot(page, 'admin-themes-edited');
  await page.getByRole('button', { name: 'Save values' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The values of ${THEME} were saved`);

  // Stored: only the one value; everything else inherited.
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const graphics = (await (await request.get('/api/graphics', { headers })).json()) as GraphicsResponse;
  expect(graphics.themes.find((x) => x.name === THEME)?.parentName).toBe('Classic');
  expect(graphics.themeAttributes.filter((v) => v.themeName === THEME)).toEqual([{ themeName: THEME, elementName: 'bunker', attributeName: 'fill colour', value: RED }]);

  // After a reload the saved colour is drawn.
  await page.reload();
  await expect(page.getByTestId('theme-name')).toHaveText(THEME, LOADING);
  await expect(page.getByLabel('Fill colour', { exact: true })).toHaveValue(RED);
  await expect(filled(page, RED)).toHaveCount(bunkers, LOADING);

  // Reset to the inherited colour.
  await page.getByRole('button', { name: 'Reset Fill colour to the inherited value' }).click();
  await expect(page.getByLabel('Fill colour', { exact: true })).toHaveValue(CLASSIC_BUNKER);
  await expect(filled(page, CLASSIC_BUNKER)).toHaveCount(bunkers);
  await page.getByRole('button', { name: 'Save values' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The values of ${THEME} were saved`);
  await expect(page.getByText('0 value(s) set in this theme')).toBeVisible();

  // Deleted: nothing uses it.
  await expect(page.getByTestId('theme-usage')).toHaveText('Not used by any club, guide or theme.');
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the theme ${THEME}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The theme ${THEME} was deleted`);
  await expect(nav.getByRole('button', { name: new RegExp(`^${THEME}`) })).toHaveCount(0);
});

test('a theme in use is not deleted, and the refusal names what uses it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin, URL);
  const nav = page.getByRole('navigation', { name: 'Themes' });
  await nav.getByRole('button', { name: /^Modern/ }).click({ timeout: 60_000 });
  await expect(page.getByTestId('theme-name')).toHaveText('Modern');
  await expect(page.getByTestId('theme-usage')).toContainText(/Used by \d+ club\(s\)/);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete the theme Modern?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snack(page, 'error')).toContainText('The theme Modern is still used by');
  await expect(snack(page, 'error')).toContainText('Fjordvang Golfklub');
  await shot(page, 'admin-themes-refused');
  await expect(nav.getByRole('button', { name: /^Modern/ })).toBeVisible();
});
