import { courseItems, courseProjector } from './overview-page';
import type { GuideTheme } from './input';
import type { Item, Page, PageKind } from './page';
import { BLEED_PT } from './page';
import { banner, bleedRect, fontScale, footer, INK, mix, paragraph, rect, text, textOn, type PageContext } from './parts';
import { ellipsize, fitSize, wrapText } from './text';

const WATERMARK_OPACITY: Record<string, number> = { rough: 0.07, 'semi rough': 0, trees: 0.1, fairway: 0.16, green: 0.3, tee: 0.3, bunker: 0.22, water: 0.22 };

/** A theme in which every element is one colour: the course as a watermark on the front page. */
function silhouette(theme: GuideTheme, colour: string): GuideTheme {
  const elements = Object.fromEntries(
    Object.entries(theme.elements).map(([name, style]) => [name, { ...style, fill: style.fill ? colour : undefined, stroke: undefined, opacity: WATERMARK_OPACITY[name] ?? 0.16 }]),
  );
  return { name: theme.name, elements };
}

/**
 * The front page: the guide's title on the banner colour over a watermark of the course, the
 * club and the courses; or, with a front image, the image alone (a custom front page disables
 * the front page texts, §5).
 */
export function frontPage(ctx: PageContext): Page {
  const { width, height, margin, input } = ctx;
  const f = fontScale(ctx);
  const guide = input.guide;
  const front = guide.frontPage;
  const base = { kind: 'front' as const, width, height, label: ctx.labels.frontPage };
  if (front.image) {
    const filled = front.imageOption === 'filled';
    const box = filled ? { x: -BLEED_PT, y: -BLEED_PT, width: width + 2 * BLEED_PT, height: height + 2 * BLEED_PT } : { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin };
    return {
      ...base,
      items: [
        ...(filled ? [] : [bleedRect(ctx, 0, 0, width, height, '#ffffff')]),
        { kind: 'group', clip: box, items: [{ kind: 'image', ref: front.image, x: box.x, y: box.y, width: box.width, height: box.height, fit: filled ? 'cover' : 'contain' }] },
      ],
    };
  }
  const colour = guide.bannerColour;
  const ink = textOn(colour);
  const items: Item[] = [bleedRect(ctx, 0, 0, width, height, colour)];
  const course = input.courses[0];
  const art = { x: margin, y: height * 0.3, width: width - 2 * margin, height: height * 0.62 };
  const proj = courseProjector(course, art);
  if (proj) items.push({ kind: 'group', clip: { x: -BLEED_PT, y: -BLEED_PT, width: width + 2 * BLEED_PT, height: height + 2 * BLEED_PT }, items: courseItems(course, silhouette(guide.theme, ink), proj, 0.01, 0.2 * ctx.s, 'numbers', ctx.labels.par).filter((i) => i.kind === 'path') });
  let y = margin * 2.4;
  if (guide.logo) {
    const size = 46 * f;
    items.push({ kind: 'image', ref: guide.logo, x: margin, y: margin * 1.4, width: size, height: size, fit: 'contain' });
    y += size + 4 * f;
  }
  items.push(text(margin, y, ellipsize(input.club.name.toUpperCase(), 8.5 * f, width - 2 * margin, 700), 8.5 * f, { weight: 700, fill: ink, opacity: 0.8 }));
  y += 30 * f;
  const titleSize = 26 * f;
  for (const line of wrapText(front.title || guide.title, titleSize, width - 2 * margin, 700).slice(0, 4)) {
    items.push(text(margin, y, line, fitSize(line, titleSize, width - 2 * margin, 700), { weight: 700, fill: ink }));
    y += titleSize * 1.12;
  }
  items.push(rect(margin, y - titleSize * 0.35, 36 * f, 2.2 * f, { fill: mix(colour, ink, 0.6) }));
  y += 10 * f;
  if (front.subtitle) {
    const p = paragraph(margin, y, front.subtitle, 10 * f, width - 2 * margin, { fill: ink });
    items.push(...p.items);
    y = p.y;
  }
  if (front.text) items.push(...paragraph(margin, y + 4 * f, front.text, 8 * f, width - 2 * margin, { fill: ink }).items.slice(0, 6));
  const names = input.courses.map((c) => `${c.name} · ${c.holes.length}`).join('   ');
  items.push(text(margin, height - margin * 1.6, ellipsize(names, 8 * f, width - 2 * margin), 8 * f, { weight: 700, fill: ink, opacity: 0.9 }));
  return { ...base, items };
}

/**
 * A text page (welcome, local rules, a custom page): a banner with the title and the text in
 * paragraphs, continued on further pages while it lasts; a signature (the welcome's) closes the
 * text, in bold, after an empty line.
 */
export function textPages(ctx: PageContext, kind: PageKind, title: string, body: string, firstPageNumber: number, image: string | null = null, signature = ''): Page[] {
  const { width, height, margin } = ctx;
  const f = fontScale(ctx);
  const size = 8.5 * f;
  const lh = size * 1.45;
  const lines = wrapText(body, size, width - 2 * margin);
  const signed = signature.trim() ? ['', ...wrapText(signature.trim(), size, width - 2 * margin, 700)].map((l, n) => ({ l, bold: n > 0 })) : [];
  const all = [...lines.map((l) => ({ l, bold: false })), ...signed];
  const pages: Page[] = [];
  let i = 0;
  do {
    const head = banner(ctx, title, pages.length > 0 ? `${pages.length + 1}` : '');
    const items: Item[] = [...head.items];
    let y = head.bottom + 24 * f;
    if (image && pages.length === 0) {
      const h = (height - head.bottom) * 0.35;
      items.push({ kind: 'group', clip: { x: margin, y: y - 10 * f, width: width - 2 * margin, height: h }, items: [{ kind: 'image', ref: image, x: margin, y: y - 10 * f, width: width - 2 * margin, height: h, fit: 'cover' }] });
      y += h + 6 * f;
    }
    const bottom = height - 30 * f;
    for (; i < all.length && y <= bottom; i++) {
      const { l, bold } = all[i];
      if (l) items.push(text(margin, y, l, size, { fill: INK, ...(bold ? { weight: 700 as const } : {}) }));
      y += l ? lh : lh * 0.6;
    }
    items.push(...footer(ctx, firstPageNumber + pages.length));
    pages.push({ kind, width, height, items, label: pages.length === 0 ? title : `${title} ${pages.length + 1}` });
  } while (i < all.length);
  return pages;
}

/** The back page: the banner colour, the club's name, the back page's title and text. */
export function backPage(ctx: PageContext): Page {
  const { width, height, margin, input } = ctx;
  const f = fontScale(ctx);
  const colour = input.guide.bannerColour;
  const ink = textOn(colour);
  const items: Item[] = [bleedRect(ctx, 0, 0, width, height, colour)];
  let y = height * 0.38;
  if (input.guide.logo) {
    const size = 56 * f;
    items.push({ kind: 'image', ref: input.guide.logo, x: width / 2 - size / 2, y: y - size - 18 * f, width: size, height: size, fit: 'contain' });
  }
  items.push(text(width / 2, y, ellipsize(input.club.name, 16 * f, width - 2 * margin, 700), 16 * f, { weight: 700, anchor: 'middle', fill: ink }));
  y += 22 * f;
  const back = input.guide.backPage;
  if (back.title) {
    y += 6 * f;
    const p = paragraph(width / 2, y, back.title, 11 * f, width - 2 * margin, { anchor: 'middle', fill: ink, weight: 700 });
    items.push(...p.items);
    y = p.y + 2 * f;
  }
  if (back.text) items.push(...paragraph(width / 2, y, back.text, 8.5 * f, width - 2 * margin, { anchor: 'middle', fill: ink }).items);
  items.push(text(width / 2, height - margin * 1.6, input.guide.title, 7 * f, { anchor: 'middle', fill: ink, opacity: 0.75 }));
  return { kind: 'back', width, height, items, label: ctx.labels.backPage };
}

/** An empty page (to start the holes on a left-hand page, or to fill a booklet). */
export function blankPage(ctx: PageContext, pageNumber: number | null): Page {
  return { kind: 'blank', width: ctx.width, height: ctx.height, items: pageNumber === null ? [] : footer(ctx, pageNumber), label: ctx.labels.blankPage };
}
