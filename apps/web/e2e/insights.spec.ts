import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import type { HeatmapRequest, HeatmapResponse } from '@golf/contract/api/insights';
import { DEMO, expect, openAs, snack, test } from './support';
import { waitForDemoSeason } from './insights-support';
import { answerTiles, DEMO_CLUB, LOADING, settle } from './screens';
import { texts } from './texts';

// Insights (issue 22) as the demo owner (Danish) in Fjordvang Golfklub, on the demo season that a
// background job generates after the server starts (waited for through the API): the games page
// shows it with a table view and a CSV export; on the heatmap a filter change asks again and
// redraws the map, a saved filter loads again after a reload, and the compare mode draws both
// layers. Screenshots go to E2E_SHOTS_DIR when it is set (wide and 390 px).

const tr = texts('da');
const shots = process.env.E2E_SHOTS_DIR;

test.describe.configure({ timeout: 240_000 });

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const isHeatmap = (r: Request) => r.method() === 'POST' && r.url().endsWith(`/api/clubs/${DEMO_CLUB}/insights/heatmap`);

/** The next heatmap answer matching `test`, with the request that asked for it. */
async function nextHeatmap(page: Page, test: (body: HeatmapRequest) => boolean = () => true) {
  const response = await page.waitForResponse((r) => isHeatmap(r.request()) && test(r.request().postDataJSON() as HeatmapRequest), LOADING);
  expect(response.status()).toBe(200);
  return { request: response.request().postDataJSON() as HeatmapRequest, answer: (await response.json()) as HeatmapResponse };
}

const mapCells = (page: Page) =>
  page.getByTestId('heatmap-map').evaluate((el: HTMLElement) => ({
    positive: Number(el.dataset.positiveCells ?? 0),
    negative: Number(el.dataset.negativeCells ?? 0),
    compare: el.dataset.compare,
  }));

test.beforeAll(async ({ request }) => {
  await waitForDemoSeason(request);
});

test('the games page shows the demo season, with a table view and a CSV export', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/insights/games`);
  await expect(page.getByRole('heading', { level: 1, name: tr('insights.games.title') })).toBeVisible(LOADING);
  await settle(page);
  const games = page.getByTestId('section-games');
  await expect(games).toBeVisible(LOADING);
  // The round-time figures count the season's finished 18-hole rounds (most of the tests' 400).
  const rounds = page.getByTestId('round-time-stats').locator('dd').first();
  await expect(rounds).not.toHaveText('0');
  expect(Number((await rounds.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(100);
  // Every section draws a chart.
  for (const id of ['section-games', 'section-holes', 'section-round-time', 'section-pace', 'section-downloads']) {
    await expect(page.getByTestId(id).locator('svg .MuiBarChart-element').first()).toBeAttached();
  }
  await shot(page, 'insights-games-wide');

  // The table view of strokes against par: the demo course's 18 holes.
  const holes = page.getByTestId('section-holes');
  await holes.getByRole('button', { name: tr('insights.games.table') }).click();
  await expect(holes.getByRole('table').locator('tbody tr')).toHaveCount(18);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    holes.getByRole('button', { name: tr('insights.games.csvOf', { title: tr('insights.games.holesTitle') }) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^strokes-fjordvang-links-\d{4}-01-01-\d{4}-12-31\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').split('\r\n');
  expect(csv[0]).toBe([tr('insights.games.hole'), tr('insights.games.par'), tr('insights.games.averageStrokes'), tr('insights.games.overPar'), tr('insights.games.rounds')].join(','));
  expect(csv.filter((line) => /^\d+,\d,/.test(line))).toHaveLength(18);

  // Monthly: the season's months April to October (at most) in the games table.
  await page.getByRole('button', { name: tr('insights.games.intervals.month') }).click();
  await games.getByRole('button', { name: tr('insights.games.table') }).click();
  await expect(games.getByRole('table')).toBeVisible(LOADING);
  // (The weeks stay shown until the months have loaded.)
  await expect.poll(() => games.getByRole('table').locator('tbody tr').count(), LOADING).toBeLessThanOrEqual(7);
  expect(await games.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(games).toBeVisible();
  // Nothing wider than the narrow screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'insights-games-narrow');
});

test('a heatmap filter change asks again and redraws the map', async ({ page }) => {
  await answerTiles(page);
  const first = nextHeatmap(page);
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/insights/heatmap`);
  await expect(page.getByRole('heading', { level: 1, name: tr('insights.heatmap.title') })).toBeVisible(LOADING);
  const { request, answer } = await first;
  expect(request.filter.female && request.filter.male && request.filter.includeShots).toBe(true);
  expect(answer.rounds).toBeGreaterThan(0);
  await expect(page.getByTestId('heatmap-map').locator('canvas').first()).toBeVisible(LOADING);
  await expect.poll(async () => (await mapCells(page)).positive, LOADING).toBeGreaterThan(0);
  await expect(page.getByTestId('count-rounds')).toHaveText(answer.rounds.toLocaleString('da-DK'));
  await expect(page.getByText(tr('insights.heatmap.privacy', { min: 3 }), { exact: false })).toBeVisible();
  await shot(page, 'insights-heatmap-wide');

  // Women only: the request says so, the counts and the map's cells change.
  const before = await mapCells(page);
  const changed = nextHeatmap(page, (body) => !body.filter.male);
  await page.getByRole('checkbox', { name: tr('insights.heatmap.male') }).uncheck();
  const women = await changed;
  expect(women.request.filter).toMatchObject({ male: false, female: true });
  expect(women.answer.rounds).toBeLessThan(answer.rounds);
  await expect(page.getByTestId('count-rounds')).toHaveText(women.answer.rounds.toLocaleString('da-DK'));
  await expect.poll(async () => (await mapCells(page)).positive).not.toBe(before.positive);

  // Zooming in asks for smaller cells.
  const zoomed = nextHeatmap(page, (body) => body.cell_metres < women.request.cell_metres);
  await page.getByTestId('heatmap-map').getByRole('button', { name: tr('insights.heatmap.zoomIn') }).click();
  await page.getByTestId('heatmap-map').getByRole('button', { name: tr('insights.heatmap.zoomIn') }).click();
  expect((await zoomed).request.cell_metres).toBeLessThan(women.request.cell_metres);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('heatmap-map')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'insights-heatmap-narrow');
});

test('a saved filter loads again after a reload, and is deleted after confirming', async ({ page }) => {
  await answerTiles(page);
  const name = `E2E morgen ${Date.now()}`;
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/insights/heatmap`);
  await nextHeatmap(page);
  // Guests only, then saved by name.
  const guests = nextHeatmap(page, (body) => !body.filter.home);
  await page.getByRole('checkbox', { name: tr('insights.heatmap.home') }).uncheck();
  await guests;
  await page.getByRole('button', { name: tr('insights.heatmap.saved.saveAs') }).click();
  const dialog = page.getByRole('dialog', { name: tr('insights.heatmap.saved.saveAsTitle') });
  await dialog.getByRole('textbox', { name: tr('insights.heatmap.saved.name') }).fill(name);
  await dialog.getByRole('button', { name: tr('insights.heatmap.saved.save'), exact: true }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('insights.heatmap.saved.created', { name }));

  // After a reload the form is back at the defaults; loading the saved filter asks with it again.
  await page.reload();
  await nextHeatmap(page, (body) => body.filter.home);
  await expect(page.getByRole('checkbox', { name: tr('insights.heatmap.home') })).toBeChecked();
  const loaded = nextHeatmap(page, (body) => !body.filter.home);
  await page.getByRole('combobox', { name: tr('insights.heatmap.saved.label') }).click();
  await page.getByRole('option', { name, exact: true }).click();
  expect((await loaded).request.filter).toMatchObject({ home: false, guest: true });
  await expect(page.getByRole('checkbox', { name: tr('insights.heatmap.home') })).not.toBeChecked();

  // Delete: confirmed, gone from the list.
  await page.getByRole('button', { name: tr('insights.heatmap.saved.delete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: tr('insights.heatmap.saved.deleteTitle', { name }) });
  await confirm.getByRole('button', { name: tr('insights.heatmap.saved.delete'), exact: true }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('insights.heatmap.saved.deleted', { name }));
  await page.getByRole('combobox', { name: tr('insights.heatmap.saved.label') }).click();
  await expect(page.getByRole('option', { name, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('the compare mode draws members against guests as a difference', async ({ page }) => {
  await answerTiles(page);
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/insights/heatmap`);
  await nextHeatmap(page);
  const compared = nextHeatmap(page, (body) => body.compare !== undefined);
  await page.getByRole('button', { name: tr('insights.heatmap.preset.membersGuests') }).click();
  const { request, answer } = await compared;
  expect([request.filter.home, request.filter.guest, request.compare!.home, request.compare!.guest]).toEqual([true, false, false, true]);
  expect(answer.compare_rounds).toBeGreaterThan(0);
  await expect.poll(async () => mapCells(page), LOADING).toMatchObject({ compare: 'true' });
  const cells = await mapCells(page);
  expect(cells.positive + cells.negative).toBeGreaterThan(0);
  await expect(page.getByTestId('count-compare-rounds')).toHaveText(answer.compare_rounds!.toLocaleString('da-DK'));
  await expect(page.getByTestId('heatmap-legend')).toContainText(tr('insights.heatmap.legendMoreB'));
  await expect(page.getByRole('tab', { name: tr('insights.heatmap.setB') })).toBeVisible();
  await shot(page, 'insights-heatmap-compare');
});
