// The everyday saves (issue 21): club information, opening hours, a tee, a pin position, a hole
// drawing and a guide's settings, each on its own under load, on PostgreSQL (a scratch database
// created and dropped here) and on the embedded database (a temp DATA_DIR), each a copy of the
// built apps/server/dist/main.js on a loopback port.
//
// Every save writes what it read, unchanged, so it stays valid however long it runs: the club's
// information, hours, tee and pin position as GET answers them; the drawing and the guide with the
// version the last answer named, as the web sends them (one hole, or one guide, per connection,
// so that the versions of concurrent saves never collide; the guides are copies of the demo guide
// made here). The saves of one side run in turns with the other sides' (five slices each,
// alternating), so a change of the machine's load falls on every side alike. Printed per save and
// side: req/s, p50, p99, and the answers that were not 200.
//
// BENCH_SECONDS (default 10) is the time each save gets per side; BENCH_CONNECTIONS (default 10);
// BENCH_SAVES=club,hours,... runs some of the saves; BENCH_ONLY=postgresql|embedded runs one side;
// BENCH_CPU_PROF=<dir> starts the servers with `node --cpu-prof` and writes their profiles there
// (written when the server stops); BENCH_ENTRY=<main.js> measures another build of the server
// instead of apps/server/dist; BENCH_BASELINE=<main.js> also measures that build (e.g. the one
// before a change, copied into apps/server/.bench/dist/) in the same turns and prints the ratio.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the scratch
// databases are created.
import { execFileSync as runFile, execSync } from 'node:child_process';
import autocannon from 'autocannon';
import { join, resolve } from 'node:path';
import { freshDataDir, scratchDatabase, serverNode, signIn, root, snapshotBuild, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const BASELINE = process.env.BENCH_BASELINE ? { entry: resolve(process.env.BENCH_BASELINE), env: { WEB_DIR: join(root, 'apps/web/dist') } } : null;
const SAVES = ['club', 'hours', 'tee', 'pin', 'drawing', 'guide'];
const CHOSEN = process.env.BENCH_SAVES ? process.env.BENCH_SAVES.split(',') : SAVES;
const PORTS = { postgresql: 3931, embedded: 3932, basePostgresql: 3933, baseEmbedded: 3934 };
const SLICES = 5;
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da', 'content-type': 'application/json' };

async function call(server, token, method, path, body) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...BROWSER, authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The version a drawing's or a guide's answer names (its last "version" field). */
function versionIn(body) {
  const at = body.lastIndexOf('"version":');
  return at < 0 ? NaN : parseInt(body.slice(at + 10), 10);
}

/**
 * Saves that carry a version: one slot (a hole, a guide) per connection, and SPARE_SLOTS more. A
 * request takes a free slot when it is built and gives it back with the version its answer named;
 * before every run the versions are read again. A 409 (a save of the slot's row got in first: a
 * request of the previous run still in flight when its versions were read) has the slot's version
 * read again before the slot is given back, so that one conflict does not make every later save of
 * the slot one; the spare slots keep the connections going meanwhile. An answer of an earlier run
 * gives nothing back (its slot is free again in the new run).
 */
function slotted(label, slots, refresh, build) {
  let free = [];
  let run = 0;
  return {
    label,
    async prepare() {
      run++;
      for (const slot of slots) slot.version = await refresh(slot);
      free = [...slots];
    },
    request: {
      setupRequest(req, context) {
        const slot = free.pop();
        if (!slot) throw new Error('more connections than slots');
        context.slot = slot;
        context.run = run;
        return { ...req, ...build(slot) };
      },
      onResponse(status, body, context) {
        const slot = context.slot;
        context.slot = undefined;
        if (!slot || context.run !== run) return;
        if (status === 200) slot.version = versionIn(body);
        if (status !== 409) return void free.push(slot);
        const asked = run;
        refresh(slot).then(
          (version) => {
            slot.version = version;
            if (asked === run) free.push(slot);
          },
          () => {
            if (asked === run) free.push(slot);
          },
        );
      },
    },
  };
}

/** Slots beyond one per connection, for the versioned saves (see slotted). */
const SPARE_SLOTS = 2;

/** Signs in as the demo's region owner (every club role in Fjordvang) and prepares each save. */
async function discover(server) {
  const token = await signIn(server, 'owner@example.com', 'owner-demo');
  const get = (path) => call(server, token, 'GET', path);
  const clubs = await get('/api/clubs-list');
  const club = clubs.find((c) => c.name === 'Fjordvang Golfklub') ?? clubs[0];
  const c = `/api/clubs/${club.id}`;
  const [course] = await get(`${c}/courses`);
  const saves = {};
  const fixed = (method, path, body) => ({ label: `${method} ${path}`, request: { method, path, body: JSON.stringify(body) } });

  // Club information as the club information page sends it.
  const info = await get(`${c}/club`);
  saves.club = fixed('PUT', `/api/clubs/${club.id}`, {
    name: info.name,
    phone: info.phone,
    homepage: info.homepage,
    booking_url: info.booking_url,
    address: info.address,
    position: info.position,
  });

  const { updated_at: _hoursTime, ...hours } = await get(`${c}/hours`);
  saves.hours = fixed('PUT', `${c}/hours`, hours);

  const [tee] = await get(`${c}/tees?course_id=${course.id}`);
  saves.tee = fixed('PUT', `${c}/tees/${tee.id}`, { name: tee.name, color: tee.color });

  // A pin position of the course's first setup (one is made when the demo has none).
  let [setup] = await get(`${c}/pin-setups?course_id=${course.id}`);
  setup ??= await call(server, token, 'POST', `${c}/pin-setups`, { id: null, name: 'Bench', courseId: course.id, clubId: club.id });
  let [position] = await get(`${c}/pin-setups/${setup.id}`);
  position ??= await call(server, token, 'POST', `${c}/pin-setups/${setup.id}`, { holeId: course.holes[0].id, outMeters: 12, sideMeters: -3 });
  saves.pin = fixed('POST', `${c}/pin-setups/${setup.id}`, { holeId: position.holeId, outMeters: position.outMeters, sideMeters: position.sideMeters });

  // A drawn hole per connection (taken in turns when the course has fewer), with its version.
  const drawn = course.holes.filter((h) => h.has_drawing);
  const holeSlots = [];
  for (let i = 0; i < (drawn.length >= CONNECTIONS + SPARE_SLOTS ? CONNECTIONS + SPARE_SLOTS : CONNECTIONS); i++) {
    const hole = drawn[i % drawn.length];
    holeSlots.push({ hole, drawing: (await get(`${c}/holes/${hole.id}/drawing/1`)).drawing, shared: drawn.length < CONNECTIONS });
  }
  saves.drawing = slotted(
    `POST ${c}/holes/{id}/save_drawing with the version (${drawn.length} drawn holes over ${CONNECTIONS} connections)`,
    holeSlots,
    async (slot) => (await get(`${c}/holes/${slot.hole.id}/drawing/1`)).version,
    // Holes shared by two connections are saved without a version (never 409).
    (slot) => ({ method: 'POST', path: `${c}/holes/${slot.hole.id}/save_drawing`, body: JSON.stringify(slot.shared ? { drawing: slot.drawing } : { drawing: slot.drawing, version: slot.version }) }),
  );

  // A guide per connection: copies of the club's first guide, its settings saved as the settings page does.
  const [source] = await get(`${c}/guides`);
  const guideSlots = [];
  for (let i = 0; i < CONNECTIONS + SPARE_SLOTS; i++) {
    const copy = await call(server, token, 'POST', `${c}/guides/${source.guide_id}/copy`, { guide_id: source.guide_id, title: `Bench ${i + 1}` });
    guideSlots.push({ id: copy.guide_id, settings: copy.settings });
  }
  saves.guide = slotted(
    `PUT ${c}/guides/{id} {settings, version} (a copy of the demo guide per connection)`,
    guideSlots,
    async (slot) => (await get(`${c}/guides/${slot.id}`)).version,
    (slot) => ({ method: 'PUT', path: `${c}/guides/${slot.id}`, body: JSON.stringify({ settings: slot.settings, version: slot.version }) }),
  );
  return { token, saves };
}

/** One autocannon run; resolves with its result and the latency of every answer (ms). */
function load(opts) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const run = autocannon({ connections: CONNECTIONS, ...opts }, (err, res) => (err ? reject(err) : resolve({ res, latencies })));
    run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Runs one save on every side for SECONDS in total each, in SLICES turns; per side: req/s, p50, p99, non-200 answers. */
async function inTurns(sides, save) {
  const acc = sides.map(() => ({ total: 0, time: 0, latencies: [], bad: 0, codes: {} }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, side] of sides.entries()) {
      const s = side.saves[save];
      await s.prepare?.();
      const { res, latencies } = await load({ url: side.server.url, headers: { ...BROWSER, authorization: `Bearer ${side.token}` }, requests: [s.request], duration: SECONDS / SLICES });
      const a = acc[i];
      a.total += res.requests.total;
      a.time += res.duration;
      a.latencies.push(...latencies);
      for (const [code, { count }] of Object.entries(res.statusCodeStats)) {
        a.codes[code] = (a.codes[code] ?? 0) + count;
        if (code !== '200') a.bad += count;
      }
      a.bad += res.errors + res.timeouts;
    }
  }
  return acc.map((a) => {
    a.latencies.sort((x, y) => x - y);
    const at = (q) => (a.latencies.length ? a.latencies[Math.min(a.latencies.length - 1, Math.floor(q * a.latencies.length))] : NaN);
    return { rps: a.total / a.time, p50: at(0.5), p99: at(0.99), bad: a.bad, codes: a.codes };
  });
}

function start(kind, port, env, from) {
  return startServer({
    dataDir: freshDataDir(),
    port,
    entry: from.entry,
    // No guide generation in the background while measuring.
    env: { ...from.env, DEMO_PRODUCTS: 'false', ...env },
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=saves-${kind}-${Date.now()}.cpuprofile`] : [],
  });
}

const rps = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

console.log(`load average before: ${execSync('cat /proc/loadavg').toString().trim()}; each save ${SECONDS} s per side at ${CONNECTIONS} connections, in ${SLICES} turns`);
const build = process.env.BENCH_ENTRY ? { entry: resolve(process.env.BENCH_ENTRY), env: { WEB_DIR: join(root, 'apps/web/dist') } } : snapshotBuild();
if (build.remove) process.on('exit', () => build.remove());
console.log(`server: ${build.entry} on Node ${runFile(serverNode, ['--version']).toString().trim()} (BENCH_SERVER_NODE picks another)${BASELINE ? `\nbaseline: ${BASELINE.entry}` : ''}`);

const scratches = [];
const sides = [];
try {
  const pgSide = async (kind, name, port, from) => {
    const scratch = await scratchDatabase(ADMIN_URL, 'saves');
    scratches.push(scratch);
    sides.push({ kind, name, server: await start(kind, port, { DATABASE_URL: scratch.url }, from) });
  };
  if (ONLY !== 'embedded') {
    if (BASELINE) await pgSide('basePostgresql', 'PostgreSQL, baseline', PORTS.basePostgresql, BASELINE);
    await pgSide('postgresql', 'PostgreSQL', PORTS.postgresql, build);
  }
  if (ONLY !== 'postgresql') {
    if (BASELINE) sides.push({ kind: 'baseEmbedded', name: 'embedded, baseline', server: await start('baseEmbedded', PORTS.baseEmbedded, {}, BASELINE) });
    sides.push({ kind: 'embedded', name: 'embedded (PGlite)', server: await start('embedded', PORTS.embedded, {}, build) });
  }
  for (const side of sides) Object.assign(side, await discover(side.server));

  let failed = false;
  const table = {};
  for (const save of CHOSEN) {
    const results = await inTurns(sides, save);
    table[save] = results;
    console.log(`\n${save}: ${sides[0].saves[save].label}`);
    for (const [i, side] of sides.entries()) {
      const r = results[i];
      failed ||= r.bad > 0;
      const base = side.kind === 'postgresql' || side.kind === 'embedded' ? sides.findIndex((s) => s.kind === `base${side.kind[0].toUpperCase()}${side.kind.slice(1)}`) : -1;
      const vs = base >= 0 ? `  ${(r.rps / results[base].rps).toFixed(2)}× the baseline` : '';
      console.log(`  ${side.name.padEnd(22)}${rps(r.rps).padStart(7)} req/s  p50 ${ms(r.p50).padStart(4)} ms  p99 ${ms(r.p99).padStart(4)} ms${vs}${r.bad ? `  (${r.bad} not 200: ${JSON.stringify(r.codes)})` : ''}`);
    }
  }
  console.log(`\nload average after: ${execSync('cat /proc/loadavg').toString().trim()}`);
  if (failed) process.exitCode = 1;
} finally {
  for (const side of sides) await side.server.stop();
  for (const scratch of scratches) await scratch.drop();
}
