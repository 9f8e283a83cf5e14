import type { Language } from '../constants';
import { courseHandicap, formatCourseHandicap, formatIndex, formatTenths, handicapRanges, INDEX_RANGE } from './handicap';
import type { GuideCourse, GuideTee, HandicapTableFormat, TeeRating } from './input';
import type { Item, Page } from './page';
import { banner, courseContext, fontScale, footer, INK, mix, MUTED, rect, teeDot, text, type PageContext } from './parts';

/** Rows of a handicap table: the index (or range of indexes, in the guide's language) and the course handicap it gives. */
export function handicapRows(rating: TeeRating, style: HandicapTableFormat, language: Language = 'en'): { index: string; courseHandicap: string }[] {
  if (style === 'whole') {
    const rows: { index: string; courseHandicap: string }[] = [];
    for (let i = INDEX_RANGE.min; i <= INDEX_RANGE.max; i++) rows.push({ index: formatIndex(i, language), courseHandicap: formatCourseHandicap(courseHandicap(i, rating)) });
    return rows;
  }
  return handicapRanges(rating).map((r) => ({
    index: r.from === r.to ? formatIndex(r.from, language) : `${formatIndex(r.from, language)} – ${formatIndex(r.to, language)}`,
    courseHandicap: formatCourseHandicap(r.courseHandicap),
  }));
}

/**
 * A handicap table page for one tee and sex (World Handicap System): the tee's ratings, then the
 * course handicap for each handicap index in as many columns as the rows need.
 */
export function handicapPage(base: PageContext, course: GuideCourse, tee: GuideTee, sex: 'men' | 'women', pageNumber: number): Page {
  const ctx = courseContext(base, course);
  const { width, height, margin, labels } = ctx;
  const f = fontScale(ctx);
  const rating = tee[sex] as TeeRating;
  const who = sex === 'men' ? labels.men : labels.women;
  const head = banner(ctx, `${labels.courseHandicap} · ${tee.name}`, `${course.name} · ${who}`);
  const items: Item[] = [...head.items];
  let y = head.bottom + 18 * f;
  items.push(teeDot(margin + 4 * f, y - 3 * f, 4 * f, tee.colour));
  const facts = `${labels.courseRating} ${formatTenths(rating.courseRating, ctx.input.guide.language)} · ${labels.slope} ${rating.slope} · ${labels.par} ${rating.par}`;
  items.push(text(margin + 12 * f, y, facts, 8 * f, { weight: 700 }));
  y += 11 * f;
  items.push(text(margin, y, labels.whsFormula, 6 * f, { fill: MUTED }));
  y += 10 * f;

  const rows = handicapRows(rating, ctx.input.guide.handicapTable, ctx.input.guide.language);
  const size = 7 * f;
  const rowH = size * 1.45;
  const headH = rowH * 1.6;
  const bottom = height - 26 * f;
  const fits = Math.max(1, Math.floor((bottom - y - headH) / rowH));
  const columns = Math.ceil(rows.length / fits);
  // Balanced columns: the rows spread evenly rather than a short last column.
  const perColumn = Math.ceil(rows.length / columns);
  const gap = 8 * f;
  const colW = (width - 2 * margin - gap * (columns - 1)) / columns;
  const colour = ctx.colour;
  for (let c = 0; c < columns; c++) {
    const x = margin + c * (colW + gap);
    items.push(rect(x, y, colW, headH, { fill: colour }));
    const ink = '#ffffff';
    items.push(text(x + 4 * f, y + headH * 0.65, labels.indexColumn, size * 0.85, { weight: 700, fill: ink }));
    items.push(text(x + colW - 4 * f, y + headH * 0.65, labels.courseHandicapColumn, size * 0.85, { weight: 700, anchor: 'end', fill: ink }));
    rows.slice(c * perColumn, (c + 1) * perColumn).forEach((row, i) => {
      const top = y + headH + i * rowH;
      if (i % 2 === 1) items.push(rect(x, top, colW, rowH, { fill: mix(colour, '#ffffff', 0.9) }));
      items.push(text(x + 4 * f, top + rowH * 0.72, row.index, size, { fill: INK }));
      items.push(text(x + colW - 4 * f, top + rowH * 0.72, row.courseHandicap, size, { weight: 700, anchor: 'end', fill: INK }));
    });
  }
  items.push(...footer(ctx, pageNumber));
  return { kind: 'handicap', width, height, items, label: `${labels.courseHandicap} ${tee.name} ${who}` };
}
