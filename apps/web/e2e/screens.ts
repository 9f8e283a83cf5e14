import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { CUSTOM_PAGE_TYPES } from '@golf/contract/api/guides';
import { CLUB_ROUTES, PUBLIC_ROUTES, type ClubRouteDef } from '../src/app/route-table';
import { apiToken, DEMO, expect, test } from './support';

// Every screen of the route table with the demo's ids, shared by the tests that visit all of them
// (e2e/route-table.ts (a11y-routes-en/da.spec.ts)): a new entry of config/screens.ts is visited without being added here.

export { CLUB_ROUTES, PUBLIC_ROUTES, type ClubRouteDef };

/** The demo club every screen is opened in (Fjordvang Golfklub, Danish). */
export const DEMO_CLUB = 1;
/** The first load of a screen fetches its chunks and data; the machine may be shared and busy. */
export const LOADING = { timeout: 30_000 };
/**
 * The time limit of one step of a screen's visit (`test.step`'s option; a step has none by
 * default): a step that never ends (a page that stopped answering) fails on its own, naming
 * itself, instead of holding the worker until the test's limit (9 minutes, once, for a screen
 * with two states: CI 2026-11-28 22:10).
 */
export const STEP_LIMIT = { timeout: 120_000 };

const HEIGHT_PROFILES = 'courses/:courseId/height-profiles';
/**
 * The height profiles load each hole's chart once it is scrolled near: eighteen charts on a machine
 * busy with two test workers took longer than one LOADING wait (CI 2026-11-27: 11 charts left after
 * 30 s; on a machine 1.7× slower, 6 left after 90 s), so that screen's reveal, and its test, get
 * two and a half minutes more.
 */
const CHARTS_EXTRA = 150_000;

/** The limit of a screen's reveal step (revealScreen): STEP_LIMIT, and more for the height profiles. */
export function revealLimit(route: ClubRouteDef): { timeout: number } {
  return route.path === HEIGHT_PROFILES ? { timeout: STEP_LIMIT.timeout + CHARTS_EXTRA } : STEP_LIMIT;
}

export type ScreenParams = Record<string, number | string>;

export async function ownerHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
}

/** The demo's sponsor setup on Fjordvang Links (seeded with the demo). */
export const DEMO_SPONSOR_SETUP = 'Sæson 2026';

/** The demo's open community of the Danish club (seeded with the demo, issue 24). */
export const DEMO_COMMUNITY = 'Seniorklubben';

/** The ids the route parameters take: the demo course, its first drawn hole, its pin setup, the demo guide and its first custom page, the demo sponsor setup, the demo community. */
export async function demoParams(request: APIRequestContext): Promise<ScreenParams> {
  const headers = await ownerHeaders(request);
  const courses = (await (await request.get(`/api/clubs/${DEMO_CLUB}/courses`, { headers })).json()) as { id: number; name: string; holes: { id: number; has_drawing: boolean }[] }[];
  const course = courses.find((c) => c.name === 'Fjordvang Links');
  expect(course, 'the demo course').toBeDefined();
  const hole = course!.holes.find((h) => h.has_drawing)!;
  const setups = (await (await request.get(`/api/clubs/${DEMO_CLUB}/pin-setups?course_id=${course!.id}`, { headers })).json()) as { id: number; name: string }[];
  const setup = setups.find((s) => s.name === 'Weekend');
  expect(setup, 'the demo pin setup').toBeDefined();
  const guides = await request.get(`/api/clubs/${DEMO_CLUB}/guides`, { headers });
  expect(guides.status(), 'the demo guides').toBe(200);
  const guide = ((await guides.json()) as { guide_id: number; title: string }[])[0];
  expect(guide, 'the demo guide').toBeDefined();
  const sponsorSetups = await request.get(`/api/clubs/${DEMO_CLUB}/sponsor-setups?course_id=${course!.id}`, { headers });
  expect(sponsorSetups.status(), 'the demo sponsor setups').toBe(200);
  const sponsorSetup = ((await sponsorSetups.json()) as { id: number; name: string }[]).find((s) => s.name === DEMO_SPONSOR_SETUP);
  expect(sponsorSetup, 'the demo sponsor setup').toBeDefined();
  const communities = await request.get(`/api/clubs/${DEMO_CLUB}/communities`, { headers });
  expect(communities.status(), 'the demo communities').toBe(200);
  const community = ((await communities.json()) as { id: number; name: string }[]).find((c) => c.name === DEMO_COMMUNITY);
  expect(community, 'the demo community').toBeDefined();
  // A user of the guide's app (issue 26: admins only), the most recently seen of the demo's.
  const appUsers = await request.get('/api/admin/app-users?page_size=1', { headers: { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` } });
  expect(appUsers.status(), 'the demo app users').toBe(200);
  const appUser = ((await appUsers.json()) as { items: { app_id: string }[] }).items[0];
  expect(appUser, 'a demo app user').toBeDefined();
  return {
    clubId: DEMO_CLUB,
    courseId: course!.id,
    pinCourseId: course!.id,
    holeId: hole.id,
    setupId: setup!.id,
    guideId: guide.guide_id,
    type: CUSTOM_PAGE_TYPES[0],
    sponsorSetupId: sponsorSetup!.id,
    communityId: community!.id,
    userId: appUser.app_id,
  };
}

/** A route pattern with the demo's ids; throws for a parameter `demoParams` does not give. */
export function concrete(pattern: string, params: ScreenParams): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`e2e/screens.ts has no value for :${name} of ${pattern}: add it to demoParams`);
    return String(params[name]);
  });
}

/** The URL of a signed-in screen in the demo club. */
export function clubScreenUrl(route: ClubRouteDef, params: ScreenParams): string {
  return concrete(`/:clubId/${route.path}`, params);
}

/** The URL of a public screen (the reset link gets a token that the page refuses). */
export function publicScreenUrl(pattern: (typeof PUBLIC_ROUTES)[number]['pattern']): string {
  return pattern === '/reset_password/:token/:email' ? '/reset_password/not-a-token/nobody%40example.com' : pattern;
}

/** Adds a photo to the demo club's gallery (so the gallery shows a stored file); returns its id. */
export async function addGalleryImage(request: APIRequestContext, name: string): Promise<number> {
  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 120, b: 70 } } }).jpeg().toBuffer();
  const uploaded = await request.post(`/api/clubs/${DEMO_CLUB}/gallery`, { headers: await ownerHeaders(request), multipart: { data: { name, mimeType: 'image/jpeg', buffer: image } } });
  expect(uploaded.status(), 'gallery upload').toBe(201);
  return ((await uploaded.json()) as { id: number }).id;
}

export async function removeGalleryImage(request: APIRequestContext, id: number): Promise<void> {
  const deleted = await request.delete(`/api/clubs/${DEMO_CLUB}/gallery/${id}`, { headers: await ownerHeaders(request) });
  expect(deleted.status()).toBe(204);
}

/** The tile host of the default build (VITE_MAP_TILE_URL unset) and server (MAP_TILE_URL unset). */
export const TILE_HOST = 'https://tile.openstreetmap.org';

/** Answers the map's background tiles with a grey square (the runs need no network); returns the URLs asked for. */
export async function answerTiles(page: Page): Promise<string[]> {
  const tiles: string[] = [];
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 205, g: 210, b: 200 } } }).png().toBuffer();
  await page.route(`${TILE_HOST}/**`, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  return tiles;
}

/**
 * Shows what a screen holds beyond its first view: the course map (loaded on request), the hole
 * editor's and the sponsor setup editor's maps, the gallery's stored photo, the sponsors' logos. Returns which map, if any, now shows.
 */
export async function revealScreen(page: Page, route: ClubRouteDef): Promise<{ map: 'course map' | 'hole map' | 'sponsor map' | null }> {
  if (route.path.startsWith('promotion/sponsor-setups/:courseId/')) {
    await expect(page.getByTestId('sponsor-map').locator('canvas').first()).toBeVisible(LOADING);
    return { map: 'sponsor map' };
  }
  if (route.path === 'courses/:courseId') {
    await page.getByTestId('show-course-map').click();
    await expect(page.getByTestId('course-map').locator('canvas').first()).toBeVisible(LOADING);
    return { map: 'course map' };
  }
  if (route.path.startsWith('courses/:courseId/holes/')) {
    await expect(page.getByTestId('hole-map').locator('canvas').first()).toBeVisible(LOADING);
    return { map: 'hole map' };
  }
  // The height profiles load each hole's chart once it is scrolled near: every one is brought into
  // view until none is left loading, then the page goes back to the top (else a quick keyboard
  // walk passes the holes further down before their controls are there).
  if (route.path === HEIGHT_PROFILES) {
    test.info().setTimeout(test.info().timeout + CHARTS_EXTRA);
    const loading = page.locator('.MuiSkeleton-root');
    await expect(async () => {
      // Each chart still loading to the middle of the view, a frame apart so the observer sees each
      // (scrollIntoViewIfNeeded does not move when it already shows in part, and a chart at the
      // bottom edge may stay outside the observer's reach), then the count is polled.
      await loading.evaluateAll(async (charts) => {
        for (const chart of charts) {
          chart.scrollIntoView({ block: 'center' });
          await new Promise((resolve) => {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)));
            setTimeout(resolve, 100);
          });
        }
      });
      await expect(loading, 'charts still loading').toHaveCount(0, { timeout: 5_000 });
    }).toPass({ ...LOADING, timeout: LOADING.timeout + CHARTS_EXTRA });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  // The gallery's stored photo, the demo sponsors' stored logos.
  if (route.path === 'club/gallery' || route.path === 'promotion/sponsors') {
    const image = page.locator(`img[src*="/files/public/"]`).first();
    await expect(image).toBeVisible(LOADING);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  return { map: null };
}

/**
 * Sets up a spec that visits the screens: the demo's ids (filled in before the first test) and a
 * photo in the gallery, so it shows a stored file (removed after the last test).
 */
export function withDemoScreens(photoName: string): ScreenParams {
  const params: ScreenParams = {};
  let photoId: number | null = null;
  test.beforeAll(async ({ request }) => {
    Object.assign(params, await demoParams(request));
    photoId = await addGalleryImage(request, photoName);
  });
  test.afterAll(async ({ request }) => {
    if (photoId !== null) await removeGalleryImage(request, photoId);
  });
  return params;
}

/** Waits until the screen has done its loading: a heading, no spinner or placeholder, the network at rest. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible(LOADING);
  // Spinners have no value; a progress bar with one (a job's progress) is content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, LOADING);
  // Placeholders in view only: further down, charts wait until they are scrolled to.
  const placeholdersInView = () =>
    page.locator('.MuiSkeleton-root').evaluateAll(
      (all) =>
        all.filter((e) => {
          const box = e.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
        }).length,
    );
  await expect.poll(placeholdersInView, LOADING).toBe(0);
  await page.waitForLoadState('networkidle');
  await expect(page).not.toHaveTitle(/UNKNOWN ROUTE/);
}
