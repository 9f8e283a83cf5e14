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
//   PostgreSQL's throughput;
// - the mixed run (issue 21), in turns on PostgreSQL and the embedded database (and the baseline's
//   two with BENCH_BASELINE; the READ_CACHE=false servers are left out): the administrator reads
//   three demo clubs (Fjordvang, Augusta National, Ljungbacka), per club the 18 GETs of the mix
//   above (not the session's PUT), and one request in ten is an everyday save, each club in turn:
//   club information, opening hours, a tee, a pin position, a hole drawing (saved without a
//   version: the last save wins) and a guide's settings (each connection saves guides of its own
//   and names the version its last save answered; read again before each turn). Each save sends
//   back what was read before the run, so every one is valid and every answer must be 200.
//   Before the run each club is given what it lacks (Ljungbacka a copy of Fjordvang's course with
//   its drawings, Augusta a tee, pin setups, opening hours, 50 guides per club). Each connection
//   starts at its own place in the list and goes on where it stopped in the turn before. Printed:
//   throughput, p50/p99 of every answer, the saves' share and their p50/p99 (also per save), the
//   targets (PostgreSQL p99 ≤ 20 ms; embedded ≥ 50 % of PostgreSQL's throughput);
// - the second mix (issue 21 with issue 22's app side): the mixed run again, in turns, while the
//   golfers' app PUTs Fjordvang's generated rounds (shots and tracks, bench/app-rounds.mjs) to the
//   side being measured at a steady BENCH_INGEST_RATE a second (default 20); printed like the mixed
//   run, with the rounds stored, their rate and p50/p99, and the same targets.
//   BENCH_SKIP_INGEST_MIX=1 leaves it out (so does BENCH_SKIP_MIXED=1).
// Throughput is all answers over all slices' time; p50/p99 are over every answer of the slices.
//
// BENCH_SECONDS (each mix, default 45) and BENCH_CALL_SECONDS (per call, default 10) are the time each
// side gets, shorter while iterating; BENCH_MIX_ONLY=1 runs only the mixed run (no per-call
// figures, no reads-only mix, no READ_CACHE=false servers), BENCH_SKIP_MIXED=1 leaves it out,
// BENCH_MIX_SAVES=club,hours,... makes only those saves (the issue's starting point: club);
// before each mix's turns each side answers that mix for
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
// each mix's ratio to it; BENCH_NODE_ARGS="<options>" starts the measured servers (not the
// baseline's) with those Node options, e.g. with BENCH_BASELINE naming the same build:
// BENCH_NODE_ARGS=--max-semi-space-size=32 was 826 against 865 req/s on 2026-11-28, no gain.
// BENCH_NODE_ARGS="--import ./bench/server-timings.mjs" writes where the server's time goes
// (inside the server, the pool's wait, a statement's answer) to bench/results/timings-<pid>.txt.
// BENCH_SERVER_NODE=<node binary> runs the servers on another Node (bench/lib.mjs); the first
// line says which.
import { execFileSync as runFile, execSync } from 'node:child_process';
import autocannon from 'autocannon';
import { join, resolve } from 'node:path';
import { discoverCourse, generatePool, putUsers, steadyRounds } from './app-rounds.mjs';
import { freshDataDir, scratchDatabase, serverNode, signIn, root, snapshotBuild, startServer } from './lib.mjs';

const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
const CALL_SECONDS = Number(process.env.BENCH_CALL_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
// A pause before each turn of the mix: what the previous turn left running (the servers' garbage
// collection after 50 connections at full speed, PostgreSQL's autovacuum after the cache-off
// side) would otherwise fall on the next side's time. A side measured on its own has no such gap.
const TURN_GAP_SECONDS = Number(process.env.BENCH_TURN_GAP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
// Only the mixed run (reads with 10 % writes): no per-call figures, no reads-only mix, no READ_CACHE=false sides.
const MIX_ONLY = Boolean(process.env.BENCH_MIX_ONLY);
const SKIP_MIXED = Boolean(process.env.BENCH_SKIP_MIXED);
const SKIP_CACHE_OFF = Boolean(process.env.BENCH_SKIP_CACHE_OFF) || MIX_ONLY;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
// The second mix (issue 21): rounds a second the app sends beside the mixed run, the distinct
// rounds generated for it (sent again under new ids), and BENCH_SKIP_INGEST_MIX=1 to leave it out.
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 20);
const INGEST_POOL = 200;
const SKIP_INGEST_MIX = Boolean(process.env.BENCH_SKIP_INGEST_MIX);
const PORTS = { postgresql: 3921, embedded: 3922, embeddedNoCache: 3923, basePostgresql: 3924, baseEmbedded: 3925, postgresqlNoCache: 3926 };
const BASELINE = process.env.BENCH_BASELINE ? { entry: resolve(process.env.BENCH_BASELINE), env: {} } : null;
// BENCH_NODE_ARGS: Node options of the measured servers only, not the baseline's (header).
const NODE_ARGS = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
// What a browser sends with every call.
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da' };

const TARGETS = { mixP99Ms: 20, embeddedShare: 0.5, clubReadRatio: 1 / 10, drawingRps: 1500 };

const SLICES = 5;

/**
 * One autocannon run; resolves with its result, the latency of every answer (ms) and, apart, of the
 * answers to requests marked `write: true` (by their `kind`). `perConnection(k)` (optional) gives
 * connection k (0, 1, …, the same k in every run) its own list of requests instead of `requests`;
 * `answered(k)` (optional) is told of each of its answers.
 */
function load({ expect: _expect, prepare: _prepare, during: _during, perConnection, answered, ...opts }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const writeLatencies = {};
    let next = 0;
    // autocannon makes its clients one by one and calls setupClient on each before it connects.
    const setupClient = perConnection
      ? (client) => {
          client.benchConnection = next++;
          client.requestIterator.setRequests(perConnection(client.benchConnection));
        }
      : undefined;
    const run = autocannon({ connections: 10, ...opts, ...(setupClient ? { setupClient } : {}), headers: { ...BROWSER, ...opts.headers } }, (err, res) =>
      err ? reject(err) : resolve({ res, latencies, writeLatencies }),
    );
    run.on('response', (client, _status, _bytes, ms) => {
      latencies.push(ms);
      // With one request at a time per connection, the client's current request is the one answered
      // (autocannon moves on to the next only after this event).
      const request = client.requestIterator.currentRequest;
      if (request?.write) (writeLatencies[request.kind] ??= []).push(ms);
      answered?.(client.benchConnection);
    });
  });
}

/**
 * Runs each of `sides` for `seconds` in total, in SLICES turns (a, b, c, a, b, c, ...). Answers:
 * per side, throughput (all answers over all its time), p50 and p99 over all its answers, and
 * the answers that were not the expected status.
 */
async function inTurns(sides, seconds, gapSeconds = 0) {
  const acc = sides.map(() => ({ total: 0, time: 0, latencies: [], writeLatencies: {}, bad: 0, codes: {}, beside: null }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, side] of sides.entries()) {
      if (gapSeconds > 0) await new Promise((resolve) => setTimeout(resolve, gapSeconds * 1000));
      // A side may bring its state up to date before each turn (not timed).
      await side.prepare?.();
      // A side may have something else running beside its load during each turn (the app's rounds).
      const beside = side.during?.();
      const { res, latencies, writeLatencies } = await load({ ...side, duration: seconds / SLICES });
      const a = acc[i];
      if (beside) {
        const b = await beside.stop();
        a.beside ??= { sent: 0, ok: 0, latencies: [], time: 0 };
        a.beside.sent += b.sent;
        a.beside.ok += b.ok;
        a.beside.latencies.push(...b.latencies);
        a.beside.time += res.duration;
      }
      a.total += res.requests.total;
      a.time += res.duration;
      a.latencies.push(...latencies);
      for (const [kind, list] of Object.entries(writeLatencies)) (a.writeLatencies[kind] ??= []).push(...list);
      const expected = side.expect ?? 200;
      for (const [code, { count }] of Object.entries(res.statusCodeStats)) {
        a.codes[code] = (a.codes[code] ?? 0) + count;
        if (Number(code) !== expected) a.bad += count;
      }
      a.bad += res.errors + res.timeouts;
    }
  }
  const at = (list, q) => (list.length ? list[Math.min(list.length - 1, Math.floor(q * list.length))] : NaN);
  const sorted = (list) => list.sort((x, y) => x - y);
  return acc.map((a) => {
    sorted(a.latencies);
    const w = sorted(Object.values(a.writeLatencies).flat());
    const byKind = Object.fromEntries(Object.entries(a.writeLatencies).map(([kind, list]) => [kind, { n: list.length, p50: Math.round(at(sorted(list), 0.5)), p99: Math.round(at(list, 0.99)) }]));
    return {
      rps: a.total / a.time,
      p50: Math.round(at(a.latencies, 0.5)),
      p99: Math.round(at(a.latencies, 0.99)),
      bad: a.bad,
      codes: a.codes,
      answers: a.latencies.length,
      writes: w.length,
      writeP50: Math.round(at(w, 0.5)),
      writeP99: Math.round(at(w, 0.99)),
      writesByKind: byKind,
      beside: a.beside && { rate: a.beside.ok / a.beside.time, sent: a.beside.sent, ok: a.beside.ok, p50: Math.round(at(sorted(a.beside.latencies), 0.5)), p99: Math.round(at(a.beside.latencies, 0.99)) },
    };
  });
}

async function call(server, token, path, init = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...BROWSER, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), etag: res.headers.get('etag'), bytes: Number(res.headers.get('content-length') ?? 0) };
}

/** Signs in as the demo's region owner (every club role in Fjordvang) and finds the ids the screens use. */
async function discover(server) {
  const token = await signIn(server, 'owner@example.com', 'owner-demo');
  const clubs = (await call(server, token, '/api/clubs-list')).body;
  const club = clubs.find((c) => c.name === 'Fjordvang Golfklub') ?? clubs[0];
  const courses = (await call(server, token, `/api/clubs/${club.id}/courses`)).body;
  const { ids, paths } = screenPaths(club.id, courses[0]);
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

/** The GETs the screens make for one club and its course (two of its drawn holes), with the shared reads. */
function screenPaths(clubId, course) {
  const holes = course.holes.filter((h) => h.has_drawing);
  const c = `/api/clubs/${clubId}`;
  const ids = { clubId, courseId: course.id, holes: [holes[0].id, holes[Math.min(7, holes.length - 1)].id] };
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
  return { ids, paths };
}

const MIX_PATHS = (paths) => [...Object.values(paths).map((path) => ({ method: 'GET', path })), { method: 'PUT', path: '/api/authenticated' }];

// ---- The mixed run (issue 21): the screens' reads of several clubs with 10 % writes ----

/** The clubs of the mixed run, by the demo's names; each gets what it lacks before the run (`prepareClub`). */
const MIXED_CLUBS = ['Fjordvang Golfklub', 'Augusta National Golf Club', 'Ljungbacka Golfklubb'];
/** The everyday saves, each made on every club in turn. */
const ALL_WRITE_KINDS = ['club', 'hours', 'tee', 'pin', 'drawing', 'guide'];
// BENCH_MIX_SAVES=club,hours picks the saves of the mixed run (default: all six).
const WRITE_KINDS = process.env.BENCH_MIX_SAVES ? process.env.BENCH_MIX_SAVES.split(',').filter((k) => ALL_WRITE_KINDS.includes(k)) : ALL_WRITE_KINDS;
if (WRITE_KINDS.length === 0) throw new Error(`BENCH_MIX_SAVES names none of ${ALL_WRITE_KINDS.join(', ')}`);
const MIXED_CONNECTIONS = 50;

const json = (body) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** A drawing moved by (dLon, dLat) degrees: every coordinate pair of every geometry. */
function shifted(drawing, dLon, dLat) {
  const move = (c) => (typeof c[0] === 'number' ? [Math.round((c[0] + dLon) * 1e7) / 1e7, Math.round((c[1] + dLat) * 1e7) / 1e7, ...c.slice(2)] : c.map(move));
  return { ...drawing, features: drawing.features.map((f) => ({ ...f, geometry: f.geometry && { ...f.geometry, coordinates: move(f.geometry.coordinates) } })) };
}

/** Opening hours as a club fills them in: two seasons, a closed day, green fees. */
function demoHours(currency) {
  const open = (from, to) => ({ closed: false, open: from, close: to });
  const week = (weekday, weekend) => ({ mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: weekend, sun: weekend });
  return {
    seasons: [
      { name: 'Summer', from: '2026-04-01', to: '2026-10-31', days: week(open('07:00', '21:00'), open('06:30', '21:00')) },
      { name: 'Winter', from: '2026-11-01', to: '2027-03-31', days: week({ closed: true }, open('09:00', '15:30')) },
    ],
    closed_days: [{ date: '2026-12-24', reason: 'Christmas Eve' }],
    details: 'The driving range opens 30 minutes earlier.',
    price_groups: [
      {
        name: 'Green fee',
        items: [
          { name: '18 holes', description: 'Weekdays', amount: 450, currency },
          { name: '9 holes', description: '', amount: 275.5, currency },
        ],
      },
    ],
  };
}

/**
 * Gives a demo club what the mixed run reads and saves, as an administrator would enter it: a
 * course with drawn holes (Ljungbacka has none: Fjordvang's course, moved to the club's position),
 * a tee (Augusta's imported course has none), a pin setup with the pins of every hole, opening
 * hours, and one guide per connection (a guide's save names its version, so each connection saves
 * a guide of its own and a save never meets another's). Leaves what exists as it is.
 */
async function prepareClub(server, token, club, template) {
  const c = `/api/clubs/${club.id}`;
  const get = async (path) => (await call(server, token, path)).body;
  let [course] = await get(`${c}/courses`);
  if (!course) {
    const src = template.course;
    const tees = await get(`/api/clubs/${template.clubId}/tees?course_id=${src.id}`);
    const distances = await get(`/api/clubs/${template.clubId}/holes_tees?course_id=${src.id}`);
    course = (
      await call(server, token, `${c}/courses`, json({
        name: `${club.name} course`,
        tees: tees.map((t) => ({ name: t.name, color: t.color })),
        holes: src.holes.map((h) => ({
          name: h.name,
          par: h.par,
          handicap: h.handicap,
          pro_guideline: h.pro_guideline,
          distances: distances.filter((d) => d.hole_id === h.id).map((d) => ({ tee: tees.findIndex((t) => t.id === d.tee_id), distance: d.distance })),
        })),
      }))
    ).body;
    const info = await get(`${c}/club`);
    const dLon = (info.position?.longitude ?? template.position.longitude) - template.position.longitude;
    const dLat = (info.position?.latitude ?? template.position.latitude) - template.position.latitude;
    for (const [i, hole] of src.holes.entries()) {
      if (!hole.has_drawing) continue;
      const { drawing } = await get(`/api/clubs/${template.clubId}/holes/${hole.id}/drawing/1`);
      await call(server, token, `${c}/holes/${course.holes[i].id}/save_drawing`, json({ drawing: shifted(drawing, dLon, dLat), version: 0 }));
    }
    [course] = await get(`${c}/courses`);
  }
  const tees = await get(`${c}/tees?course_id=${course.id}`);
  if (tees.length === 0) await call(server, token, `${c}/tees`, json({ course_id: course.id, name: 'Yellow', color: '#fbc02d' }));
  const setups = await get(`${c}/pin-setups?course_id=${course.id}`);
  if (setups.length === 0) {
    const setup = (await call(server, token, `${c}/pin-setups`, json({ id: null, name: 'Weekend', courseId: course.id, clubId: club.id }))).body;
    for (const [i, hole] of course.holes.entries()) {
      await call(server, token, `${c}/pin-setups/${setup.id}`, json({ holeId: hole.id, outMeters: 5 + ((i * 7 + 3) % 21), sideMeters: ((i * 5 + 2) % 17) - 8 }));
    }
  }
  const hours = await get(`${c}/hours`);
  if (hours.seasons.length === 0) {
    const { address } = await get(`${c}/club`);
    await call(server, token, `${c}/hours`, { ...json(demoHours({ dk: 'DKK', se: 'SEK', us: 'USD' }[address.country_code] ?? 'EUR')), method: 'PUT' });
  }
  const guides = await get(`${c}/guides`);
  for (let k = 0; k < MIXED_CONNECTIONS; k++) {
    const title = `Bench guide ${k + 1}`;
    if (!guides.some((g) => g.title === title)) await call(server, token, `${c}/guides`, json({ title, course_ids: [course.id] }));
  }
}

/**
 * Signs in as the demo's administrator (who may read and save every club), prepares the clubs
 * (`prepareClub`) and reads, per club, the paths of the screens' GETs and what each save sends:
 * the saves send back what was read here, so every one is valid however often it is made.
 */
async function discoverMixed(server) {
  const token = await signIn(server, 'admin@example.com', 'admin-demo');
  const list = (await call(server, token, '/api/clubs-list')).body;
  const chosen = MIXED_CLUBS.map((name) => list.find((c) => c.name === name)).filter(Boolean);
  if (chosen.length < 3) throw new Error(`the mixed run needs the demo clubs ${MIXED_CLUBS.join(', ')}; found ${chosen.map((c) => c.name).join(', ')}`);
  const [first] = chosen;
  const template = { clubId: first.id, course: (await call(server, token, `/api/clubs/${first.id}/courses`)).body[0], position: (await call(server, token, `/api/clubs/${first.id}/club`)).body.position };
  const clubs = [];
  for (const club of chosen) {
    await prepareClub(server, token, club, template);
    const c = `/api/clubs/${club.id}`;
    const get = async (path) => (await call(server, token, path)).body;
    const [course] = await get(`${c}/courses`);
    const { ids, paths } = screenPaths(club.id, course);
    for (const path of Object.values(paths)) await call(server, token, path);
    const info = await get(`${c}/club`);
    const { updated_at: _hoursSaved, ...hours } = await get(`${c}/hours`);
    const [tee] = await get(`${c}/tees?course_id=${course.id}`);
    const [setup] = await get(`${c}/pin-setups?course_id=${course.id}`);
    const pin = (await get(`${c}/pin-setups/${setup.id}`)).find((p) => p.holeId === ids.holes[0]);
    const { drawing } = await get(`${c}/holes/${ids.holes[0]}/drawing/1`);
    const guides = await get(`${c}/guides`);
    const own = Array.from({ length: MIXED_CONNECTIONS }, (_, k) => guides.find((g) => g.title === `Bench guide ${k + 1}`));
    clubs.push({
      id: club.id,
      name: club.name,
      paths,
      // What the club information screen saves: the details, as read.
      club: { name: info.name, address: info.address, position: info.position, phone: info.phone, homepage: info.homepage, booking_url: info.booking_url, app_teaser: info.app_teaser },
      hours,
      tee: { id: tee.id, body: { name: tee.name, color: tee.color } },
      pin: { setupId: setup.id, body: { holeId: pin.holeId, outMeters: pin.outMeters, sideMeters: pin.sideMeters } },
      // A drawing saved without a version replaces the stored one whatever its version (the API's
      // last-save-wins form): 50 connections saving the same hole never conflict.
      drawing: { holeId: ids.holes[0], body: { drawing } },
      // Per connection: its guide, the version its next save names (kept up to date from the save's
      // answer, and read again before each turn), the settings it saves.
      guides: own.map((g) => ({ id: g.guide_id, version: g.version, settings: JSON.stringify(g.settings) })),
    });
  }
  /** Reads every connection's guide versions again: a save cut off at the end of a turn may still have gone through. */
  const refreshGuides = async () => {
    for (const club of clubs) {
      const guides = (await call(server, token, `/api/clubs/${club.id}/guides`)).body;
      for (const g of club.guides) g.version = guides.find((x) => x.guide_id === g.id).version;
    }
  };
  // Per connection, how many of its requests were answered so far: the next turn goes on from there.
  const walked = new Array(MIXED_CONNECTIONS).fill(0);
  return { token, clubs, refreshGuides, walked };
}

/**
 * Connection k's requests: for each club in turn, the screens' 18 GETs (the reads mix without the
 * session's PUT) and two saves, so exactly one request in ten is a save; over three rounds each of
 * the six saves falls on each club once (round r, club i: saves 2i + 2r and 2i + 2r + 1, mod 6).
 * The list starts at a place of its own per connection, so the 50 connections are spread over it,
 * moved on by the `done` requests it answered in earlier turns, so that over the whole run each
 * connection walks its list once through and the saves are one answer in ten.
 */
function mixedRequests(clubs, k, done = 0) {
  const write = (club, kind) => {
    const c = `/api/clubs/${club.id}`;
    // Saves are answered uncompressed: the guide's answer is read for its new version.
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'identity' };
    const send = (method, path, body) => ({ method, path, headers, body: JSON.stringify(body), write: true, kind });
    if (kind === 'club') return send('PUT', `/api/clubs/${club.id}`, club.club);
    if (kind === 'hours') return send('PUT', `${c}/hours`, club.hours);
    if (kind === 'tee') return send('PUT', `${c}/tees/${club.tee.id}`, club.tee.body);
    if (kind === 'pin') return send('POST', `${c}/pin-setups/${club.pin.setupId}`, club.pin.body);
    if (kind === 'drawing') return send('POST', `${c}/holes/${club.drawing.holeId}/save_drawing`, club.drawing.body);
    const guide = club.guides[k % club.guides.length];
    return {
      method: 'PUT',
      path: `${c}/guides/${guide.id}`,
      headers,
      write: true,
      kind,
      // The guide settings page saves the settings with the version it read; each save names the current one.
      setupRequest: (req) => ({ ...req, body: `{"version":${guide.version},"settings":${guide.settings}}` }),
      onResponse: (status, body) => {
        if (status === 200) guide.version = JSON.parse(body).version;
      },
    };
  };
  const list = [];
  for (let round = 0; round < 3; round++) {
    for (const [i, club] of clubs.entries()) {
      const reads = Object.values(club.paths).map((path) => ({ method: 'GET', path }));
      const kinds = [0, 1].map((j) => WRITE_KINDS[(2 * i + 2 * round + j) % WRITE_KINDS.length]);
      // The two saves sit a third and two thirds into the club's reads.
      list.push(...reads.slice(0, 6), write(club, kinds[0]), ...reads.slice(6, 12), write(club, kinds[1]), ...reads.slice(12));
    }
  }
  const offset = (Math.floor((k * list.length) / MIXED_CONNECTIONS) + done) % list.length;
  return [...list.slice(offset), ...list.slice(0, offset)];
}

function start(kind, port, env, from = build) {
  return startServer({
    dataDir: freshDataDir(),
    port,
    entry: from.entry,
    // The demo guide's products are not made at first start: their generation would run in the
    // background during the measurement (a PDF and 72 images per server).
    env: { ...build.env, DEMO_PRODUCTS: 'false', ...env },
    nodeArgs: [...(from === build ? NODE_ARGS : []), ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`] : [])],
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
console.log(`server: ${build.entry} on Node ${runFile(serverNode, ['--version']).toString().trim()} (BENCH_SERVER_NODE picks another)`);

const scratch = ONLY === 'embedded' ? null : await scratchDatabase(ADMIN_URL, 'reads');
const baseScratch = BASELINE && ONLY !== 'embedded' ? await scratchDatabase(ADMIN_URL, 'reads') : null;
const sides = [];
try {
  if (baseScratch) sides.push({ kind: 'basePostgresql', name: 'PostgreSQL, baseline', server: await start('base-postgresql', PORTS.basePostgresql, { DATABASE_URL: baseScratch.url }, BASELINE) });
  if (BASELINE && ONLY !== 'postgresql') sides.push({ kind: 'baseEmbedded', name: 'embedded, baseline', server: await start('base-embedded', PORTS.baseEmbedded, {}, BASELINE) });
  if (scratch) sides.push({ kind: 'postgresql', name: 'PostgreSQL', server: await start('postgresql', PORTS.postgresql, { DATABASE_URL: scratch.url }) });
  // The same database without the read cache: what the cache brings, in the same turns.
  if (scratch && !SKIP_CACHE_OFF) sides.push({ kind: 'postgresqlNoCache', name: 'PostgreSQL, READ_CACHE=false', server: await start('postgresql-no-read-cache', PORTS.postgresqlNoCache, { DATABASE_URL: scratch.url, READ_CACHE: 'false' }) });
  if (ONLY !== 'postgresql') {
    sides.push({ kind: 'embedded', name: 'embedded (PGlite)', server: await start('embedded', PORTS.embedded, {}) });
    if (!SKIP_CACHE_OFF) sides.push({ kind: 'embeddedNoCache', name: 'embedded, READ_CACHE=false', server: await start('embedded-no-read-cache', PORTS.embeddedNoCache, { READ_CACHE: 'false' }) });
  }
  if (!MIX_ONLY) for (const side of sides) Object.assign(side, await discover(side.server));

  let failed = false;
  // The reads alone: per call, then the mix (BENCH_MIX_ONLY=1 leaves them out).
  if (!MIX_ONLY) {
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
  }

  // The mixed run (issue 21) on the sides with the read cache; the READ_CACHE=false servers are
  // left out (the PostgreSQL one shares its database with the PostgreSQL side).
  const mixedSides = SKIP_MIXED ? [] : sides.filter((s) => !s.kind.endsWith('NoCache'));
  if (mixedSides.length) {
    for (const side of mixedSides) side.mixed = await discoverMixed(side.server);
    const mixedLoad = (side) => ({
      url: side.server.url,
      connections: MIXED_CONNECTIONS,
      headers: { authorization: `Bearer ${side.mixed.token}` },
      requests: mixedRequests(side.mixed.clubs, 0),
      perConnection: (k) => mixedRequests(side.mixed.clubs, k, side.mixed.walked[k]),
      answered: (k) => side.mixed.walked[k]++,
      prepare: side.mixed.refreshGuides,
    });
    for (const side of mixedSides) {
      await side.mixed.refreshGuides();
      await load({ ...mixedLoad(side), duration: WARMUP_SECONDS });
    }
    const mixed = await inTurns(mixedSides.map(mixedLoad), MIX_SECONDS, TURN_GAP_SECONDS);
    const clubNames = mixedSides[0].mixed.clubs.map((c) => c.name).join(', ');
    console.log(`\nthe mixed run: the screens' 18 GETs of ${mixedSides[0].mixed.clubs.length} clubs (${clubNames}) as the administrator, with 10 % saves (${WRITE_KINDS.join(', ')}; each club in turn), ${MIXED_CONNECTIONS} connections, in turns:`);
    const byKind = {};
    for (const [i, side] of mixedSides.entries()) {
      const m = mixed[i];
      byKind[side.kind] = m;
      failed ||= m.bad > 0;
      const share = m.answers ? `${((m.writes / m.answers) * 100).toFixed(1)} %` : 'none';
      const target = side.kind === 'postgresql' ? `  target p99 ≤ ${TARGETS.mixP99Ms} ms: ${met(m.p99 <= TARGETS.mixP99Ms)}` : '';
      console.log(`  ${side.name.padEnd(28)}${rps(m.rps).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms; saves ${share} of answers, p50 ${m.writeP50} ms, p99 ${m.writeP99} ms${target}${bad(m)}`);
      console.log(`    saves, p50/p99 ms: ${WRITE_KINDS.map((kind) => (m.writesByKind[kind] ? `${kind} ${m.writesByKind[kind].p50}/${m.writesByKind[kind].p99}` : `${kind} none`)).join(', ')}`);
    }
    for (const [kind, base] of [['postgresql', 'basePostgresql'], ['embedded', 'baseEmbedded']]) {
      if (byKind[kind] && byKind[base]) console.log(`  ${kind}: ${(byKind[kind].rps / byKind[base].rps).toFixed(1)}× the baseline's throughput, p99 ${byKind[kind].p99} ms against ${byKind[base].p99} ms`);
    }
    if (byKind.basePostgresql && byKind.baseEmbedded) console.log(`  baseline: embedded = ${((byKind.baseEmbedded.rps / byKind.basePostgresql.rps) * 100).toFixed(0)} % of PostgreSQL's`);
    if (byKind.postgresql && byKind.embedded) {
      const share = byKind.embedded.rps / byKind.postgresql.rps;
      console.log(`  embedded = ${(share * 100).toFixed(0)} % of PostgreSQL's throughput  target ≥ 50 %: ${met(share >= TARGETS.embeddedShare)}`);
    }

    // The second mix (issue 21, with the app side of issue 22): the mixed run again while the
    // golfers' app sends Fjordvang's rounds (with shots and tracks) to the side being measured at a
    // steady INGEST_RATE a second. The rounds' tables are read by none of the mix's answers, so a
    // round forgets none of them (decision 0022).
    const ingestSides = mixedSides.filter((s) => !s.kind.startsWith('base'));
    if (!SKIP_INGEST_MIX && ingestSides.length) {
      for (const side of ingestSides) {
        side.app = await discoverCourse(side.server);
        const { pool, users, shotsPerRound, pointsPerRound } = generatePool(side.app.course, INGEST_POOL);
        side.app.pool = pool;
        side.app.sizes = `${shotsPerRound.toFixed(0)} shots, ${pointsPerRound.toFixed(0)} track points each`;
        await putUsers(side.server, side.app, users);
      }
      let turn = 0;
      const withRounds = (side) => ({ ...mixedLoad(side), during: () => steadyRounds(side.server, side.app, side.app.pool, INGEST_RATE, `mix${turn++}`) });
      for (const side of ingestSides) await load({ ...mixedLoad(side), duration: WARMUP_SECONDS });
      const second = await inTurns(ingestSides.map(withRounds), MIX_SECONDS, TURN_GAP_SECONDS);
      console.log(`\nthe second mix: the mixed run above while the app sends ${INGEST_RATE} rounds a second (${ingestSides[0].app.sizes}) to Fjordvang, ${MIXED_CONNECTIONS} connections, in turns:`);
      const secondByKind = {};
      for (const [i, side] of ingestSides.entries()) {
        const m = second[i];
        secondByKind[side.kind] = m;
        const rounds = m.beside;
        failed ||= m.bad > 0 || !rounds || rounds.ok !== rounds.sent;
        const target = side.kind === 'postgresql' ? `  target p99 ≤ ${TARGETS.mixP99Ms} ms: ${met(m.p99 <= TARGETS.mixP99Ms)}` : '';
        console.log(`  ${side.name.padEnd(28)}${rps(m.rps).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms; saves p99 ${m.writeP99} ms${target}${bad(m)}`);
        if (rounds) console.log(`    rounds: ${rounds.ok} of ${rounds.sent} stored (${rounds.rate.toFixed(1)} a second), p50 ${rounds.p50} ms, p99 ${rounds.p99} ms`);
      }
      if (secondByKind.postgresql && secondByKind.embedded) {
        const share = secondByKind.embedded.rps / secondByKind.postgresql.rps;
        console.log(`  embedded = ${(share * 100).toFixed(0)} % of PostgreSQL's throughput  target ≥ 50 %: ${met(share >= TARGETS.embeddedShare)}`);
      }
    }
  }
  console.log(`load average after: ${execSync('cat /proc/loadavg').toString().trim()}`);
  if (failed) process.exitCode = 1;
} finally {
  for (const side of sides) await side.server.stop();
  await scratch?.drop();
  await baseScratch?.drop();
}
