// The printed guide of the demo course, end to end: load the course from the database (PGlite
// with the demo seed) → layout → PDF → bytes, with time and peak memory; the web images of its 18
// holes; and as the baseline, pdfkit drawing the same paths and text (the same font, already laid
// out) without the product's layout and renderer, with the ratio. Targets: PDF under 3 s and
// within 1.5x of the baseline; images under 3 s. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const PDF_TARGET_MS = 3000;
const IMAGES_TARGET_MS = 3000;
const RATIO_TARGET = 1.5;
const RUNS = 3;

const from = import.meta.url;
const [{ buildTestApp, demoIds }, load, tasks, layoutMod, fonts, schema, orm, pdfkitMod] = await Promise.all([
  tsImport('../apps/server/test/test-app.ts', from),
  tsImport('../apps/server/src/modules/products/render/load.ts', from),
  tsImport('../apps/server/src/modules/products/render/tasks.ts', from),
  tsImport('../packages/contract/src/print/layout.ts', from),
  tsImport('../apps/server/src/modules/products/render/fonts.ts', from),
  tsImport('../apps/server/src/db/schema/index.ts', from),
  import('drizzle-orm'),
  import('pdfkit'),
]);
const PDFDocument = pdfkitMod.default;

/** Peak RSS while `fn` runs, sampled every 5 ms. */
async function measured(fn) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const result = await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, peakMb: peak / 2 ** 20, deltaMb: (peak - before) / 2 ** 20 };
}

const t = await buildTestApp();
const ids = await demoIds(t);
const db = t.database.db;
const [course] = await db.select({ id: schema.courses.id }).from(schema.courses).where(orm.eq(schema.courses.clubId, ids.dkClubId));

async function loadInput() {
  const club = await load.loadClubForGuide(db, ids.dkClubId);
  const [theme, courses] = await Promise.all([load.loadGuideTheme(db, club.themeName), load.loadGuideCourses(db, ids.dkClubId, [course.id])]);
  return {
    club: { name: club.name },
    guide: { title: 'Fjordvang Links – Yardage book', language: 'da', theme, welcome: { text: 'Velkommen på Fjordvang.' } },
    courses: courses.map((c) => ({
      ...c,
      tees: c.tees.map((tee) => ({ ...tee, men: { courseRating: 71.2, slope: 128, par: 72 }, women: { courseRating: 77.1, slope: 136, par: 72 } })),
      holes: c.holes.map((h) => ({ ...h, distanceMarkers: [200, 150, 100] })),
    })),
  };
}

/** The baseline: pdfkit alone drawing every path and text of the laid-out pages. */
async function baseline(pages) {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  for (const face of fonts.guideFaces()) doc.registerFont(face.name, face.data);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const draw = (items) => {
    for (const it of items) {
      if (it.kind === 'group') draw(it.items);
      else if (it.kind === 'path' && it.d) {
        doc.path(it.d);
        if (it.fill && it.stroke) doc.fillAndStroke(it.fill, it.stroke);
        else if (it.fill) doc.fill(it.fill);
        else if (it.stroke) doc.lineWidth(it.width ?? 1).stroke(it.stroke);
      } else if (it.kind === 'text') {
        doc.font(it.weight === 700 ? 'noto-700-latin' : 'noto-400-latin').fontSize(it.size).fillColor(it.fill).text(it.text, it.x, it.y, { lineBreak: false, baseline: 'alphabetic' });
      }
    }
  };
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    draw(page.items);
  }
  doc.end();
  return done;
}

console.log('18-hole printed guide of the demo course (Fjordvang Links, pocket), best of', RUNS);
fonts.guideFaces();
let best = null;
for (let i = 0; i < RUNS; i++) {
  const run = await measured(async () => {
    const t0 = performance.now();
    const input = await loadInput();
    const t1 = performance.now();
    const pages = layoutMod.layoutGuide(input);
    const t2 = performance.now();
    const out = await tasks.renderTask({ product: 'guide-pdf', input });
    const t3 = performance.now();
    return { input, pages, bytes: out.files[0].data.length, loadMs: t1 - t0, layoutMs: t2 - t1, renderMs: t3 - t2 };
  });
  if (!best || run.ms < best.ms) best = run;
}
const { pages, bytes, loadMs, layoutMs, renderMs, input } = best.result;
// renderTask lays out again before writing the PDF: the PDF's own time is renderMs − layoutMs.
const pdfMs = renderMs - layoutMs;
console.log(`  end to end (load → layout → PDF → bytes): ${best.ms.toFixed(0)} ms (target < ${PDF_TARGET_MS} ms), ${pages.length} pages, ${(bytes / 1024).toFixed(0)} KiB`);
console.log(`    load ${loadMs.toFixed(0)} ms, layout ${layoutMs.toFixed(0)} ms, PDF ${pdfMs.toFixed(0)} ms; peak RSS ${best.peakMb.toFixed(0)} MB (+${best.deltaMb.toFixed(0)} MB)`);

let base = Infinity;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await baseline(pages);
  base = Math.min(base, performance.now() - t0);
}
const product = layoutMs + pdfMs;
console.log(`  baseline (pdfkit drawing the same paths and text): ${base.toFixed(0)} ms; product layout + PDF ${product.toFixed(0)} ms = ${(product / base).toFixed(2)}x (target ≤ ${RATIO_TARGET}x)`);

for (const format of ['png', 'webp']) {
  const images = await measured(() => tasks.renderTask({ product: 'web-images', input, widths: [1080], formats: [format] }));
  console.log(`  web images, 18 holes at 1080 px ${format.toUpperCase()}: ${images.ms.toFixed(0)} ms (target < ${IMAGES_TARGET_MS} ms), peak RSS ${images.peakMb.toFixed(0)} MB`);
}
const all = await measured(() => tasks.renderTask({ product: 'web-images', input }));
console.log(`  web images, 18 holes at 540 and 1080 px in PNG and WebP (${all.result.files.length} files): ${all.ms.toFixed(0)} ms`);
await t.close();
