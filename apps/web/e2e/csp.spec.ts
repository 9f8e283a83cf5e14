import { DEMO, expect, openAs, signIn, test } from './support';
import { expectPolicyHeader, watchPolicy } from './policy';
import { DEMO_CLUB, LOADING, settle } from './screens';

// The server's Content-Security-Policy: enforced, framing refused, and no violation on the sign-in
// form, an unknown path and the API documentation. Every screen of the route table is loaded under
// the policy in e2e/route-table.ts (a11y-routes-en/da.spec.ts) (the admin's visit), in the same visit as its accessibility
// and keyboard checks.

test.describe.configure({ timeout: 120_000 });

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

// The other specs block the service worker (playwright.config.ts: its precache made every page
// load slower); here it runs as in a user's browser.
test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('installs under the policy, precaches the build and then answers the page', async ({ page }) => {
    const { violations } = await watchPolicy(page);
    await openAs(page, DEMO.admin, `/${DEMO_CLUB}/club`);
    await settle(page);
    // Registered by the shell (useRegisterSW); `ready` already gives it while activating.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), LOADING).toBe('activated');
    // Its precache holds the build's files once it is active.
    const entries = await page.evaluate(async () => {
      let count = 0;
      for (const name of await caches.keys()) count += (await (await caches.open(name)).keys()).length;
      return count;
    });
    expect(entries, 'files in the precache').toBeGreaterThan(10);
    // A page loaded again is controlled by it, and still shows the screen.
    await page.reload();
    await settle(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is controlled by the service worker').toBe(true);
    await expect(page.getByRole('heading').first()).toBeVisible(LOADING);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
