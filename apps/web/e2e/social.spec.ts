import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiToken, DEMO, expect, openAs, standIns, test } from './support';
import { DEMO_CLUB, LOADING, settle } from './screens';
import { texts } from './texts';

// The club's status and social connections (issue 23) against the real server and the worker's
// Facebook stand-in: the demo owner (Danish) connects Fjordvang's Facebook page (the club has the
// Business plan), posts a status with priority 'important' and an end time to the RSS feed and
// Facebook, sees both delivery records done (and the stand-in has the post), deletes the status and
// disconnects. The Swedish demo club (Standard plan) shows 'Upgrade to Business'. Screenshots go to
// E2E_SHOTS_DIR when it is set (wide and 390 px).

const tr = texts('da');
const en = texts('en');
/** The Swedish demo club (Ljungbacka Golfklubb, Standard plan). */
const SWEDISH_CLUB = 2;
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

/** A `datetime-local` value (local time of the browser, which is the test's machine). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test('the owner connects Facebook, posts an important status with an end to RSS and Facebook, sees it delivered, deletes it and disconnects', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const pageId = `${stamp}`;
  const pageName = `Fjordvang Golfklub E2E ${stamp}`;
  const token = `EAAB-e2e-${stamp}`;
  standIns().facebook.addPage(pageId, pageName, token);
  const header = `Frostforsinkelse ${stamp}`;

  // Connections: the Facebook card's connect form.
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/some/connections`);
  await expect(page.getByRole('heading', { level: 1, name: tr('social.connections.title') })).toBeVisible(LOADING);
  const facebook = page.getByTestId('connection-facebook');
  await expect(facebook.getByRole('heading', { name: tr('social.connections.services.facebook') })).toBeVisible(LOADING);
  await settle(page);
  await shot(page, 'social-connections');
  await facebook.getByLabel(tr('social.connections.accountId.facebook')).fill(pageId);
  const tokenField = facebook.getByLabel(tr('social.connections.token.facebook'));
  await expect(tokenField).toHaveAttribute('type', 'password');
  await tokenField.fill(token);
  await facebook.getByRole('button', { name: tr('social.connections.connect'), exact: true }).click();
  await expect(facebook.getByTestId('connection-account')).toContainText(pageName, LOADING);
  await expect(facebook.getByTestId('connection-account')).toContainText(pageId);
  await expect(facebook.getByText(tr('social.connections.connected'), { exact: true })).toBeVisible();
  await shot(page, 'social-connections-connected');

  // Status: header, priority 'important', an end tomorrow, to the RSS feed and Facebook.
  await page.goto(`/${DEMO_CLUB}/some/status`);
  await expect(page.getByRole('heading', { level: 1, name: tr('social.status.title') })).toBeVisible(LOADING);
  await settle(page);
  await shot(page, 'social-status-before');
  const form = page.getByRole('region', { name: tr('social.status.form.title') });
  await form.getByRole('textbox', { name: tr('social.status.form.header') }).fill(header);
  await form.getByRole('combobox', { name: tr('social.status.priority') }).click();
  await page.getByRole('option', { name: tr('social.status.priorities.important'), exact: true }).click();
  await form.getByRole('textbox', { name: tr('social.status.form.body') }).fill('Banen åbner kl. 10 i stedet for kl. 8.');
  const start = new Date(Date.now() - 60_000);
  const end = new Date(Date.now() + 24 * 3600_000);
  await form.getByLabel(tr('social.status.form.start')).fill(localInput(start));
  await form.getByLabel(tr('social.status.form.end')).fill(localInput(end));
  await expect(form.getByRole('checkbox', { name: tr('social.status.channels.rss') })).toBeChecked();
  const facebookChannel = form.getByRole('checkbox', { name: tr('social.status.channels.facebook') });
  await expect(facebookChannel).toBeEnabled();
  await facebookChannel.check();
  await form.getByRole('button', { name: tr('social.status.form.post'), exact: true }).click();

  const current = page.getByTestId('current-status');
  await expect(current.getByTestId('status-header')).toHaveText(header, LOADING);
  await expect(current.getByTestId('status-priority')).toHaveText(tr('social.status.priorityChip', { priority: tr('social.status.priorities.important') }));
  await expect(current.getByTestId('status-visibility')).toHaveText(tr('social.status.visibleNow'));
  // The records become done (the screen reloads while one is pending).
  await expect(current.getByTestId('delivery-rss')).toContainText(tr('social.status.states.done'), LOADING);
  await expect(current.getByTestId('delivery-facebook')).toContainText(tr('social.status.states.done'), LOADING);
  const post = standIns().facebook.posts.find((p) => p.pageId === pageId);
  expect(post, 'the post at the Facebook stand-in').toBeDefined();
  expect(post!.message).toContain(header);
  await expect(current.getByTestId('delivery-facebook')).toContainText(post!.id);
  await expect(page.getByTestId('replaces-note')).toContainText(header);
  await settle(page);
  await shot(page, 'social-status');

  // Delete after confirming.
  await current.getByRole('button', { name: tr('social.status.delete') }).click();
  const confirm = page.getByRole('dialog', { name: tr('social.status.deleteTitle') });
  await expect(confirm).toContainText(header);
  await confirm.getByRole('button', { name: tr('social.status.deleteConfirm'), exact: true }).click();
  await expect(page.getByText(tr('social.status.none'))).toBeVisible(LOADING);
  await expect(current).toHaveCount(0);

  // Disconnect again after confirming (the stand-in sees the page's app subscription removed).
  await page.goto(`/${DEMO_CLUB}/some/connections`);
  await page.getByTestId('connection-facebook').getByRole('button', { name: tr('social.connections.disconnectFor', { service: tr('social.connections.services.facebook') }) }).click();
  const disconnect = page.getByRole('dialog', { name: tr('social.connections.disconnectTitle', { service: tr('social.connections.services.facebook') }) });
  await disconnect.getByRole('button', { name: tr('social.connections.disconnect'), exact: true }).click();
  await expect(page.getByTestId('connection-facebook').getByRole('button', { name: tr('social.connections.connect'), exact: true })).toBeVisible(LOADING);
  expect(standIns().facebook.unsubscribed).toContain(pageId);

  // Nothing of the run stays behind.
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  const left = await request.get(`/api/clubs/${DEMO_CLUB}/announcement`, { headers });
  expect(left.status()).toBe(200);
  expect(await left.text()).toBe('null');
});

test('the Swedish demo club, on the Standard plan, shows Upgrade to Business', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${SWEDISH_CLUB}/some/connections`);
  const facebook = page.getByTestId('connection-facebook');
  await expect(facebook.getByText(en('social.connections.upgrade'), { exact: true })).toBeVisible(LOADING);
  await expect(facebook.getByRole('button', { name: en('social.connections.connect'), exact: true })).toHaveCount(0);
  await settle(page);
  await shot(page, 'social-connections-standard');

  await page.goto(`/${SWEDISH_CLUB}/some/status`);
  await expect(page.getByRole('heading', { level: 1, name: en('social.status.title') })).toBeVisible(LOADING);
  const form = page.getByRole('region', { name: en('social.status.form.title') });
  await expect(form.getByRole('checkbox', { name: en('social.status.channels.facebook') })).toBeDisabled(LOADING);
  await expect(form.getByTestId('channel-note-facebook')).toContainText(en('social.status.form.upgrade'));
  await settle(page);
  await shot(page, 'social-status-standard');
});
