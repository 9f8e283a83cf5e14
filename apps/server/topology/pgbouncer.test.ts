// Two API instances and a job worker whose pools go through PgBouncer in transaction mode, set up
// as docs/scaling.md says ("PgBouncer: what needs a session"): the change feed and the migrations
// on DATABASE_DIRECT_URL, the session settings made by PgBouncer's connect_query, named statements
// only where PgBouncer keeps them (1.21 and later). Until now this was checked by hand.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type PgBouncer, type Topology } from '../../../scripts/topology-lib.mjs';
import { throughProxy, type Instance } from './through-proxy';

/** How the change feed's connection names itself (platform/data-changes.ts). */
const FEED_APPLICATION = 'golf-console change feed';

describe('several instances through PgBouncer in transaction mode (postgresql)', () => {
  let topo: Topology;
  let bouncer: PgBouncer;
  let database: pg.Client;
  const log: string[] = [];
  const { call, signIn } = throughProxy(() => topo);
  let owner: string;
  let clubId: number;

  /** This database's backends on PostgreSQL, by kind: the feeds (direct) and the rest (PgBouncer's). */
  async function backends(): Promise<{ feeds: number; pooled: number }> {
    const { rows } = await database.query<{ feeds: number; pooled: number }>(
      `select count(*) filter (where application_name = $1)::int as feeds,
              count(*) filter (where application_name <> $1)::int as pooled
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      [FEED_APPLICATION],
    );
    return rows[0]!;
  }

  beforeAll(async () => {
    const started = Date.now();
    topo = await startTopology({ apiInstances: 2, workers: 1, pgbouncer: true, log: (line) => log.push(line) });
    bouncer = topo.pgbouncer!;
    console.log(`topology through PgBouncer ${bouncer.version} (named statements: ${bouncer.namedStatements}) started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    database = new pg.Client({ connectionString: topo.databaseUrl });
    await database.connect();
    owner = await signIn('api1', 'owner@example.com', 'owner-demo');
    const clubs = await call('api1', 'GET', 'clubs', { token: owner });
    clubId = clubs.json<{ id: number; handle: string }[]>().find((c) => c.handle === 'fjordvang')!.id;
  });
  afterAll(async () => {
    await database?.end();
    await topo?.stop();
  });

  it('sends every pooled connection through PgBouncer, whose few server connections the pools share, and the feeds direct', async () => {
    // Saves at 40 at once, over both instances: each instance's pool opens up to 10 connections.
    const saves = await Promise.all(
      Array.from({ length: 40 }, (_v, i) => call(i % 2 ? 'api2' : 'api1', 'PUT', `clubs/${clubId}`, { token: owner, body: { phone: `+45 70 00 00 ${String(i).padStart(2, '0')}` } })),
    );
    expect(saves.map((s) => s.status)).toEqual(saves.map(() => 200));
    const clients = (await bouncer.show('SHOW CLIENTS')).filter((c) => c.database === new URL(topo.databaseUrl).pathname.slice(1));
    const { feeds, pooled } = await backends();
    // Both instances' pools and the worker's are PgBouncer's clients (how many connections each
    // pool opened depends on the timing: 8 to 10 in the runs here), and PostgreSQL sees no more
    // pooled backends than PgBouncer's server connections.
    console.log(`PgBouncer: ${clients.length} clients, PostgreSQL: ${pooled} pooled backends and ${feeds} feeds`);
    expect(clients.length).toBeGreaterThanOrEqual(3);
    expect(pooled).toBeLessThanOrEqual(bouncer.poolSize);
    // Each instance's change feed listens on PostgreSQL itself (DATABASE_DIRECT_URL).
    expect(feeds).toBe(2);
  });

  it("serves on api2 at once what api1 saved, though api2 kept the old answer (the feed on the direct address)", async () => {
    const path = `clubs/${clubId}/club`;
    const before = await call('api2', 'GET', path, { token: owner });
    expect(before.status, before.text).toBe(200);
    expect((await call('api2', 'GET', path, { token: owner })).json()).toEqual(before.json());
    const name = `Fjordvang ${Date.now()}`;
    const put = await call('api1', 'PUT', `clubs/${clubId}`, { token: owner, body: { name } });
    expect(put.status, put.text).toBe(200);
    // The notification travels to api2's feed: a moment, not a session cache's time.
    const started = Date.now();
    let after = await call('api2', 'GET', path, { token: owner });
    while (after.json<{ name: string }>().name !== name && Date.now() - started < 2_000) after = await call('api2', 'GET', path, { token: owner });
    expect(after.json()).toEqual(put.json());
  });

  it("makes the change notices on PgBouncer's server connections (connect_query), and the writer reads its own save next, 30 times in a row", async () => {
    // What a pooled statement sees: the session settings PgBouncer made on its server connection.
    // (Without them the writer heard its own change only by the feed, a moment later: docs/scaling.md.)
    const pooled = new pg.Client({ connectionString: bouncer.url });
    await pooled.connect();
    try {
      const { rows } = await pooled.query<{ notices: string | null; timeout: string }>(
        "select current_setting('golf.change_notices', true) as notices, current_setting('statement_timeout') as timeout",
      );
      expect(rows[0]).toEqual({ notices: 'on', timeout: '15s' });
    } finally {
      await pooled.end();
    }
    const path = `clubs/${clubId}/hours`;
    const current = await call('api1', 'GET', path, { token: owner });
    expect(current.status, current.text).toBe(200);
    const { updated_at: _stamp, ...hours } = current.json<{ updated_at: string | null; details: string }>();
    const stale: number[] = [];
    for (let i = 0; i < 30; i++) {
      const instance: Instance = i % 2 ? 'api2' : 'api1';
      // Read first, so that the instance keeps the answer the save must end.
      expect((await call(instance, 'GET', path, { token: owner })).status).toBe(200);
      const details = `Through PgBouncer, save ${i}`;
      const saved = await call(instance, 'PUT', path, { token: owner, body: { ...hours, details } });
      expect(saved.status, saved.text).toBe(200);
      const read = await call(instance, 'GET', path, { token: owner });
      if (read.json<{ details: string }>().details !== details) stale.push(i);
    }
    expect(stale).toEqual([]);
  });

  it('answers reads and saves at 60 at once with 200, every time, in two rounds', async () => {
    const paths = ['club', 'hours', 'courses', 'users', 'guides', 'pin-setups'].map((p) => `clubs/${clubId}/${p}`);
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_v, i) => {
          const instance: Instance = i % 2 ? 'api2' : 'api1';
          if (i % 6 === 5) return call(instance, 'PUT', `clubs/${clubId}`, { token: owner, body: { homepage: `https://fjordvang.example/${round}-${i}` } });
          return call(instance, 'GET', paths[i % paths.length]!, { token: owner });
        }),
      );
      expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
    }
    // No statement went astray between clients (what named statements do before PgBouncer 1.21).
    expect(log.filter((line) => /prepared statement/i.test(line))).toEqual([]);
  });

  it('writes a course with its holes in one transaction, read back through the other instance', async () => {
    const created = await call('api1', 'POST', `clubs/${clubId}/courses`, {
      token: owner,
      body: {
        name: `PgBouncer course ${Date.now()}`,
        tees: [{ name: 'Yellow', color: '#fbc02d' }],
        holes: [1, 2, 3].map((n) => ({ name: `Hole ${n}`, par: 4, handicap: n, distances: [{ tee: 0, distance: 300 + n }] })),
      },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json<{ id: number }>();
    const courses = await call('api2', 'GET', `clubs/${clubId}/courses`, { token: owner });
    const course = courses.json<{ id: number; holes: { name: string }[] }[]>().find((c) => c.id === id);
    expect(course?.holes.map((h) => h.name)).toEqual(['Hole 1', 'Hole 2', 'Hole 3']);
  });

  it('starts an instance again: the migrations take and free their session lock on the direct address', async () => {
    await topo.api[1]!.restart();
    expect((await call('api2', 'GET', 'ready')).json()).toEqual({ ready: true });
    const { rows } = await database.query<{ held: number }>("select count(*)::int as held from pg_locks where locktype = 'advisory' and granted");
    expect(rows[0]!.held).toBe(0);
    // The worker polled through PgBouncer all along without an error.
    expect(topo.workers[0]!.output()).not.toMatch(/error/i);
  });
});
