import type { APIRequestContext, Page } from '@playwright/test';
import { LOADING } from './screens';
import { DEMO, apiToken, expect, openAs, snack, test } from './support';

// The course-wide mapping (issue 27) against the real server: a fresh course of two holes, each
// with its hole boundary saved through the API (hole 1 west of hole 2), mapped in the browser.
test.describe.configure({ mode: 'serial' });

type Feature = { type: 'Feature'; id: string; geometry: { type: string; coordinates: unknown }; properties: { element: string } };
type Drawing = { type: 'FeatureCollection'; features: Feature[] };

let course: { id: number; name: string; holes: { id: number; order: number }[] };
let headers: Record<string, string>;

const rect = (west: number, south: number, east: number, north: number) => [[[west, south], [east, south], [east, north], [west, north], [west, south]]];
const boundary = (west: number): Feature => ({ type: 'Feature', id: 'boundary', geometry: { type: 'Polygon', coordinates: rect(west, 55.71, west + 0.003, 55.712) }, properties: { element: 'hole boundary' } });

async function drawingOf(request: APIRequestContext, holeId: number): Promise<{ drawing: Drawing; version: number }> {
  const response = await request.get(`/api/clubs/1/holes/${holeId}/drawing/1`, { headers });
  expect(response.status()).toBe(200);
  return response.json();
}

async function saveDrawing(request: APIRequestContext, holeId: number, drawing: Drawing, version: number) {
  const response = await request.post(`/api/clubs/1/holes/${holeId}/save_drawing`, { headers, data: { drawing, version } });
  expect(response.status(), await response.text()).toBe(200);
}

const bunkers = (d: Drawing) => d.features.filter((f) => f.properties.element === 'bunker');

test.beforeAll(async ({ request }) => {
  headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  const response = await request.post('/api/clubs/1/courses', {
    headers,
    data: { name: `Mapping e2e ${Date.now()}`, tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ par: 4 }, { par: 3 }] },
  });
  expect(response.status()).toBe(201);
  course = await response.json();
  await saveDrawing(request, course.holes[0].id, { type: 'FeatureCollection', features: [boundary(9.53)] }, 0);
  await saveDrawing(request, course.holes[1].id, { type: 'FeatureCollection', features: [boundary(9.533)] }, 0);
});

async function ready(page: Page) {
  await expect(page.getByTestId('hole-map')).toBeVisible(LOADING);
  await page.waitForFunction(() => typeof (window as unknown as { __editorReady?: number }).__editorReady === 'number');
}

async function mapPoint(page: Page, dx: number, dy: number) {
  const box = (await page.getByTestId('hole-map').boundingBox())!;
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
}

/** Zooms the map to a hole (the view fits its boundary), then draws a bunker of roughly 1,500 m² around the map's centre. */
async function drawBunkerIn(page: Page, order: number) {
  await page.getByLabel('Zoom to hole').selectOption({ label: `Hole ${order}` });
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Draw bunker' }).click();
  const corners = [await mapPoint(page, -40, -25), await mapPoint(page, 40, -25), await mapPoint(page, 40, 25), await mapPoint(page, -40, 25)];
  for (const p of corners) await page.mouse.click(p.x, p.y);
  await page.mouse.click(corners[0].x, corners[0].y);
}

test('draws a bunker across the course map and sees it given to the hole whose boundary holds it', async ({ page }) => {
  const [, hole2] = course.holes;
  await openAs(page, DEMO.admin, `/1/metamap/${course.id}`);
  await expect(page.getByRole('heading', { name: `Map course elements for ${course.name}` })).toBeVisible(LOADING);
  await ready(page);

  await drawBunkerIn(page, 2);
  await expect(page.getByTestId('unassigned-count')).toHaveText('Every element belongs to a hole.');
  await expect(page.getByRole('toolbar')).toContainText('Unsaved changes in 1 hole');
  // The bunker's row in the list selects it: its hole is hole 2.
  await page.getByTestId('feature-row').filter({ hasText: 'Bunker 1' }).getByRole('button').click();
  await expect(page.getByLabel('Hole of the selected element')).toHaveValue(String(hole2.id));

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snack(page, 'confirmation')).toContainText('1 hole saved');
  const stored = await drawingOf(page.request, hole2.id);
  expect(bunkers(stored.drawing)).toHaveLength(1);
  expect(stored.version).toBe(2);
  // Hole 1 was not sent.
  expect((await drawingOf(page.request, course.holes[0].id)).version).toBe(1);
  await page.screenshot({ path: test.info().outputPath('metamap-wide-en.png') });
});

test('names a hole changed meanwhile by someone else, saves the others, and reloads that hole after asking', async ({ page }) => {
  const [hole1, hole2] = course.holes;
  await openAs(page, DEMO.admin, `/1/metamap/${course.id}`);
  await ready(page);
  await drawBunkerIn(page, 1);
  await drawBunkerIn(page, 2);
  await expect(page.getByRole('toolbar')).toContainText('Unsaved changes in 2 holes');

  // Meanwhile someone else saves hole 1.
  const theirs = await drawingOf(page.request, hole1.id);
  await saveDrawing(page.request, hole1.id, theirs.drawing, theirs.version);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('hole-conflict')).toContainText('Hole 1 was changed by someone else meanwhile');
  await expect(snack(page, 'confirmation')).toContainText('1 hole saved');
  expect(bunkers((await drawingOf(page.request, hole2.id)).drawing)).toHaveLength(2);
  expect(bunkers((await drawingOf(page.request, hole1.id)).drawing)).toHaveLength(0);
  // The mapper's bunker of hole 1 is still there, unsaved.
  await expect(page.getByRole('toolbar')).toContainText('Unsaved changes in 1 hole');
  await page.screenshot({ path: test.info().outputPath('metamap-conflict-en.png') });

  await page.getByRole('button', { name: 'Reload hole 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reload hole 1?' });
  await expect(dialog).toContainText('Your changes of the other holes stay');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(snack(page, 'confirmation')).toContainText('Hole 1 is as saved now');
  await expect(page.getByTestId('hole-conflict')).toHaveCount(0);
  await expect(page.getByRole('toolbar')).not.toContainText('Unsaved changes');
});

test('atla: goes hole after hole with the holes’ status beside the map and zooms to each', async ({ page }) => {
  const [, hole2] = course.holes;
  await openAs(page, DEMO.admin, '/1/admin/atla');
  await page.getByRole('link', { name: new RegExp(course.name) }).click();
  await ready(page);
  const holes = page.getByTestId('atla-hole');
  await expect(holes).toHaveCount(2);
  await expect(holes.nth(1)).toContainText('3 elements');
  await expect(page.getByTestId('atla-current')).toHaveText('Whole course');

  await page.getByRole('button', { name: 'Next hole' }).click();
  await expect(page.getByTestId('atla-current')).toHaveText('Hole 1 of 2');
  await page.getByTestId('hole-map').focus();
  await page.keyboard.press(']');
  await expect(page.getByTestId('atla-current')).toHaveText('Hole 2 of 2');
  await expect(page.getByRole('button', { name: 'Next hole' })).toBeDisabled();
  await page.waitForTimeout(400);

  // Zoomed to hole 2: its first bunker, drawn at the middle of the hole, is under the map's centre.
  const centre = await mapPoint(page, 0, 0);
  await page.mouse.click(centre.x, centre.y);
  await expect(page.getByLabel('Hole of the selected element')).toHaveValue(String(hole2.id));

  await page.keyboard.press('[');
  await expect(page.getByTestId('atla-current')).toHaveText('Hole 1 of 2');
  await page.screenshot({ path: test.info().outputPath('atla-wide-en.png') });
});

test('screens in Danish and on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAs(page, DEMO.owner, `/1/metamap/${course.id}`);
  await expect(page.getByRole('heading', { name: `Kortlæg baneelementer for ${course.name}` })).toBeVisible(LOADING);
  await ready(page);
  await page.screenshot({ path: test.info().outputPath('metamap-wide-da.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/1/metamap/${course.id}`);
  await ready(page);
  await page.screenshot({ path: test.info().outputPath('metamap-narrow-da.png'), fullPage: true });
  await page.goto('/1/metamap');
  await expect(page.getByTestId('course-picker')).toBeVisible(LOADING);
  await page.screenshot({ path: test.info().outputPath('picker-narrow-da.png') });
});

test('the demo course opens whole, with every element in its hole and nothing changed', async ({ page }) => {
  const courses = (await (await page.request.get('/api/clubs/1/courses', { headers })).json()) as { id: number; name: string; holes: unknown[] }[];
  const demo = courses.find((c) => c.holes.length === 18)!;
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAs(page, DEMO.admin, `/1/metamap/${demo.id}`);
  await ready(page);
  await expect(page.getByTestId('unassigned-count')).toHaveText('Every element belongs to a hole.');
  await page.waitForTimeout(1000);
  await expect(page.getByRole('toolbar')).not.toContainText('Unsaved');
  await page.screenshot({ path: test.info().outputPath('metamap-demo-en.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snack(page, 'confirmation')).toContainText('Nothing has changed since the last save');
});
