import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationItem } from '@golf/contract/api/communication';
import type { PushSubscriptionBody } from '@golf/contract/api/communication-app';
import { ReleaseResponse } from '@golf/contract/api/guide-generation';
import { Guide, generationInProgress, productFreshness } from '@golf/contract/api/guides';
import { startTopology } from '../../../scripts/topology-lib.mjs';
import { sampleRss } from '../test/stand-ins/feeds';
import { startFeedStandIn, startPushStandIn, startStandIns, type FeedStandIn, type PushStandIn, type StandIns } from '../test/stand-ins/index';

/**
 * Jobs across processes (issue 28): two API instances (JOB_WORKERS=0, they only queue) and two
 * worker processes on one PostgreSQL, files in an S3 bucket, behind HAProxy.
 * - A guide's PDF queued through one instance runs on a worker; that worker is killed with
 *   SIGKILL while it renders; the other worker takes the job once its heartbeat is stale and
 *   finishes it; the bucket holds the product's files once, nothing left over.
 * - Several messages to many followers, delivered by both workers at once: the push service
 *   gets each (device, message) exactly once, and every one.
 * - The periodic refresh of external feeds made due again and again while both workers look for
 *   due work: no two fetches of one feed overlap in time, and every feed is fetched.
 */

type Topology = Awaited<ReturnType<typeof startTopology>>;

/** A running job's heartbeat is stale after this long (the smallest allowed): the other worker takes it then. */
const STALE_SECONDS = 6;

describe('topology: jobs on two workers', () => {
  let topology: Topology;
  let standIns: StandIns;
  /** A push service far away (every answer 400 ms late): a message's delivery takes a few seconds. */
  let push: PushStandIn;
  /** The feeds' web server, its answers slow so that overlapping fetches would show. */
  let feeds: FeedStandIn;
  let database: pg.Client;
  let token: string;
  let clubId: number;

  async function api<T = unknown>(method: string, path: string, opts: { token?: string; key?: string; body?: unknown; via?: string } = {}) {
    const res = await fetch(`${topology.proxyUrl}/api${path}`, {
      method,
      headers: {
        ...(opts.via ? topology.pin(opts.via) : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.key ? { 'x-app-key': opts.key } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body: body as T, text };
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** The worker process whose queue has this id (`<host>:<pid>:<random>`, the jobs table's worker_id). */
  function workerOf(workerId: string | null) {
    const pid = workerId ? Number(workerId.split(':').at(-2)) : NaN;
    return topology.workers.find((w) => w.pid === pid) ?? null;
  }

  const outputs = () => [...topology.api, ...topology.workers].map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join('\n');

  beforeAll(async () => {
    [standIns, push, feeds] = await Promise.all([startStandIns(), startPushStandIn({ delayMs: 400 }), startFeedStandIn()]);
    topology = await startTopology({
      env: {
        ...standIns.env,
        OUTBOUND_ALLOW_HOSTS: [standIns.env.OUTBOUND_ALLOW_HOSTS, push.host, feeds.host].join(','),
        JOB_STALE_SECONDS: String(STALE_SECONDS),
        // The demo without its products: no generation in the background but this test's.
        DEMO_PRODUCTS: 'false',
      },
    });
    database = new pg.Client({ connectionString: topology.databaseUrl });
    await database.connect();
    const login = await api<{ token: string }>('POST', '/authenticate', { body: { username: 'admin@example.com', password: 'admin-demo' } });
    expect(login.status, login.text).toBe(200);
    token = login.body.token;
    const clubs = (await api<{ id: number; name: string }[]>('GET', '/clubs-list', { token })).body;
    clubId = clubs.find((c) => c.name === 'Fjordvang Golfklub')!.id;
  });

  afterAll(async () => {
    await database?.end();
    await topology?.stop();
    await Promise.all([standIns?.close(), push?.close(), feeds?.close()]);
  });

  it('finishes a guide generation on the other worker after the one running it is killed with SIGKILL', async () => {
    const guides = `/clubs/${clubId}/guides`;
    const [demo] = (await api<Guide[]>('GET', guides, { token })).body;
    const copied = await api('POST', `${guides}/${demo.guide_id}/copy`, { token, body: { guide_id: demo.guide_id, title: 'Made across a worker crash' }, via: 'api1' });
    expect(copied.status, copied.text).toBe(201);
    const guideId = Guide.parse(copied.body).guide_id;
    const released = await api('POST', `${guides}/${guideId}/drawing_style/0/release`, { token, body: { side_effects: ['pdf'] }, via: 'api1' });
    expect(released.status, released.text).toBe(202);
    const [{ job_id: jobId }] = ReleaseResponse.parse(released.body).jobs;

    const jobRow = async () =>
      (
        await database.query<{ worker_id: string | null; percent: number; state: string | null; retry_count: number | null }>(
          `select p.worker_id, p.percent, coalesce(j.state, a.state)::text as state, coalesce(j.retry_count, a.retry_count) as retry_count
           from jobs p left join pgboss.job j on j.id = p.id left join pgboss.archive a on a.id = p.id where p.id = $1`,
          [jobId],
        )
      ).rows[0];

    // Running on a worker and rendering (20 %: the guide is read, the three PDFs are being made).
    let running: Awaited<ReturnType<typeof jobRow>>;
    for (const end = Date.now() + 120_000; ; ) {
      running = await jobRow();
      if (running?.state === 'active' && running.worker_id && running.percent >= 20) break;
      if (running?.state === 'completed' || running?.state === 'failed' || Date.now() > end) throw new Error(`the job did not start rendering: ${JSON.stringify(running)}\n${outputs()}`);
      await sleep(50);
    }
    const victim = workerOf(running.worker_id);
    // A worker runs it, never an API instance (JOB_WORKERS=0 there).
    expect(victim, `${running.worker_id} is none of the workers (${topology.workers.map((w) => w.pid).join(', ')})`).not.toBeNull();
    const survivor = topology.workers.find((w) => w !== victim)!;
    const killedAt = Date.now();
    await victim!.kill('SIGKILL');
    expect((await jobRow()).state, 'killed mid-way').toBe('active');

    // The other worker takes it once its heartbeat is STALE_SECONDS old and makes the product.
    let guide: Guide;
    for (;;) {
      guide = Guide.parse((await api('GET', `${guides}/${guideId}`, { token })).body);
      if (productFreshness(guide, 'pdf') === 'current' && !generationInProgress(guide, 'pdf')) break;
      if (Date.now() - killedAt > 60_000) throw new Error(`not made within a minute of the kill: ${JSON.stringify(await jobRow())}\n${outputs()}`);
      await sleep(250);
    }
    const done = await jobRow();
    expect(done.state).toBe('completed');
    expect(workerOf(done.worker_id)?.name).toBe(survivor.name);
    // Started twice: the run killed, the run that finished.
    expect(done.retry_count).toBe(1);
    console.log(`topology jobs: ${victim!.name} killed while rendering; ${survivor.name} finished the PDF ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);

    // The bucket: the product's files once each, as its manifest lists them, nothing else (no
    // half-written or temporary object of the killed run).
    const listed = await api<{ pdf: { generated_at: string | null; files: { name: string; url: string; bytes: number }[] } }>('GET', `${guides}/${guideId}/files`, { token });
    expect(listed.status, listed.text).toBe(200);
    const { pdf } = listed.body;
    expect(pdf.generated_at).not.toBeNull();
    const names = pdf.files.map((f) => f.name);
    expect(names.length).toBeGreaterThan(0);
    const folder = `clubs/${clubId}/guides/${guideId}/`;
    const keys = (await topology.s3.listKeys()).filter((k) => k.includes(folder));
    const inProduct = keys.filter((k) => k.includes(`${folder}pdf/`)).map((k) => k.slice(k.indexOf(`${folder}pdf/`) + `${folder}pdf/`.length));
    expect(inProduct.sort()).toEqual([...names, 'manifest.json'].sort());
    expect(keys.filter((k) => !k.includes(`${folder}pdf/`) && /tmp|temp|partial/i.test(k))).toEqual([]);
    // Each file readable through the addresses the API gives.
    for (const file of pdf.files) {
      const res = await fetch(new URL(file.url, topology.proxyUrl));
      expect(res.status, file.url).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(file.bytes);
    }

    await victim!.start();
    expect(topology.workers.every((w) => w.pid !== null)).toBe(true);
  });

  it('delivers each message to each device exactly once while both workers deliver', async () => {
    const FOLLOWERS = 120;
    const MESSAGES = 8;
    const created = await api<{ key: string }>('POST', `/clubs/${clubId}/app-keys`, { token, body: { name: 'Topology push' } });
    expect(created.status, created.text).toBe(201);
    const key = created.body.key;
    // Only this test's devices: nothing goes anywhere but the stand-in.
    await database.query('delete from push_subscriptions');
    const serverKey = (await api<{ public_key: string }>('GET', `/app/clubs/${clubId}/push-key`, { key })).body.public_key;
    const devices: PushSubscriptionBody[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < FOLLOWERS) {
          const id = `topology-${next++}`;
          const user = await api('PUT', `/app/clubs/${clubId}/users/${id}`, { key, body: { language: 'da', following: true } });
          expect(user.status, user.text).toBe(201);
          const device = push.subscription(serverKey);
          const sub = await api('PUT', `/app/clubs/${clubId}/users/${id}/push-subscription`, { key, body: device });
          expect(sub.status, sub.text).toBe(201);
          devices.push(device);
        }
      }),
    );

    const startedAt = new Date();
    // Sent at once, through both instances.
    const ids = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, k) => {
        const sent = await api('POST', `/clubs/${clubId}/notifications`, { token, body: { body: `Topology message ${k + 1}` }, via: topology.api[k % topology.api.length].name });
        expect(sent.status, sent.text).toBe(202);
        return NotificationItem.parse(sent.body).id;
      }),
    );
    let items: NotificationItem[] = [];
    for (const end = Date.now() + 150_000; ; ) {
      const list = (await api<unknown[]>('GET', `/clubs/${clubId}/notifications`, { token })).body;
      items = list.map((i) => NotificationItem.parse(i)).filter((m) => ids.includes(m.id));
      if (items.length === MESSAGES && items.every((m) => m.state === 'done')) break;
      if (Date.now() > end) throw new Error(`not delivered: ${JSON.stringify(items)}\n${outputs()}`);
      await sleep(250);
    }
    for (const m of items) expect(m, `message ${m.id}`).toMatchObject({ targeted: FOLLOWERS, delivered: FOLLOWERS, failed: 0, pending: 0 });

    // What the push service got: per device and message (its Topic n<id>) exactly one request, accepted.
    const seen = new Map<string, number>();
    for (const r of push.requests) {
      const key = `${r.path} ${r.headers.topic}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      expect(r.status, `${key}`).toBe(201);
    }
    const twice: string[] = [];
    const missing: string[] = [];
    for (const d of devices) {
      const path = new URL(d.endpoint).pathname;
      for (const id of ids) {
        const n = seen.get(`${path} n${id}`) ?? 0;
        if (n === 0) missing.push(`${path} n${id}`);
        if (n > 1) twice.push(`${path} n${id} ×${n}`);
      }
      // And the phone shows each message once.
      expect(push.received(d.endpoint).map((p) => p.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(twice, 'sent more than once').toEqual([]);
    expect(missing, 'never sent').toEqual([]);
    expect(push.requests).toHaveLength(FOLLOWERS * MESSAGES);

    // Both workers delivered (the test saw them at work side by side), no API instance did.
    const { rows } = await database.query<{ worker_id: string }>(
      "select distinct worker_id from jobs where kind = 'communication.deliver' and created_at >= $1 and worker_id is not null",
      [startedAt],
    );
    const workers = new Set(rows.map((r) => workerOf(r.worker_id)?.name ?? `not a worker: ${r.worker_id}`));
    expect([...workers].sort()).toEqual(topology.workers.map((w) => w.name).sort());
  });

  it('never fetches one feed twice at once while both workers find the refresh due', async () => {
    const FEEDS = 8;
    const paths = Array.from({ length: FEEDS }, (_, k) => `/topology-${k + 1}.xml`);
    // Each answer takes 1.5 s: two fetches of one feed at once could not miss each other.
    for (const [k, path] of paths.entries()) feeds.serve(path, { body: sampleRss(`Topology ${k + 1}`, 3), delayMs: 1_500 });
    await Promise.all(
      paths.map(async (path) => {
        const added = await api('POST', `/clubs/${clubId}/feed/subscriptions`, { token, body: { url: `${feeds.url}${path}` } });
        expect(added.status, added.text).toBe(201);
      }),
    );
    const from = Date.now();
    const kind = 'communication.refresh-feeds';
    // The refresh (every 30 minutes) made due again and again: each worker's upkeep (every 2 s)
    // finds it due whenever no refresh is queued or running.
    const overdue = () => database.query("update jobs set created_at = now() - interval '2 hours' where kind = $1", [kind]);
    const until = Date.now() + 12_000;
    while (Date.now() < until) {
      await overdue();
      await sleep(300);
    }
    // Let the last refresh end; none is queued after it.
    await database.query('update jobs set created_at = now() where kind = $1', [kind]);
    for (const end = Date.now() + 60_000; ; ) {
      const { rows } = await database.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'", [kind]);
      if (rows[0].n === 0) break;
      if (Date.now() > end) throw new Error(`a feed refresh still runs after a minute\n${outputs()}`);
      await sleep(250);
    }
    const fetches = feeds.requests.filter((r) => r.startedAt >= from && paths.includes(r.path));
    expect(fetches.every((r) => r.endedAt !== null)).toBe(true);
    const overlaps: string[] = [];
    for (const path of paths) {
      const list = fetches.filter((r) => r.path === path).sort((a, b) => a.startedAt - b.startedAt);
      // Every feed fetched, in more than one refresh.
      expect(list.length, path).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < list.length; i++) {
        if (list[i].startedAt < list[i - 1].endedAt!) overlaps.push(`${path}: ${list[i - 1].startedAt - from}–${list[i - 1].endedAt! - from} ms and ${list[i].startedAt - from}–${list[i].endedAt! - from} ms`);
      }
    }
    expect(overlaps, 'fetches of one feed at the same time').toEqual([]);
    const { rows: runs } = await database.query<{ worker_id: string | null }>(
      `select p.worker_id from jobs p join (select id, created_on from pgboss.job where name = $1 union all select id, created_on from pgboss.archive where name = $1) j on j.id = p.id
       where j.created_on >= $2`,
      [kind, new Date(from)],
    );
    console.log(
      `topology feeds: ${fetches.length} fetches of ${FEEDS} feeds in ${runs.length} refreshes (by ${[...new Set(runs.map((r) => workerOf(r.worker_id)?.name ?? r.worker_id))].join(', ')}), none overlapping`,
    );
  });
});
