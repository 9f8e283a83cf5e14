import { greenPage } from './green-page';
import { handicapPage } from './handicap-page';
import { holePage } from './hole-page';
import { GuideRenderInput, LAYOUT_SIZES_PT, type GuideRenderInputIn } from './input';
import { overviewPages } from './overview-page';
import { PT_PER_MM, type Page } from './page';
import { pageContext } from './parts';
import { backPage, blankPage, frontPage, textPages } from './text-pages';

/**
 * One layout, many formats: the printed guide as pages of drawing items (page.ts), the same in
 * the browser's preview and in the server's PDF and images.
 *
 * Order: front page; welcome; local rules; custom pages; for each course its holes, each a hole
 * page on the left with its green on the facing right page (a blank page is added when needed so
 * that hole pages fall on even, left-hand pages); the handicap tables per tee and sex; the
 * overview; the back page last.
 */
export function layoutGuide(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  const { guide, labels } = { guide: input.guide, labels: ctx.labels };
  const pages: Page[] = [];
  const next = () => pages.length + 1;

  if (guide.pages.front) pages.push(frontPage(ctx));
  if (guide.pages.welcome && guide.welcome.trim()) pages.push(...textPages(ctx, 'welcome', labels.welcome, guide.welcome, next()));
  if (guide.pages.localRules && guide.localRules.trim()) pages.push(...textPages(ctx, 'local-rules', labels.localRules, guide.localRules, next()));
  for (const custom of guide.customPages) pages.push(...textPages(ctx, 'custom', custom.title, custom.text, next(), custom.image));

  for (const course of input.courses) {
    const holes = course.holes.filter((h) => h.included);
    if (!guide.pages.holes || holes.length === 0) continue;
    // A hole page on the left (even page number) and its green facing it.
    if (guide.pages.greens && next() % 2 === 1) pages.push(blankPage(ctx, next()));
    for (const hole of holes) {
      pages.push(holePage(ctx, course, hole, next()));
      if (guide.pages.greens) pages.push(greenPage(ctx, hole, next()));
    }
  }
  if (guide.pages.handicap) {
    for (const course of input.courses) {
      for (const tee of course.tees.filter((t) => t.shown)) {
        if (tee.men) pages.push(handicapPage(ctx, course, tee, 'men', next()));
        if (tee.women) pages.push(handicapPage(ctx, course, tee, 'women', next()));
      }
    }
  }
  if (guide.pages.overview) {
    for (const course of input.courses) {
      // A double overview opens on a left-hand page so both halves face each other.
      if (guide.overview === 'double' && next() % 2 === 1) pages.push(blankPage(ctx, next()));
      pages.push(...overviewPages(ctx, course, next()));
    }
  }
  if (guide.pages.back) pages.push(backPage(ctx));
  return pages;
}

/** Print sizes of tee signs (ISO A4 and A3, portrait). */
export const TEE_SIGN_SIZES_PT = { a4: LAYOUT_SIZES_PT.a4, a3: { width: (297 * 72) / 25.4, height: (420 * 72) / 25.4 } } as const;

/** The holes of the guide's courses that are included, with their course. */
function includedHoles(input: GuideRenderInput) {
  return input.courses.flatMap((course) => course.holes.filter((h) => h.included).map((hole) => ({ course, hole })));
}

/** Tee signs: one page per hole at print size (A4 or A3), the hole page's drawing, distances, par and index. */
export function layoutTeeSigns(raw: GuideRenderInput | GuideRenderInputIn, size: keyof typeof TEE_SIGN_SIZES_PT = 'a3'): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = TEE_SIGN_SIZES_PT[size];
  const ctx = pageContext(input, width, height);
  return includedHoles(input).map(({ course, hole }, i) => ({ ...holePage(ctx, course, hole, i + 1, 'tee-sign'), label: `${ctx.labels.tee} ${hole.number}` }));
}

/** Green drawings: one green page per hole at the guide's page size (each within the Rule 4.3 scale). */
export function layoutGreens(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  return includedHoles(input).map(({ hole }, i) => greenPage(ctx, hole, i + 1));
}

/** The hole pages alone (web images: one picture per hole). */
export function layoutHoles(raw: GuideRenderInput | GuideRenderInputIn): Page[] {
  const input = GuideRenderInput.parse(raw);
  const { width, height } = LAYOUT_SIZES_PT[input.guide.layout];
  const ctx = pageContext(input, width, height);
  return includedHoles(input).map(({ course, hole }, i) => holePage(ctx, course, hole, i + 1));
}

/** Size of a layout's page in millimetres, as printed. */
export function pageSizeMm(page: Pick<Page, 'width' | 'height'>): { width: number; height: number } {
  return { width: page.width / PT_PER_MM, height: page.height / PT_PER_MM };
}
