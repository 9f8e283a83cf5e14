// Everyday reads (issue 12): the authenticated GETs the console's screens make, on PostgreSQL (a
// scratch database created and dropped here) and on the embedded database (a temp DATA_DIR), each
// a copy of the built apps/server/dist/main.js on a loopback port.
//
// The servers run side by side and are measured in turns (five slices each, alternating), so a
// change of the machine's load during the run falls on both sides of every ratio alike:
// - per call, 10 connections: a typical club read (club, users, members, hours, pin setups), a
//   club's courses, a hole drawing, the graphics catalogue and translations (also revalidated
//   with If-None-Match), each in turns with the bare /api/health of the same server (the Fastify
//   anchor) and printed with its ratio to it;
// - the mix of the screens' calls at 50 connections (each connection walks the list in turn), in
//   turns on PostgreSQL, PostgreSQL with READ_CACHE=false (a second server on the same database),
//   the embedded database, and the embedded database with READ_CACHE=false
//   (BENCH_SKIP_CACHE_OFF=1 leaves the two without the cache out); the embedded share of
//   PostgreSQL's throughput.
// Throughput is all answers over all slices' time; p50/p99 are over every answer of the slices.
//
// BENCH_SECONDS (mix, default 45) and BENCH_CALL_SECONDS (per call, default 10) are the time each
// side gets, shorter while iterating; before the mix's turns each side answers the mix for
// BENCH_WARMUP_SECONDS (default 5), not counted, and each turn of the mix starts after
// BENCH_TURN_GAP_SECONDS (default 3) of quiet, so that what the previous turn left running does not
// fall on the next. The servers start with DEMO_PRODUCTS=false (no
// guide generation in the background while measuring). BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) is where the scratch database is created;
// BENCH_ONLY=postgresql|embedded runs one side; BENCH_CPU_PROF=<dir> starts the servers with
// `node --cpu-prof` and writes their profiles there; BENCH_EACH=1 also measures every call of the
// mix on its own; BENCH_ENTRY=<main.js> measures another build of the server instead of
// apps/server/dist; BENCH_BASELINE=<main.js> also runs the mix on that build (e.g. the one before a
// change, built into apps/server/.bench/dist/), on both databases, in the same turns, and prints
// each mix's ratio to it.
import { execSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { join, resolve } from 'node:path';
import { freshDataDir, root, snapshotBuild, startServer } from './lib.mjs';

const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
const CALL_SECONDS = Number(process.env.BENCH_CALL_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
// A pause before each turn of the mix: what the previous turn left running (the servers' garbage
// collection after 50 connections at full speed, PostgreSQL's autovacuum after the cache-off
// side) would otherwise fall on the next side's time. A side measured on its own has no such gap.
const TURN_GAP_SECONDS = Number(process.env.BENCH_TURN_GAP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const PORTS = { postgresql: 3921, embedded: 3922, embeddedNoCache: 3923, basePostgresql: 3924, baseEmbedded: 3925, postgresqlNoCache: 3926 };
const BASELINE = process.env.BENCH_BASELINE ? { entry: resolve(process.env.BENCH_BASELINE), env: {} } : null;
// What a browser sends with every call.
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da' };

const TARGETS = { mixP99Ms: 20, embeddedShare: 0.5, clubReadRatio: 1 / 10, drawingRps: 1500 };

const SLICES = 5;

/** One autocannon run; resolves with its result and the latency of every answer (ms). */
function load(opts) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const run = autocannon({ connections: 10, ...opts, headers: { ...BROWSER, ...opts.headers } }, (err, res) => (err ? reject(err) : resolve({ res, latencies })));
    run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/**
 * Runs each of `sides` for `seconds` in total, in SLICES turns (a, b, c, a, b, c, ...). Answers:
 * per side, throughput (all answers over all its time), p50 and p99 over all its answers, and
 * the answers that were not the expected status.
 */
async function inTurns(sides, seconds, gapSeconds = 0) {
  const acc = sides.map(() => ({ total: 0, time: 0, latencies: [], bad: 0, codes: {} }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, side] of sides.entries()) {
      if (gapSeconds > 0) await new Promise((resolve) => setTimeout(resolve, gapSeconds * 1000));
      const { res, latencies } = await load({ ...side, duration: seconds / SLICES });
      const a = acc[i];
      a.total += res.requests.total;
      a.time += res.duration;
      a.latencies.push(...latencies);
      const expected = side.expect ?? 200;
      for (const [code, { count }] of Object.entries(res.statusCodeStats)) {
        a.codes[code] = (a.codes[code] ?? 0) + count;
        if (Number(code) !== expected) a.bad += count;
      }
      a.bad += res.errors + res.timeouts;
    }
  }
  return acc.map((a) => {
    a.latencies.sort((x, y) => x - y);
    const at = (q) => (a.latencies.length ? a.latencies[Math.min(a.latencies.length - 1, Math.floor(q * a.latencies.length))] : NaN);
    return { rps: a.total / a.time, p50: Math.round(at(0.5)), p99: Math.round(at(0.99)), bad: a.bad, codes: a.codes };
  });
}

async function scratchDatabase() {
  const name = `golf_bench_reads_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
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

const MIX_PATHS = (paths) => [...Object.values(paths).map((path) => ({ method: 'GET', path })), { method: 'PUT', path: '/api/authenticated' }];

function start(kind, port, env, from = build) {
  return startServer({
    dataDir: freshDataDir(),
    port,
    entry: from.entry,
    // The demo guide's products are not made at first start: their generation would run in the
    // background during the measurement (a PDF and 72 images per server).
    env: { ...build.env, DEMO_PRODUCTS: 'false', ...env },
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`] : [],
  });
}

/** Each call of a server in turns with the same server's bare endpoint. */
async function perCall(side) {
  const { server, token, paths, etags } = side;
  const auth = { authorization: `Bearer ${token}` };
  const anchor = { url: `${server.url}/api/health` };
  const get = (path, headers = {}, expect = 200) => ({ url: `${server.url}${path}`, headers: { ...auth, ...headers }, expect });
  const calls = {
    clubRead: { url: server.url, headers: auth, requests: ['club', 'users', 'members', 'hours', 'pinSetups'].map((k) => ({ method: 'GET', path: paths[k] })) },
    courses: get(paths.courses),
    drawing: get(paths.drawing1),
    graphics: get(paths.graphics),
    ...(etags.graphics ? { graphics304: get(paths.graphics, { 'if-none-match': etags.graphics }, 304) } : {}),
    translations: get(paths.translations),
    ...(etags.translations ? { translations304: get(paths.translations, { 'if-none-match': etags.translations }, 304) } : {}),
  };
  if (process.env.BENCH_EACH) {
    for (const [key, path] of Object.entries(paths)) calls[`each ${key}`] = get(path);
    calls['each authenticated'] = { url: `${server.url}/api/authenticated`, method: 'PUT', headers: auth };
  }
  const out = {};
  for (const [key, opts] of Object.entries(calls)) {
    const [bare, call] = await inTurns([anchor, opts], CALL_SECONDS);
    out[key] = { ...call, anchor: bare.rps };
  }
  return out;
}

const rps = (n) => Math.round(n).toLocaleString('en-US');
const ratio = (a, b) => (a / b >= 0.095 ? `1/${(b / a).toFixed(1)}` : `1/${Math.round(b / a)}`);
const met = (ok) => (ok ? 'met' : 'NOT met');
const bad = (s) => (s.bad ? `  (${s.bad} unexpected answers: ${JSON.stringify(s.codes)})` : '');

console.log(`load average before: ${execSync('cat /proc/loadavg').toString().trim()}; mix ${MIX_SECONDS} s per side at 50 connections after a ${WARMUP_SECONDS} s warm-up, ${TURN_GAP_SECONDS} s quiet before each turn, calls ${CALL_SECONDS} s at 10, in ${SLICES} turns`);
const build = process.env.BENCH_ENTRY ? { entry: resolve(process.env.BENCH_ENTRY), env: { WEB_DIR: join(root, 'apps/web/dist') } } : snapshotBuild();
if (build.remove) process.on('exit', () => build.remove());
console.log(`server: ${build.entry}`);

const scratch = ONLY === 'embedded' ? null : await scratchDatabase();
const baseScratch = BASELINE && ONLY !== 'embedded' ? await scratchDatabase() : null;
const sides = [];
try {
  if (baseScratch) sides.push({ kind: 'basePostgresql', name: 'PostgreSQL, baseline', server: await start('base-postgresql', PORTS.basePostgresql, { DATABASE_URL: baseScratch.url }, BASELINE) });
  if (BASELINE && ONLY !== 'postgresql') sides.push({ kind: 'baseEmbedded', name: 'embedded, baseline', server: await start('base-embedded', PORTS.baseEmbedded, {}, BASELINE) });
  if (scratch) sides.push({ kind: 'postgresql', name: 'PostgreSQL', server: await start('postgresql', PORTS.postgresql, { DATABASE_URL: scratch.url }) });
  // The same database without the read cache: what the cache brings, in the same turns.
  if (scratch && !process.env.BENCH_SKIP_CACHE_OFF) sides.push({ kind: 'postgresqlNoCache', name: 'PostgreSQL, READ_CACHE=false', server: await start('postgresql-no-read-cache', PORTS.postgresqlNoCache, { DATABASE_URL: scratch.url, READ_CACHE: 'false' }) });
  if (ONLY !== 'postgresql') {
    sides.push({ kind: 'embedded', name: 'embedded (PGlite)', server: await start('embedded', PORTS.embedded, {}) });
    if (!process.env.BENCH_SKIP_CACHE_OFF) sides.push({ kind: 'embeddedNoCache', name: 'embedded, READ_CACHE=false', server: await start('embedded-no-read-cache', PORTS.embeddedNoCache, { READ_CACHE: 'false' }) });
  }
  for (const side of sides) Object.assign(side, await discover(side.server));

  let failed = false;
  for (const side of sides.filter((s) => s.kind === 'postgresql' || s.kind === 'embedded')) {
    side.calls = await perCall(side);
    console.log(`\n${side.name}, per call at 10 connections, each in turns with GET /api/health of the same server`);
    const line = (name, key, extra = '') => {
      const s = side.calls[key];
      if (!s) return;
      failed ||= s.bad > 0;
      console.log(`  ${name.padEnd(30)}${rps(s.rps).padStart(7)} req/s  p99 ${String(s.p99).padStart(3)} ms  = ${ratio(s.rps, s.anchor).padStart(6)} of /api/health (${rps(s.anchor)} req/s)${extra}${bad(s)}`);
    };
    line('typical club read (5 calls)', 'clubRead', `  target ≥ 1/10: ${met(side.calls.clubRead.rps / side.calls.clubRead.anchor >= TARGETS.clubReadRatio)}`);
    line('clubs/{id}/courses', 'courses', `  [${rps(side.sizes.courses)} B]`);
    line('holes/{id}/drawing/1', 'drawing', `  [${rps(side.sizes.drawing1)} B] target ≥ 1,500 req/s: ${met(side.calls.drawing.rps >= TARGETS.drawingRps)}`);
    line('graphics', 'graphics', `  [${rps(side.sizes.graphics)} B]`);
    line('graphics, If-None-Match → 304', 'graphics304');
    line('translations/da', 'translations', `  [${rps(side.sizes.translations)} B]`);
    line('translations, If-None-Match → 304', 'translations304');
    for (const key of Object.keys(side.calls).filter((k) => k.startsWith('each '))) line(`  ${key.slice(5)}`, key, `  [${rps(side.sizes[key.slice(5)] ?? 0)} B]`);
  }

  // Warm-up, not counted: each side answers the mix for a few seconds first (the JIT, the kept
  // answers and their compressed copies), so the turns measure the servers as they run all day.
  for (const side of sides) await load({ url: side.server.url, connections: 50, headers: { authorization: `Bearer ${side.token}` }, requests: MIX_PATHS(side.paths), duration: WARMUP_SECONDS });
  const mixes = await inTurns(
    sides.map((side) => ({ url: side.server.url, connections: 50, headers: { authorization: `Bearer ${side.token}` }, requests: MIX_PATHS(side.paths) })),
    MIX_SECONDS,
    TURN_GAP_SECONDS,
  );
  console.log(`\nthe mix of ${MIX_PATHS(sides[0].paths).length} calls, 50 connections, in turns:`);
  const byKind = {};
  for (const [i, side] of sides.entries()) {
    const m = mixes[i];
    byKind[side.kind] = m;
    failed ||= m.bad > 0;
    const target = side.kind === 'postgresql' ? `  target p99 ≤ ${TARGETS.mixP99Ms} ms: ${met(m.p99 <= TARGETS.mixP99Ms)}` : '';
    console.log(`  ${side.name.padEnd(28)}${rps(m.rps).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms${target}${bad(m)}`);
  }
  if (BASELINE) console.log(`  baseline: ${BASELINE.entry}`);
  for (const [kind, base] of [['postgresql', 'basePostgresql'], ['embedded', 'baseEmbedded']]) {
    if (byKind[kind] && byKind[base]) console.log(`  ${kind}: ${(byKind[kind].rps / byKind[base].rps).toFixed(1)}× the baseline's throughput, p99 ${byKind[kind].p99} ms against ${byKind[base].p99} ms`);
  }
  if (byKind.basePostgresql && byKind.baseEmbedded) console.log(`  baseline: embedded = ${((byKind.baseEmbedded.rps / byKind.basePostgresql.rps) * 100).toFixed(0)} % of PostgreSQL's`);
  if (byKind.postgresql && byKind.embedded) {
    const share = byKind.embedded.rps / byKind.postgresql.rps;
    console.log(`  embedded = ${(share * 100).toFixed(0)} % of PostgreSQL's throughput  target ≥ 50 %: ${met(share >= TARGETS.embeddedShare)}`);
    if (byKind.embeddedNoCache) console.log(`  embedded with READ_CACHE=false = ${((byKind.embeddedNoCache.rps / byKind.postgresql.rps) * 100).toFixed(0)} % of PostgreSQL's`);
  }
  if (byKind.postgresql && byKind.postgresqlNoCache) console.log(`  PostgreSQL: the read cache gives ${(byKind.postgresql.rps / byKind.postgresqlNoCache.rps).toFixed(1)}× the throughput without it, p99 ${byKind.postgresql.p99} ms against ${byKind.postgresqlNoCache.p99} ms`);
  console.log(`load average after: ${execSync('cat /proc/loadavg').toString().trim()}`);
  if (failed) process.exitCode = 1;
} finally {
  for (const side of sides) await side.server.stop();
  await scratch?.drop();
  await baseScratch?.drop();
}
