import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { AreaHistory, ClubAreas, CourseAreas } from '@golf/contract/api/greenkeeper';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING } from './screens';
import { texts } from './texts';

// The area statistics of issue 25 against the real server, as the demo owner (Danish) in
// Fjordvang Golfklub: the demo course's totals by element, per hole and in total, in ha and in m²
// (the unit remembered after a reload), numbers as the API gives them and formatted in Danish; the
// make-up chart; the CSV and XLSX exports downloaded in the chosen unit; the printable page; and
// the history of the demo season (turf reduction): two dates compared per element and the trend.
// Screenshots go to E2E_SHOTS_DIR when it is set (wide and 390 px).

const tr = texts('da');
const shots = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(shots, `${name}-wide.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const ha = new Intl.NumberFormat('da', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const m2 = new Intl.NumberFormat('da', { maximumFractionDigits: 0 });
const signedHa = new Intl.NumberFormat('da', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('da', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const day = new Intl.DateTimeFormat('da', { dateStyle: 'medium', timeZone: 'UTC' });
const dateText = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

const area = (course: CourseAreas, element: string) => course.totals.find((e) => e.element === element)!;

/** The cells of a table row whose header cell is `name`. */
function rowCells(table: Locator, name: string) {
  return table.locator('tbody tr').filter({ has: table.page().locator('th', { hasText: new RegExp(`^${name}$`) }) });
}

async function cellsOf(row: Locator): Promise<string[]> {
  return row.locator('th, td').allTextContents();
}

let course: CourseAreas;
let history: AreaHistory;

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  const club = (await (await request.get(`/api/clubs/${DEMO_CLUB}/greenkeeper/areas`, { headers })).json()) as ClubAreas;
  course = club.courses[0]!;
  expect(course.totals.length, 'the demo course is drawn').toBeGreaterThan(3);
  history = (await (await request.get(`/api/clubs/${DEMO_CLUB}/greenkeeper/areas/history?courseId=${course.courseId}`, { headers })).json()) as AreaHistory;
  expect(history.snapshots.length, 'the demo season has several dates').toBeGreaterThanOrEqual(3);
});

test('the demo course’s areas in ha and in m², per hole and in total, the unit remembered', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/greenkeeper/areas`);
  await expect(page.getByRole('heading', { level: 1, name: tr('greenkeeper.areas.title') })).toBeVisible(LOADING);
  await expect(page.getByRole('heading', { name: tr('greenkeeper.areas.heading', { course: course.name }) })).toBeVisible(LOADING);

  const totals = page.getByTestId('element-totals');
  const fairway = area(course, 'fairway');
  const green = area(course, 'green');
  await expect(totals.locator('thead th')).toHaveText(['Element', 'Antal', 'Areal (ha)']);
  expect(await cellsOf(rowCells(totals, 'Fairway'))).toEqual(['Fairway', String(fairway.count), ha.format(fairway.area / 10_000)]);
  expect(await cellsOf(rowCells(totals, 'Green'))).toEqual(['Green', String(green.count), ha.format(green.area / 10_000)]);
  // Mounds, hollows and the background are not counted (§5).
  await expect(totals.locator('tbody th', { hasText: /^(Forhøjning|Lavning|Baggrund)$/ })).toHaveCount(0);
  await expect(totals.locator('tbody tr')).toHaveCount(course.totals.length);
  // The make-up chart draws a bar per surface.
  await expect(page.getByTestId('make-up').locator('svg').first()).toBeVisible();

  // Per hole: every hole in order, then the course's total.
  const perHole = page.getByTestId('per-hole');
  await expect(perHole.locator('tbody tr')).toHaveCount(course.holes.length + 1);
  await expect(perHole.locator('tbody tr').first().locator('th')).toHaveText(new RegExp(`^${tr('greenkeeper.areas.holeN', { number: 1 })}`));
  await expect(perHole.locator('tbody tr').last().locator('th')).toHaveText(tr('greenkeeper.areas.courseTotal'));
  await shot(page, 'greenkeeper-areas');

  // m²: the same numbers in square metres.
  await page.getByRole('button', { name: 'm²', exact: true }).click();
  await expect(totals.locator('thead th')).toHaveText(['Element', 'Antal', 'Areal (m²)']);
  expect(await cellsOf(rowCells(totals, 'Fairway'))).toEqual(['Fairway', String(fairway.count), m2.format(fairway.area)]);

  // Sorting: by count, largest first.
  await totals.getByRole('button', { name: 'Antal' }).click();
  await expect(totals.locator('thead th').nth(1)).toHaveAttribute('aria-sort', 'descending');
  const counts = (await totals.locator('tbody tr td:nth-child(2)').allTextContents()).map((c) => Number(c.replace(/\./g, '')));
  expect(counts).toEqual([...counts].sort((a, b) => b - a));

  // The unit is remembered.
  await page.reload();
  await expect(totals.locator('thead th')).toHaveText(['Element', 'Antal', 'Areal (m²)'], LOADING);
  await expect(page.getByRole('button', { name: 'm²', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(totals).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'ha', exact: true }).click();
});

test('the exports download the course as CSV and XLSX in the chosen unit', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/greenkeeper/areas`);
  await expect(page.getByTestId('element-totals')).toBeVisible(LOADING);
  await page.getByRole('button', { name: 'm²', exact: true }).click();

  const [csvDownload, csvRequest] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes('/greenkeeper/areas/export')),
    page.getByRole('button', { name: tr('greenkeeper.areas.export.csvLabel', { course: course.name }) }).click(),
  ]);
  expect(new URL(csvRequest.url()).search).toBe(`?courseId=${course.courseId}&format=csv&unit=m2`);
  expect(csvDownload.suggestedFilename()).toMatch(/^areas-fjordvang-links-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await csvDownload.path())!, 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toContain('(m²)');
  // One line per hole and element, then the course's totals (the fairway's total in m² with a decimal comma).
  const fairway = area(course, 'fairway');
  const fairwayTotal = lines.find((l) => l.split(';')[3] === 'Fairway' && !/^\d+$/.test(l.split(';')[1]!));
  expect(fairwayTotal?.split(';')[5]).toBe(fairway.area.toFixed(1).replace('.', ','));
  await expect(snack(page, 'confirmation')).toContainText(csvDownload.suggestedFilename());

  await page.getByRole('button', { name: 'ha', exact: true }).click();
  const [xlsxDownload, xlsxRequest] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes('/greenkeeper/areas/export')),
    page.getByRole('button', { name: tr('greenkeeper.areas.export.xlsxLabel', { course: course.name }) }).click(),
  ]);
  expect(new URL(xlsxRequest.url()).search).toBe(`?courseId=${course.courseId}&format=xlsx&unit=ha`);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await xlsxDownload.path())!);
  // A real workbook (a ZIP), not text: the binary arrived intact.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(bytes.length).toBeGreaterThan(2000);
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
});

test('the printable page shows the totals and every hole', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/greenkeeper/areas`);
  await expect(page.getByTestId('element-totals')).toBeVisible(LOADING);
  await page.getByRole('button', { name: tr('greenkeeper.areas.printable') }).click();
  const sheet = page.getByTestId('areas-sheet');
  await expect(sheet.getByRole('heading', { name: tr('greenkeeper.areas.heading', { course: course.name }) })).toBeVisible();
  await expect(sheet.getByRole('table').nth(1).locator('tbody tr')).toHaveCount(course.holes.length + 1);
  await page.emulateMedia({ media: 'print' });
  // In print only the sheet shows: no menu, no buttons.
  await expect(page.getByRole('button', { name: tr('greenkeeper.areas.print') })).toBeHidden();
  await expect(sheet).toBeVisible();
  if (shots) await page.screenshot({ path: join(shots, 'greenkeeper-areas-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: tr('greenkeeper.areas.backToAreas') }).click();
  await expect(page.getByTestId('element-totals')).toBeVisible();
});

test('two dates of the season compared per element, and the trend of fairway and rough', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/greenkeeper/areas`);
  const card = page.getByTestId('area-history');
  const comparison = card.getByTestId('comparison');
  await expect(comparison).toBeVisible(LOADING);
  const snapshots = history.snapshots;
  const first = snapshots[0]!;
  const last = snapshots.at(-1)!;
  await expect(card.getByRole('heading', { name: tr('greenkeeper.areas.history.compareTitle', { from: dateText(first.date), to: dateText(last.date) }) })).toBeVisible();

  const check = async (from: (typeof snapshots)[number], to: (typeof snapshots)[number]) => {
    for (const element of ['fairway', 'rough']) {
      const a = from.totals.find((e) => e.element === element)!.area;
      const b = to.totals.find((e) => e.element === element)!.area;
      const name = element === 'fairway' ? 'Fairway' : 'Rough';
      expect(await cellsOf(rowCells(comparison, name))).toEqual([
        name,
        ha.format(a / 10_000),
        ha.format(b / 10_000),
        signedHa.format(Math.round((b - a) / 100) / 100 === 0 ? 0 : (b - a) / 10_000),
        signedPercent.format(Math.round(((b - a) / a) * 1000) / 1000 === 0 ? 0 : (b - a) / a),
      ]);
    }
  };
  // The demo season turned fairway into rough.
  await check(first, last);
  expect((await cellsOf(rowCells(comparison, 'Fairway')))[3]).toMatch(/^-/);
  expect((await cellsOf(rowCells(comparison, 'Rough')))[3]).toMatch(/^\+/);

  // Another pair of dates.
  const middle = snapshots[Math.floor(snapshots.length / 2)]!;
  await card.getByRole('combobox', { name: tr('greenkeeper.areas.history.from') }).click();
  await page.getByRole('option', { name: dateText(middle.date) }).first().click();
  await expect(card.getByRole('heading', { name: tr('greenkeeper.areas.history.compareTitle', { from: dateText(middle.date), to: dateText(last.date) }) })).toBeVisible();
  await check(middle, last);

  // The trend: a line each for fairway and rough over every date.
  const trend = card.getByTestId('trend');
  await expect(trend.locator('svg').first()).toBeVisible();
  await expect(card.getByTestId('trend-summary')).toContainText(`${dateText(first.date)}`);
  await expect(card.getByTestId('trend-summary')).toContainText('Fairway -');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'greenkeeper-areas-history');
});
