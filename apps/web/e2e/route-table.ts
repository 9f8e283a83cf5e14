import { checkScreenStates, screenStates, screenStatesData } from './a11y-states';
import { expectAccessible, VISITORS, WIDTHS } from './axe';
import { expectWalkable } from './keyboard';
import { expectPolicyHeader, watchPolicy } from './policy';
import { apiSession, expect, LANGUAGE_KEY, openAs, test, type ApiSession } from './support';
import { canOpen } from '@golf/contract/menu';
import type { Profile } from '@golf/contract/api/session';
import { generationInProgress, Guide, GUIDE_PRODUCTS, productFreshness } from '@golf/contract/api/guides';
import type { Page } from '@playwright/test';
import { answerTiles, CLUB_ROUTES, clubScreenUrl, DEMO_CLUB, ownerHeaders, PUBLIC_ROUTES, publicScreenUrl, revealLimit, revealScreen, settle, STEP_LIMIT, withDemoScreens, type ScreenParams } from './screens';

// Every screen of the route table (e2e/screens.ts: a new screen is checked without being listed
// here), each loaded once per visitor and checked in that visit (one spec file per visitor,
// a11y-routes-en.spec.ts and a11y-routes-da.spec.ts, so the two run side by side on the two
// workers, and first: the files start in the order of their names, and these are the longest):
// - axe-core, in English (the admin) and Danish (the region owner), wide and 390 px narrow: no
//   serious or critical violation;
// - in the admin's visit, also the server's Content-Security-Policy (the document's headers, and
//   no violation the browser reports while the screen loads, reveals its map and is walked) and
//   the keyboard: Tab from the top until the focus comes round, each stop on screen with a visible
//   focus indicator, no visible control left out.
// The three checks were three spec files (a11y, csp, keyboard), each loading every screen as the
// admin; one visit does the same checks with a third of the admin's page loads (decision 0026).
// Each part is a step, so the report says where a screen's time goes and which part failed. The
// guide's screens show a guide with all six products made. A screen's dialogs, menus and views
// (a11y-states.ts's SCREEN_STATES) are checked in the same visit, after its first view; the
// imports' steps in a11y-states-en.spec.ts and a11y-states-da.spec.ts.

const NARROW = WIDTHS[1].size;

/** The user's profile (roles, admin flag) as the app reads it. */
async function profileOf(page: Page, session: ApiSession): Promise<Profile> {
  const headers = { Authorization: `Bearer ${session.token}` };
  return (await (await page.request.put('/api/authenticated', { headers })).json()) as Profile;
}

/**
 * The guide screens are checked with every product made (file links, 'Generate again' buttons),
 * as a guide is once its products are generated: on a copy of the demo guide whose six products
 * are made before the first screen, so the later specs still find the demo guide as seeded. The
 * copy is deleted after the last test.
 */
function withProductsMade(params: ScreenParams): void {
  let copyId: number | null = null;
  test.beforeAll(async ({ request }) => {
    // Six products of an 18-hole guide, one job at a time on a possibly busy machine.
    test.setTimeout(300_000);
    const headers = await ownerHeaders(request);
    const guides = `/api/clubs/${DEMO_CLUB}/guides`;
    const copied = await request.post(`${guides}/${params.guideId}/copy`, { headers, data: { guide_id: params.guideId, title: 'Every product made (accessibility check)' } });
    expect(copied.status(), await copied.text()).toBe(201);
    copyId = Guide.parse(await copied.json()).guide_id;
    const released = await request.post(`${guides}/${copyId}/drawing_style/0/release`, { headers, data: { side_effects: [...GUIDE_PRODUCTS] } });
    expect(released.status(), await released.text()).toBe(202);
    await expect
      .poll(
        async () => {
          const guide = Guide.parse(await (await request.get(`${guides}/${copyId}`, { headers })).json());
          return GUIDE_PRODUCTS.filter((p) => generationInProgress(guide, p) || productFreshness(guide, p) !== 'current');
        },
        { message: 'the products not yet made', timeout: 280_000, intervals: [1_000] },
      )
      .toEqual([]);
    params.guideId = copyId;
  });
  test.afterAll(async ({ request }) => {
    if (copyId !== null) expect((await request.delete(`/api/clubs/${DEMO_CLUB}/guides/${copyId}`, { headers: await ownerHeaders(request) })).status()).toBe(204);
  });
}

/** Registers the checks of every screen for one visitor of VISITORS (its spec file's tests). */
export function routeTableChecks(visitor: (typeof VISITORS)[number]): void {
  const { user, language, admin } = visitor;
  test.describe.configure({ timeout: 180_000 });
  const params = withDemoScreens(`route-table-${language}.jpg`);
  withProductsMade(params);
  screenStatesData();
  // One API session of the visitor for all of the spec file's screens (none of them signs out):
  // each screen used to sign in twice, and each sign-in hashes the password.
  let session: ApiSession | null = null;
  test.beforeAll(async ({ request }) => {
    session = await apiSession(request, user);
  });

  for (const route of PUBLIC_ROUTES) {
    test(`public screen ${route.pattern} (${language})`, async ({ page }) => {
      const policy = admin ? await watchPolicy(page) : null;
      await test.step('open', async () => {
        await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: LANGUAGE_KEY, value: language });
        const response = await page.goto(publicScreenUrl(route.pattern));
        if (policy) expectPolicyHeader(response);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      });
      if (policy) {
        await test.step('policy', () => expect(policy.violations, 'Content-Security-Policy violations').toEqual([]));
        await test.step('keyboard', () => expectWalkable(page));
      }
      await test.step('axe wide', () => expectAccessible(page, 'wide'));
      await test.step('axe narrow', async () => {
        await page.setViewportSize(NARROW);
        await expectAccessible(page, 'narrow');
      });
      if (policy) expect(policy.violations, 'Content-Security-Policy violations').toEqual([]);
    });
  }

  for (const route of CLUB_ROUTES) {
    const states = screenStates(route.name, visitor);
    const title = states.length > 0 ? `screen /:clubId/${route.path}, then ${states.map((s) => s.name).join(', ')} (${language})` : `screen /:clubId/${route.path} (${language})`;
    test(title, async ({ page }) => {
      // A screen's states take about as long as a screen each, on a busy machine.
      if (states.length > 0) test.setTimeout(180_000 * (1 + states.length));
      // The admin's visit watches the policy (which answers the map tiles locally); the other only answers the tiles.
      const policy = admin ? await watchPolicy(page) : null;
      if (!policy) await answerTiles(page);
      const url = clubScreenUrl(route, params);
      const allowed = await test.step(
        'open',
        async () => {
          const document = page.waitForResponse((r) => new URL(r.url()).pathname === url && r.request().resourceType() === 'document');
          await openAs(page, user, url, session!);
          if (policy) expectPolicyHeader(await document);
          await settle(page);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // A screen this user may not open shows the shell's notice, which is checked instead.
          const may = !route.access || canOpen(await profileOf(page, session!), DEMO_CLUB, route.access);
          if (admin) expect(may, 'the admin may open every screen').toBe(true);
          await expect(page.getByTestId('no-page-access')).toHaveCount(may ? 0 : 1);
          return may;
        },
        STEP_LIMIT,
      );
      if (allowed) {
        await test.step(
          'reveal',
          async () => {
            const shown = await revealScreen(page, route);
            if (policy && shown.map) await expect.poll(() => policy.tiles.length, `tile requests of the ${shown.map}`).toBeGreaterThan(0);
          },
          revealLimit(route),
        );
      }
      if (policy) {
        await test.step(
          'policy',
          async () => {
            await page.waitForLoadState('networkidle');
            expect(policy.violations, 'Content-Security-Policy violations').toEqual([]);
          },
          STEP_LIMIT,
        );
        await test.step('keyboard', () => expectWalkable(page), STEP_LIMIT);
      }
      await test.step('axe wide', () => expectAccessible(page, 'wide'), STEP_LIMIT);
      await test.step(
        'axe narrow',
        async () => {
          await page.setViewportSize(NARROW);
          await expect(page.locator('button[aria-controls="side-menu"]')).toBeVisible();
          await expectAccessible(page, 'narrow');
        },
        STEP_LIMIT,
      );
      if (policy) expect(policy.violations, 'Content-Security-Policy violations').toEqual([]);
      // The screen's dialogs, menus and views (e2e/a11y-states.ts), in the same visit; a screen the
      // visitor may not open has none to check.
      if (allowed && states.length > 0) await checkScreenStates(page, visitor, route.name, url, states);
    });
  }
}
