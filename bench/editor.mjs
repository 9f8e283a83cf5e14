/* global window, document, history, requestAnimationFrame, PopStateEvent, dispatchEvent */
// The hole graphics editor with a heavy hole: hole 1 of a new course gets a rough polygon of
// 5,000 vertices besides a normal drawing (tee, fairway, green, bunkers, play line). In Chromium:
// from the route change (a click on the hole's drawing link of the course page, else a history
// push) to the map having drawn the drawing (`window.__editorReady`, set by the editor on the first
// render after loading); then a vertex of the big polygon is dragged in Modify mode while a
// Chromium performance trace records, and the frame times are read from it.
// EDITOR_BENCH_URL=http://127.0.0.1:PORT runs against a server already running (with the demo).
import { chromium } from '@playwright/test';
import { freshDataDir, startServer } from './lib.mjs';

const VERTICES = 5000;
const TARGET_ROUTE_MS = 1000;
const TARGET_FRAME_MS = 16;
const CENTRE = [9.5357, 55.7113];

/** [lon, lat] of a point x metres east and y metres north of the centre. */
function offset(x, y) {
  const lat = CENTRE[1] + y / 110_540;
  const lon = CENTRE[0] + x / (111_320 * Math.cos((CENTRE[1] * Math.PI) / 180));
  return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
}

/**
 * A rough ring of `n` vertices around the centre, symmetric about the north-south axis, whose
 * northernmost point is vertex n/4 (exactly north): after fitting the view it sits at the top
 * centre of the map.
 */
function roughRing(n) {
  const ring = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 160 + 5 * Math.sin(37 * a);
    ring.push(offset(r * Math.cos(a), r * Math.sin(a)));
  }
  ring.push(ring[0]);
  return ring;
}

const box = (cx, cy, w, h) => [[offset(cx - w, cy - h), offset(cx + w, cy - h), offset(cx + w, cy + h), offset(cx - w, cy + h), offset(cx - w, cy - h)]];
const feature = (id, element, geometry) => ({ type: 'Feature', id, geometry, properties: { element } });

function heavyDrawing() {
  return {
    type: 'FeatureCollection',
    features: [
      feature('rough', 'rough', { type: 'Polygon', coordinates: [roughRing(VERTICES)] }),
      feature('fairway', 'fairway', { type: 'Polygon', coordinates: box(0, 0, 25, 110) }),
      feature('tee', 'tee', { type: 'Polygon', coordinates: box(0, -140, 8, 6) }),
      feature('green', 'green', { type: 'Polygon', coordinates: box(0, 125, 15, 13) }),
      feature('bunker-1', 'bunker', { type: 'Polygon', coordinates: box(22, 110, 5, 4) }),
      feature('bunker-2', 'bunker', { type: 'Polygon', coordinates: box(-30, 20, 6, 5) }),
      feature('play-line', 'play line', { type: 'LineString', coordinates: [offset(0, -140), offset(0, 40), offset(0, 125)] }),
    ],
  };
}

const external = process.env.EDITOR_BENCH_URL;
const server = external ? { url: external, stop: async () => {} } : await startServer({ dataDir: freshDataDir(), port: 3956 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

try {
  const call = async (method, path, token, body) => {
    const res = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)?.slice(0, 300)}`);
    return data;
  };
  const session = await call('POST', 'authenticate', null, { username: 'owner@example.com', password: 'owner-demo' });
  const course = await call('POST', 'clubs/1/courses', session.token, {
    name: `Editor bench ${Date.now()}`,
    tees: [{ name: 'Yellow', color: '#fbc02d' }],
    holes: [{ par: 4 }, { par: 3 }],
  });
  const hole = course.holes[0];
  const drawing = heavyDrawing();
  const saved = await call('POST', `clubs/1/holes/${hole.id}/save_drawing`, session.token, { drawing, version: 0 });
  const vertexCount = drawing.features.reduce((s, f) => s + JSON.stringify(f.geometry.coordinates).split('],[').length, 0);
  console.log(`hole 1 drawing: ${drawing.features.length} features, ~${vertexCount} vertices (rough polygon ${VERTICES}), version ${saved.version}`);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(
    ({ value }) => localStorage.setItem('golf-console.session', value),
    { value: JSON.stringify({ token: session.token, expiresAt: session.expired_at }) },
  );
  await page.goto(`${server.url}/1/courses/${course.id}`, { waitUntil: 'networkidle' });

  // Route change → interactive map.
  const editPath = `/1/courses/${course.id}/holes/${hole.id}/edit`;
  const link = page.locator(`a[href$="/holes/${hole.id}/edit"]`).first();
  const viaLink = (await link.count()) > 0;
  await page.evaluate(() => {
    delete window.__editorReady;
    window.__routeStart = undefined;
    document.addEventListener('click', () => (window.__routeStart ??= performance.now()), { capture: true, once: true });
  });
  if (viaLink) {
    await link.click();
  } else {
    await page.evaluate((path) => {
      window.__routeStart = performance.now();
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, editPath);
  }
  await page.waitForFunction(() => typeof window.__editorReady === 'number', null, { timeout: 30_000 });
  const routeMs = await page.evaluate(() => window.__editorReady - window.__routeStart);

  // Select the big polygon from the layer list in Modify mode; the view fits it, so its
  // northernmost vertex is at the top centre of the map, inside the fit padding.
  await page.locator('[role="toolbar"] button[value="modify"]').click();
  await page.locator('[data-testid="layer-row"][data-element="rough"] .MuiListItemButton-root').click();
  await page.waitForTimeout(400);
  const mapBox = await page.locator('[data-testid="hole-map"]').boundingBox();
  const start = { x: mapBox.x + mapBox.width / 2, y: mapBox.y + 40 };

  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame'] });
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const STEPS = 90;
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(start.x + i * 1.5, start.y + i);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  await page.waitForTimeout(200);
  if (process.env.EDITOR_BENCH_SCREENSHOT) await page.screenshot({ path: process.env.EDITOR_BENCH_SCREENSHOT });
  const rafDeltas = await page.evaluate(() => {
    window.__stopFrames = true;
    return window.__frames.slice(2);
  });
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  if (process.env.EDITOR_BENCH_TRACE) (await import('node:fs')).writeFileSync(process.env.EDITOR_BENCH_TRACE, JSON.stringify(trace));
  // The drag reshaped the polygon: it is an undoable change.
  const moved = await page.getByTestId('undo').isEnabled();
  if (!moved) throw new Error('the drag did not move the vertex (nothing to undo)');

  // Main-thread work per frame: the time the page's renderer main thread was busy (union of its
  // trace slices: input events, scripts, animation frame callbacks, style, layout, paint)
  // between one BeginMainThreadFrame and the next.
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = (e) => mainThreads.has(`${e.pid}:${e.tid}`);
  const frames = events.filter((e) => e.name === 'BeginMainThreadFrame' && onMain(e)).map((e) => e.ts).sort((a, b) => a - b);
  const slices = events.filter((e) => e.ph === 'X' && onMain(e) && e.dur > 0).sort((a, b) => a.ts - b.ts);
  const busy = [];
  for (const e of slices) {
    const last = busy.at(-1);
    if (last && e.ts <= last[1]) last[1] = Math.max(last[1], e.ts + e.dur);
    else busy.push([e.ts, e.ts + e.dur]);
  }
  const work = [];
  for (let i = 1; i < frames.length; i++) {
    const [from, to] = [frames[i - 1], frames[i]];
    let sum = 0;
    for (const [a, b] of busy) if (b > from && a < to) sum += Math.min(b, to) - Math.max(a, from);
    work.push(sum / 1000);
  }
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { median: at(0.5), p95: at(0.95), n: sorted.length };
  };
  const w = stats(work);
  const r = stats(rafDeltas);
  const verdict = (value, target) => (value < target ? 'met' : 'NOT met');
  console.log(`route change → interactive map (${viaLink ? 'click on the hole link' : 'history push'}): ${Math.round(routeMs)} ms (target < ${TARGET_ROUTE_MS} ms: ${verdict(routeMs, TARGET_ROUTE_MS)})`);
  console.log(
    `dragging a vertex of the ${VERTICES}-vertex polygon, main-thread work per frame (trace, ${w.n} frames): median ${w.median.toFixed(1)} ms, p95 ${w.p95.toFixed(1)} ms (target < ${TARGET_FRAME_MS} ms: ${verdict(w.p95, TARGET_FRAME_MS)} by p95, ${verdict(w.median, TARGET_FRAME_MS)} by median)`,
  );
  console.log(`  frame interval seen by requestAnimationFrame (${r.n} frames): median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  if (errors.length) console.log(`page errors: ${errors.join(' | ')}`);
} finally {
  await browser.close();
  await server.stop();
}
