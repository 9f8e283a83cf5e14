// The read cache and the changes the database tells of (issues 12 and 21, docs/decisions/0012 and
// 0022). Every table's triggers say which table and clubs a write changed: to the writing session
// as notices (both databases), to other servers as notifications (PostgreSQL). A server listens
// on a connection of its own: a change made by another process (another server, a job worker,
// psql) ends the kept answers that read it as soon as it is heard, and while the server cannot
// hear, nothing is kept. On the embedded database only this process reaches the data: no
// listening connection.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import Fastify from 'fastify';
import { buildTestApp, call, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { changeTracker, ownBackendPids } from './database';
import { registerReadCache } from './read-cache';
import { ChangeTracker } from './change-tracker';
import { eventually, otherConnection, poolConnectionString, queriesOf } from '../../test/read-cache';
import { CHANNEL, changeFeed, ensureChangeNotifications, FEED_APPLICATION, tablesWithoutChangeNotifications } from './data-changes';

const embedded = testDatabaseKind === 'pglite';


describe(`changes made by other processes (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  /** Another process's connection: its writes are not counted by this server's pool. */
  let other: pg.Client | null = null;
  const connectionString = () => poolConnectionString(t.database);

  const club = async () => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/club`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { name: string; phone: string };
  };
  /** How many pooled connections a read of the club takes (the session lookup is one). */
  const taken = async () => {
    const connects = vi.spyOn(t.database.pool, 'connect');
    try {
      await club();
      return connects.mock.calls.length;
    } finally {
      connects.mockRestore();
    }
  };
  const feedBackends = async () =>
    (await t.database.pool.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [FEED_APPLICATION])).rows.map((r) => r.pid);

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    owner = await signIn(t.app, ...DEMO.owner);
    other = await otherConnection(t.database);
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('every table tells its changes, on both databases; a table added later gets the triggers on the next start', async () => {
    expect(await tablesWithoutChangeNotifications(t.database.db)).toEqual([]);
    await t.database.pool.query('create table change_feed_probe (id int)');
    expect(await tablesWithoutChangeNotifications(t.database.db)).toEqual(['change_feed_probe']);
    await ensureChangeNotifications(t.database.db, { notify: !embedded });
    await ensureChangeNotifications(t.database.db, { notify: !embedded }); // idempotent
    expect(await tablesWithoutChangeNotifications(t.database.db)).toEqual([]);
    await t.database.pool.query('drop table change_feed_probe');
  });

  it('listens on one connection of its own on PostgreSQL, none on the embedded database', async () => {
    if (embedded) {
      // PGlite has one session, the pool's (decision 0008): nothing else may connect to it.
      expect(t.database.pool.totalCount).toBeLessThanOrEqual(1);
      return;
    }
    expect(await eventually(async () => (await feedBackends()).length === 1)).toBe(true);
    const { rows } = await t.database.pool.query<{ query: string }>('select query from pg_stat_activity where application_name = $1 and datname = current_database()', [FEED_APPLICATION]);
    expect(rows[0].query.toLowerCase()).toMatch(/listen|select 1/);
  });

  it("another process's change ends the kept answer as soon as it is heard", async () => {
    await club();
    expect(await taken()).toBe(1); // kept
    if (embedded) return; // nobody else can write the embedded database
    await other!.query('update clubs set phone = $1 where id = $2', ['+45 70 70 70 70', ids.dkClubId]);
    // The notification arrives right after the commit; until then the kept answer may be given.
    expect(await eventually(async () => (await club()).phone === '+45 70 70 70 70', 2_000)).toBe(true);
    expect(await taken()).toBe(1); // and the new answer is kept again
    // A change of what the answer did not read (another club's row, no row at all) leaves it kept.
    await other!.query('update clubs set phone = phone where id = $1', [ids.seClubId]);
    await other!.query('update club_members set phone = phone where club_id = -1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await taken()).toBe(1);
    // A change of the club's regions (another table the answer read) ends it.
    await other!.query('update club_regions set region_id = region_id where club_id = $1', [ids.dkClubId]);
    expect(await eventually(async () => (await taken()) === 2, 2_000)).toBe(true);
  });

  it("this server's own writes are heard by its pool at once; their notifications are not counted again", async () => {
    await club();
    await t.database.pool.query('update clubs set phone = phone where id = $1', [ids.dkClubId]);
    expect(await taken()).toBe(2); // the write ended the kept answer at once
    // The write's notification arrives after its commit: it must not end the answer kept since.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await taken()).toBe(1);
  });

  it('a change in a transaction is heard when it commits, not before', async () => {
    if (embedded) {
      expect(await taken()).toBe(1);
      return;
    }
    await club();
    await other!.query('begin');
    await other!.query('update clubs set phone = $1 where id = $2', ['+45 80 80 80 80', ids.dkClubId]);
    // Not committed: the answer is still the committed one, and still kept.
    expect((await club()).phone).not.toBe('+45 80 80 80 80');
    expect(await taken()).toBe(1);
    await other!.query('commit');
    expect(await eventually(async () => (await club()).phone === '+45 80 80 80 80', 2_000)).toBe(true);
  });

  it('keeps nothing while the notifications cannot be heard, and reads afresh once they are back', async () => {
    if (embedded) {
      expect(await taken()).toBe(1);
      return;
    }
    await club();
    expect(await taken()).toBe(1);
    const [pid] = await feedBackends();
    // The listening connection is lost (an administrator, a restart of the database, a network).
    await other!.query('select pg_terminate_backend($1)', [pid]);
    await other!.query('update clubs set phone = $1 where id = $2', ['+45 90 90 90 90', ids.dkClubId]);
    // Lost or not yet back: a read queries; once back with a new connection, the change is there.
    expect(await eventually(async () => {
      const pids = await feedBackends();
      return pids.length === 1 && pids[0] !== pid;
    })).toBe(true);
    // Listening again (LISTEN answered a moment after the connection shows): answers are kept
    // again, and the kept one has the change made while nobody listened.
    expect(await eventually(async () => (await taken()) === 1)).toBe(true);
    expect((await club()).phone).toBe('+45 90 90 90 90');
  });

  it('a feed that cannot connect is not live and says so; it listens once the database is there', async () => {
    const messages: string[] = [];
    const url = embedded ? 'postgres://postgres@127.0.0.1:1/none' : connectionString();
    const broken = changeFeed(url.replace(/:\d+\//, ':1/'), new ChangeTracker(), { retryMs: 50, maxRetryMs: 100, heartbeatTimeoutMs: 500, log: (m) => messages.push(m) });
    await broken.start();
    expect(broken.live).toBe(false);
    expect(messages.join('\n')).toMatch(/lost the change notifications/);
    await broken.close();
    if (embedded) return;
    const tracker = new ChangeTracker();
    const feed = changeFeed(connectionString(), tracker, { log: (m) => messages.push(m) });
    await feed.start();
    expect(feed.live).toBe(true);
    const before = tracker.now;
    await other!.query(`notify ${CHANNEL}, 'clubs:7'`);
    expect(await eventually(() => tracker.changedSince(before, { club: 7, tables: ['clubs'] }), 2_000)).toBe(true);
    expect(tracker.changedSince(before, { club: 8, tables: ['clubs'] })).toBe(false);
    // A payload it cannot read (an older server's, empty) is a change of everything.
    await other!.query(`notify ${CHANNEL}`);
    expect(await eventually(() => tracker.changedSince(before, { club: 8, tables: ['clubs'] }), 2_000)).toBe(true);
    await feed.close();
    expect(feed.live).toBe(false);
  });

  it("does not count the notifications of the server's own pool (its changes are heard there)", async () => {
    if (embedded) {
      expect(ownBackendPids(t.database.db).size).toBe(0);
      return;
    }
    // The pool's open connections are known by their backend process ids.
    const { rows } = await t.database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(ownBackendPids(t.database.db).has(rows[0].pid)).toBe(true);
    const otherPid = (other as unknown as { processID: number }).processID;
    const third = new pg.Client({ connectionString: connectionString() });
    await third.connect();
    const tracker = new ChangeTracker();
    const feed = changeFeed(connectionString(), tracker, { ownBackends: new Set([otherPid]) });
    try {
      await feed.start();
      const before = tracker.now;
      await other!.query(`notify ${CHANNEL}, 'courses:1'`);
      await third.query(`notify ${CHANNEL}, 'courses:2'`);
      expect(await eventually(() => tracker.now > before, 2_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The third connection's only.
      expect(tracker.now).toBe(before + 1);
      expect(tracker.changedSince(before, { club: 2, tables: ['courses'] })).toBe(true);
      expect(tracker.changedSince(before, { club: 1, tables: ['courses'] })).toBe(false);
    } finally {
      await feed.close();
      await third.end();
    }
  });
  it('listens at DATABASE_DIRECT_URL when it is set, and then counts the notifications of its own pool too', async () => {
    // A bare app with the read cache listening at `listenUrl`, and one kept route reading a club's phone.
    const probe = async (listenUrl: string) => {
      const app = Fastify();
      app.decorateRequest('auth', null);
      registerReadCache(app, { db: t.database.db }, true, listenUrl);
      app.get('/probe', { config: { access: 'public', readCache: true } }, async () => (await t.database.pool.query('select phone from clubs where id = $1', [ids.dkClubId])).rows[0]);
      await app.ready();
      return { app, read: () => queriesOf(t.database, () => app.inject({ method: 'GET', url: '/probe' })) };
    };
    const unreachable = 'postgres://postgres@127.0.0.1:1/none';
    if (embedded) {
      // No other process reaches the embedded database: nothing listens, whatever the address.
      const { app, read } = await probe(unreachable);
      try {
        await read();
        expect(await read()).toBe(0); // kept
      } finally {
        await app.close();
      }
      return;
    }
    // Listening at an address that does not answer: the feed is never live, so nothing is kept.
    const deaf = await probe(unreachable);
    try {
      await deaf.read();
      expect(await deaf.read()).toBe(1);
    } finally {
      await deaf.app.close();
    }
    // The same database under another spelling (as a direct address beside a pooler's would be).
    const direct = poolConnectionString(t.database) + (poolConnectionString(t.database).includes('?') ? '&' : '?') + 'connect_timeout=5';
    const { app, read } = await probe(direct);
    try {
      expect(await eventually(async () => (await read(), (await read()) === 0))).toBe(true); // live: kept
      // Behind a pooler the pool's process ids are not PostgreSQL's: its own notifications are not
      // passed over. A notification sent on a pool connection (no notice comes with it; the test
      // app's feed passes over it) is counted by this feed alone.
      const tracker = changeTracker(t.database.db)!;
      const before = tracker.now;
      await t.database.pool.query('select pg_notify($1, $2)', [CHANNEL, 'clubs:424242']);
      expect(await eventually(() => tracker.changedSince(before, { club: 424242, tables: ['clubs'] }), 2_000)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
