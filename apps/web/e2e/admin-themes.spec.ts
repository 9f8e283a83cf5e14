import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import type { ThemeDetails } from '@golf/contract/api/themes';
import { symbolPath } from '@golf/contract/print/symbols';
import { expectAccessible } from './axe';
import { apiToken, apiUpdateProfile, DEMO, expect, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING } from './screens';

// The themes of issue 26 against the real server, in English: a theme made from a parent
// (Classic), its bunker colour changed and seen in the preview the guides' renderer draws, saved
// (only that one value is stored, the rest inherited), reset to the inherited colour, and the
// theme deleted. Screenshots go to E2E_SHOTS_DIR when it is set (wide and 390 px).

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const THEME = `Red bunkers ${RUN}`;
const ICON_THEME = `Tree icons ${RUN}`;
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
  for (const theme of themes.filter((x) => x.name === THEME || x.name === ICON_THEME)) await request.delete(`/api/graphics/themes/${theme.id}`, { headers });
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

/** How many of the preview's paths have the outline of `symbol` (its commands, wherever it is drawn). */
async function drawnAs(page: Page, symbol: string): Promise<number> {
  const shape = symbolPath(symbol, 0, 0, 1).replace(/[^MLCZ]/g, '');
  const shapes = await page
    .getByTestId('theme-preview')
    .locator('path')
    .evaluateAll((paths) => paths.map((p) => (p.getAttribute('d') ?? '').replace(/[^MLCZ]/g, '')));
  return shapes.filter((s) => s === shape).length;
}

test("a point element's icon: picked with its symbol shown, drawn in the preview, saved, in English and Danish", async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const made = await request.post('/api/graphics/themes', { headers, data: { name: ICON_THEME, parentName: 'Standard', values: [] } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as ThemeDetails;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin, `${URL}?theme=${id}`);
  await expect(page.getByTestId('theme-name')).toHaveText(ICON_THEME, LOADING);

  // A polygon has no icon; a tree has, drawn as a circle until one is chosen.
  const picker = page.getByRole('combobox', { name: 'Icon (print symbol)' });
  await expect(page.getByLabel('Element')).toHaveValue('bunker');
  await expect(picker).toHaveCount(0);
  await page.getByLabel('Element').selectOption('tree');
  await expect(picker).toHaveText('Circle');
  await expect(page.getByTestId('theme-preview')).toHaveAttribute('data-pending', 'false', LOADING);
  expect(await drawnAs(page, 'tree')).toBe(0);

  // The list shows every symbol drawn beside its name; choosing Tree redraws the sample's trees.
  await picker.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveCount(14);
  await expect(listbox.getByRole('option', { name: 'Tree', exact: true }).locator('svg path')).toHaveAttribute('fill', '#2e6b30');
  await expectAccessible(page, 'icon picker open (en)');
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: join(shots, 'admin-themes-icon-picker-en.png') });
  }
  // By keyboard: the list opens on the chosen symbol (Circle) and the arrows walk it to Tree.
  await expect(listbox.getByRole('option', { name: 'Circle' })).toBeFocused();
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
  await expect(listbox.getByRole('option', { name: 'Tree', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveText('Tree');
  await expect(picker).toHaveAccessibleDescription('Set in this theme');
  await expect.poll(() => drawnAs(page, 'tree')).toBe(3);
  await expectAccessible(page, 'icon chosen (en)');
  await shot(page, 'admin-themes-icon');
  await page.getByRole('button', { name: 'Save values' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The values of ${ICON_THEME} were saved`);
  const graphics = (await (await request.get('/api/graphics', { headers })).json()) as GraphicsResponse;
  expect(graphics.themeAttributes.filter((v) => v.themeName === ICON_THEME)).toEqual([{ themeName: ICON_THEME, elementName: 'tree', attributeName: 'icon', value: 'tree' }]);

  // In Danish: the saved icon with its Danish name, and the picker's names.
  try {
    await apiUpdateProfile(request, DEMO.admin, { language: 'da' });
    await page.reload();
    await expect(page.getByTestId('theme-name')).toHaveText(ICON_THEME, LOADING);
    await page.getByLabel('Element').selectOption('tree');
    const da = page.getByRole('combobox', { name: 'Ikon (trykt symbol)' });
    await expect(da).toHaveText('Træ');
    await expect.poll(() => drawnAs(page, 'tree')).toBe(3);
    await da.click();
    await expect(page.getByRole('listbox').getByRole('option', { name: 'Nåletræ' })).toBeVisible();
    await expectAccessible(page, 'icon picker open (da)');
    if (shots) {
      await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
      await page.screenshot({ path: join(shots, 'admin-themes-icon-picker-da.png') });
    }
    await page.keyboard.press('Escape');
  } finally {
    await apiUpdateProfile(request, DEMO.admin, { language: 'en' });
  }

  // Reset: a circle again, and nothing stored.
  await page.reload();
  await expect(page.getByTestId('theme-name')).toHaveText(ICON_THEME, LOADING);
  await page.getByLabel('Element').selectOption('tree');
  await page.getByRole('button', { name: 'Reset Icon (print symbol) to the inherited value' }).click();
  await expect(picker).toHaveText('Circle');
  await expect.poll(() => drawnAs(page, 'tree')).toBe(0);
  await page.getByRole('button', { name: 'Save values' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The values of ${ICON_THEME} were saved`);
  await expect(page.getByText('0 value(s) set in this theme')).toBeVisible();
});
