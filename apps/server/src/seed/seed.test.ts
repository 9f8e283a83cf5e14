import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';
import { sql } from 'drizzle-orm';
import type { DemoContext } from '../platform/app-types';
import { seedAdmin, seedDemo } from './seed';

describe(`a new installation without the demo (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('creates the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD once, and never overwrites it', async () => {
    expect(await seedAdmin(t.database.db, ' Boss@Club.example ', 'first-password')).toBe(true);
    expect(await seedAdmin(t.database.db, 'boss@club.example', 'other-password')).toBe(false);
    await expect(signIn(t.app, 'boss@club.example', 'other-password')).rejects.toThrow(/401/);
    const token = await signIn(t.app, 'boss@club.example', 'first-password');
    const profile = (await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) })).json();
    expect(profile).toMatchObject({ admin: true, defaultClubId: null, roles: {} });
  });

  it('refuses a malformed email or a short password', async () => {
    await expect(seedAdmin(t.database.db, 'not-an-email', 'long-enough')).rejects.toThrow(/ADMIN_EMAIL/);
    await expect(seedAdmin(t.database.db, 'a@b.example', 'short')).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('lets that administrator create the first club, which becomes their default club', async () => {
    const token = await signIn(t.app, 'boss@club.example', 'first-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/clubs', headers: bearer(token) })).json()).toEqual([]);
    const created = await t.app.inject({ method: 'POST', url: '/api/clubs', headers: bearer(token), payload: { name: 'First Club', handle: 'first-club' } });
    expect(created.statusCode).toBe(201);
    const profile = (await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) })).json();
    expect(profile.defaultClubId).toBe(created.json().id);
  });
});

describe(`an area's own demo data, written by the demo (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  const countOf = async (table: 'users' | 'clubs') =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n;

  it("rolls the whole demo back when an area's demo fails, so a new start writes it again", async () => {
    const failing = async () => {
      throw new Error('the area demo failed');
    };
    await expect(seedDemo(t.database.db, [failing])).rejects.toThrow('the area demo failed');
    expect(await countOf('users')).toBe(0);
    expect(await countOf('clubs')).toBe(0);
  });

  it("runs each area demo in order, inside the demo's transaction, with the demo's clubs, course and owner", async () => {
    const seen: string[] = [];
    let context: DemoContext | null = null;
    const first = async (demo: DemoContext) => {
      context = demo;
      // Inside the transaction: the demo's rows are visible to the area through demo.tx.
      const [club] = (await demo.tx.execute<{ name: string }>(sql`select name from clubs where id = ${demo.clubId}`)).rows;
      const [course] = (await demo.tx.execute<{ club_id: number }>(sql`select club_id from courses where id = ${demo.courseId}`)).rows;
      const [owner] = (await demo.tx.execute<{ email: string }>(sql`select email from users where id = ${demo.ownerUserId}`)).rows;
      const [second] = (await demo.tx.execute<{ name: string }>(sql`select name from clubs where id = ${demo.secondClubId}`)).rows;
      seen.push(`first: ${club.name}, course of club ${course.club_id === demo.clubId}, ${owner.email}, ${second.name}`);
    };
    const second = async () => {
      seen.push('second');
    };
    expect(await seedDemo(t.database.db, [first, second])).toBe(true);
    expect(seen).toEqual(['first: Fjordvang Golfklub, course of club true, owner@example.com, Ljungbacka Golfklubb', 'second']);
    expect(context).not.toBeNull();
    // Written once: a second call finds users and writes nothing, the area demos included.
    expect(await seedDemo(t.database.db, [first])).toBe(false);
    expect(seen).toHaveLength(2);
  });
});
