import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';

/**
 * The management screens against the real server (issue 27): a hole whose boundary crosses
 * itself is marked on the track map and opens in the hole editor; a changed handle keeps the old
 * address working; the Danish region owner sees the clubs of their region. Every change is put back.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const CLUB = 1;
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const OUT = process.env.E2E_OUTPUT_DIR ?? '.test-output';

let course: { id: number; holes: { id: number; order: number }[] };

const auth = async (request: APIRequestContext, user: (typeof DEMO)[keyof typeof DEMO]) => ({ Authorization: `Bearer ${await apiToken(request, user)}` });

/** A bow tie: the boundary's ring crosses itself once in the middle (which is the middle of its extent too). */
const BOW_TIE = [
  [9.53, 55.71],
  [9.534, 55.713],
  [9.534, 55.71],
  [9.53, 55.713],
  [9.53, 55.71],
];

test.beforeAll(async ({ request }) => {
  // A course of its own (the owner may create courses in the club), so the demo's courses stay as they are.
  const created = await request.post(`/api/clubs/${CLUB}/courses`, {
    headers: await auth(request, DEMO.owner),
    data: { name: `Track map e2e ${RUN}`, tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ par: 4 }, { par: 3 }] },
  });
  expect(created.status()).toBe(201);
  course = await created.json();
  // Hole 1's boundary crosses itself; hole 2 stays undrawn.
  const saved = await request.post(`/api/clubs/${CLUB}/holes/${course.holes[0].id}/save_drawing`, {
    headers: await auth(request, DEMO.admin),
    data: { drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'boundary', geometry: { type: 'Polygon', coordinates: [BOW_TIE] }, properties: { element: 'hole boundary' } }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async ({ request }) => {
  if (course) await request.delete(`/api/clubs/${CLUB}/courses/${course.id}`, { headers: await auth(request, DEMO.owner) });
});

async function waitForMap(page: Page) {
  const map = page.getByTestId('trackmap-map');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(map.locator('canvas').first()).toBeVisible();
  return map;
}

test('a hole whose boundary crosses itself is marked on the track map and opens in the hole editor', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${CLUB}/admin/club-status`);
  // The status table names the finding.
  const card = page.getByTestId('course-status').filter({ has: page.getByRole('heading', { name: `Track map e2e ${RUN}` }) });
  const row = card.locator('[data-testid="hole-status"][data-hole="1"]');
  await expect(row).toHaveAttribute('data-failing', 'true', { timeout: 90_000 });
  await expect(row).toContainText('The hole boundary crosses itself once');
  await expect(card.locator('[data-testid="hole-status"][data-hole="2"]')).toContainText('Not drawn yet');

  // Its "On the map" leads to the track map of this course.
  await card.getByRole('link', { name: `On the map: Track map e2e ${RUN}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${CLUB}/admin/trackmap\\?course=${course.id}$`));
  const map = await waitForMap(page);
  await expect(map).toHaveAttribute('data-marked', '1');
  await expect(page.getByRole('combobox', { name: 'Course' })).toContainText(`Track map e2e ${RUN}`);
  await expect(page.locator('[data-testid="trackmap-hole"][data-hole="1"]')).toHaveAttribute('data-failing', 'true');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/management-trackmap-marked.png`, fullPage: true });

  // The only drawn hole fills the view: its number (on the crossing) is in the middle of the map.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`/${CLUB}/courses/${course.id}/holes/${course.holes[0].id}/edit$`));
  await expect(page.getByTestId('hole-map')).toBeVisible({ timeout: 30_000 });

  // From the list beside the map too (the keyboard's way).
  await page.goBack();
  await waitForMap(page);
  const link = page.getByRole('link', { name: /Hole 1: needs attention/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/holes/${course.holes[0].id}/edit$`));
});

test('a changed handle keeps the old address working', async ({ page, request }) => {
  const headers = await auth(request, DEMO.admin);
  const before = (await (await request.get(`/api/clubs/${CLUB}/club`, { headers })).json()) as { handle: string };
  const next = `fjordvang-${RUN}`;
  try {
    await openAs(page, DEMO.admin, `/${CLUB}/admin/club-info`);
    const field = page.getByLabel('Handle', { exact: true });
    await expect(field).toHaveValue(before.handle, { timeout: 30_000 });
    // Another club's handle is refused as it is typed.
    const other = (await (await request.get('/api/management/clubs-status', { headers })).json()) as { clubs: { club_id: number; handle: string }[] };
    const taken = other.clubs.find((c) => c.club_id !== CLUB)!.handle;
    await field.fill(taken);
    await expect(page.getByText('Another club uses this handle.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await field.fill(next);
    await expect(page.getByText('The handle is free.')).toBeVisible();
    await expect(page.getByTestId('handle-url')).toHaveText(new RegExp(`/${next}/home$`));
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: `Change the handle to “${next}”?` });
    await expect(confirm).toContainText('Old links keep working');
    await page.screenshot({ path: `${OUT}/management-handle-confirm.png` });
    await confirm.getByRole('button', { name: 'Change handle' }).click();
    await expect(snack(page, 'confirmation')).toContainText('The club info is saved');
    await expect(page.getByTestId('former-handle').filter({ hasText: before.handle })).toBeVisible();

    // The old handle and the new one both lead to the club, the rest of the address kept.
    await page.goto(`/${before.handle}/home`);
    await expect(page).toHaveURL(new RegExp(`/${CLUB}/home$`));
    await page.goto(`/${next}/admin/club-status?view=clubs`);
    await expect(page).toHaveURL(new RegExp(`/${CLUB}/admin/club-status\\?view=clubs$`));
    // A handle nobody has is "not found".
    await page.goto(`/nobody-${RUN}/home`);
    await expect(page.getByText('UNKNOWN ROUTE')).toBeVisible();
  } finally {
    const restored = await request.put(`/api/clubs/${CLUB}`, { headers, data: { handle: before.handle } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('the Danish region owner sees the clubs of their region', async ({ page }) => {
  await openAs(page, DEMO.owner, `/${CLUB}/admin/club-status`);
  await page.getByRole('tab', { name: 'Mine klubber' }).click();
  await expect(page).toHaveURL(/\?view=clubs$/);
  const rows = page.getByTestId('club-status-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Fjordvang' })).toHaveCount(1);
  // Only the clubs of their region: not the Swedish demo club.
  await expect(rows.filter({ hasText: 'Ljungbacka' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Søg klubber på navn eller URL-navn' }).fill('fjord');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${CLUB}/admin/club-status$`));
  await expect(page.getByTestId('course-status').first()).toBeVisible();
  // Club info: the handle and theme are theirs, the active flag and the admin are shown read-only.
  await page.goto(`/${CLUB}/admin/club-info`);
  await expect(page.getByLabel('URL-navn', { exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('club-admin')).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
});
