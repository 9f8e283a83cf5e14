import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/** Playwright's test, failing any test during which the page threw an uncaught error. */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo' },
  owner: { email: 'owner@example.com', password: 'owner-demo' },
  staff: { email: 'staff@example.com', password: 'staff-demo' },
} as const;

/** The mails the server wrote to its outbox, oldest first. */
export function outbox(): { to: string; subject: string; text: string }[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')));
}

/** Waits for the newest mail to `to` and returns the first link in it. */
export async function latestLinkTo(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mails = outbox().filter((m) => m.to === to);
      link = mails.at(-1)?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

export async function expectNoConsoleErrors(page: Page, run: () => Promise<void>) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await run();
  expect(errors).toEqual([]);
}

export type DemoUser = (typeof DEMO)[keyof typeof DEMO];

/** The key under which the app keeps its session in localStorage. */
export const SESSION_KEY = 'golf-console.session';
export const LANGUAGE_KEY = 'golf-console.language';

/** The mails the server wrote to `to` so far. */
export function mailCountTo(to: string): number {
  return outbox().filter((m) => m.to === to).length;
}

/** Waits for a mail to `to` newer than the first `seen` ones and returns the first link in it. */
export async function newLinkTo(to: string, seen: number): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mails = outbox().filter((m) => m.to === to);
      link = mails.length > seen ? (mails.at(-1)?.text.match(/https?:\/\/\S+/)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Signs in through the login form and waits until the app has left /signin. */
export async function signIn(page: Page, user: { email: string; password: string }, landing: RegExp = /\/\d+\/home$/) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(landing);
}

/** A fresh session token from the API (no browser involved). */
export async function apiToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/authenticate', { data: { username: user.email, password: user.password } });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Opens `path` already signed in as `user`: the session is made through the API and put where the
 * app keeps it before the app starts (once per tab, so a later logout sticks).
 */
export async function openAs(page: Page, user: { email: string; password: string }, path: string) {
  const response = await page.request.post('/api/authenticate', { data: { username: user.email, password: user.password } });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  const { token, expired_at } = (await response.json()) as { token: string; expired_at: string };
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('e2e.session-seeded')) return;
      sessionStorage.setItem('e2e.session-seeded', '1');
      localStorage.setItem(key, value);
    },
    { key: SESSION_KEY, value: JSON.stringify({ token, expiresAt: expired_at }) },
  );
  await page.goto(path);
}

export interface ApiProfile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'da' | 'sv';
}

/** Sets name and language of a demo user through the API (to put shared data back). */
export async function apiUpdateProfile(
  request: APIRequestContext,
  user: { email: string; password: string },
  patch: Partial<Pick<ApiProfile, 'firstName' | 'lastName' | 'language'>>,
): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request, user)}` };
  const profile = (await (await request.put('/api/authenticated', { headers })).json()) as ApiProfile;
  const body = { id: profile.id, firstName: profile.firstName, lastName: profile.lastName, language: profile.language, ...patch };
  const response = await request.put(`/api/users/${profile.id}`, { headers, data: body });
  expect(response.status(), 'profile update').toBe(200);
}

/** Sets a user's password through the reset mail (works whatever the current password is). */
export async function apiResetPassword(request: APIRequestContext, email: string, password: string): Promise<void> {
  const seen = mailCountTo(email);
  const asked = await request.post('/api/reset_password', { data: { email } });
  expect(asked.status(), 'reset request').toBe(200);
  const link = await newLinkTo(email, seen);
  const token = decodeURIComponent(new URL(link).pathname.split('/')[2]);
  const done = await request.put('/api/reset_password', { data: { email, password, token } });
  expect(done.status(), 'reset').toBe(200);
}

/** The snack (one at a time) of the given type. */
export function snack(page: Page, type: 'loading' | 'confirmation' | 'error' | 'warning') {
  return page.locator(`[role="alert"][data-snack-type="${type}"]`);
}

/**
 * A link of the side menu. A group with one screen is a direct link; once it holds several it
 * is a collapsible group (§2), so the group (`group`, its visible name) is opened when needed.
 */
export async function menuLink(page: Page, name: string, options: { group?: string; menu?: string } = {}) {
  const nav = page.getByRole('navigation', { name: options.menu ?? 'Main menu' });
  const link = nav.getByRole('link', { name, exact: true });
  if (!options.group) return link;
  const group = nav.getByRole('button', { name: options.group, exact: true });
  await expect(link.or(group).first()).toBeVisible();
  if ((await group.count()) > 0 && (await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await expect(link).toBeVisible();
  return link;
}
