// The JavaScript and CSS the sign-in page loads, gzip-compressed, as the browser sees it: Chromium
// opens /signin on the built app and every .js/.css response is counted (gzip size of the file).
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
try {
  const page = await browser.newPage();
  const files = new Set();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox')) files.add(path);
  });
  await page.goto(`${server.url}/signin`, { waitUntil: 'networkidle' });
  const rows = [...files].map((p) => {
    const raw = readFileSync(join(root, 'apps/web/dist', p));
    return { path: p, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  for (const r of rows) console.log(`  ${r.path.padEnd(48)} ${(r.raw / 1024).toFixed(1).padStart(8)} KB  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
  const total = rows.reduce((a, r) => a + r.gzip, 0) / 1024;
  const mapLoaded = rows.some((r) => /\bol\b|openlayers/i.test(r.path));
  console.log(`sign-in page JS+CSS: ${total.toFixed(1)} KB gzip in ${rows.length} files (target < 250 KB: ${total < 250 ? 'met' : 'NOT met'})`);
  console.log(`map code (OpenLayers) on the sign-in page: ${mapLoaded ? 'yes' : 'no'}`);
} finally {
  await browser.close();
  await server.stop();
}
