import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MARKERS } from '@golf/contract/print/demo-guide.test-support';
import { greenSheet } from '@golf/contract/print/green-sheet';
import { GuideRenderInput, LAYOUT_SIZES_PT, type GuideCourse, type GuideHole, type GuideRenderInputIn } from '@golf/contract/print/input';
import { layoutGuide } from '@golf/contract/print/layout';
import { PT_PER_MM, type Page } from '@golf/contract/print/page';
import { courses } from '../../../db/schema/index';
import { buildTestApp, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../../test/test-app';
import { loadClubForGuide, loadGuideCourses, loadGuideTheme } from './load';
import { closeRenderer, renderGuideInWorker, renderInWorker } from './render';
import { renderPdf } from './pdf';

const RATINGS = [
  { men: { courseRating: 73.4, slope: 134, par: 72 }, women: { courseRating: 79.6, slope: 142, par: 72 } },
  { men: { courseRating: 71.2, slope: 128, par: 72 }, women: null },
  { men: null, women: { courseRating: 73.8, slope: 129, par: 72 } },
];

function pdfinfo(file: string, ...args: string[]): string {
  return execFileSync('pdfinfo', [...args, file], { encoding: 'utf8' });
}

describe(`guide renderer on the demo course (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let course: GuideCourse;
  let input: GuideRenderInput;
  let dir: string;
  let pdfFile: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    dir = mkdtempSync(join(tmpdir(), 'guide-render-'));
    const db = t.database.db;
    const [fjordvang] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, ids.dkClubId));
    const club = await loadClubForGuide(db, ids.dkClubId);
    [course] = await loadGuideCourses(db, ids.dkClubId, [fjordvang.id]);
    input = GuideRenderInput.parse({
      club: { name: club.name },
      guide: { title: 'Fjordvang Links – Yardage book', language: 'da', theme: await loadGuideTheme(db, club.themeName), welcome: { text: 'Velkommen på Fjordvang.' } },
      courses: [
        {
          ...course,
          tees: course.tees.map((tee, i) => ({ ...tee, ...RATINGS[i] })),
          holes: course.holes.map((h) => ({ ...h, distanceMarkers: DEMO_MARKERS })),
        },
      ],
    });
    pdfFile = join(dir, 'guide.pdf');
    writeFileSync(pdfFile, await renderGuideInWorker(input));
  });
  afterAll(async () => {
    await closeRenderer();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('loads the course, its 18 holes with drawings, distances per tee and the club’s theme', async () => {
    expect(course.name).toBe('Fjordvang Links');
    expect(course.holes).toHaveLength(18);
    expect(course.tees.map((x) => x.name)).toEqual(['Hvid', 'Gul', 'Rød']);
    for (const hole of course.holes) {
      expect(hole.drawing.features.length).toBeGreaterThan(10);
      expect(Object.keys(hole.distances).sort()).toEqual(course.tees.map((x) => x.key).sort());
    }
    expect(Object.keys(input.guide.theme.elements)).toEqual(expect.arrayContaining(['green', 'fairway', 'bunker', 'play line']));
  });

  it('refuses a course and a pin setup of another club (404)', async () => {
    const db = t.database.db;
    const [other] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, ids.seClubId));
    const [own] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, ids.dkClubId));
    if (other) await expect(loadGuideCourses(db, ids.dkClubId, [own.id, other.id])).rejects.toMatchObject({ statusCode: 404 });
    await expect(loadGuideCourses(db, ids.dkClubId, [2_000_000_000])).rejects.toMatchObject({ statusCode: 404 });
    await expect(loadGuideCourses(db, ids.seClubId, [own.id])).rejects.toMatchObject({ statusCode: 404 });
    await expect(loadGuideCourses(db, ids.seClubId, [], { pinSetupId: 1 })).resolves.toEqual([]);
  });

  it('writes a PDF that passes qpdf --check and renders with pdftoppm', () => {
    expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
    // qpdf exits non-zero on any error it finds.
    expect(execFileSync('qpdf', ['--check', pdfFile], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    const info = pdfinfo(pdfFile);
    expect(info).toMatch(new RegExp(`Pages:\\s+${layoutGuide(input).length}\\n`));
    expect(info).toMatch(/Title:\s+Fjordvang Links – Yardage book/);
    execFileSync('pdftoppm', ['-r', '40', '-f', '4', '-l', '5', '-png', pdfFile, join(dir, 'page')]);
    for (const n of ['04', '05']) expect(readFileSync(join(dir, `page-${n}.png`)).length).toBeGreaterThan(2000);
    // Real, embedded fonts: the text is text.
    expect(execFileSync('pdffonts', [pdfFile], { encoding: 'utf8' })).toMatch(/NotoSans-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('has text that pdftotext finds: every hole name and every distance', () => {
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    for (const hole of course.holes) {
      expect(text).toContain(hole.name);
      for (const metres of Object.values(hole.distances)) expect(text).toContain(String(metres));
    }
    expect(text).toContain('Fjordvang Golfklub');
    expect(text).toMatch(/Målestok 1:\d+/);
  });

  it('prints every green at 1:480 or smaller, measured on the rendered PDF page', async () => {
    const pages = layoutGuide(input);
    const dpi = 144;
    const green = input.guide.theme.elements.green.fill!;
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(green.slice(i, i + 2), 16));
    let measured = 0;
    for (const [index, page] of pages.entries()) {
      if (page.kind !== 'green' || page.hole! > 6) continue;
      const stem = join(dir, `green-${page.hole}`);
      execFileSync('pdftoppm', ['-r', String(dpi), '-aa', 'no', '-aaVector', 'no', '-f', String(index + 1), '-l', String(index + 1), '-singlefile', '-png', pdfFile, stem]);
      const { data, info } = await sharp(`${stem}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let [top, bottom] = [Infinity, -Infinity];
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const o = (y * info.width + x) * 3;
          if (Math.abs(data[o] - r) <= 2 && Math.abs(data[o + 1] - g) <= 2 && Math.abs(data[o + 2] - b) <= 2) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
      }
      expect(bottom).toBeGreaterThan(top);
      const paperMm = ((bottom - top + 1) / dpi) * 25.4;
      // The green's real depth along the line of play, from its drawing (geodesic, around the T-point).
      const hole = input.courses[0].holes[page.hole! - 1];
      const sheet = greenSheet(hole.drawing, hole.pin)!;
      const ys = sheet.green[0].map((p) => p[1]);
      const depthMm = (Math.max(...ys) - Math.min(...ys)) * 1000;
      const scale = depthMm / paperMm;
      expect(scale, `green ${page.hole}`).toBeGreaterThanOrEqual(480);
      expect(Math.abs(scale - page.scale!) / page.scale!).toBeLessThan(0.03);
      measured++;
    }
    expect(measured).toBe(6);
  });

  it('makes the print-shop variant with 3 mm bleed and crop marks, and a pocket trim of 4.25 × 7 in', async () => {
    const pages = layoutGuide(input);
    const file = join(dir, 'shop.pdf');
    writeFileSync(file, await renderPdf(pages.slice(0, 6), { bleedMm: 3, cropMarks: true }));
    const boxes = pdfinfo(file, '-box', '-f', '1', '-l', '1');
    const box = (name: string) => boxes.match(new RegExp(`${name}:\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`))!.slice(1).map(Number);
    const [trim, bleed, media] = [box('TrimBox'), box('BleedBox'), box('MediaBox')];
    expect(trim[2] - trim[0]).toBeCloseTo(LAYOUT_SIZES_PT.pocket.width, 1);
    expect(trim[3] - trim[1]).toBeCloseTo(7 * 72, 1);
    expect((trim[0] - bleed[0]) / PT_PER_MM).toBeCloseTo(3, 1);
    expect((bleed[2] - trim[2]) / PT_PER_MM).toBeCloseTo(3, 1);
    // Room outside the bleed for the marks.
    expect(bleed[0] - media[0]).toBeGreaterThan(5 * PT_PER_MM);
    execFileSync('qpdf', ['--check', file]);
  });

  it('imposes a saddle-stitch booklet: two pages per side, padded to a multiple of 4 before the back cover', async () => {
    const all = layoutGuide(input);
    // Nine pages and the back cover: two blanks go before the back cover.
    const pages = [...all.slice(0, 9), all[all.length - 1]];
    expect(pages[9].kind).toBe('back');
    const file = join(dir, 'booklet.pdf');
    writeFileSync(file, await renderPdf(pages, { imposition: 'saddle-stitch' }));
    execFileSync('qpdf', ['--check', file]);
    expect(pdfinfo(file)).toMatch(/Pages:\s+6/);
    expect(pdfinfo(file)).toMatch(new RegExp(`Page size:\\s+${(2 * LAYOUT_SIZES_PT.pocket.width).toFixed(0)} x 504`));
    // The first side holds the back cover (left, page 12) and the front page (right).
    const side = (n: number) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', file, '-'], { encoding: 'utf8' });
    expect(side(1)).toContain('FJORDVANG GOLFKLUB');
    expect(side(1)).toContain('Fjordvang Links – Yardage book');
    expect(side(2)).toContain('Velkommen');
  });

  it('pads a booklet without a back cover at the end, so a hole page keeps facing its green', async () => {
    // Eleven pages ending with hole 4's page (page 10, left) and its green (page 11, right).
    const pages = layoutGuide(input).slice(0, 11);
    expect([pages[9].kind, pages[9].hole, pages[10].kind, pages[10].hole]).toEqual(['hole', 4, 'green', 4]);
    const file = join(dir, 'booklet-open.pdf');
    writeFileSync(file, await renderPdf(pages, { imposition: 'saddle-stitch' }));
    expect(pdfinfo(file)).toMatch(/Pages:\s+6/);
    const side = (n: number) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', file, '-'], { encoding: 'utf8' });
    // Sides of 12 pages: [12, 1], [2, 11], [10, 3], …: the green is page 11 beside the welcome (2), the
    // hole page is page 10 beside the overview (3); the blank page 12 faces the front page.
    expect(side(1)).toContain('FJORDVANG GOLFKLUB');
    expect(side(1)).not.toContain('Åen');
    expect(side(2)).toMatch(/Velkommen[\s\S]*Green 4 · Åen|Green 4 · Åen[\s\S]*Velkommen/);
    expect(side(3)).toMatch(/4\s+Åen\s+Par 3/);
    expect(side(3)).toContain('Baneoversigt');
  });

  /** The pages of `input` with other settings (and holes changed by `holes`) that `pick` keeps, as a PDF file; its pdftotext per page. */
  async function settingsPdf(name: string, guide: Partial<GuideRenderInputIn['guide']>, pick: (page: Page) => boolean, holes: (hole: GuideHole) => Partial<GuideHole> = () => ({})) {
    const changed: GuideRenderInputIn = { ...input, guide: { ...input.guide, ...guide }, courses: input.courses.map((c) => ({ ...c, holes: c.holes.map((h) => ({ ...h, ...holes(h) })) })) };
    const pages = layoutGuide(changed).filter(pick);
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, await renderPdf(pages));
    execFileSync('qpdf', ['--check', file]);
    const text = pages.map((_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-'], { encoding: 'utf8' }));
    return { file, pages, text };
  }
  const pageSizes = (file: string) => [...pdfinfo(file, '-f', '1', '-l', '999').matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

  it('prints the a6 layout at 105 × 148 mm', async () => {
    const { file, pages } = await settingsPdf('a6', { layout: 'a6' }, (p) => p.kind === 'front' || p.hole === 1);
    expect(pages.length).toBe(3);
    for (const [w, h] of pageSizes(file)) {
      expect(w / PT_PER_MM).toBeCloseTo(105, 0);
      expect(h / PT_PER_MM).toBeCloseTo(148, 0);
    }
  });

  it('prints a hole’s pro guideline when it is on and not when it is off', async () => {
    const note = (n: number) => `Hold til venstre på hul ${n}`;
    const { text } = await settingsPdf('pro', {}, (p) => p.kind === 'hole' && p.hole! <= 2, (h) => ({ notes: `${note(h.number)}.`, proGuideline: h.number === 1 }));
    expect(text[0]).toContain(note(1));
    expect(text[1]).not.toContain('Hold til venstre');
    expect(text[1]).toContain(course.holes[1].name);
  });

  it('leaves out the pages of a hole whose page and green are off, and its pin when the pin chart is off', async () => {
    const { pages, text } = await settingsPdf('toggles', {}, (p) => p.kind === 'hole' || p.kind === 'green', (h) => ({ page: h.number !== 2, green: h.number !== 3, pin: { outMeters: 12, sideMeters: 3 }, pinChart: h.number !== 1 }));
    expect(pages.filter((p) => p.kind === 'hole').map((p) => p.hole)).not.toContain(2);
    expect(pages.filter((p) => p.kind === 'green').map((p) => p.hole)).not.toContain(3);
    const green = (n: number) => text[pages.findIndex((p) => p.kind === 'green' && p.hole === n)];
    expect(green(1)).not.toContain('Flag:');
    expect(green(2)).toContain('Flag: 12 m · 3 m højre');
  });

  it('shows tees by name without the stroke index when the tee style is name and the handicap style hidden', async () => {
    const hole = course.holes[6];
    const hidden = await settingsPdf('tee-name', { teeStyle: 'name', handicapStyle: 'hidden' }, (p) => p.kind === 'hole' && p.hole === 7);
    for (const tee of course.tees) expect(hidden.text[0]).toContain(tee.name);
    expect(hidden.text[0]).toContain(`Par ${hole.par}`);
    expect(hidden.text[0]).not.toContain('Hcp');
    const number = await settingsPdf('tee-colour', { teeStyle: 'colour', handicapStyle: 'number' }, (p) => p.kind === 'hole' && p.hole === 7);
    expect(number.text[0]).toContain(`Hcp ${hole.strokeIndex}`);
    for (const tee of course.tees) expect(number.text[0]).not.toContain(tee.name);
  });

  it('prints a landscape overview with hole numbers and par, wider than tall, also turned into a booklet', async () => {
    const guide = { overview: { labels: 'numbers_and_par' as const, orientation: 'landscape' as const, pages: 'single' as const } };
    const { file, pages, text } = await settingsPdf('overview', guide, (p) => p.kind === 'overview' || p.kind === 'front');
    const sizes = pageSizes(file);
    const at = pages.findIndex((p) => p.kind === 'overview');
    expect(sizes[at][0]).toBeGreaterThan(sizes[at][1]);
    expect(sizes[at][0]).toBeCloseTo(504, 0);
    expect(sizes[0][0]).toBeLessThan(sizes[0][1]);
    for (const h of course.holes) expect(text[at]).toContain(`Par ${h.par}`);
    // In a saddle-stitch booklet the landscape page is turned into its upright slot.
    const booklet = join(dir, 'overview-booklet.pdf');
    writeFileSync(booklet, await renderPdf(pages, { imposition: 'saddle-stitch' }));
    execFileSync('qpdf', ['--check', booklet]);
    expect(new Set(pageSizes(booklet).map(([w, h]) => `${w} x ${h}`))).toEqual(new Set([`${(2 * LAYOUT_SIZES_PT.pocket.width).toFixed(0)} x 504`]));
    expect(execFileSync('pdftotext', [booklet, '-'], { encoding: 'utf8' })).toContain(`Par ${course.holes[0].par}`);
  });

  it('makes web images, tee signs and green drawings in the worker', async () => {
    const web = await renderInWorker({ product: 'web-images', input, widths: [540], formats: ['png', 'webp'] });
    expect(web.files).toHaveLength(36);
    const first = await sharp(Buffer.from(web.files[0].data)).metadata();
    expect([first.format, first.width, first.height]).toEqual(['png', 540, Math.round((540 * 504) / 306)]);
    expect((await sharp(Buffer.from(web.files[1].data)).metadata()).format).toBe('webp');
    const signs = await renderInWorker({ product: 'tee-signs', input, size: 'a3' });
    const signsFile = join(dir, 'signs.pdf');
    writeFileSync(signsFile, signs.files[0].data);
    expect(pdfinfo(signsFile)).toMatch(/Pages:\s+18/);
    expect(pdfinfo(signsFile)).toMatch(/Page size:\s+841\.89 x 1190\.55/);
    const greens = await renderInWorker({ product: 'green-drawings', input, width: 600 });
    expect(greens.files.map((f) => f.contentType)).toEqual(['application/pdf', ...Array(18).fill('image/png')]);
  });
});
