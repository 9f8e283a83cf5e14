// PUT /api/authenticated (session lookup + profile) with 50 connections for 10 s on the embedded
// database, next to a bare endpoint of the same server (/api/health) measured in the same run, and
// the same call on a second server with the session cache off (SESSION_CACHE_MS=0) for reference.
import autocannon from 'autocannon';
import { freshDataDir, startServer } from './lib.mjs';

async function signIn(server) {
  const login = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner@example.com', password: 'owner-demo' }),
  });
  return (await login.json()).token;
}

const server = await startServer({ dataDir: freshDataDir(), port: 3953 });
let uncached;
try {
  const token = await signIn(server);
  const run = (opts) =>
    new Promise((resolve, reject) =>
      autocannon({ connections: 50, duration: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
    );
  const bare = await run({ url: `${server.url}/api/health` });
  const auth = await run({ url: `${server.url}/api/authenticated`, method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  const line = (name, r) =>
    `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors}, non-2xx ${r.non2xx}, timeouts ${r.timeouts}`;
  console.log(line('GET /api/health (baseline)', bare));
  console.log(line('PUT /api/authenticated', auth));
  if (auth.non2xx) console.log('  status codes:', JSON.stringify(auth.statusCodeStats));
  console.log(`PUT /api/authenticated p99 ${auth.latency.p99} ms (target < 50 ms: ${auth.latency.p99 < 50 ? 'met' : 'NOT met'}); throughput ${(auth.requests.average / bare.requests.average * 100).toFixed(0)}% of the bare endpoint`);
  await server.stop();
  uncached = await startServer({ dataDir: freshDataDir(), port: 3954, env: { SESSION_CACHE_MS: '0' } });
  const token2 = await signIn(uncached);
  const nocache = await run({ url: `${uncached.url}/api/authenticated`, method: 'PUT', headers: { authorization: `Bearer ${token2}` } });
  console.log(line('  same, session cache off', nocache));
} finally {
  await server.stop().catch(() => {});
  await uncached?.stop();
}
