import { greenPage } from './green-page';
import { handicapPage } from './handicap-page';
import { holePage } from './hole-page';
import { CUSTOM_PAGE_TYPES, GuideRenderInput, LAYOUT_SIZES_PT, type GuideRenderInputIn } from './input';
import { overviewPages } from './overview-page';
import { PT_PER_MM, type Page } from './page';
import { pageContext } from './parts';
import { backPage, blankPage, frontPage, textPages } from './text-pages';

/**
 * One layout, many formats: the printed guide as pages of drawing items (page.ts), the same in
 * the browser's preview and in the server's PDF and images.
 *
 * Order, as a yardage book opens: front page; welcome; the overview (the map of the whole course,
 * at the start of the book; a double overview on two facing pages, left page even, with a blank
 * page before it when it would start on a right-hand page); local rules; the custom pages
 * (information, etiquette, notes) that are enabled; for each course its holes, each a hole page
 * on the left with its green on the facing right page (a blank page is added when needed so that
 * hole pages fall on even, left-hand pages); a hole whose page or green is switched off leaves
 * that page out; the handicap tables per tee and sex; the back page last. The print settings'
 * page toggles leave out the front page, welcome, overview, holes, local rules and back page.
 * Page 1 is the front page (a right-hand page); the saddle-stitch booklet pads with blanks before
 * the back cover only, so the numbering of every other page holds in the booklet too.
 */
export function layoutGuide(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  const { guide, labels } = { guide: input.guide, labels: ctx.labels };
  const pages: Page[] = [];
  const next = () => pages.length + 1;

  if (guide.pages.frontPage) pages.push(frontPage(ctx));
  if (guide.pages.welcome && guide.welcome.text.trim()) pages.push(...textPages(ctx, 'welcome', guide.welcome.title || labels.welcome, guide.welcome.text, next(), null, guide.welcome.signature));
  if (guide.pages.overview) {
    // A double overview opens on a left-hand (even) page so both halves face each other.
    if (guide.overview.pages === 'double' && next() % 2 === 1) pages.push(blankPage(ctx, next()));
    pages.push(...overviewPages(ctx, next()));
  }
  if (guide.pages.localRules && guide.localRules.text.trim()) pages.push(...textPages(ctx, 'local-rules', guide.localRules.title || labels.localRules, guide.localRules.text, next()));
  for (const type of CUSTOM_PAGE_TYPES) {
    const custom = guide.customPages[type];
    if (custom.enabled && (custom.text.trim() || custom.title || custom.image)) pages.push(...textPages(ctx, 'custom', custom.title || labels[type], custom.text, next(), custom.image));
  }

  if (guide.pages.holes) {
    for (const course of input.courses) {
      const holes = course.holes.filter((h) => h.page || h.green);
      if (holes.length === 0) continue;
      for (const hole of holes) {
        // A hole page on the left (even page number) and its green facing it; a green without
        // its hole page does not face another hole's page.
        if (hole.page && hole.green && next() % 2 === 1) pages.push(blankPage(ctx, next()));
        if (!hole.page && next() % 2 === 1 && pages[pages.length - 1]?.kind === 'hole') pages.push(blankPage(ctx, next()));
        if (hole.page) pages.push(holePage(ctx, course, hole, next()));
        if (hole.green) pages.push(greenPage(ctx, hole, next(), course));
      }
    }
  }
  if (guide.pages.handicapTables) {
    for (const course of input.courses) {
      for (const tee of course.tees.filter((t) => t.shown)) {
        if (tee.men) pages.push(handicapPage(ctx, course, tee, 'men', next()));
        if (tee.women) pages.push(handicapPage(ctx, course, tee, 'women', next()));
      }
    }
  }
  if (guide.pages.backPage) pages.push(backPage(ctx));
  return pages;
}

/** Print sizes of tee signs (ISO A4 and A3, portrait). */
export const TEE_SIGN_SIZES_PT = { a4: LAYOUT_SIZES_PT.a4, a3: { width: (297 * 72) / 25.4, height: (420 * 72) / 25.4 } } as const;

/** The holes of the guide's courses whose `toggle` is on, with their course. */
function holesWith(input: GuideRenderInput, toggle: 'page' | 'green') {
  return input.courses.flatMap((course) => course.holes.filter((h) => h[toggle]).map((hole) => ({ course, hole })));
}

/** Tee signs: one page per hole that has its page at print size (A4 or A3), the hole page's drawing, distances, par and index. */
export function layoutTeeSigns(raw: GuideRenderInput | GuideRenderInputIn, size: keyof typeof TEE_SIGN_SIZES_PT = 'a3'): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = TEE_SIGN_SIZES_PT[size];
  const ctx = pageContext(input, width, height);
  return holesWith(input, 'page').map(({ course, hole }) => ({ ...holePage(ctx, course, hole, null, 'tee-sign'), label: `${ctx.labels.tee} ${hole.number}` }));
}

/**
 * Green drawings: one green page per hole whose green is on, at the guide's page size (each within
 * the Rule 4.3 scale). Drawings on their own, for the app and for printing one green: without
 * the book's footer and page number (a page number of the book would be wrong here).
 */
export function layoutGreens(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  return holesWith(input, 'green').map(({ course, hole }) => greenPage(ctx, hole, null, course));
}

/**
 * The hole pages alone (web images: one picture per hole whose page is on). An app image shows the
 * hole alone: no footer with the book's page number and title (the drawing takes that room); the
 * hole's sponsor band stays, it is the sponsor's paid place on the hole (decision 0016).
 */
export function layoutHoles(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  return holesWith(input, 'page').map(({ course, hole }) => holePage(ctx, course, hole, null));
}

/** Size of a layout's page in millimetres, as printed. */
export function pageSizeMm(page: Pick<Page, 'width' | 'height'>): { width: number; height: number } {
  return { width: page.width / PT_PER_MM, height: page.height / PT_PER_MM };
}
