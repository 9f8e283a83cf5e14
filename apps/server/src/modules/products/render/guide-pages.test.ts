import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGuideInput } from '@golf/contract/print/demo-guide.test-support';
import type { GuideRenderInputIn } from '@golf/contract/print/input';
import { layoutGuide } from '@golf/contract/print/layout';
import { renderPageImage } from './images';
import { renderTask } from './tasks';

// The guide's pages as the server writes them: their order in the PDF, the handicap tables' words
// in each language, and the web images without the book's footer. No database: the demo course
// as the contract's layout tests read it.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guide-pages-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The guide's PDF as pdftotext reads it, one text per page. */
async function pdfPages(name: string, input: GuideRenderInputIn): Promise<string[]> {
  const result = await renderTask({ product: 'guide-pdf', input });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, result.files[0].data);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  return text.split('\f').slice(0, result.pages);
}

describe('the printed guide’s pages in the PDF', { timeout: 120_000 }, () => {
  it('opens with the front page, the welcome and the overview; the holes, the handicap tables and the back page follow', async () => {
    const pages = await pdfPages('order', demoGuideInput());
    const first = (re: RegExp) => pages.findIndex((p) => re.test(p));
    expect(first(/FJORDVANG GOLFKLUB/)).toBe(0);
    expect(first(/Velkommen til Fjordvang Golfklub/)).toBe(1);
    expect(first(/Baneoversigt/)).toBe(2);
    expect(first(/Lokale regler/)).toBe(3);
    // Hole 1's page on page 6 (left-hand), its green on 7.
    expect(first(/1\s+Fjordudsigten/)).toBe(5);
    expect(first(/Green 1 · Fjordudsigten/)).toBe(6);
    const tables = pages.flatMap((p, i) => (/Banehandicap · /.test(p) ? [i] : []));
    expect(tables).toHaveLength(6);
    expect(tables[0]).toBeGreaterThan(first(/Green 18 · /));
    expect(pages[pages.length - 1]).toContain('Fjordvej 1 · 7100 Vejle');
    expect(pages.filter((p) => p.includes('Baneoversigt'))).toHaveLength(1);
  });

  it('prints a double overview on facing pages 4 and 5, after a blank page 3', async () => {
    const pages = await pdfPages('double', demoGuideInput({ overview: { pages: 'double' } }));
    expect(pages.flatMap((p, i) => (p.includes('Baneoversigt') ? [i + 1] : []))).toEqual([4, 5]);
    // The blank page has its footer and nothing else.
    expect(pages[2].replace(/\s+/g, ' ').trim()).toBe('Fjordvang Golfklub · Fjordvang Links – Yardage book 3');
  });

  it('heads the handicap tables with the course handicap in each language', async () => {
    const only = { frontPage: false, welcome: false, overview: false, holes: false, localRules: false, backPage: false, handicapTables: true };
    const expected = { en: ['Course handicap · Hvid', 'Course hcp'], da: ['Banehandicap · Hvid', 'Banehcp'], sv: ['Banhandicap · Hvid', 'Banhcp'] } as const;
    for (const [language, [heading, column]] of Object.entries(expected)) {
      const pages = await pdfPages(`handicap-${language}`, demoGuideInput({ language: language as 'en' | 'da' | 'sv', pages: only }));
      expect(pages).toHaveLength(6);
      expect(pages[0]).toContain(heading);
      expect(pages[0]).toContain(column);
      expect(pages.join('')).not.toMatch(/Spillehandicap|Spelhandicap|Playing handicap/i);
    }
  });
});

describe('web images', { timeout: 120_000 }, () => {
  /** Share of near-white pixels in the rows from `top` to `bottom` inside the side margins (points = pixels at 306 px wide). */
  async function whiteShare(png: Buffer | Uint8Array, top: number, bottom: number): Promise<number> {
    const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let [white, all] = [0, 0];
    for (let y = top; y < bottom; y++) {
      for (let x = 12; x < info.width - 12; x++) {
        const o = (y * info.width + x) * 3;
        if (data[o] > 245 && data[o + 1] > 245 && data[o + 2] > 245) white++;
        all++;
      }
    }
    return white / all;
  }

  it('show the hole alone: the drawing where the printed page has its footer and page number', async () => {
    const raw = demoGuideInput();
    raw.courses[0].holes = raw.courses[0].holes.slice(0, 2);
    const web = await renderTask({ product: 'web-images', input: raw, widths: [306], formats: ['png'] });
    expect(web.files.map((f) => f.name)).toEqual(['hole-01-306.png', 'hole-02-306.png']);
    const book = layoutGuide(raw).find((p) => p.kind === 'hole' && p.hole === 1)!;
    expect(book.height).toBe(504);
    const printed = await renderPageImage(book, { format: 'png', width: 306 });
    // The footer's band, between the printed page's drawing and its foot (504 pt high).
    const [top, bottom] = [484, 494];
    expect(await whiteShare(printed, top, bottom)).toBeGreaterThan(0.6);
    expect(await whiteShare(web.files[0].data, top, bottom)).toBeLessThan(0.05);
    // The printed page's footer reads in its PDF: the club, the guide and the page number.
    const pages = await pdfPages('web-book', raw);
    const index = layoutGuide(raw).findIndex((p) => p.kind === 'hole' && p.hole === 1);
    // A left-hand page has its number on the left, at the outer edge.
    expect(pages[index]).toMatch(new RegExp(`\\n\\s*${index + 1}\\s+Fjordvang Golfklub · Fjordvang Links – Yardage book\\s*$`));
  });
});
