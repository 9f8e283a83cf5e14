// The floor of the sign-in page's stack: a tiny app built in the same run from the repository's
// installed packages (so the same versions) with only React, React Router, MUI's TextField and
// Button, and i18next with react-i18next for one text. It is built with Vite's JS API into a
// temporary folder under node_modules/.cache (so the packages resolve), served, opened in Chromium
// and measured like the sign-in page: the gzip size of every .js/.css file the page loads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { root } from './lib.mjs';

const files = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Floor</title></head>
  <body><div id="root"></div><script type="module" src="/main.jsx"></script></body>
</html>
`,
  'main.jsx': `import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { signIn: 'Sign in' } } },
  interpolation: { escapeValue: false },
});

function SignIn() {
  const { t } = useTranslation();
  return (
    <form>
      <TextField label="Email" type="email" />
      <Button type="submit" variant="contained">{t('signIn')}</Button>
    </form>
  );
}

const router = createBrowserRouter([{ path: '*', Component: SignIn }]);
createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);
`,
};

/** Builds the floor app and returns its output folder; remove() deletes everything. */
export async function buildFloor() {
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-floor-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, sourcemap: false },
  });
  return { dist: join(dir, 'dist'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Serves a built folder (index.html for every unknown path) on a free port. */
export async function serveStatic(dist) {
  const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let body;
    let file = join(dist, path);
    try {
      body = readFileSync(file);
    } catch {
      file = join(dist, 'index.html');
      body = readFileSync(file);
    }
    res.writeHead(200, { 'content-type': types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) };
}

/**
 * Opens url in a new page of browser and returns the .js/.css files it loaded (service worker and
 * workbox excluded), largest first, with their raw and gzip sizes read from dist. The page counts
 * as loaded when `ready` (a selector) shows and the network has then been idle.
 */
export async function measurePage(browser, url, dist, ready = 'form button[type=submit]') {
  const page = await browser.newPage();
  const paths = new Set();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox')) paths.add(path);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  const rows = [...paths].map((p) => {
    const raw = readFileSync(join(dist, p));
    return { path: p, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  return { page, paths, rows, kb: rows.reduce((a, r) => a + r.gzip, 0) / 1024 };
}
