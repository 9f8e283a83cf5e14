import type { Page, Response } from '@playwright/test';
import { DEMO, expect, openAs, signIn, test } from './support';
import { answerTiles, CLUB_ROUTES, clubScreenUrl, DEMO_CLUB, LOADING, PUBLIC_ROUTES, publicScreenUrl, revealScreen, settle, TILE_HOST, withDemoScreens } from './screens';

// Every screen of the route table (e2e/screens.ts), loaded with the server's Content-Security-Policy
// on: the browser must report no violation. The admin (English) opens the Danish demo club and its
// demo course; a gallery image is added for the run so the gallery shows a stored file.

test.describe.configure({ timeout: 120_000 });

const params = withDemoScreens('csp.jpg');

/**
 * Records what the browser reports under the policy: `securitypolicyviolation` events (from an
 * init script, so every document of the tab reports) and Chromium's console messages about it.
 */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
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
  // Map tiles are answered locally: the run needs no network, the policy is still checked.
  const tiles = await answerTiles(page);
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
    const url = publicScreenUrl(route.pattern);
    expectPolicyHeader(await page.goto(url));
    await settle(page);
    expect(violations).toEqual([]);
  });
}

for (const route of CLUB_ROUTES) {
  test(`screen /:clubId/${route.path}`, async ({ page }) => {
    const { violations, tiles } = await watchPolicy(page);
    const url = clubScreenUrl(route, params);
    const document = page.waitForResponse((r) => new URL(r.url()).pathname === url && r.request().resourceType() === 'document');
    await openAs(page, DEMO.admin, url);
    expectPolicyHeader(await document);
    await settle(page);
    await expect(page.getByRole('heading', { name: /No access/ })).toHaveCount(0);

    const shown = await revealScreen(page, route);
    if (shown.map) await expect.poll(() => tiles.length, `tile requests of the ${shown.map}`).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

test('an unknown path inside the shell', async ({ page }) => {
  const { violations } = await watchPolicy(page);
  const document = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await openAs(page, DEMO.admin, `/${DEMO_CLUB}/no-such-screen`);
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
