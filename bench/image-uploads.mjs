// 16 gallery uploads of 40-megapixel PNGs (8000 × 5000) sent at once to the built server with the
// embedded database: how much the server's resident memory grows while they run (peak) and
// after they are done, and how long they take. Uploaded images are decoded at most
// IMAGE_DECODES (2) at a time (apps/server/src/platform/images.ts); before that bound, the same
// 16 uploads grew the server by 450 MB, which it kept (issue 19).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { freshDataDir, snapshotBuild, startServer } from './lib.mjs';

const UPLOADS = 16;
const WIDTH = 8000;
const HEIGHT = 5000;
const TARGET_MB = 300;

/** Resident memory of a process in MB (VmRSS), from /proc. */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** A 40-megapixel PNG (gradients and a fine pattern) that stays within the 20 MB upload limit. */
async function bigPng() {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0, i = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++, i += 3) {
      const noise = (x ^ y) & 3;
      raw[i] = ((x >> 5) + noise) & 255;
      raw[i + 1] = ((y >> 5) + noise) & 255;
      raw[i + 2] = ((x + y) >> 6) & 255;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

const build = snapshotBuild();
// Without the demo's products, whose generation at the first start would run meanwhile; started
// twice, so the measured server is a warm start (a first start keeps what initdb took).
const dataDir = freshDataDir();
const env = { ...build.env, DEMO_PRODUCTS: 'false' };
await (await startServer({ dataDir, port: 3957, entry: build.entry, env })).stop();
const server = await startServer({ dataDir, port: 3957, entry: build.entry, env });
try {
  const login = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner@example.com', password: 'owner-demo' }),
  });
  const { token } = await login.json();
  const png = await bigPng();
  console.log(`image: ${WIDTH} × ${HEIGHT} PNG (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} megapixels), ${(png.length / 1024 / 1024).toFixed(1)} MB; ${UPLOADS} uploads at once`);

  const upload = async (name) => {
    const form = new FormData();
    form.append('data', new Blob([png], { type: 'image/png' }), name);
    const res = await fetch(`${server.url}/api/clubs/1/gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  };

  // One upload first, so what the first decode loads once (the codecs) is not counted.
  await upload('warm-up.png');
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
  const started = performance.now();
  await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(`photo-${i}.png`)));
  const ms = performance.now() - started;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 3000));
  const after = rssMb(server.pid);
  const grew = peak - before;
  console.log(`server RSS before ${Math.round(before)} MB, peak ${Math.round(peak)} MB (+${Math.round(grew)} MB), 3 s after the last answer ${Math.round(after)} MB (+${Math.round(after - before)} MB)`);
  console.log(`${UPLOADS} uploads answered in ${(ms / 1000).toFixed(1)} s (${Math.round(ms / UPLOADS)} ms each on average); target: growth < ${TARGET_MB} MB: ${grew < TARGET_MB ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  build.remove();
}
