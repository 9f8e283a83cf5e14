import { describe, expect, it } from 'vitest';
import { demoGuideInput } from './demo-guide.test-support';
import type { HolePage } from './hole-page';
import { GuideRenderInput, type GuideRenderInputIn } from './input';
import { layoutGreens, layoutGuide, layoutHoles, layoutTeeSigns } from './layout';
import type { Item, Page, PageKind } from './page';
import { pageToSvg } from './svg';

const texts = (items: Item[]): string[] => items.flatMap((i) => (i.kind === 'text' ? [i.text] : i.kind === 'group' ? texts(i.items) : []));

/** The kinds of the pages in order, a run of pages of one kind as one. */
function runs(pages: Page[]): PageKind[] {
  return pages.map((p) => p.kind).filter((k, i, all) => i === 0 || k !== all[i - 1]);
}

const FOOTER = 'Fjordvang Golfklub · Fjordvang Links – Yardage book';

describe('the order of the guide’s pages', { timeout: 60_000 }, () => {
  it('opens with the front page, the welcome and the overview, then the local rules, the holes, the handicap tables and the back page', () => {
    const pages = layoutGuide(demoGuideInput());
    const kinds = runs(pages);
    // Page 5 is a blank so that hole 1's page falls on a left-hand (even) page, 6.
    expect(kinds.slice(0, 6)).toEqual(['front', 'welcome', 'overview', 'local-rules', 'blank', 'hole']);
    expect(pages.findIndex((p) => p.kind === 'hole')).toBe(5);
    const lastGreen = pages.map((p) => p.kind).lastIndexOf('green');
    expect(pages.slice(lastGreen + 1).map((p) => p.kind)).toEqual([...Array(6).fill('handicap'), 'back']);
    expect(pages.filter((p) => p.kind === 'overview')).toHaveLength(1);
  });

  it('puts the custom pages after the local rules, before the holes', () => {
    const pages = layoutGuide(demoGuideInput({ customPages: { information: { enabled: true, text: 'Buggies kan lejes.' }, etiquette: { enabled: true, text: 'Ret nedslag.' } } }));
    expect(runs(pages).slice(0, 7)).toEqual(['front', 'welcome', 'overview', 'local-rules', 'custom', 'blank', 'hole']);
    expect(pages.filter((p) => p.kind === 'custom')).toHaveLength(2);
  });

  it('keeps a double overview on facing pages: a blank page before it when it would start on a right-hand page', () => {
    const pages = layoutGuide(demoGuideInput({ overview: { pages: 'double' } }));
    const number = (p: Page) => pages.indexOf(p) + 1;
    const overview = pages.filter((p) => p.kind === 'overview');
    expect(overview.map(number)).toEqual([4, 5]);
    expect(pages.slice(0, 6).map((p) => p.kind)).toEqual(['front', 'welcome', 'blank', 'overview', 'overview', 'local-rules']);
    // Each half carries its own page number in the footer, on the outer side.
    expect(texts(overview[0].items)).toContain('4');
    expect(texts(overview[1].items)).toContain('5');
    // Without the welcome page the spread starts on page 2, with no blank before it.
    const noWelcome = layoutGuide(demoGuideInput({ overview: { pages: 'double' }, pages: { welcome: false } }));
    expect(noWelcome.slice(0, 4).map((p) => p.kind)).toEqual(['front', 'overview', 'overview', 'local-rules']);
    // Hole pages stay on the left after the spread.
    for (const [i, page] of pages.entries()) if (page.kind === 'hole') expect((i + 1) % 2).toBe(0);
  });
});

describe('pages on their own: app images, green drawings and tee signs', { timeout: 60_000 }, () => {
  const input = GuideRenderInput.parse(demoGuideInput());
  const guide = layoutGuide(input);
  const book = guide.filter((p): p is HolePage => p.kind === 'hole');
  const app = layoutHoles(input);

  /** The drawing's clip (the page's first group). */
  const drawingClip = (page: Page) => {
    const group = page.items.find((i) => i.kind === 'group');
    if (!group || group.kind !== 'group') throw new Error('no drawing');
    return group.clip;
  };

  it('a web image shows the hole without the book’s footer and page number; the book’s page keeps them', () => {
    expect(app.map((p) => p.hole)).toEqual(book.map((p) => p.hole));
    for (const [i, page] of app.entries()) {
      const printed = book[i];
      const number = String(guide.indexOf(printed) + 1);
      expect(texts(printed.items)).toEqual(expect.arrayContaining([FOOTER, number]));
      expect(pageToSvg(printed)).toContain('Yardage book');
      expect(texts(page.items)).not.toContain(FOOTER);
      expect(pageToSvg(page)).not.toContain('Yardage book');
      // No text of the page's own (outside the drawing and the sponsor band) at its foot, where the
      // footer was: the drawing reaches down instead.
      expect(texts(page.items.filter((it) => it.kind === 'text' && it.y > page.height - 20))).toEqual([]);
      expect(drawingClip(page).y + drawingClip(page).height).toBeGreaterThan(drawingClip(printed).y + drawingClip(printed).height + 10);
      // Otherwise the same page head: the hole's number, name, par and index, each tee's distance.
      const head = (p: Page) => texts(p.items.filter((it) => it.kind === 'text'));
      expect(head(page)).toEqual(head(printed).filter((t) => t !== FOOTER && t !== number));
    }
  });

  it('a web image keeps the hole’s sponsor band (the sponsor’s paid place), without the footer', () => {
    const raw: GuideRenderInputIn = demoGuideInput();
    raw.sponsors = [{ key: '7', name: 'Fjord Bank', url: 'https://fjordbank.example/', logo: null }];
    raw.courses[0].holes[0].sponsors = { page: [{ sponsor: '7', format: 'bottom-single' }], signs: [] };
    const [first] = layoutHoles(raw);
    expect(texts(first.items)).toEqual(expect.arrayContaining(['HULSPONSOR', 'Fjord Bank', 'fjordbank.example']));
    expect(texts(first.items)).not.toContain(FOOTER);
  });

  it('green drawings and tee signs carry no footer either', () => {
    for (const page of [...layoutGreens(input), ...layoutTeeSigns(input)]) {
      expect(texts(page.items)).not.toContain(FOOTER);
      expect(texts(page.items.filter((it) => it.kind === 'text' && it.y > page.height - 20))).toEqual([]);
    }
    // The green pages of the book keep theirs.
    for (const page of guide.filter((p) => p.kind === 'green')) expect(texts(page.items)).toEqual(expect.arrayContaining([FOOTER, String(guide.indexOf(page) + 1)]));
  });
});
