// The JavaScript and CSS the sign-in page loads, gzip-compressed, as the browser sees it: Chromium
// opens /signin on the built app and every .js/.css response is counted (gzip size of the file).
// Then it signs in and opens home and a hole editor, and tells which pages loaded OpenLayers
// (recognised by its own class name 'ol-overlaycontainer' inside a loaded script), so map code
// stays on the map screens.
// The same run builds the floor of the stack (bench/floor.mjs: React, React Router, MUI TextField
// and Button, i18next with react-i18next, nothing else) and prints the sign-in page's ratio to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildFloor, measurePage, serveStatic } from './floor.mjs';
import { freshDataDir, root, startServer } from './lib.mjs';

const floor = await buildFloor();

const server = await startServer({ dataDir: freshDataDir(), port: 3952 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

const fileOf = (p) => readFileSync(join(root, 'apps/web/dist', p));
const hasOpenLayers = (paths) => [...paths].some((p) => p.endsWith('.js') && fileOf(p).includes('ol-overlaycontainer'));

const print = (rows) => {
  for (const r of rows) console.log(`  ${r.path.padEnd(48)} ${(r.raw / 1024).toFixed(1).padStart(8)} KB  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
};

try {
  const floorServer = await serveStatic(floor.dist);
  let floorKb;
  try {
    const measured = await measurePage(browser, `${floorServer.url}/signin`, floor.dist);
    await measured.page.close();
    print(measured.rows);
    floorKb = measured.kb;
    console.log(`floor (React, React Router, MUI TextField + Button, i18next + react-i18next): ${floorKb.toFixed(1)} KB gzip in ${measured.rows.length} files`);
  } finally {
    await floorServer.stop();
  }

  const signIn = await measurePage(browser, `${server.url}/signin`, join(root, 'apps/web/dist'));
  const { page, rows } = signIn;
  let files = signIn.paths;
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox')) files.add(path);
  });
  print(rows);
  const total = signIn.kb;
  const ratio = total / floorKb;
  console.log(`sign-in page JS+CSS: ${total.toFixed(1)} KB gzip in ${rows.length} files (target < 250 KB: ${total < 250 ? 'met' : 'NOT met'})`);
  console.log(`sign-in page / floor: ${total.toFixed(1)} KB / ${floorKb.toFixed(1)} KB = ${ratio.toFixed(2)}x (target <= 1.2x: ${ratio <= 1.2 ? 'met' : 'NOT met'})`);
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
  floor.remove();
}
