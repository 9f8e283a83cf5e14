// Where a request's time goes inside the server, for the benches that start one: loaded into the
// measured server with BENCH_NODE_ARGS="--import ./bench/server-timings.mjs" (reads.mjs, saves.mjs;
// node --import resolves the path from the bench's working directory, the repository's root).
// Every 2 s and at exit it writes bench/results/timings-<pid>.txt (BENCH_TIMINGS_DIR picks another
// folder):
// - GET / other: from the request's 'request' event to its answer's 'finish' (the time before,
//   waiting in the socket for the event loop and parsing the head, is the client's figure minus this);
// - pool wait: a pooled statement waiting for a free connection of the pool;
// - to answer: from the statement sent to the first bytes of its answer read by the event loop (the
//   database's own time plus the time the answer waited for the loop);
// - answer to result: the answer's parsing and the promise's resolution;
// - CPU a request: the process's CPU time (all threads) since its first request, per request;
//   and each second with requests: how many, and the CPU they took (a turn's steady state).
// It patches node-postgres from the server's own node_modules; it changes nothing else. Measuring
// costs: a listener and two timestamps per request and per statement halved the reads-only mix
// here (3,894 against 8,602 req/s, 2026-11-29) and cost the mixed run about a tenth, so read its
// figures as where the time goes, not as throughput.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.BENCH_TIMINGS_DIR || join(root, 'bench/results');
mkdirSync(dir, { recursive: true });
const pg = createRequire(join(root, 'apps/server/package.json'))('pg');

/** Samples kept per figure: the last ones when more come (a long run stays bounded). */
const KEEP = 200_000;
const figures = { GET: [], other: [], 'pool wait': [], 'to answer': [], 'answer to result': [] };
const add = (name, ms) => {
  const list = figures[name];
  if (list.length >= KEEP) list.splice(0, list.length - KEEP + 1);
  list.push(ms);
};

/** The process's CPU (user + system, all threads) from its first request on, and the requests since. */
let cpuAtFirst = null;
let requests = 0;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    cpuAtFirst ??= process.cpuUsage();
    requests++;
    const started = performance.now();
    res.once('finish', () => add(req.method === 'GET' ? 'GET' : 'other', performance.now() - started));
  }
  return emit.apply(this, arguments);
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  return timed(this, args);
};

/** One statement of `client`, timed from its sending to its answer's first bytes and its result. */
function timed(client, args) {
  const stream = client.connection?.stream;
  if (stream && !client.timingsHooked) {
    client.timingsHooked = true;
    stream.on('data', () => {
      if (client.timingsSent && !client.timingsRead) client.timingsRead = performance.now();
    });
  }
  client.timingsSent = performance.now();
  client.timingsRead = 0;
  const result = query.apply(client, args);
  if (result && typeof result.then === 'function') {
    const sent = client.timingsSent;
    result.then(
      () => {
        if (!client.timingsRead) return;
        add('to answer', client.timingsRead - sent);
        add('answer to result', performance.now() - client.timingsRead);
      },
      () => {},
    );
  }
  return result;
}

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (callback) {
  const started = performance.now();
  if (callback) {
    return connect.call(this, (err, client, done) => {
      add('pool wait', performance.now() - started);
      callback(err, client, done);
    });
  }
  const result = connect.call(this);
  result.then(() => add('pool wait', performance.now() - started), () => {});
  return result;
};

/** Per second while requests come: requests answered and the process's CPU (ms), the last 600 seconds. */
const seconds = [];
let lastCpu = process.cpuUsage();
let lastRequests = 0;
setInterval(() => {
  const cpu = process.cpuUsage();
  const done = requests - lastRequests;
  if (done > 0) seconds.push({ at: new Date().toISOString().slice(11, 19), requests: done, cpuMs: (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000 });
  if (seconds.length > 600) seconds.shift();
  lastCpu = cpu;
  lastRequests = requests;
}, 1_000).unref();

function write() {
  const lines = Object.entries(figures).map(([name, list]) => {
    if (list.length === 0) return `${name.padEnd(17)} none`;
    const sorted = [...list].sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
    return `${name.padEnd(17)} n=${list.length}  p50 ${at(0.5)} ms  p90 ${at(0.9)} ms  p99 ${at(0.99)} ms`;
  });
  if (cpuAtFirst) {
    const used = process.cpuUsage(cpuAtFirst);
    lines.push(`CPU a request     ${((used.user + used.system) / 1000 / requests).toFixed(3)} ms over ${requests} requests (from the first; the set-up's requests and the pauses' background work included)`);
  }
  lines.push('per second with requests: time, requests, CPU ms (all threads), CPU a request', ...seconds.map((x) => `  ${x.at} ${String(x.requests).padStart(6)} ${x.cpuMs.toFixed(0).padStart(6)} ms ${(x.cpuMs / x.requests).toFixed(3)} ms`));
  writeFileSync(join(dir, `timings-${process.pid}.txt`), `${lines.join('\n')}\n`);
}
setInterval(write, 2_000).unref();
process.once('exit', write);
