// The golfers' app's side of the benches (issue 22): the demo course as the insights generator
// takes it, an app key of its club, a pool of generated rounds, the app users they name, and a
// steady stream of rounds PUT at a fixed rate (the second mix of bench/reads.mjs, issue 21).
// Used by bench/ingestion.mjs and bench/reads.mjs.
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { api, root, signIn } from './lib.mjs';

const { generateRounds } = await tsImport(join(root, 'apps/server/src/modules/insights/generator/index.ts'), import.meta.url);

/** The demo's Fjordvang Links as the generator takes it (read through the API), and an app key of its club. */
export async function discoverCourse(server) {
  const token = await signIn(server, 'admin@example.com', 'admin-demo');
  const get = (path) => api(server, token, 'GET', path);
  const clubs = await get('/api/clubs-list');
  const club = clubs.find((c) => c.name === 'Fjordvang Golfklub');
  if (!club) throw new Error('the demo club Fjordvang Golfklub is missing');
  const c = `/api/clubs/${club.id}`;
  const course = (await get(`${c}/courses`)).find((x) => x.name === 'Fjordvang Links');
  if (!course) throw new Error('the demo course Fjordvang Links is missing');
  const guides = await get(`${c}/guides`);
  let guideId = null;
  for (const g of Array.isArray(guides) ? guides : guides.guides) {
    const guide = await get(`${c}/guides/${g.guide_id}`);
    if (guide.courses.some((x) => x.course_id === course.id)) {
      guideId = guide.guide_id;
      break;
    }
  }
  if (guideId === null) throw new Error('no guide of Fjordvang Links');
  const tees = await get(`${c}/tees?course_id=${course.id}`);
  const distances = await get(`${c}/holes_tees?course_id=${course.id}`);
  const length = (teeId) => distances.filter((d) => d.tee_id === teeId).reduce((sum, d) => sum + d.distance, 0);
  const teeIds = tees.map((t) => t.id).sort((a, b) => length(b) - length(a));
  const holes = [];
  for (const hole of course.holes) {
    const { drawing } = await get(`${c}/holes/${hole.id}/drawing/1`);
    holes.push({
      number: hole.order,
      par: hole.par,
      strokeIndex: hole.handicap ?? hole.order,
      distances: Object.fromEntries(distances.filter((d) => d.hole_id === hole.id).map((d) => [d.tee_id, d.distance])),
      drawing,
    });
  }
  const { key } = await api(server, token, 'POST', `${c}/app-keys`, { name: 'Bench' });
  return { clubId: club.id, key, course: { guideId, courseId: course.id, teeIds, holes } };
}

/** `size` generated rounds, serialized ([appRoundId, body JSON]), the app users they name, and their sizes. */
export function generatePool(course, size, seed = 20_261_127) {
  const started = performance.now();
  const pool = [];
  const users = new Set();
  let shots = 0;
  let points = 0;
  let bytes = 0;
  for (const round of generateRounds(course, { from: '2025-04-01', to: '2025-10-31', rounds: size, seed })) {
    const json = JSON.stringify(round.body);
    pool.push([round.appRoundId, json]);
    if (round.body.app_user_id !== undefined) users.add(round.body.app_user_id);
    shots += round.body.shots.length;
    points += round.body.track.length;
    bytes += json.length;
    if (pool.length >= size) break;
  }
  const n = pool.length;
  return { pool, users: [...users], seconds: (performance.now() - started) / 1000, shotsPerRound: shots / n, pointsPerRound: points / n, bytesPerRound: bytes / n };
}

/** The app users the rounds name, made before a run (not timed): PUT users/{appUserId}. */
export async function putUsers(server, side, users, connections = 10) {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < users.length) {
        const id = users[next++];
        const res = await fetch(`${server.url}/api/app/clubs/${side.clubId}/users/${id}`, {
          method: 'PUT',
          headers: { 'x-app-key': side.key, 'content-type': 'application/json' },
          body: JSON.stringify({ language: 'da', following: false }),
        });
        if (res.status !== 201 && res.status !== 200) throw new Error(`PUT users/${id}: ${res.status} ${await res.text()}`);
      }
    }),
  );
}

/**
 * Rounds of `pool` PUT to `server` at `rate` a second (one every 1/rate s, each on its own request,
 * however long the one before takes), each under a new round id (`prefix` + a counter), until
 * stop(); stop() answers how many were sent and answered 201, and their latencies (ms).
 */
export function steadyRounds(server, side, pool, rate, prefix) {
  const url = `${server.url}/api/app/clubs/${side.clubId}/rounds/`;
  const latencies = [];
  const statuses = new Map();
  const inFlight = new Set();
  let sent = 0;
  const send = () => {
    const [appRoundId, body] = pool[sent % pool.length];
    const id = `${prefix}-${sent}-${appRoundId}`.slice(0, 64);
    sent++;
    const t0 = performance.now();
    const request = fetch(url + id, { method: 'PUT', headers: { 'x-app-key': side.key, 'content-type': 'application/json' }, body })
      .then(async (res) => {
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      })
      .catch(() => statuses.set('error', (statuses.get('error') ?? 0) + 1))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const started = performance.now();
  const timer = setInterval(() => {
    // As many as are due by now (a late timer catches up), so the rate holds on a busy machine.
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due) send();
  }, Math.max(5, Math.round(1000 / rate / 2)));
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return { sent, ok: statuses.get(201) ?? 0, statuses, latencies };
    },
  };
}
