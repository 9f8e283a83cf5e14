import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology } from '../../../scripts/topology-lib.mjs';

/**
 * A rolling restart under load (issue 28): CLIENTS clients (keep-alive) send the console's
 * everyday authenticated reads of three demo clubs and, one request in ten, a save (a club's
 * phone number, a counter in it) or a create (a sponsor) through HAProxy for SOAK_SECONDS
 * (TOPOLOGY_SOAK_SECONDS, default 120). At RESTART_AT api1 is restarted (SIGTERM: it drains,
 * then starts again); when it is back, api2. Afterwards: no request failed (a status of 500 or
 * more, any other unexpected status, or a network error), and nothing acknowledged is lost (each
 * club's phone is the last one saved, every sponsor created exists), read through each instance.
 */

type Topology = Awaited<ReturnType<typeof startTopology>>;

const SOAK_SECONDS = Number(process.env.TOPOLOGY_SOAK_SECONDS ?? 120);
const RESTART_AT_MS = Math.min(20, SOAK_SECONDS / 4) * 1000;
const CLIENTS = 12;
/** Sponsors created per club at most (a club may have 200); further creates are phone saves. */
const CREATES_PER_CLUB = 120;
const REQUEST_TIMEOUT_MS = 30_000;
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'da' };

interface Club {
  id: number;
  name: string;
  reads: string[];
  /** The phone of the last acknowledged save (null: none yet). */
  phone: string | null;
  /** Saves of one club one after another, so the last acknowledged one is the one stored. */
  lock: Promise<void>;
  sponsors: number[];
  creates: number;
}

interface Failure {
  at: number;
  method: string;
  path: string;
  status: number | null;
  error: string;
}

describe('topology: a rolling restart during a soak of reads and writes', () => {
  let topology: Topology;
  let token: string;
  const clubs: Club[] = [];

  async function call<T = unknown>(method: string, path: string, body?: unknown, via?: string): Promise<{ status: number; body: T; text: string }> {
    const res = await fetch(`${topology.proxyUrl}${path}`, {
      method,
      headers: { ...BROWSER, authorization: `Bearer ${token}`, ...(via ? topology.pin(via) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T, text };
  }

  beforeAll(async () => {
    topology = await startTopology({ env: { DEMO_PRODUCTS: 'false' } });
    const login = await fetch(`${topology.proxyUrl}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@example.com', password: 'admin-demo' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const list = (await call<{ id: number; name: string }[]>('GET', '/api/clubs-list')).body;
    for (const { id, name } of list.slice(0, 3)) {
      const c = `/api/clubs/${id}`;
      const courses = (await call<{ id: number; holes: { id: number; has_drawing: boolean }[] }[]>('GET', `${c}/courses`)).body;
      // What the console's screens read (bench/reads.mjs), for this club and its first course.
      const reads = [
        `${c}/club`,
        `${c}/courses`,
        `${c}/users`,
        `${c}/hours`,
        `${c}/members?filter=all&page=1&page_size=50`,
        `${c}/gallery`,
        `${c}/guides`,
        `${c}/sponsors`,
        '/api/regions',
        '/api/graphics',
        '/api/clubs-list',
        '/api/countries',
        '/api/translations/da',
      ];
      const [course] = courses;
      if (course) {
        reads.push(`${c}/tees?course_id=${course.id}`, `${c}/pin-setups?course_id=${course.id}`);
        const drawn = course.holes.find((h) => h.has_drawing);
        if (drawn) reads.push(`${c}/holes/${drawn.id}/drawing/1`);
      }
      for (const path of reads) {
        const r = await call('GET', path);
        expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
      }
      clubs.push({ id, name, reads, phone: null, lock: Promise.resolve(), sponsors: [], creates: 0 });
    }
    expect(clubs.length).toBe(3);
  });

  afterAll(async () => {
    await topology?.stop();
  });

  it('answers every request and loses no write while api1 and then api2 restart', async () => {
    const failures: Failure[] = [];
    const latencies: number[] = [];
    const events: string[] = [];
    let reads = 0;
    let saves = 0;
    let creates = 0;
    let counter = 0;
    const t0 = Date.now();
    const since = () => Date.now() - t0;
    let restartsDone = false;

    /** One request of the soak: timed, its failure recorded (never thrown). */
    async function request<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T } | null> {
      const started = Date.now();
      try {
        const r = await call<T>(method, path, body);
        latencies.push(Date.now() - started);
        if (r.status < 200 || r.status >= 300) {
          failures.push({ at: started - t0, method, path, status: r.status, error: r.text.slice(0, 300) });
          return null;
        }
        return r;
      } catch (err) {
        latencies.push(Date.now() - started);
        const e = err as Error & { cause?: { code?: string; message?: string } };
        failures.push({ at: started - t0, method, path, status: null, error: `${e.message}${e.cause ? ` (${e.cause.code ?? ''} ${e.cause.message ?? ''})` : ''}` });
        return null;
      }
    }

    async function savePhone(club: Club): Promise<void> {
      const previous = club.lock;
      let release!: () => void;
      club.lock = new Promise((r) => (release = r));
      await previous;
      try {
        const phone = `+45 ${String(++counter).padStart(8, '0')}`;
        const r = await request<{ phone: string }>('PUT', `/api/clubs/${club.id}`, { phone });
        if (r) {
          expect(r.body.phone).toBe(phone);
          club.phone = phone;
          saves++;
        }
      } finally {
        release();
      }
    }

    async function createSponsor(club: Club, k: number): Promise<void> {
      club.creates++;
      const r = await request<{ id: number }>('POST', `/api/clubs/${club.id}/sponsors`, { name: `Soak sponsor ${k}-${club.creates}`, url: '' });
      if (r) {
        club.sponsors.push(r.body.id);
        creates++;
      }
    }

    async function client(k: number): Promise<void> {
      let step = k * 7;
      let writes = 0;
      while (since() < SOAK_SECONDS * 1000 || !restartsDone) {
        step++;
        const club = clubs[step % clubs.length];
        if (step % 10 === 0) {
          // One in ten a write: two phone saves, then a sponsor created (while the club has room),
          // each club in turn.
          writes++;
          const writing = clubs[(writes + k) % clubs.length];
          if (writes % 3 === 0 && writing.creates < CREATES_PER_CLUB) await createSponsor(writing, k);
          else await savePhone(writing);
        } else {
          const path = club.reads[(step * 7 + k) % club.reads.length];
          if (await request('GET', path)) reads++;
        }
      }
    }

    async function rollingRestart(): Promise<void> {
      await new Promise((r) => setTimeout(r, RESTART_AT_MS));
      for (const instance of topology.api) {
        events.push(`${(since() / 1000).toFixed(1)} s: ${instance.name} restarts`);
        await instance.restart();
        events.push(`${(since() / 1000).toFixed(1)} s: ${instance.name} is back (${(await topology.proxyBackendsUp()).join(', ')} up)`);
      }
      restartsDone = true;
    }

    const restarting = rollingRestart().catch((err: Error) => {
      restartsDone = true;
      throw err;
    });
    await Promise.all([...Array.from({ length: CLIENTS }, (_, k) => client(k)), restarting]);
    const seconds = since() / 1000;

    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.log(
      [
        `topology soak: ${latencies.length} requests in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)} req/s; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms)`,
        `  ${reads} reads, ${saves} phone saves, ${creates} sponsors created, ${failures.length} failed`,
        ...events.map((e) => `  ${e}`),
        ...failures.map((f) => `  FAILED at ${(f.at / 1000).toFixed(2)} s: ${f.method} ${f.path} → ${f.status ?? 'network error'} ${f.error}`),
      ].join('\n'),
    );
    // (soft: what was lost is checked and shown too)
    expect.soft(failures).toEqual([]);
    expect(topology.api.every((p) => p.pid !== null)).toBe(true);

    // Nothing lost: what was acknowledged is there, read through each instance.
    for (const instance of topology.api) {
      for (const club of clubs) {
        const info = await call<{ phone: string }>('GET', `/api/clubs/${club.id}/club`, undefined, instance.name);
        expect(info.status).toBe(200);
        if (club.phone !== null) expect.soft(info.body.phone, `${club.name}'s phone via ${instance.name}`).toBe(club.phone);
        const sponsors = await call<{ id: number }[]>('GET', `/api/clubs/${club.id}/sponsors`, undefined, instance.name);
        expect(sponsors.status).toBe(200);
        const ids = new Set(sponsors.body.map((s) => s.id));
        expect.soft(club.sponsors.filter((id) => !ids.has(id)), `${club.name}'s sponsors via ${instance.name}`).toEqual([]);
      }
    }
    expect(saves).toBeGreaterThan(0);
    expect(creates).toBeGreaterThan(0);
  });
});
