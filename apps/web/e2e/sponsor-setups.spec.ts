import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';
import { answerTiles, DEMO_CLUB, LOADING, settle } from './screens';
import { texts } from './texts';

// Sponsor setups as the demo owner (Danish) on Fjordvang Links: a new setup with a sponsor on hole
// 1's page (bottom single) and on hole 2's (full centred), a sign on hole 3 placed by keyboard (the
// hole's centre, then one arrow key), saved, reloaded, all still there; then a save the server
// refuses (a sponsor deleted meanwhile), shown at its hole with nothing typed lost. Screenshots go
// to E2E_SHOTS_DIR when it is set (wide and 390 px).

test.describe.configure({ timeout: 120_000 });

const tr = texts('da');
const shots = process.env.E2E_SHOTS_DIR;
const stamp = Date.now();
const SETUP = `E2E sponsorer ${stamp}`;
const BANK = `E2E Bank ${stamp}`;
const AUTO = `E2E Auto ${stamp}`;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** The page wide as it is and 390 px narrow (only when screenshots are asked for). */
async function shots2(page: Page, name: string) {
  if (!shots) return;
  await shot(page, name);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize(size);
}

async function ownerHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
}

async function createSponsor(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post(`/api/clubs/${DEMO_CLUB}/sponsors`, { headers: await ownerHeaders(request), data: { name, url: 'https://sponsor.example/' } });
  expect(created.status(), `sponsor ${name}`).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

interface SavedSetup {
  id: number;
  name: string;
  course_id: number;
  sponsor_positions: { sponsor_id: number; hole_id: number; placement: string; format: string | null; position: { longitude: number; latitude: number } | null }[];
}

const sponsorIds: number[] = [];

test.beforeAll(async ({ request }) => {
  sponsorIds.push(await createSponsor(request, BANK), await createSponsor(request, AUTO));
});

test.afterAll(async ({ request }) => {
  const headers = await ownerHeaders(request);
  const setups = (await (await request.get(`/api/clubs/${DEMO_CLUB}/sponsor-setups`, { headers })).json()) as SavedSetup[];
  for (const s of setups.filter((x) => x.name.startsWith(SETUP))) await request.delete(`/api/clubs/${DEMO_CLUB}/sponsor-setups/${s.id}`, { headers });
  for (const id of sponsorIds) await request.delete(`/api/clubs/${DEMO_CLUB}/sponsors/${id}`, { headers });
});

// A hole's section (its name may follow its number: 'Hul 1: Fjordudsigten').
const hole = (page: Page, number: number) => page.locator(`[data-testid="sponsor-hole"][data-hole="${number}"]`);
const signLongitude = async (page: Page) => Number(await hole(page, 3).getByTestId('sign-lon').inputValue());

test('a new setup on Fjordvang Links: two hole pages and a sign placed by keyboard, saved and there after a reload; a refused save is shown at its hole', async ({ page, request }) => {
  await answerTiles(page);
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/promotion/sponsor-setups`);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: tr('sponsorSetups.title') })).toBeVisible();
  const course = page.getByRole('region', { name: 'Fjordvang Links', exact: true });
  await expect(course.getByTestId('setup-row').first()).toBeVisible();
  await shots2(page, 'sponsor-setups-list');

  await course.getByRole('link', { name: tr('sponsorSetups.newSetupOn', { course: 'Fjordvang Links' }) }).click();
  await expect(page).toHaveURL(/\/promotion\/sponsor-setups\/\d+\/new$/);
  await expect(page.getByTestId('sponsor-map').locator('canvas').first()).toBeVisible(LOADING);
  await page.getByLabel(tr('sponsorSetups.name')).fill(SETUP);

  await hole(page, 1).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 1 })).selectOption({ label: BANK });
  await hole(page, 1).getByLabel(tr('sponsorSetups.holes.formatOf', { number: 1 })).selectOption({ label: tr('sponsorSetups.formats.bottom-single') });
  await hole(page, 2).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 2 })).selectOption({ label: AUTO });
  await hole(page, 2).getByLabel(tr('sponsorSetups.holes.formatOf', { number: 2 })).selectOption({ label: tr('sponsorSetups.formats.full-centered') });

  // The sign by keyboard: sponsor and hole chosen, 'Place at hole centre' with Enter, then → once (1 m east).
  await page.getByLabel(tr('sponsorSetups.place.sponsor')).selectOption({ label: AUTO });
  await page.getByLabel(tr('sponsorSetups.place.hole'), { exact: true }).selectOption({ label: tr('sponsorSetups.place.holeOption', { number: 3 }) });
  const centre = page.getByRole('button', { name: tr('sponsorSetups.place.atCentre') });
  await centre.focus();
  await page.keyboard.press('Enter');
  const move = hole(page, 3).getByRole('button', { name: tr('sponsorSetups.sign.moveOf', { sponsor: AUTO, number: 3 }) });
  await expect(move).toBeFocused();
  await expect(page.getByTestId('map-status')).toHaveText(tr('sponsorSetups.place.placed', { sponsor: AUTO, number: 3 }));
  const placedAt = await signLongitude(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => signLongitude(page)).toBeGreaterThan(placedAt);
  const movedTo = await signLongitude(page);
  // One metre east at 55.7° north is about 0.0000162° of longitude.
  expect(movedTo - placedAt).toBeGreaterThan(0.000014);
  expect(movedTo - placedAt).toBeLessThan(0.000019);
  await shots2(page, 'sponsor-setup-editor');

  await page.getByRole('button', { name: tr('common.save'), exact: true }).click();
  await expect(snack(page, 'confirmation')).toBeVisible(LOADING);
  await expect(page).toHaveURL(/\/promotion\/sponsor-setups\/\d+\/\d+$/);
  const setupId = Number(new URL(page.url()).pathname.split('/').pop());

  await page.reload();
  await settle(page);
  await expect(page.getByLabel(tr('sponsorSetups.name'))).toHaveValue(SETUP);
  await expect(hole(page, 1).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 1 }))).toHaveValue(String(sponsorIds[0]));
  await expect(hole(page, 1).getByLabel(tr('sponsorSetups.holes.formatOf', { number: 1 }))).toHaveValue('bottom-single');
  await expect(hole(page, 2).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 2 }))).toHaveValue(String(sponsorIds[1]));
  await expect(hole(page, 2).getByLabel(tr('sponsorSetups.holes.formatOf', { number: 2 }))).toHaveValue('full-centered');
  await expect(hole(page, 3).getByTestId('sign-row')).toHaveCount(1);
  await expect(hole(page, 3).getByTestId('sign-row')).toContainText(AUTO);
  expect(await signLongitude(page)).toBeCloseTo(movedTo, 7);

  const stored = (await (await request.get(`/api/clubs/${DEMO_CLUB}/sponsor-setups/${setupId}`, { headers: await ownerHeaders(request) })).json()) as SavedSetup;
  expect(stored.name).toBe(SETUP);
  expect(stored.sponsor_positions.map((p) => [p.sponsor_id, p.placement, p.format]).sort()).toEqual(
    [
      [sponsorIds[0], 'page', 'bottom-single'],
      [sponsorIds[1], 'page', 'full-centered'],
      [sponsorIds[1], 'sign', null],
    ].sort(),
  );

  // Refused: a sponsor chosen for hole 4 is deleted by someone else before the save.
  const gone = await createSponsor(request, `E2E Gone ${stamp}`);
  await page.reload();
  await settle(page);
  await hole(page, 4).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 4 })).selectOption({ label: `E2E Gone ${stamp}` });
  const deleted = await request.delete(`/api/clubs/${DEMO_CLUB}/sponsors/${gone}`, { headers: await ownerHeaders(request) });
  expect(deleted.status()).toBeLessThan(300);
  await page.getByRole('button', { name: tr('common.save'), exact: true }).click();
  await expect(snack(page, 'error')).toBeVisible(LOADING);
  await expect(hole(page, 4).getByTestId('hole-problems')).toHaveText(tr('sponsorSetups.problems.sponsor', { sponsor: `E2E Gone ${stamp}` }));
  await expect(page.getByTestId('setup-problems')).toContainText(tr('sponsorSetups.problemsAtHoles', { holes: 4 }));
  // Nothing typed is lost.
  await expect(hole(page, 4).getByLabel(tr('sponsorSetups.holes.pageSponsorOf', { number: 4 }))).toHaveValue(String(gone));
  await expect(page.getByLabel(tr('sponsorSetups.name'))).toHaveValue(SETUP);
  await expect(page.getByText(tr('sponsorSetups.fixErrors'))).toBeVisible();
  await shot(page, 'sponsor-setup-refused');
});
