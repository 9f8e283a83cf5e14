// Everyday reads (issue 12): the authenticated GETs the console's screens make, on PostgreSQL (a
// scratch database created and dropped here) and on the embedded database (a temp DATA_DIR), one
// server after the other, each the built apps/server/dist/main.js on a loopback port.
//
// Per database:
// - per call, 10 connections: the bare /api/health (the Fastify anchor), a typical club read
//   (club, users, members, hours, pin setups), a club's courses, a hole drawing, the graphics
//   catalogue and translations (also revalidated with If-None-Match), each with its ratio to the
//   bare endpoint measured by the same server in the same run;
// - the mix of the screens' calls at 50 connections (each connection walks the list in turn);
//   on the embedded database also on a second server with READ_CACHE=false (BENCH_SKIP_CACHE_OFF=1
//   leaves it out).
// Then the embedded mix as a share of the PostgreSQL mix of the same run.
//
// BENCH_SECONDS (mix, default 45) and BENCH_CALL_SECONDS (per call, default 10) shorten it while
// iterating; BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the
// scratch database is created; BENCH_ONLY=postgresql|embedded runs one side; BENCH_CPU_PROF=<dir>
// starts the servers with `node --cpu-prof` and writes their profiles there; BENCH_EACH=1 also
// measures every call of the mix on its own; BENCH_ENTRY=<main.js> measures another build of the
// server (e.g. the one before a change, built into apps/server/.bench/dist/) instead of apps/server/dist.
import { execSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { join, resolve } from 'node:path';
import { freshDataDir, root, snapshotBuild, startServer } from './lib.mjs';

const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
const CALL_SECONDS = Number(process.env.BENCH_CALL_SECONDS ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const PORTS = { postgresql: 3921, embedded: 3922, embeddedNoCache: 3923 };
// What a browser sends with every call.
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da' };

const TARGETS = { mixP99Ms: 20, embeddedShare: 0.5, clubReadRatio: 1 / 10, drawingRps: 1500 };

function load(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 10, duration: CALL_SECONDS, ...opts, headers: { ...BROWSER, ...opts.headers } }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}

async function scratchDatabase() {
  const name = `golf_bench_reads_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function call(server, token, path, init = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...BROWSER, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), etag: res.headers.get('etag'), bytes: Number(res.headers.get('content-length') ?? 0) };
}

/** Signs in as the demo's region owner (every club role in Fjordvang) and finds the ids the screens use. */
async function discover(server) {
  const login = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner@example.com', password: 'owner-demo' }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const { token } = await login.json();
  const clubs = (await call(server, token, '/api/clubs-list')).body;
  const club = clubs.find((c) => c.name === 'Fjordvang Golfklub') ?? clubs[0];
  const courses = (await call(server, token, `/api/clubs/${club.id}/courses`)).body;
  const course = courses[0];
  const holes = course.holes.filter((h) => h.has_drawing);
  const c = `/api/clubs/${club.id}`;
  const ids = { clubId: club.id, courseId: course.id, holes: [holes[0].id, holes[Math.min(7, holes.length - 1)].id] };
  const paths = {
    club: `${c}/club`,
    courses: `${c}/courses`,
    tees: `${c}/tees?course_id=${course.id}`,
    pinSetups: `${c}/pin-setups?course_id=${course.id}`,
    users: `${c}/users`,
    hours: `${c}/hours`,
    members: `${c}/members?filter=all&page=1&page_size=50`,
    regions: '/api/regions',
    graphics: '/api/graphics',
    drawing1: `${c}/holes/${ids.holes[0]}/drawing/1`,
    drawing2: `${c}/holes/${ids.holes[1]}/drawing/1`,
    selfIntersections: `${c}/status/self-intersections?course_id=${course.id}`,
    boundary: `${c}/status/boundary-self-intersections?course_id=${course.id}`,
    greens: `${c}/status/greens-within-boundary?course_id=${course.id}`,
    clubsList: '/api/clubs-list',
    gallery: `${c}/gallery`,
    countries: '/api/countries',
    translations: '/api/translations/da',
  };
  const sizes = {};
  const etags = {};
  for (const [key, path] of Object.entries(paths)) {
    const r = await call(server, token, path);
    sizes[key] = r.bytes;
    etags[key] = r.etag;
  }
  await call(server, token, '/api/authenticated', { method: 'PUT' });
  return { token, ids, paths, sizes, etags };
}

function summary(r) {
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx, codes: r.statusCodeStats };
}

const MIX_PATHS = (paths) => [...Object.values(paths).map((path) => ({ method: 'GET', path })), { method: 'PUT', path: '/api/authenticated' }];

function start(kind, port, env) {
  return startServer({
    dataDir: freshDataDir(),
    port,
    entry: build.entry,
    env: { ...build.env, ...env },
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`] : [],
  });
}

/** The embedded mix again on a server with READ_CACHE=false: what the read cache is worth. */
async function mixWithoutReadCache() {
  const server = await start('embedded-no-read-cache', PORTS.embeddedNoCache, { READ_CACHE: 'false' });
  try {
    const { token, paths } = await discover(server);
    return summary(await load({ url: server.url, connections: 50, duration: MIX_SECONDS, headers: { authorization: `Bearer ${token}` }, requests: MIX_PATHS(paths) }));
  } finally {
    await server.stop();
  }
}

async function measure(kind) {
  let scratch = null;
  const env = {};
  if (kind === 'postgresql') {
    scratch = await scratchDatabase();
    env.DATABASE_URL = scratch.url;
  }
  const server = await start(kind, PORTS[kind], env);
  let out;
  try {
    const { token, paths, sizes, etags } = await discover(server);
    const auth = { authorization: `Bearer ${token}` };
    const get = (path, headers = {}) => load({ url: `${server.url}${path}`, headers: { ...auth, ...headers } });
    out = { sizes, calls: {} };
    out.calls.bare = summary(await load({ url: `${server.url}/api/health` }));
    out.calls.clubRead = summary(
      await load({
        url: server.url,
        headers: auth,
        requests: ['club', 'users', 'members', 'hours', 'pinSetups'].map((k) => ({ method: 'GET', path: paths[k] })),
      }),
    );
    out.calls.courses = summary(await get(paths.courses));
    out.calls.drawing = summary(await get(paths.drawing1));
    out.calls.graphics = summary(await get(paths.graphics));
    out.calls.translations = summary(await get(paths.translations));
    if (etags.graphics) {
      const r = await get(paths.graphics, { 'if-none-match': etags.graphics });
      out.calls.graphics304 = { ...summary(r), bad: r.errors + r.timeouts + (r.statusCodeStats['304'] ? r.requests.total - r.statusCodeStats['304'].count : r.requests.total) };
    }
    if (etags.translations) {
      const r = await get(paths.translations, { 'if-none-match': etags.translations });
      out.calls.translations304 = { ...summary(r), bad: r.errors + r.timeouts + (r.statusCodeStats['304'] ? r.requests.total - r.statusCodeStats['304'].count : r.requests.total) };
    }
    if (process.env.BENCH_EACH) {
      out.each = {};
      for (const [key, path] of Object.entries(paths)) out.each[key] = summary(await get(path));
      out.each.authenticated = summary(await load({ url: `${server.url}/api/authenticated`, method: 'PUT', headers: auth }));
    }
    out.mix = summary(await load({ url: server.url, connections: 50, duration: MIX_SECONDS, headers: auth, requests: MIX_PATHS(paths) }));
  } finally {
    await server.stop();
    await scratch?.drop();
  }
  if (kind === 'embedded' && !process.env.BENCH_SKIP_CACHE_OFF) out.mixNoReadCache = await mixWithoutReadCache();
  return out;
}

const rps = (n) => Math.round(n).toLocaleString('en-US');
const ratio = (a, b) => (a / b >= 0.095 ? `1/${(b / a).toFixed(1)}` : `1/${Math.round(b / a)}`);
const met = (ok) => (ok ? 'met' : 'NOT met');
const bad = (s) => (s.bad ? `  (${s.bad} unexpected answers: ${JSON.stringify(s.codes)})` : '');

console.log(`load average before: ${execSync('cat /proc/loadavg').toString().trim()}; mix ${MIX_SECONDS} s at 50 connections, calls ${CALL_SECONDS} s at 10`);
const results = {};
const build = process.env.BENCH_ENTRY ? { entry: resolve(process.env.BENCH_ENTRY), env: { WEB_DIR: join(root, 'apps/web/dist') } } : snapshotBuild();
if (build.remove) process.on('exit', () => build.remove());
console.log(`server: ${build.entry}`);
for (const kind of ['postgresql', 'embedded']) {
  if (ONLY && ONLY !== kind) continue;
  results[kind] = await measure(kind);
  const r = results[kind];
  const b = r.calls.bare;
  console.log(`\n${kind === 'postgresql' ? 'PostgreSQL' : 'embedded (PGlite)'}`);
  console.log(`  GET /api/health (anchor)      ${rps(b.rps).padStart(7)} req/s  p99 ${b.p99} ms${bad(b)}`);
  const line = (name, key, extra = '') => {
    const s = r.calls[key];
    if (!s) return;
    console.log(`  ${name.padEnd(29)}${rps(s.rps).padStart(7)} req/s  p99 ${String(s.p99).padStart(3)} ms  = ${ratio(s.rps, b.rps)} of the anchor${extra}${bad(s)}`);
  };
  line('typical club read (5 calls)', 'clubRead', `  (target ≥ 1/10: ${met(r.calls.clubRead.rps / b.rps >= TARGETS.clubReadRatio)})`);
  line('clubs/{id}/courses', 'courses', `  [${rps(r.sizes.courses)} B]`);
  line('holes/{id}/drawing/1', 'drawing', `  [${rps(r.sizes.drawing1)} B] (target ≥ 1,500 req/s: ${met(r.calls.drawing.rps >= TARGETS.drawingRps)})`);
  line('graphics', 'graphics', `  [${rps(r.sizes.graphics)} B]`);
  line('graphics, If-None-Match (304)', 'graphics304');
  line('translations/da', 'translations', `  [${rps(r.sizes.translations)} B]`);
  line('translations, If-None-Match', 'translations304');
  for (const [key, s] of Object.entries(r.each ?? {})) {
    console.log(`    each: ${key.padEnd(20)}${rps(s.rps).padStart(7)} req/s  p99 ${String(s.p99).padStart(3)} ms  = ${ratio(s.rps, b.rps)}  [${rps(r.sizes[key] ?? 0)} B]${bad(s)}`);
  }
  const m = r.mix;
  console.log(`  mix of ${Object.keys(r.sizes).length + 1} calls, 50 connections: ${rps(m.rps)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${kind === 'postgresql' ? `  (target p99 ≤ ${TARGETS.mixP99Ms} ms: ${met(m.p99 <= TARGETS.mixP99Ms)})` : ''}${bad(m)}`);
}
if (results.embedded?.mixNoReadCache) {
  const m = results.embedded.mixNoReadCache;
  console.log(`  the same mix with READ_CACHE=false: ${rps(m.rps)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${bad(m)}`);
}
if (results.postgresql && results.embedded) {
  const share = results.embedded.mix.rps / results.postgresql.mix.rps;
  console.log(`\nembedded mix = ${(share * 100).toFixed(0)} % of PostgreSQL's in this run (target ≥ 50 %: ${met(share >= TARGETS.embeddedShare)})`);
  if (results.embedded.mixNoReadCache) console.log(`  without the read cache: ${((results.embedded.mixNoReadCache.rps / results.postgresql.mix.rps) * 100).toFixed(0)} %`);
}
const unexpected = Object.values(results).some((r) => r.mix.bad || r.mixNoReadCache?.bad || Object.values(r.calls).some((c) => c.bad));
if (unexpected) process.exitCode = 1;
