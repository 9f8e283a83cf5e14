import sharp from 'sharp';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { CLUB_ROUTES, PUBLIC_ROUTES } from '../src/app/route-table';
import { apiToken, DEMO, expect, openAs, signIn, test } from './support';

// Every screen of the route table, loaded with the server's Content-Security-Policy on: the
// browser must report no violation. The admin (English) opens the Danish demo club (id 1) and its
// demo course; a gallery image is added for the run so the gallery shows a stored file.

const CLUB = 1;
/** The tile host of the default build (VITE_MAP_TILE_URL unset) and server (MAP_TILE_URL unset). */
const TILE_HOST = 'https://tile.openstreetmap.org';
/** The first load of a screen fetches its chunks and data; the machine may be shared and busy. */
const LOADING = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

let params: Record<string, number> = {};
let galleryImageId: number | null = null;

async function ownerHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
}

test.beforeAll(async ({ request }) => {
  const headers = await ownerHeaders(request);
  const courses = (await (await request.get(`/api/clubs/${CLUB}/courses`, { headers })).json()) as { id: number; name: string; holes: { id: number; has_drawing: boolean }[] }[];
  const course = courses.find((c) => c.name === 'Fjordvang Links');
  expect(course, 'the demo course').toBeDefined();
  const hole = course!.holes.find((h) => h.has_drawing)!;
  const setups = (await (await request.get(`/api/clubs/${CLUB}/pin-setups?course_id=${course!.id}`, { headers })).json()) as { id: number; name: string }[];
  const setup = setups.find((s) => s.name === 'Weekend');
  expect(setup, 'the demo pin setup').toBeDefined();
  params = { clubId: CLUB, courseId: course!.id, pinCourseId: course!.id, holeId: hole.id, setupId: setup!.id };

  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 120, b: 70 } } }).jpeg().toBuffer();
  const uploaded = await request.post(`/api/clubs/${CLUB}/gallery`, { headers, multipart: { data: { name: 'csp.jpg', mimeType: 'image/jpeg', buffer: image } } });
  expect(uploaded.status(), 'gallery upload').toBe(201);
  galleryImageId = ((await uploaded.json()) as { id: number }).id;
});

test.afterAll(async ({ request }) => {
  if (galleryImageId === null) return;
  const deleted = await request.delete(`/api/clubs/${CLUB}/gallery/${galleryImageId}`, { headers: await ownerHeaders(request) });
  expect(deleted.status()).toBe(204);
});

/** A route pattern with the demo's ids; throws for a parameter this test does not know. */
function concrete(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`csp.spec.ts has no value for :${name} of ${pattern}: add it to params`);
    return String(params[name]);
  });
}

/**
 * Records what the browser reports under the policy: `securitypolicyviolation` events (from an
 * init script, so every document of the tab reports) and Chromium's console messages about it.
 */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
  const tiles: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  // Map tiles are answered here (a grey square): the run needs no network, the policy is still checked.
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 205, g: 210, b: 200 } } }).png().toBuffer();
  await page.route(`${TILE_HOST}/**`, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  return { violations, tiles };
}

function expectPolicyHeader(response: Response | null) {
  expect(response, 'the document response').not.toBeNull();
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`img-src 'self' data: blob: ${TILE_HOST}`);
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
}

/** Waits until the screen has done its loading: a heading, no spinner or placeholder, the network at rest. */
async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible(LOADING);
  await expect(page.getByRole('progressbar')).toHaveCount(0, LOADING);
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

test('the policy is enforced: an inline script is refused and reported', async ({ page }) => {
  const { violations } = await watchPolicy(page);
  const response = await page.goto('/signin');
  expectPolicyHeader(response);
  await expect(page.getByLabel('Email')).toBeVisible(LOADING);
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran, 'the inline script ran').toBe(false);
  await expect.poll(() => violations.filter((v) => v.startsWith('script-src-elem blocked inline')).length).toBe(1);
  // Chromium's own console message about it is caught as well.
  await expect.poll(() => violations.filter((v) => v.startsWith('console: ')).length).toBe(1);
});

test('the app may not be framed by another page', async ({ page, baseURL }) => {
  const { violations } = await watchPolicy(page);
  await page.setContent(`<iframe id="app" src="${baseURL}/signin" width="400" height="300"></iframe>`);
  await expect.poll(() => violations.some((v) => v.includes("frame-ancestors 'none'"))).toBe(true);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await expect(frame?.locator('#root') ?? page.locator('#nothing')).toHaveCount(0);
});

test('signing in through the form breaks no rule', async ({ page }) => {
  const { violations } = await watchPolicy(page);
  await signIn(page, DEMO.admin);
  await settle(page);
  expect(violations).toEqual([]);
});

for (const route of PUBLIC_ROUTES) {
  test(`public screen ${route.pattern}`, async ({ page }) => {
    const { violations } = await watchPolicy(page);
    const url = route.pattern === '/reset_password/:token/:email' ? '/reset_password/not-a-token/nobody%40example.com' : route.pattern;
    expectPolicyHeader(await page.goto(url));
    await settle(page);
    expect(violations).toEqual([]);
  });
}

for (const route of CLUB_ROUTES) {
  test(`screen /:clubId/${route.path}`, async ({ page }) => {
    const { violations, tiles } = await watchPolicy(page);
    const url = concrete(`/:clubId/${route.path}`);
    const document = page.waitForResponse((r) => new URL(r.url()).pathname === url && r.request().resourceType() === 'document');
    await openAs(page, DEMO.admin, url);
    expectPolicyHeader(await document);
    await settle(page);
    await expect(page.getByRole('heading', { name: /No access/ })).toHaveCount(0);

    if (route.path === 'courses/:courseId') {
      // The course map is an OpenLayers map with background tiles, loaded on request.
      await page.getByRole('button', { name: 'Show the course map' }).click();
      await expect(page.getByTestId('course-map').locator('canvas').first()).toBeVisible(LOADING);
      await expect.poll(() => tiles.length, 'tile requests of the course map').toBeGreaterThan(0);
    }
    if (route.path.startsWith('courses/:courseId/holes/')) {
      await expect(page.getByTestId('hole-map').locator('canvas').first()).toBeVisible(LOADING);
      await expect.poll(() => tiles.length, 'tile requests of the hole map').toBeGreaterThan(0);
    }
    if (route.path === 'club/gallery') {
      const image = page.locator(`img[src*="/files/public/"]`).first();
      await expect(image).toBeVisible(LOADING);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

test('an unknown path inside the shell', async ({ page }) => {
  const { violations } = await watchPolicy(page);
  const document = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await openAs(page, DEMO.admin, `/${CLUB}/no-such-screen`);
  expectPolicyHeader(await document);
  await expect(page.getByRole('heading', { level: 1, name: 'UNKNOWN ROUTE' })).toBeVisible(LOADING);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the API documentation', async ({ page }) => {
  const { violations } = await watchPolicy(page);
  expectPolicyHeader(await page.goto('/api/docs/'));
  await expect(page.getByRole('heading', { name: /Golf club console API/ })).toBeVisible(LOADING);
  await expect(page.locator('.opblock').first()).toBeVisible(LOADING);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
