// Beyond one machine (issue 28): the API behind HAProxy (deploy/haproxy.cfg), with one instance and
// with two, on one PostgreSQL database. Each topology is started here by scripts/topology-lib.mjs
// (a fresh scratch database with the demo, the API instances with JOB_WORKERS=0, no job worker,
// s3rver for the files, in this process, HAProxy in front) and stopped at the end, whatever happens.
//
// Printed:
// (a) the mixed reads through the proxy, with ONE API instance and with TWO (two topologies
//     running side by side, measured in turns: 3 turns each), side by side: req/s, p50, p99, at
//     50 connections. The mix is the reads bench's mixed run (bench/reads.mjs)
//     on one club: the screens' 18 GETs of Fjordvang as the administrator, and one request in ten an
//     everyday save (club information, opening hours, a tee, a pin position, a hole drawing saved
//     without a version), each sending back what was read before the run, so every answer must be
//     200. A save on one instance must end what the other kept (LISTEN/NOTIFY, decision 0022):
//     the two-instance run measures that too.
// (b) what the proxy adds: GET /api/health straight to the instance and through the proxy, in
//     turns (3 slices each), at 1 connection and at 50: p50/p99 and req/s, and the difference.
// While each run goes, the CPU time of each process of the topology is read from /proc (its
// user + system time before and after, as a share of one core), and the machine's busy share of
// all its cores (/proc/stat): what limits the run on this machine (haproxy, the API instances,
// PostgreSQL's backends of the scratch database, this process — the load generator — and the
// rest of the machine).
//
// BENCH_SECONDS (each side's mixed run, default 15), BENCH_LATENCY_SECONDS (each latency pair, default
// 15), BENCH_WARMUP_SECONDS (default 5, not counted), BENCH_DATABASE_URL (where the scratch
// database is made; default postgres://postgres@127.0.0.1:5432/postgres).
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startTopology } from '../scripts/topology-lib.mjs';
import { cpuSeconds } from './lib.mjs';

const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIX_CONNECTIONS = 50;
const LATENCY_SLICES = 3;
const MIX_SLICES = 3;
const WRITE_KINDS = ['club', 'hours', 'tee', 'pin', 'drawing'];
// What a browser sends with every call.
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da' };

const at = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/** One autocannon run; `perConnection(k)` gives connection k its own list of requests. */
function load({ perConnection, ...opts }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let next = 0;
    const setupClient = perConnection ? (client) => client.requestIterator.setRequests(perConnection(next++)) : undefined;
    const run = autocannon({ ...opts, ...(setupClient ? { setupClient } : {}), headers: { ...BROWSER, ...opts.headers } }, (err, res) =>
      err ? reject(err) : resolve(summary(res, latencies)),
    );
    run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Throughput, p50/p99 over every answer, and the answers that were not 200 (with errors and timeouts). */
function summary(res, latencies) {
  latencies.sort((a, b) => a - b);
  let bad = res.errors + res.timeouts;
  const codes = {};
  for (const [code, { count }] of Object.entries(res.statusCodeStats)) {
    codes[code] = count;
    if (code !== '200') bad += count;
  }
  return { answers: latencies.length, time: res.duration, rps: latencies.length / res.duration, p50: at(latencies, 0.5), p99: at(latencies, 0.99), latencies, bad, codes };
}

/** Several runs of the same side as one: answers over time, percentiles over every answer. */
function merge(parts) {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const time = parts.reduce((s, p) => s + p.time, 0);
  const codes = {};
  for (const p of parts) for (const [c, n] of Object.entries(p.codes)) codes[c] = (codes[c] ?? 0) + n;
  return { answers: latencies.length, time, rps: latencies.length / time, p50: at(latencies, 0.5), p99: at(latencies, 0.99), latencies, bad: parts.reduce((s, p) => s + p.bad, 0), codes };
}

async function call(base, token, path, init = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...BROWSER, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Signs in through the proxy as the demo's administrator and reads Fjordvang: the paths of the
 * screens' GETs (as bench/reads.mjs `screenPaths`) and what each save sends back.
 */
async function discover(base) {
  const login = await fetch(`${base}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin@example.com', password: 'admin-demo' }) });
  if (!login.ok) throw new Error(`sign-in through the proxy: ${login.status}`);
  const { token } = await login.json();
  const clubs = await call(base, token, '/api/clubs-list');
  const club = clubs.find((c) => c.name === 'Fjordvang Golfklub');
  if (!club) throw new Error('the demo club Fjordvang Golfklub is missing');
  const c = `/api/clubs/${club.id}`;
  const [course] = await call(base, token, `${c}/courses`);
  const holes = course.holes.filter((h) => h.has_drawing);
  const holeIds = [holes[0].id, holes[Math.min(7, holes.length - 1)].id];
  const paths = [
    `${c}/club`,
    `${c}/courses`,
    `${c}/tees?course_id=${course.id}`,
    `${c}/pin-setups?course_id=${course.id}`,
    `${c}/users`,
    `${c}/hours`,
    `${c}/members?filter=all&page=1&page_size=50`,
    '/api/regions',
    '/api/graphics',
    `${c}/holes/${holeIds[0]}/drawing/1`,
    `${c}/holes/${holeIds[1]}/drawing/1`,
    `${c}/status/self-intersections?course_id=${course.id}`,
    `${c}/status/boundary-self-intersections?course_id=${course.id}`,
    `${c}/status/greens-within-boundary?course_id=${course.id}`,
    '/api/clubs-list',
    `${c}/gallery`,
    '/api/countries',
    '/api/translations/da',
  ];
  for (const path of paths) await call(base, token, path);
  const info = await call(base, token, `${c}/club`);
  const { updated_at: _saved, ...hours } = await call(base, token, `${c}/hours`);
  const [tee] = await call(base, token, `${c}/tees?course_id=${course.id}`);
  const [setup] = await call(base, token, `${c}/pin-setups?course_id=${course.id}`);
  const pin = (await call(base, token, `${c}/pin-setups/${setup.id}`)).find((p) => p.holeId === holeIds[0]);
  const { drawing } = await call(base, token, `${c}/holes/${holeIds[0]}/drawing/1`);
  const headers = { 'content-type': 'application/json', 'accept-encoding': 'identity' };
  const send = (method, path, body) => ({ method, path, headers, body: JSON.stringify(body) });
  const saves = {
    club: send('PUT', c, { name: info.name, address: info.address, position: info.position, phone: info.phone, homepage: info.homepage, booking_url: info.booking_url, app_teaser: info.app_teaser }),
    hours: send('PUT', `${c}/hours`, hours),
    tee: send('PUT', `${c}/tees/${tee.id}`, { name: tee.name, color: tee.color }),
    pin: send('POST', `${c}/pin-setups/${setup.id}`, { holeId: pin.holeId, outMeters: pin.outMeters, sideMeters: pin.sideMeters }),
    // Without a version: the last save wins, so 50 connections saving the same hole never conflict.
    drawing: send('POST', `${c}/holes/${holeIds[0]}/save_drawing`, { drawing }),
  };
  // Each save once before the run: a body the server refuses fails here, not as noise in the figures.
  for (const save of Object.values(saves)) {
    const res = await fetch(`${base}${save.path}`, { method: save.method, headers: { ...save.headers, authorization: `Bearer ${token}` }, body: save.body });
    if (!res.ok) throw new Error(`${save.method} ${save.path}: ${res.status} ${await res.text()}`);
  }
  // Five rounds of the 18 reads with two saves each (a third and two thirds in): one in ten.
  const list = [];
  for (let round = 0; round < WRITE_KINDS.length; round++) {
    const reads = paths.map((path) => ({ method: 'GET', path }));
    const [a, b] = [0, 1].map((j) => saves[WRITE_KINDS[(2 * round + j) % WRITE_KINDS.length]]);
    list.push(...reads.slice(0, 6), a, ...reads.slice(6, 12), b, ...reads.slice(12));
  }
  return { token, list };
}

/** Connection k's walk of the mix, starting at its own place in the list. */
const walk = (list, k) => {
  const offset = Math.floor((k * list.length) / MIX_CONNECTIONS);
  return [...list.slice(offset), ...list.slice(0, offset)];
};

/** The machine's busy and total jiffies over all cores (/proc/stat). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = n[3] + n[4];
  const total = n.slice(0, 8).reduce((s, v) => s + v, 0);
  return { busy: total - idle, total };
}

/** Child processes of this process named `comm` (HAProxy as topology-lib starts it). */
function childrenNamed(comm) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (name === comm && ppid === process.pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** PostgreSQL's backends connected to the topology's database (the pools of the API instances and their LISTEN). */
async function databaseBackends(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const safeCpu = (pid) => {
  try {
    return cpuSeconds(pid);
  } catch {
    return NaN;
  }
};

/**
 * Measures `run()` and the CPU each group of processes used meanwhile, as a share of one core
 * (100 % = one core busy the whole time), with the machine's busy share of all its cores.
 */
async function withCpu(topology, run) {
  const groups = { haproxy: childrenNamed('haproxy') };
  for (const api of topology.api) groups[api.name] = [api.pid];
  groups['postgres (this database)'] = await databaseBackends(topology.databaseUrl);
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map(safeCpu)]));
  const self = process.cpuUsage();
  const machine = machineTicks();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const used = {};
  for (const [name, pids] of Object.entries(groups)) {
    used[name] = pids.reduce((s, pid, i) => {
      const d = safeCpu(pid) - before[name][i];
      return Number.isFinite(d) ? s + d : s;
    }, 0);
  }
  const own = process.cpuUsage(self);
  used['load generator + s3rver (this process)'] = (own.user + own.system) / 1e6;
  const m = machineTicks();
  const cores = (readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm) ?? []).length || 1;
  const machineBusy = (m.busy - machine.busy) / (m.total - machine.total);
  const ours = Object.values(used).reduce((s, v) => s + v, 0);
  used['rest of the machine'] = Math.max(0, machineBusy * cores * seconds - ours);
  const cpu = Object.fromEntries(Object.entries(used).map(([name, s]) => [name, (s / seconds) * 100]));
  return { result, cpu, machineBusy, cores };
}

const rps = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (Math.abs(n) < 1 ? n.toFixed(2) : Math.abs(n) < 10 ? n.toFixed(1) : String(Math.round(n)));
const cpuLine = (cpu) =>
  Object.entries(cpu)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${name} ${Math.round(share)} %`)
    .join(', ');
const badNote = (s) => (s.bad ? `  (${s.bad} answers not 200: ${JSON.stringify(s.codes)})` : '');

/** Starts a topology of `apiInstances` API instances and no job worker. */
function topologyOf(apiInstances) {
  return startTopology({
    adminDatabaseUrl: ADMIN_URL,
    apiInstances,
    workers: 0,
    seedDemo: true,
    // Nothing in the background while measuring: no guide products, no demo season of rounds.
    env: { DEMO_PRODUCTS: 'false', DEMO_SEASON_ROUNDS: '0', LOG_LEVEL: 'error' },
  });
}

/**
 * The mixed run on each side, in turns (one, two, one, two, …: MIX_SLICES each), so a change of
 * the machine's load during the run falls on both sides alike. CPU shares are averaged over a
 * side's turns (they are of equal length).
 */
async function mixedRuns(sides) {
  for (const side of sides) {
    const { token, list } = await discover(side.topology.proxyUrl);
    side.opts = { url: side.topology.proxyUrl, connections: MIX_CONNECTIONS, headers: { authorization: `Bearer ${token}` }, requests: list, perConnection: (k) => walk(list, k) };
    await load({ ...side.opts, duration: WARMUP_SECONDS });
  }
  const turns = sides.map(() => []);
  for (let slice = 0; slice < MIX_SLICES; slice++) {
    for (const [i, side] of sides.entries()) turns[i].push(await withCpu(side.topology, () => load({ ...side.opts, duration: MIX_SECONDS / MIX_SLICES })));
  }
  return turns.map((parts) => {
    const cpu = {};
    for (const part of parts) for (const [name, share] of Object.entries(part.cpu)) cpu[name] = (cpu[name] ?? 0) + share / parts.length;
    return { result: merge(parts.map((p) => p.result)), cpu, machineBusy: parts.reduce((s, p) => s + p.machineBusy, 0) / parts.length, cores: parts[0].cores };
  });
}

/** GET /api/health straight to the instance and through the proxy, in turns, at `connections`. */
async function proxyCost(topology, connections) {
  const direct = { url: `${topology.api[0].url}/api/health`, connections };
  const proxied = { url: `${topology.proxyUrl}/api/health`, connections };
  await load({ ...direct, duration: 2 });
  await load({ ...proxied, duration: 2 });
  const parts = { direct: [], proxied: [] };
  const { cpu } = await withCpu(topology, async () => {
    for (let slice = 0; slice < LATENCY_SLICES; slice++) {
      parts.direct.push(await load({ ...direct, duration: LATENCY_SECONDS / LATENCY_SLICES }));
      parts.proxied.push(await load({ ...proxied, duration: LATENCY_SECONDS / LATENCY_SLICES }));
    }
  });
  return { direct: merge(parts.direct), proxied: merge(parts.proxied), cpu };
}

const uptime = () => execSync('uptime').toString().trim();
console.log(`${new Date().toISOString()}  ${uptime()}`);
console.log(`mixed runs ${MIX_SECONDS} s at ${MIX_CONNECTIONS} connections after ${WARMUP_SECONDS} s of warm-up; latency pairs ${LATENCY_SECONDS} s per side in ${LATENCY_SLICES} turns`);

let failed = false;
const topologies = [];
let one;
let two;
try {
  // Both topologies run side by side (the idle one costs little), measured in turns.
  topologies.push(await topologyOf(1));
  topologies.push(await topologyOf(2));
  const [mixOne, mixTwo] = await mixedRuns(topologies.map((topology) => ({ topology })));
  one = { mix: mixOne, cost1: await proxyCost(topologies[0], 1), cost50: await proxyCost(topologies[0], 50) };
  two = { mix: mixTwo };
} finally {
  for (const topology of topologies) await topology.stop();
}

console.log(`\n(a) the mixed reads through HAProxy (18 GETs of Fjordvang, 1 in 10 a save), ${MIX_CONNECTIONS} connections:`);
console.log(`  ${'API instances'.padEnd(16)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}   machine busy`);
for (const [name, { mix }] of [['one', one], ['two', two]]) {
  const s = mix.result;
  failed ||= s.bad > 0;
  console.log(`  ${name.padEnd(16)}${rps(s.rps).padStart(8)}${ms(s.p50).padStart(9)}${ms(s.p99).padStart(9)}   ${Math.round(mix.machineBusy * 100)} % of ${mix.cores} cores${badNote(s)}`);
}
console.log(`  two / one: ${(two.mix.result.rps / one.mix.result.rps).toFixed(2)}× the throughput`);
for (const [name, { mix }] of [['one instance', one], ['two instances', two]]) console.log(`  CPU, ${name} (100 % = one core): ${cpuLine(mix.cpu)}`);

console.log('\n(b) what the proxy adds: GET /api/health straight to the one instance and through HAProxy, in turns:');
for (const [connections, cost] of [[1, one.cost1], [50, one.cost50]]) {
  const { direct, proxied } = cost;
  failed ||= direct.bad > 0 || proxied.bad > 0;
  console.log(`  ${String(connections).padStart(2)} connection${connections === 1 ? ' ' : 's'}: direct   ${rps(direct.rps).padStart(7)} req/s  p50 ${ms(direct.p50).padStart(4)} ms  p99 ${ms(direct.p99).padStart(4)} ms${badNote(direct)}`);
  console.log(`                 proxied  ${rps(proxied.rps).padStart(7)} req/s  p50 ${ms(proxied.p50).padStart(4)} ms  p99 ${ms(proxied.p99).padStart(4)} ms${badNote(proxied)}`);
  console.log(`                 the proxy adds p50 ${ms(proxied.p50 - direct.p50)} ms, p99 ${ms(proxied.p99 - direct.p99)} ms; ${Math.round((1 - proxied.rps / direct.rps) * 100)} % fewer req/s`);
  console.log(`                 CPU: ${cpuLine(cost.cpu)}`);
}
console.log(`\n${new Date().toISOString()}  ${uptime()}`);
if (failed) process.exitCode = 1;
