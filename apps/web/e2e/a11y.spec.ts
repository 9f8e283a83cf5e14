import { expectAccessible, VISITORS, WIDTHS } from './axe';
import { apiToken, expect, LANGUAGE_KEY, openAs, test, type DemoUser } from './support';
import { canOpen } from '@golf/contract/menu';
import type { Profile } from '@golf/contract/api/session';
import type { Page } from '@playwright/test';
import { answerTiles, CLUB_ROUTES, clubScreenUrl, DEMO_CLUB, PUBLIC_ROUTES, publicScreenUrl, revealScreen, settle, withDemoScreens } from './screens';

// axe-core on every screen of the route table (e2e/screens.ts: a new screen is checked without
// being listed here), in English (the admin) and Danish (the region owner), wide and 390 px narrow:
// no serious or critical violation. Dialogs, menus and the steps of the imports are checked in
// a11y-states.spec.ts.

test.describe.configure({ timeout: 120_000 });

const NARROW = WIDTHS[1].size;

/** The user's profile (roles, admin flag) as the app reads it. */
async function profileOf(page: Page, user: DemoUser): Promise<Profile> {
  const headers = { Authorization: `Bearer ${await apiToken(page.request, user)}` };
  return (await (await page.request.put('/api/authenticated', { headers })).json()) as Profile;
}

const params = withDemoScreens('a11y.jpg');

for (const { language } of VISITORS) {
  for (const route of PUBLIC_ROUTES) {
    test(`public screen ${route.pattern} (${language})`, async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: LANGUAGE_KEY, value: language });
      await page.goto(publicScreenUrl(route.pattern));
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectAccessible(page, 'wide');
      await page.setViewportSize(NARROW);
      await expectAccessible(page, 'narrow');
    });
  }
}

for (const { user, language } of VISITORS) {
  for (const route of CLUB_ROUTES) {
    test(`screen /:clubId/${route.path} (${language})`, async ({ page }) => {
      await answerTiles(page);
      await openAs(page, user, clubScreenUrl(route, params));
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // A screen this user may not open shows the shell's notice, which is checked instead.
      const allowed = !route.access || canOpen(await profileOf(page, user), DEMO_CLUB, route.access);
      await expect(page.getByTestId('no-page-access')).toHaveCount(allowed ? 0 : 1);
      if (allowed) await revealScreen(page, route);
      await expectAccessible(page, 'wide');
      await page.setViewportSize(NARROW);
      await expect(page.locator('button[aria-controls="side-menu"]')).toBeVisible();
      await expectAccessible(page, 'narrow');
    });
  }
}
