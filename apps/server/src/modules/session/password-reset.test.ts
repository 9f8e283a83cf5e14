import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets } from '../../db/schema/index';
import { hashToken } from '../../platform/tokens';
import { buildTestApp, call, createUser, signIn, testDatabaseKind, userRow, type TestApp } from '../../../test/test-app';
import { LOGIN_FAILED, RESET_INVALID, RESET_REQUEST_LIMIT } from './service';

const HOUR_MS = 60 * 60_000;
const LINK = /^http:\/\/console\.test\/reset_password\/([A-Za-z0-9_-]+)\/(\S+)$/m;

describe(`password reset (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const requestReset = (email: unknown) => call(t.app, 'POST', '/api/reset_password', { payload: { email } });
  const reset = (payload: unknown) => call(t.app, 'PUT', '/api/reset_password', { payload });
  const authenticate = (username: string, password: string) =>
    call(t.app, 'POST', '/api/authenticate', { payload: { username, password } });

  /** Asks for a reset and returns the token and email of the mailed link. */
  async function mailedLink(email: string): Promise<{ token: string; email: string; link: string }> {
    const before = t.outbox.length;
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox[before];
    const match = LINK.exec(mail.text);
    if (!match) throw new Error(`no reset link in: ${mail.text}`);
    return { token: match[1], email: decodeURIComponent(match[2]), link: match[0] };
  }

  it('mails a link with the token and the URL-encoded email to a known account', async () => {
    await createUser(t, { email: 'mail+link@example.com', password: 'first-password', firstName: 'Mia' });
    const before = t.outbox.length;
    const res = await requestReset('Mail+Link@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox[before];
    expect(mail.to).toBe('mail+link@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Mia');
    const match = LINK.exec(mail.text)!;
    expect(match).not.toBeNull();
    expect(match[0]).toBe(`http://console.test/reset_password/${match[1]}/mail%2Blink%40example.com`);
    // Only a hash of the token is stored.
    const rows = await t.database.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === match[1])).toBe(false);
    expect(rows.filter((r) => r.tokenHash === hashToken(match[1]))).toHaveLength(1);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const before = t.outbox.length;
    const res = await requestReset('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(t.outbox).toHaveLength(before);
  });

  it.each([['not-an-email'], [''], [42], [null]])('refuses the email %j with 400', async (email) => {
    const res = await requestReset(email);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('sets the new password once and signs out every earlier session', async () => {
    await createUser(t, { email: 'forgot@example.com', password: 'old-password-1' });
    const earlier = await signIn(t.app, 'forgot@example.com', 'old-password-1');
    const { token, email } = await mailedLink('forgot@example.com');
    expect(email).toBe('forgot@example.com');

    // Failed attempts do not use the token up.
    const short = await reset({ email, token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8/);
    const otherEmail = await reset({ email: 'staff@example.com', token, password: 'new-password-1' });
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().error).toBe(RESET_INVALID);
    const unknownEmail = await reset({ email: 'nobody-here@example.com', token, password: 'new-password-1' });
    expect(unknownEmail.statusCode).toBe(400);
    expect((await authenticate('staff@example.com', 'new-password-1')).statusCode).toBe(401);

    const ok = await reset({ email: 'Forgot@Example.com', token, password: 'new-password-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });

    expect((await authenticate('forgot@example.com', 'new-password-1')).statusCode).toBe(200);
    const old = await authenticate('forgot@example.com', 'old-password-1');
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(LOGIN_FAILED);
    expect((await call(t.app, 'PUT', '/api/authenticated', { token: earlier })).statusCode).toBe(401);
    expect((await userRow(t, 'forgot@example.com')).passwordHash).toMatch(/^\$argon2id\$/);

    const again = await reset({ email, token, password: 'new-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(RESET_INVALID);
    expect((await authenticate('forgot@example.com', 'new-password-1')).statusCode).toBe(200);
  });

  it('refuses an unknown or expired token with 400', async () => {
    await createUser(t, { email: 'late@example.com', password: 'late-password' });
    const unknown = await reset({ email: 'late@example.com', token: 'A'.repeat(43), password: 'new-password-1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(RESET_INVALID);

    const { token } = await mailedLink('late@example.com');
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const expired = await reset({ email: 'late@example.com', token, password: 'new-password-1' });
    expect(expired.statusCode).toBe(400);
    expect((await authenticate('late@example.com', 'late-password')).statusCode).toBe(200);
  });

  it.each([
    ['no token', { email: 'late@example.com', password: 'new-password-1' }],
    ['no password', { email: 'late@example.com', token: 'A'.repeat(43) }],
    ['no email', { token: 'A'.repeat(43), password: 'new-password-1' }],
    ['a short token', { email: 'late@example.com', token: 'abc', password: 'new-password-1' }],
    ['a numeric password', { email: 'late@example.com', token: 'A'.repeat(43), password: 12345678 }],
  ])('refuses a reset with %s with 400', async (_label, payload) => {
    const res = await reset(payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it(`refuses more than ${RESET_REQUEST_LIMIT} reset requests per email and hour with 429`, async () => {
    await createUser(t, { email: 'flood@example.com', password: 'flood-password' });
    // The counter uses fixed hourly windows: stay clear of the edge of one.
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 200));
    const before = t.outbox.length;
    for (let i = 0; i < RESET_REQUEST_LIMIT; i++) {
      expect((await requestReset(i % 2 ? 'FLOOD@example.com' : 'flood@example.com')).statusCode).toBe(200);
    }
    expect(t.outbox).toHaveLength(before + RESET_REQUEST_LIMIT);
    const refused = await requestReset('flood@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many reset requests/);
    expect(t.outbox).toHaveLength(before + RESET_REQUEST_LIMIT);
    // Unknown emails are counted too, so the answer reveals nothing.
    for (let i = 0; i < RESET_REQUEST_LIMIT; i++) expect((await requestReset('ghost@example.com')).statusCode).toBe(200);
    expect((await requestReset('ghost@example.com')).statusCode).toBe(429);
    // Other emails are not affected.
    expect((await requestReset('forgot@example.com')).statusCode).toBe(200);
  });

  it('keeps counting reset requests when a failed sign-in clears old sign-in counters', async () => {
    // Late in an hour, the sign-in limiter (15-minute windows) tidies up its old windows; the
    // hourly reset counters that share the table must survive that.
    vi.useFakeTimers({ toFake: ['Date'] });
    const nextHour = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
    vi.setSystemTime(nextHour + 40 * 60_000);
    for (let i = 0; i < RESET_REQUEST_LIMIT; i++) expect((await requestReset('window@example.com')).statusCode).toBe(200);
    expect((await requestReset('window@example.com')).statusCode).toBe(429);
    expect((await authenticate('window@example.com', 'wrong-password')).statusCode).toBe(401);
    expect((await requestReset('window@example.com')).statusCode).toBe(429);
    // A new hour starts a new window.
    vi.setSystemTime(nextHour + HOUR_MS + 60_000);
    expect((await requestReset('window@example.com')).statusCode).toBe(200);
  });
});
