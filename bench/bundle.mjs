// The JavaScript and CSS the sign-in page loads, gzip-compressed, as the browser sees it: Chromium
// opens /signin on the built app and every .js/.css response is counted (gzip size of the file).
// Then it signs in and opens home and a hole editor, and tells which pages loaded OpenLayers
// (recognised by its own class name 'ol-overlaycontainer' inside a loaded script), so map code
// stays on the map screens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freshDataDir, root, startServer } from './lib.mjs';

const server = await startServer({ dataDir: freshDataDir(), port: 3952 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

const fileOf = (p) => readFileSync(join(root, 'apps/web/dist', p));
const hasOpenLayers = (paths) => [...paths].some((p) => p.endsWith('.js') && fileOf(p).includes('ol-overlaycontainer'));

try {
  const page = await browser.newPage();
  let files = new Set();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox')) files.add(path);
  });
  await page.goto(`${server.url}/signin`, { waitUntil: 'networkidle' });
  const rows = [...files].map((p) => {
    const raw = fileOf(p);
    return { path: p, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  for (const r of rows) console.log(`  ${r.path.padEnd(48)} ${(r.raw / 1024).toFixed(1).padStart(8)} KB  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
  const total = rows.reduce((a, r) => a + r.gzip, 0) / 1024;
  console.log(`sign-in page JS+CSS: ${total.toFixed(1)} KB gzip in ${rows.length} files (target < 250 KB: ${total < 250 ? 'met' : 'NOT met'})`);
  console.log(`map code (OpenLayers) on the sign-in page: ${hasOpenLayers(files) ? 'yes' : 'no'}`);

  await page.getByLabel(/email/i).fill('owner@example.com');
  await page.getByLabel(/password/i).fill('owner-demo');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/home$/);
  await page.waitForLoadState('networkidle');
  console.log(`map code (OpenLayers) after sign-in on home: ${hasOpenLayers(files) ? 'yes' : 'no'}`);

  const token = await page.evaluate(() => Object.values(localStorage).find((v) => /token/.test(v)) ?? null);
  const courses = await page.evaluate(async (raw) => {
    const parsed = raw ? JSON.parse(raw) : null;
    const res = await fetch('/api/clubs/1/courses', { headers: { Authorization: `Bearer ${parsed?.token ?? ''}` } });
    return res.ok ? res.json() : [];
  }, token);
  const hole = courses[0]?.holes?.[0];
  if (hole) {
    files = new Set();
    await page.goto(`${server.url}/1/courses/${courses[0].id}/holes/${hole.id}/edit`, { waitUntil: 'networkidle' });
    console.log(`map code (OpenLayers) on the hole editor (control): ${hasOpenLayers(files) ? 'yes' : 'no'}`);
  } else {
    console.log('hole editor control skipped: the demo has no course');
  }
} finally {
  await browser.close();
  await server.stop();
}
