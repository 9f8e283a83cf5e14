import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING, ownerHeaders } from './screens';

// The app's users of issue 26 against the real server, in English: a golfer of the app (made
// through the app-side API with a key of the demo club: the user, three downloads of the demo
// guide) is found by the search, opened, erased after typing the id, and is gone from the list;
// the erasure is recorded by fingerprint. Screenshots go to E2E_SHOTS_DIR when it is set.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const APP_ID = `e2e-gdpr-${RUN}`;
const LIST = `/${DEMO_CLUB}/admin/events/guide-users`;

const shots = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join(shots, `${name}-wide.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
}

let keyId: number | null = null;

/** The golfer as the app reports them: the user (following the club) and three downloads of the demo guide. */
async function makeGolfer(request: APIRequestContext) {
  const created = await request.post(`/api/clubs/${DEMO_CLUB}/app-keys`, { headers: await adminHeaders(request), data: { name: `App users e2e ${RUN}` } });
  expect(created.status(), 'POST app-keys').toBe(201);
  const { id, key } = (await created.json()) as { id: number; key: string };
  keyId = id;
  const app = { [APP_KEY_HEADER]: key };
  const user = await request.put(`/api/app/clubs/${DEMO_CLUB}/users/${APP_ID}`, { headers: app, data: { language: 'da', following: true } });
  expect(user.status(), 'PUT app user').toBeLessThan(300);
  const guides = await request.get(`/api/clubs/${DEMO_CLUB}/guides`, { headers: await ownerHeaders(request) });
  const guide = ((await guides.json()) as { guide_id: number }[])[0];
  const downloads = await request.post(`/api/app/clubs/${DEMO_CLUB}/downloads`, {
    headers: app,
    data: {
      downloads: ['2026-05-01T09:00:00+02:00', '2026-06-01T09:00:00+02:00', '2026-07-01T09:00:00+02:00'].map((at) => ({ guide_id: guide.guide_id, product: 'json', at, app_user_id: APP_ID })),
    },
  });
  expect(downloads.status(), 'POST downloads').toBe(201);
}

test.afterAll(async ({ request }) => {
  if (keyId !== null) await request.delete(`/api/clubs/${DEMO_CLUB}/app-keys/${keyId}`, { headers: await adminHeaders(request) });
});

test('an app user is found, opened, erased after typing the id, and is gone', async ({ page, request }) => {
  await makeGolfer(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin, LIST);

  const search = page.getByLabel('Search by app id');
  await expect(search).toBeVisible({ timeout: 60_000 });
  await search.fill(RUN);
  const table = page.getByRole('table', { name: 'App users' });
  await expect(page.getByText('1 app user', { exact: true })).toBeVisible(LOADING);
  const row = table.getByRole('row').filter({ hasText: APP_ID });
  await expect(row).toContainText('Fjordvang Golfklub');
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await shot(page, 'app-users-list');

  await row.getByRole('link', { name: `Open ${APP_ID}` }).click();
  await expect(page).toHaveURL(new RegExp(`/guide-users/${APP_ID}$`));
  await expect(page.getByRole('heading', { name: APP_ID })).toBeVisible(LOADING);
  await expect(page.getByRole('table', { name: 'Downloads of guides' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('table', { name: 'Clubs that know this user' })).toContainText('Since');

  // The export of their data is a JSON file with their downloads.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export their data' }).click()]);
  expect(download.suggestedFilename()).toBe(`app-user-${APP_ID}.json`);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { app_id: string; downloads: unknown[] };
  expect(exported.app_id).toBe(APP_ID);
  expect(exported.downloads).toHaveLength(3);
  await shot(page, 'app-user');

  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${APP_ID}?` });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Erase for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the app id to confirm').fill(APP_ID);
  await shot(page, 'app-user-erase');
  await confirm.click();

  await expect(snack(page, 'confirmation')).toContainText(`${APP_ID} was erased`);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByLabel('Search by app id').fill(RUN);
  await expect(page.getByText(`No app user's id contains “${RUN}”`)).toBeVisible(LOADING);
  // The record of the erasure, without the id in clear.
  await expect(page.getByRole('table', { name: 'Erasures' })).toContainText('0 rounds, 0 posts, 0 comments, 0 push subscriptions');
  await expect(page.getByRole('table', { name: 'Erasures' })).not.toContainText(APP_ID);

  // The server agrees: no club knows them.
  const gone = await request.get(`/api/admin/app-users/${APP_ID}`, { headers: await adminHeaders(request) });
  expect(gone.status()).toBe(404);
});
