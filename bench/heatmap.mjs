// The shot heatmap on many shots (issue 22, "Measured"): on PostgreSQL (a scratch database created
// and dropped here) and on the embedded database (a temp DATA_DIR), BENCH_SHOTS generated shots
// (default 1,000,000) on the demo course 'Fjordvang Links': rounds spread over the 2026 season
// (April to October, 06:00–19:00) with varied sex, home/guest, handicap, points, strokes and share
// of holes shot-tracked, 60 shots each, scattered evenly over the extent of the course's drawings
// in its local metres (the worst case for the answer's size: every cell is full). Written in
// bulk with SQL generate_series (PostgreSQL: through `pg` while the server runs; embedded: by
// PGlite in this process while the server is stopped).
//
// Timed, in turns (BENCH_TURNS, default 5, after one untimed of each), the medians of:
// - the filtered, binned answer through HTTP, signed in as the admin: POST
//   clubs/{clubId}/insights/heatmap with the §9 default filter (2026, points 18–54, shots 36–108,
//   handicap 0–72, shot-tracked ≥ 0.8) at BENCH_CELL metres (default 8);
// - the bare `SELECT count(*) … GROUP BY` of the same cells over the same rows (the same
//   conditions on rounds, joined to shots). PostgreSQL: with `pg` from this process on the same
//   database while the server runs idle. Embedded: the server exposes no such path, so the server
//   is stopped, its data folder copied, and the bare query timed on the copy by PGlite in this
//   process (the same engine the server runs in its worker thread).
// Printed: both times and their ratio (target ≤ 2×), the answer's size (target < 100 KB) and its
// cells at each cell size. BENCH_ONLY=postgresql|embedded runs one side; BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres) is where the scratch database is created.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { fmt, freshDataDir, scratchDatabase, signIn, snapshotBuild, startServer } from './lib.mjs';

const SHOTS = Number(process.env.BENCH_SHOTS ?? 1_000_000);
const SHOTS_PER_ROUND = 60;
const CELL = Number(process.env.BENCH_CELL ?? 8);
const TURNS = Number(process.env.BENCH_TURNS ?? 5);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const PORTS = { postgresql: 3941, embedded: 3942 };
const TARGETS = { ratio: 2, bytes: 100_000 };
const R = 6371008.8;
const RAD = Math.PI / 180;
// As the embedded database is opened by the server (platform/database.ts).
const POSTGRESQLCONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

/** §9 defaults for 2026 (packages/contract/src/api/insights.ts defaultHeatmapFilter). */
const FILTER = {
  male: true,
  female: true,
  home: true,
  guest: true,
  handicap: [0, 72],
  datePlayed: ['2026-01-01', '2026-12-31'],
  timePlayed: ['00:00', '24:00'],
  weekday: [0, 1, 2, 3, 4, 5, 6],
  points: [18, 54],
  shots: [36, 108],
  guides: [],
  shottracked: 0.8,
  includeShots: true,
  includeGametracks: false,
};

/** The same rounds as FILTER, in SQL (heatmap-service.ts filterConditions with these values). */
const where = (club, course) => `r.club_id = ${club} and r.course_id = ${course}
  and r.handicap >= 0::real and r.handicap <= 72::real
  and r.local_start >= '2026-01-01'::date and r.local_start < '2026-12-31'::date + 1
  and r.local_start::time >= '00:00:00'::time and r.local_start::time < '24:00:00'::time
  and extract(dow from r.local_start)::int = any('{0,1,2,3,4,5,6}'::int[])
  and r.points between 18 and 54 and r.strokes between 36 and 108 and r.shot_tracked >= 0.8::real`;
const bareQuery = (club, course) => `select floor(s.x / ${CELL}::float8)::int as cx, floor(s.y / ${CELL}::float8)::int as cy, count(*)
  from rounds r join shots s on s.round_id = r.id
  where ${where(club, course)}
  group by 1, 2`;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** The generated season, as statements (run by `pg` or PGlite). */
function generation({ club, guide, course, origin, extent }) {
  const rounds = Math.ceil(SHOTS / SHOTS_PER_ROUND);
  const cos = Math.cos(origin.lat * RAD);
  // The extent in local metres (equirectangular about the origin, as projection.ts).
  const x0 = (extent[0] - origin.lon) * cos * R * RAD;
  const x1 = (extent[2] - origin.lon) * cos * R * RAD;
  const y0 = (extent[1] - origin.lat) * R * RAD;
  const y1 = (extent[3] - origin.lat) * R * RAD;
  return [
    `select setseed(0.22)`,
    `insert into app_users (club_id, app_id, language) select ${club}, 'bench-' || g, 'da' from generate_series(1, 3000) g`,
    `insert into rounds (club_id, app_round_id, guide_id, course_id, app_user_id, started_at, ended_at, local_start, sex, handicap, home, points, strokes, holes_played, shot_tracked)
     select ${club}, 'bench-' || g, ${guide}, ${course},
            case when u < 0.9 then (select min(id) from app_users where club_id = ${club} and app_id like 'bench-%') + floor(random() * 3000)::int end,
            ls - interval '2 hours', ls + interval '2 hours' + floor(random() * 90)::int * interval '1 minute', ls,
            case when random() < 0.55 then 'male' else 'female' end, round((random() * 56 - 2)::numeric, 1)::real, random() < 0.6,
            10 + floor(random() * 41)::int, 65 + floor(random() * 60)::int, 18, (array[0.5, 0.8, 0.9, 1])[1 + floor(random() * 4)::int]::real
     from (select g, random() as u,
                  timestamp '2026-04-01 06:00' + floor(random() * 214)::int * interval '1 day' + floor(random() * 780)::int * interval '1 minute' as ls
           from generate_series(1, ${rounds}) g) s`,
    `insert into shots (round_id, seq, hole_number, lon, lat, x, y, played_at)
     select id, k, 1 + (k - 1) % 18, ${origin.lon} + x / ${cos * R * RAD}, ${origin.lat} + y / ${R * RAD}, x, y, started_at
     from (select r.id, k, r.started_at, ${x0} + random() * ${x1 - x0} as x, ${y0} + random() * ${y1 - y0} as y
           from rounds r cross join generate_series(1, ${SHOTS_PER_ROUND}) k
           where r.club_id = ${club} and r.app_round_id like 'bench-%') p`,
    `analyze app_users`,
    `analyze rounds`,
    `analyze shots`,
  ];
}

/** The demo club, guide and course, by their names. */
async function demoIds(query) {
  const [club] = await query(`select id from clubs where handle = 'fjordvang'`);
  const [course] = await query(`select id from courses where club_id = ${club.id} and name = 'Fjordvang Links'`);
  const [guide] = await query(`select id from guides where club_id = ${club.id} order by id limit 1`);
  return { club: club.id, course: course.id, guide: guide.id };
}

/** The course's extent through the API (GET insights/heatmap-courses). */
async function courseExtent(server, token, ids) {
  const res = await fetch(`${server.url}/api/clubs/${ids.club}/insights/heatmap-courses`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`heatmap-courses: ${res.status} ${await res.text()}`);
  const course = (await res.json()).find((c) => c.id === ids.course);
  if (!course?.extent) throw new Error('the demo course has no extent');
  return course.extent;
}

/** The origin of the course (kept if one is stored, else the middle of its extent to 0.001°, as projection.ts). */
async function ensureOrigin(query, course, extent) {
  const r = (v) => Math.round(v * 1000) / 1000;
  await query(`insert into insight_course_origins (course_id, lon, lat) values (${course}, ${r((extent[0] + extent[2]) / 2)}, ${r((extent[1] + extent[3]) / 2)}) on conflict do nothing`);
  const [origin] = await query(`select lon, lat from insight_course_origins where course_id = ${course}`);
  return origin;
}

async function heatmapCall(server, token, ids, cell = CELL) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/clubs/${ids.club}/insights/heatmap`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ course_id: ids.course, cell_metres: cell, filter: FILTER }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`heatmap: ${res.status} ${text.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(text), answer: JSON.parse(text) };
}

async function sizes(server, token, ids) {
  const out = [];
  for (const cell of [4, 8, 16, 32, 64]) {
    const { bytes, answer } = await heatmapCall(server, token, ids, cell);
    out.push(`${cell} m: ${(bytes / 1024).toFixed(1)} KB, ${answer.cells.length / 3} cells${answer.truncated ? ' (truncated)' : ''}`);
  }
  return out;
}

function report(name, { http, bare, first, sizeLines, generateMs }) {
  const ratio = http / bare;
  console.log(`\n### ${name}: ${SHOTS.toLocaleString('en')} shots (generated in ${fmt(generateMs)})`);
  console.log(`matched rounds ${first.answer.rounds}, positions ${first.answer.positions.toLocaleString('en')}, cells ${first.answer.cells.length / 3}, hidden ${first.answer.hidden_cells}, truncated ${first.answer.truncated}`);
  console.log(`binned answer through HTTP (${CELL} m): ${http.toFixed(0)} ms median of ${TURNS}`);
  console.log(`bare SELECT count(*) … GROUP BY:        ${bare.toFixed(0)} ms median of ${TURNS}`);
  console.log(`ratio ${ratio.toFixed(2)}× (target ≤ ${TARGETS.ratio}×: ${ratio <= TARGETS.ratio ? 'met' : 'NOT met'})`);
  console.log(`answer ${(first.bytes / 1024).toFixed(1)} KB (target < ${TARGETS.bytes / 1000} KB: ${first.bytes < TARGETS.bytes ? 'met' : 'NOT met'})`);
  console.log(`answer per cell size: ${sizeLines.join('; ')}`);
}

async function postgresql(build) {
  const scratch = await scratchDatabase(ADMIN_URL, 'heatmap');
  const client = new pg.Client({ connectionString: scratch.url });
  let server;
  try {
    server = await startServer({ dataDir: freshDataDir(), port: PORTS.postgresql, entry: build.entry, env: { ...build.env, DATABASE_URL: scratch.url, DEMO_PRODUCTS: 'false' } });
    await client.connect();
    const query = async (text) => (await client.query(text)).rows;
    const ids = await demoIds(query);
    const token = await signIn(server, 'admin@example.com', 'admin-demo');
    const extent = await courseExtent(server, token, ids);
    const origin = await ensureOrigin(query, ids.course, extent);
    const t0 = performance.now();
    for (const statement of generation({ ...ids, origin, extent })) await client.query(statement);
    const generateMs = performance.now() - t0;
    const bare = () => timed(() => client.query(bareQuery(ids.club, ids.course)));
    const first = await heatmapCall(server, token, ids);
    await bare();
    const https = [];
    const bares = [];
    for (let i = 0; i < TURNS; i++) {
      https.push((await heatmapCall(server, token, ids)).ms);
      bares.push(await bare());
    }
    report('PostgreSQL', { http: median(https), bare: median(bares), first, sizeLines: await sizes(server, token, ids), generateMs });
  } finally {
    await server?.stop();
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function openPglite(dataDir) {
  return PGlite.create({ dataDir: join(dataDir, 'pgdata'), postgresqlconf: POSTGRESQLCONF });
}

async function embedded(build) {
  const dataDir = freshDataDir();
  const copy = `${dataDir}-copy`;
  const start = () => startServer({ dataDir, port: PORTS.embedded, entry: build.entry, env: { ...build.env, DEMO_PRODUCTS: 'false' } });
  let server;
  try {
    // The demo is written at the first start; the course's extent comes from the API.
    server = await start();
    let token = await signIn(server, 'admin@example.com', 'admin-demo');
    const clubs = await (await fetch(`${server.url}/api/clubs`, { headers: { authorization: `Bearer ${token}` } })).json();
    const club = clubs.find((c) => c.handle === 'fjordvang').id;
    const courses = await (await fetch(`${server.url}/api/clubs/${club}/insights/heatmap-courses`, { headers: { authorization: `Bearer ${token}` } })).json();
    const course = courses.find((c) => c.name === 'Fjordvang Links');
    const extent = course.extent;
    await server.stop();
    server = null;
    // The season, written while the server is stopped (PGlite has one owner of its folder).
    const db = await openPglite(dataDir);
    const ids = await demoIds(async (text) => (await db.query(text)).rows);
    if (ids.club !== club || ids.course !== course.id) throw new Error('the demo club and course differ between the API and the database');
    const origin = await ensureOrigin(async (text) => (await db.query(text)).rows, ids.course, extent);
    const t0 = performance.now();
    for (const statement of generation({ ...ids, origin, extent })) await db.exec(statement);
    const generateMs = performance.now() - t0;
    await db.close();

    server = await start();
    token = await signIn(server, 'admin@example.com', 'admin-demo');
    const first = await heatmapCall(server, token, ids);
    const https = [];
    for (let i = 0; i < TURNS; i++) https.push((await heatmapCall(server, token, ids)).ms);
    const sizeLines = await sizes(server, token, ids);
    await server.stop();
    server = null;

    // The bare query on a copy of the stopped server's folder, by PGlite in this process.
    cpSync(dataDir, copy, { recursive: true });
    const bareDb = await openPglite(copy);
    const bares = [];
    try {
      await bareDb.query(bareQuery(ids.club, ids.course));
      for (let i = 0; i < TURNS; i++) bares.push(await timed(() => bareDb.query(bareQuery(ids.club, ids.course))));
    } finally {
      await bareDb.close();
    }
    report('embedded (PGlite; the bare query timed in the bench process on a copy of the data folder, the server stopped)', {
      http: median(https),
      bare: median(bares),
      first,
      sizeLines,
      generateMs,
    });
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
}

const build = snapshotBuild();
try {
  if (ONLY !== 'embedded') await postgresql(build);
  if (ONLY !== 'postgresql') await embedded(build);
} finally {
  build.remove();
}
