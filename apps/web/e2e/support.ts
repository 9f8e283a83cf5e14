import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startStandIns, type StandIns } from '../../server/test/stand-ins/index';

export { expect };

const ROOT = join(import.meta.dirname, '../../..');

/** A TCP port nothing listens on now (the system picks it), so that runs side by side do not collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The server of one worker: the built server (`apps/server/dist/main.js`, which also serves the
 * built app) on a data folder of this worker's own, where it creates the embedded database and
 * seeds the demo. The tests change data, so two workers must never share a database: each worker
 * process starts its own server and stops it when the worker ends. A worker that replaces a failed
 * one gets a fresh folder and a fresh demo. The outbox (`outbox()`) is read from the same folder.
 */
/**
 * The worker's stand-ins for the services communication talks to (issue 23: Facebook, the national
 * golf app, a Web Push service, a feed server), started before its server, which is pointed at them.
 */
let workerStandIns: StandIns | null = null;
export function standIns(): StandIns {
  if (!workerStandIns) throw new Error('the worker has not started its stand-ins');
  return workerStandIns;
}

async function startServer(workerIndex: number, parallelIndex: number): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  workerStandIns ??= await startStandIns();
  const dataDir = join(process.env.E2E_DATA_DIR!, `w${workerIndex}`);
  mkdirSync(dataDir, { recursive: true });
  // E2E_PORT fixes the first worker's port (the next ones take the ports after it); otherwise a free one.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + parallelIndex : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    // Stdout is the request log (quiet at warn); stderr shows in the test output, as a failing start's reason.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The tests generate the demo guide's products themselves, from a known state.
      DEMO_PRODUCTS: 'false',
      // A small season of the golfers' app (issue 22) for the insights screens, written by a job after the start.
      DEMO_SEASON_ROUNDS: '400',
      ...workerStandIns.env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A worker that is killed (an interrupted run) does not leave its server behind.
  process.once('exit', () => child.kill('SIGKILL'));
  let gone = false;
  void exited.then(() => (gone = true));
  // The first start creates the database and seeds the demo: allow 2 minutes on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`the e2e server (worker ${workerIndex}, port ${port}) exited while starting`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the e2e server (worker ${workerIndex}, port ${port}) was not healthy within 2 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (gone) return;
      child.kill('SIGTERM');
      // The server stops its jobs and closes the database on SIGTERM; a hang is cut short after 15 s.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      await workerStandIns?.close();
      workerStandIns = null;
    },
  };
}

/**
 * Playwright's test, with a server per worker (its address is every test's `baseURL`, for `page`
 * and `request`), failing any test during which the page threw an uncaught error.
 */
export const test = base.extend<{ failOnPageError: void }, { workerServer: { url: string; dataDir: string } }>({
  workerServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: it must be one, empty here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.workerIndex, workerInfo.parallelIndex);
      // The helpers below (outbox, mail links) read this worker's folder.
      process.env.E2E_WORKER_DATA_DIR = server.dataDir;
      await use({ url: server.url, dataDir: server.dataDir });
      await server.stop();
    },
    // Started before a worker's first test (seeding may take a while: the time is not the test's).
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
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
  const dir = join(process.env.E2E_WORKER_DATA_DIR!, 'outbox');
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

/** A session made through the API, as `POST /api/authenticate` answers it. */
export interface ApiSession {
  token: string;
  expired_at: string;
}

/** Signs `user` in through the API (the server hashes the password: tens to hundreds of ms). */
export async function apiSession(request: APIRequestContext, user: { email: string; password: string }): Promise<ApiSession> {
  const response = await request.post('/api/authenticate', { data: { username: user.email, password: user.password } });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  return (await response.json()) as ApiSession;
}

/**
 * Opens `path` already signed in as `user`: the session is made through the API and put where the
 * app keeps it before the app starts (once per tab, so a later logout sticks). With `session`, that
 * session instead of a new one.
 */
export async function openAs(page: Page, user: { email: string; password: string }, path: string, session?: ApiSession) {
  const { token, expired_at } = session ?? (await apiSession(page.request, user));
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
