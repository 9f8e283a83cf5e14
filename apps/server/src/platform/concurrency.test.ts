import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { signInActors } from '../../test/actors';

/**
 * The database under concurrent use, over real HTTP on a just-started server: many readers whose
 * every answer is compared with the known one, while other clients write in transactions, make
 * statements fail (unique violation, invalid byte sequence) and hold a transaction open.
 *
 * On the embedded database this failed before it was given exactly one connection: pglite-socket
 * interleaved the protocol messages of the pool's connections in PGlite's one session, so
 * statements ran with another request's parameters ('bind message supplies 1 parameters, but
 * prepared statement "" requires 2', a club's courses answering [], hangs).
 */
describe(`concurrent requests (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let base: string;
  let owner: string;
  let admin: string;
  let augustaId: number;
  let courseId: number;
  let holeIds: number[];

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    ids = await demoIds(t);
    ({ owner, admin } = await signInActors(t, ['owner', 'admin']));
    const clubs = (await t.database.db.execute(sql`select id from clubs where handle not in ('fjordvang', 'ljungbacka') order by id limit 1`)).rows;
    augustaId = Number(clubs[0].id);
    const course = (await t.database.db.execute(sql`select id from courses where club_id = ${ids.dkClubId} order by id limit 1`)).rows;
    courseId = Number(course[0].id);
    holeIds = (await t.database.db.execute(sql`select id from holes where course_id = ${courseId} order by "order" limit 3`)).rows.map((r) => Number(r.id));
  });
  afterAll(() => t?.close());

  async function get(path: string, token: string): Promise<{ status: number; body: string }> {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: await res.text() };
  }

  async function send(method: string, path: string, token: string, payload: unknown): Promise<number> {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  }

  it('answers every reader correctly while writers, failing statements and an open transaction share the database', async () => {
    const reads: [string, string][] = [
      [`/api/clubs/${ids.dkClubId}/courses`, owner],
      ['/api/regions', owner],
      [`/api/clubs/${ids.dkClubId}/club`, owner],
      [`/api/clubs/${ids.dkClubId}/hours`, owner],
      [`/api/clubs/${ids.seClubId}/club`, admin],
      ['/api/clubs-list', owner],
      ['/api/graphics/themes', owner],
      ...holeIds.map((h): [string, string] => [`/api/clubs/${ids.dkClubId}/holes/${h}/drawing/1`, owner]),
      [`/api/clubs/${ids.dkClubId}/status/self-intersections?course_id=${courseId}`, owner],
    ];

    const answers: { path: string; status: number; body: string }[] = [];
    const failures: string[] = [];
    const readers = Array.from({ length: 240 }, async (_, i) => {
      const [path, token] = reads[i % reads.length];
      try {
        answers.push({ path, ...(await get(path, token)) });
      } catch (err) {
        failures.push(`${path}: ${(err as Error).message}`);
      }
    });

    const statuses: number[] = [];
    const writers = Array.from({ length: 12 }, async (_, i) => {
      try {
        // A new club (a transaction), then the same handle again: a unique violation → 409.
        const handle = `storm-${i}`;
        statuses.push(await send('POST', '/api/clubs', admin, { name: `Storm ${i}`, handle }));
        statuses.push(await send('POST', '/api/clubs', admin, { name: `Storm ${i} again`, handle }));
        statuses.push(
          await send('PUT', `/api/clubs/${augustaId}/hours`, admin, { seasons: [], closed_days: [], details: `Round ${i}`, price_groups: [] }),
        );
      } catch (err) {
        failures.push(`writer ${i}: ${(err as Error).message}`);
      }
    });

    // Other clients of the same database: statements that fail, and a transaction held open.
    const db = t.database.db;
    const direct = Array.from({ length: 8 }, async (_, i) => {
      await expect(db.execute(sql`select convert_from(${Buffer.from([0xff, 0xfe])}::bytea, 'UTF8')`)).rejects.toThrow();
      await expect(db.execute(sql`insert into clubs (id, name, handle) select id, name, handle from clubs limit 1`)).rejects.toThrow();
      if (i % 4 === 0) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`update clubs set name = name where id = ${augustaId}`);
          await sleep(300);
        });
      }
    });

    const started = Date.now();
    await Promise.all([...readers, ...writers, ...direct]);
    const elapsed = Date.now() - started;

    // The known answers, one at a time, after the storm (the readers' data did not change).
    const known = new Map<string, string>();
    for (const [path, token] of reads) {
      const res = await get(path, token);
      expect(res.status, path).toBe(200);
      known.set(path, res.body);
    }
    const wrong = answers.filter((a) => a.status !== 200 || a.body !== known.get(a.path));
    expect(failures, 'requests that failed or hung').toEqual([]);
    expect(
      wrong.map((w) => `${w.path} → ${w.status} ${w.body.slice(0, 120)}`),
      'answers that differ from the known one',
    ).toEqual([]);
    expect(answers).toHaveLength(240);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    expect(elapsed).toBeLessThan(60_000);
  });

  it('goes on answering after the storm', async () => {
    const res = await get(`/api/clubs/${ids.dkClubId}/courses`, owner);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).length).toBeGreaterThan(0);
  });
});
