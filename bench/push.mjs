// One message to the club's followers by Web Push (issue 23): BENCH_FOLLOWERS followers (default
// 100,000), each with a push subscription, on PostgreSQL (a scratch database created and dropped
// here), the built server (a copy of apps/server/dist/main.js) on a loopback port, and the local
// push-service stand-in (apps/server/test/stand-ins/push-service.ts, loaded with tsx) in this
// process. The server runs its migrations and the demo (without products) first; the followers
// and their subscriptions are then written with SQL into the Fjordvang demo club (not timed), each
// subscription a device of the stand-in with its own endpoint (a small pool of real P-256 keys, so
// the server encrypts every message as for a phone). The stand-in checks every request's VAPID
// signature and headers, but does not decrypt (push-delivery.test.ts proves the encryption).
//
// Printed: the send request's time (POST clubs/{clubId}/notifications; target under 200 ms), the
// time until the job has listed the recipients, the time until every message is delivered (the
// message 'done'), messages per second, the messages the stand-in accepted (each device once), and
// the server's own CPU time per message (user + system, /proc/<pid>/stat: the rate on a core of
// its own, the database and the stand-in apart), the server's peak resident memory during the run (VmRSS sampled every 100 ms) and over its life
// (VmHWM).
//
// BENCH_FOLLOWERS (default 100,000), BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_ENTRY=<main.js> measures another build.
import { join, resolve } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { api, cpuSeconds, freshDataDir, memory, root, scratchDatabase, signIn, snapshotBuild, startServer } from './lib.mjs';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3963;
const TARGET_SEND_MS = 200;
const KEY_POOL = 200;
const CHUNK = 10_000;

const { startPushStandIn } = await tsImport(join(root, 'apps/server/test/stand-ins/push-service.ts'), import.meta.url);

const push = await startPushStandIn({ decrypt: false, record: false });
const build = process.env.BENCH_ENTRY ? { entry: resolve(process.env.BENCH_ENTRY), env: { WEB_DIR: join(root, 'apps/web/dist') } } : snapshotBuild();
const scratch = await scratchDatabase(ADMIN_URL, 'push');
let server = null;
let failed = false;
try {
  server = await startServer({
    dataDir: freshDataDir(),
    port: PORT,
    entry: build.entry,
    env: { ...build.env, DATABASE_URL: scratch.url, DEMO_PRODUCTS: 'false', OUTBOUND_ALLOW_HOSTS: push.host },
  });
  console.log(`PostgreSQL: server ready in ${(server.ms / 1000).toFixed(1)} s`);
  const token = await signIn(server, 'admin@example.com', 'admin-demo');
  const club = (await api(server, token, 'GET', '/api/clubs-list')).find((c) => c.name === 'Fjordvang Golfklub');
  if (!club) throw new Error('the demo club Fjordvang Golfklub is missing');

  // The followers and their devices (not timed).
  const written = performance.now();
  const devices = [];
  const pool = [];
  for (let i = 0; i < FOLLOWERS; i++) {
    const device = push.subscription();
    if (pool.length < KEY_POOL) pool.push(device.keys);
    devices.push({ endpoint: device.endpoint, keys: pool[i % KEY_POOL] });
  }
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    for (let i = 0; i < FOLLOWERS; i += CHUNK) {
      const chunk = devices.slice(i, i + CHUNK);
      await client.query(
        `with u as (
           insert into app_users (club_id, app_id, language, following, followed_at)
           select $1, 'bench-' || n, 'da', true, now() from unnest($2::int[]) as n
           returning id, app_id
         )
         insert into push_subscriptions (club_id, app_user_id, endpoint, p256dh, auth)
         select $1, u.id, d.endpoint, d.p256dh, d.auth
         from unnest($2::int[], $3::text[], $4::text[], $5::text[]) as d(n, endpoint, p256dh, auth)
         join u on u.app_id = 'bench-' || d.n`,
        [club.id, chunk.map((_, k) => i + k), chunk.map((d) => d.endpoint), chunk.map((d) => d.keys.p256dh), chunk.map((d) => d.keys.auth)],
      );
    }
    await client.query('analyze app_users; analyze push_subscriptions');
  } finally {
    await client.end();
  }
  const counted = await api(server, token, 'GET', `/api/clubs/${club.id}/notifications/subscribers`);
  console.log(`  ${FOLLOWERS} followers with a subscription written in ${((performance.now() - written) / 1000).toFixed(1)} s; the club now counts ${counted.followers} followers, ${counted.count} with a subscription`);

  let peakRss = memory(server.pid, 'VmRSS');
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memory(server.pid, 'VmRSS'));
  }, 100);
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/clubs/${club.id}/notifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'Frost delay: the first tee times move 30 minutes', url: 'https://fjordvang.example/status' }),
  });
  const sendMs = performance.now() - started;
  const sent = await res.json();
  if (res.status !== 202) throw new Error(`POST notifications: ${res.status} ${JSON.stringify(sent)}`);
  console.log(`  send request: ${sendMs.toFixed(0)} ms (202, ${sent.state})`);

  let listedMs = null;
  let item = sent;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    item = (await api(server, token, 'GET', `/api/clubs/${club.id}/notifications`)).find((m) => m.id === sent.id);
    if (listedMs === null && item.state !== 'queued') listedMs = performance.now() - started;
    if (item.state === 'done') break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`not done after 30 minutes: ${JSON.stringify(item)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / FOLLOWERS;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, memory(server.pid, 'VmRSS'));
  const accepted = devices.reduce((n, d) => n + push.accepted(d.endpoint), 0);
  const missing = devices.filter((d) => push.accepted(d.endpoint) === 0).length;
  console.log(`  recipients listed after ${(listedMs / 1000).toFixed(2)} s (targeted ${item.targeted})`);
  console.log(`  delivered ${item.delivered}, failed ${item.failed} in ${seconds.toFixed(1)} s: ${(item.delivered / seconds).toFixed(0)} messages/s`);
  console.log(`  the push stand-in accepted ${accepted} messages (${missing} devices got none, ${accepted - (FOLLOWERS - missing)} repeats) over ${push.connections()} connections`);
  console.log(`  the server's own CPU: ${cpuMs.toFixed(2)} ms per message (at most ${(1000 / cpuMs).toFixed(0)} messages/s on a core of its own)`);
  console.log(`  server peak RSS ${peakRss.toFixed(0)} MB during the run, ${memory(server.pid, 'VmHWM').toFixed(0)} MB over its life`);
  console.log(`  target: the send request under ${TARGET_SEND_MS} ms — ${sendMs < TARGET_SEND_MS ? 'met' : 'NOT met'} (${sendMs.toFixed(0)} ms)`);
  failed = item.delivered !== FOLLOWERS || missing > 0 || sendMs >= TARGET_SEND_MS;
} finally {
  await server?.stop();
  await scratch.drop();
  await push.close();
  build.remove?.();
}
if (failed) process.exitCode = 1;
