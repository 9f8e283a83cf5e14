import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

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
