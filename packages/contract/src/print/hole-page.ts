import { EL } from '../graphics-catalogue';
import { pinFrame, pinPoint } from '../geo/pins';
import { playLine, playLineLegs } from '../geo/profile';
import type { XY } from '../geo/planar';
import { emptyBounds, entryAlong, extend, featuresOf, isEmpty, localRings, meanPosition, playDirection, pointAlong, polyline, positionsOf, projector, spanInside, turnedPlane, type Projector } from './frame';
import type { GuideCourse, GuideHole } from './input';
import { circlePath, pathOf, type Item, type Page, type PageKind } from './page';
import { banner, border, bleedRect, courseContext, drawFeatures, fontScale, footer, INK, labelItems, mix, MUTED, northArrow, paragraph, pill, rect, scaleBar, styleOf, teeDot, text, type PageContext } from './parts';
import { ellipsize, fitSize, textWidth } from './text';
import { pageSponsors, sponsorBand, sponsorBandHeight, sponsorSigns } from './sponsors';

/** A distance marker as placed on a hole page: metres from the green front and its page point on the line of play. */
export interface PlacedMark {
  metres: number;
  x: number;
  y: number;
}

export interface HolePage extends Page {
  marks: PlacedMark[];
}

/** Half the length of a mark where the line of play is outside any fairway (par 3s, carries). */
const MARK_HALF_METRES = 9;

/** The hole's tees shown in the guide, with the hole's distance from each. */
export function teeDistances(course: GuideCourse, hole: GuideHole): { name: string; colour: string; metres: number | null }[] {
  return course.tees.filter((t) => t.shown).map((t) => ({ name: t.name, colour: t.colour, metres: hole.distances[t.key] ?? null }));
}

/** The hole line in the banner: 'Par 4 · Hcp 7' (handicap style 'number'), else 'Par 4' (dots follow it, or nothing). */
export function holeSubtitle(ctx: PageContext, hole: GuideHole): string {
  const { labels } = ctx;
  return hole.strokeIndex && ctx.input.guide.handicapStyle === 'number' ? `${labels.par} ${hole.par} · ${labels.strokeIndex} ${hole.strokeIndex}` : `${labels.par} ${hole.par}`;
}

/** The highest course handicap the WHS gives (a handicap index of 54 on the hardest slope is more, but 54 is the usual cap of the tables). */
const MAX_COURSE_HANDICAP = 54;

/**
 * The strokes a player receives on a hole of stroke index `strokeIndex` on a course of `holes`
 * holes, by course handicap: one stroke from a course handicap of `strokeIndex`, two from
 * `strokeIndex + holes`, three from `strokeIndex + 2 × holes` (WHS Rules of Handicapping, Appendix E).
 */
export function strokeBands(strokeIndex: number, holes: number): { from: number; strokes: number }[] {
  const bands: { from: number; strokes: number }[] = [];
  for (let strokes = 1, from = strokeIndex; from <= MAX_COURSE_HANDICAP; strokes++, from += holes) bands.push({ from, strokes });
  return bands;
}

/** Handicap style 'dots': after 'Par 4', for each band '7+' and a dot per stroke received from that course handicap. */
function strokeDots(course: GuideCourse, hole: GuideHole, at: { x: number; y: number; size: number; ink: string }, maxX: number): Item[] {
  if (!hole.strokeIndex) return [];
  const items: Item[] = [];
  const size = at.size * 0.85;
  const r = size * 0.24;
  let x = at.x + size * 0.9;
  for (const band of strokeBands(hole.strokeIndex, course.holes.length)) {
    const label = `${band.from}+`;
    const w = textWidth(label, size) + size * 0.3 + band.strokes * r * 2.6;
    if (x + w > maxX) break;
    items.push(text(x, at.y, label, size, { fill: at.ink, opacity: 0.85 }));
    x += textWidth(label, size) + size * 0.3;
    for (let i = 0; i < band.strokes; i++) {
      items.push({ kind: 'path', d: circlePath(x + r, at.y - size * 0.33, r), fill: at.ink });
      x += r * 2.6;
    }
    x += size * 0.6;
  }
  return items;
}

/** The strip of tee distances under the banner, each tee shown by its colour, its name, or both (tee style). */
function teeStrip(ctx: PageContext, course: GuideCourse, hole: GuideHole, top: number): { items: Item[]; bottom: number } {
  const f = fontScale(ctx);
  const tees = teeDistances(course, hole);
  const h = 34 * f;
  const style = ctx.input.guide.teeStyle;
  const items: Item[] = [bleedRect(ctx, 0, top, ctx.width, h, mix(ctx.colour, '#ffffff', 0.88))];
  if (tees.length === 0) return { items, bottom: top + h };
  const cellW = (ctx.width - 2 * ctx.margin) / tees.length;
  tees.forEach((tee, i) => {
    const x = ctx.margin + i * cellW;
    const value = tee.metres === null ? '–' : String(tee.metres);
    const r = 4 * f;
    const dotted = style !== 'name';
    if (dotted) items.push(teeDot(x + r + 2 * f, top + h / 2 - 2.5 * f, r, tee.colour));
    const tx = dotted ? x + 2 * r + 5 * f : x + 2 * f;
    const room = cellW - (tx - x) - 2 * f;
    if (style === 'colour') {
      items.push(text(tx, top + h / 2 + 2 * f, value, fitSize(value, 13 * f, room, 700), { weight: 700, fill: INK }));
      return;
    }
    items.push(text(tx, top + h / 2 + 2 * f, value, fitSize(value, 13 * f, room, 700), { weight: 700, fill: INK }));
    items.push(text(tx, top + h / 2 + 10 * f, ellipsize(tee.name, 6 * f, room), 6 * f, { weight: style === 'name' ? 700 : 400, fill: style === 'name' ? INK : MUTED }));
  });
  return { items, bottom: top + h };
}

/**
 * The frame that fits the hole into a box with the direction of play up: the hole boundary when
 * drawn, else every feature but the background.
 */
export function holeProjector(hole: GuideHole, box: { x: number; y: number; width: number; height: number }): Projector | null {
  const drawing = hole.drawing;
  const direction = playDirection(drawing);
  const origin = direction?.from ?? meanPosition(drawing);
  if (!origin) return null;
  const up = direction?.bearing ?? 0;
  const turned = turnedPlane(origin, up);
  const bounds = emptyBounds();
  const boundary = featuresOf(drawing, EL.holeBoundary);
  for (const f of boundary.length > 0 ? boundary : drawing.features.filter((x) => x.properties.element !== EL.background)) {
    for (const p of positionsOf(f)) extend(bounds, turned.toLocal(p));
  }
  if (isEmpty(bounds)) return null;
  const w = Math.max(bounds.maxX - bounds.minX, 20);
  const h = Math.max(bounds.maxY - bounds.minY, 20);
  const k = Math.min(box.width / w, box.height / h);
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  const offset: XY = [box.x + box.width / 2 - cx * k, box.y + box.height / 2 + cy * k];
  return projector(origin, up, k, offset);
}

/** The line of play with its leg distances, the distance markers and the pin, on a fitted hole. */
function playItems(ctx: PageContext, hole: GuideHole, proj: Projector, size: number): { items: Item[]; marks: PlacedMark[] } {
  const theme = ctx.input.guide.theme;
  const items: Item[] = [];
  const marks: PlacedMark[] = [];
  const coords = playLine(hole.drawing);
  const k = proj.frame.ptPerMetre;
  if (coords) {
    const style = styleOf(theme, EL.playLine);
    const pts = coords.map((p) => proj.toPage(p));
    const lineWidth = Math.max(0.7, style.strokeWidth * 0.45) * ctx.s;
    items.push({ kind: 'path', d: pathOf(pts, false), stroke: '#000000', width: lineWidth * 2.4, opacity: 0.18, lineJoin: 'round', lineCap: 'round' });
    items.push({ kind: 'path', d: pathOf(pts, false), stroke: style.stroke ?? '#ffffff', width: lineWidth, dash: style.dash > 0 ? [style.dash * 0.6 * ctx.s, style.dash * 0.45 * ctx.s] : undefined, lineJoin: 'round', lineCap: 'round' });
    for (const p of pts.slice(1, -1)) items.push({ kind: 'path', d: circlePath(p[0], p[1], 2.4 * ctx.s), fill: '#ffffff', stroke: INK, width: 0.8 * ctx.s });
    // Each leg's length beside its middle, on the side away from the bend.
    playLineLegs(coords).forEach((leg, i) => {
      const [a, b] = [pts[i], pts[i + 1]];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const n: XY = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
      const side = n[0] >= 0 ? 1 : -1;
      const off = size * 1.6;
      const t = pts.length > 2 ? 0.5 : 0.45;
      const at: XY = [a[0] + (b[0] - a[0]) * t + n[0] * off * side, a[1] + (b[1] - a[1]) * t + n[1] * off * side];
      items.push(...pill(at[0], at[1], String(Math.round(leg.metres)), size, { fill: INK, ink: '#ffffff' }));
    });
  }

  // Distance markers: marks across the fairway at their metres from the green front along the line of play.
  const greenRings = localRings(hole.drawing, EL.green, proj.turned.toLocal);
  if (coords && greenRings.length > 0 && hole.distanceMarkers.length > 0) {
    const line = polyline(coords.map((p) => proj.turned.toLocal(p)));
    const front = entryAlong(line, greenRings);
    const fairways = localRings(hole.drawing, EL.fairway, proj.turned.toLocal);
    if (front !== null) {
      for (const metres of [...hole.distanceMarkers].sort((a, b) => b - a)) {
        const s = front - metres;
        if (s <= 0) continue;
        const { at, dir } = pointAlong(line, s);
        const across: XY = [dir[1], -dir[0]];
        const span = spanInside(at, across, fairways, 60) ?? [MARK_HALF_METRES, MARK_HALF_METRES];
        const a = proj.localToPage([at[0] - across[0] * span[0], at[1] - across[1] * span[0]]);
        const b = proj.localToPage([at[0] + across[0] * span[1], at[1] + across[1] * span[1]]);
        items.push({ kind: 'path', d: pathOf([a, b], false), stroke: '#ffffff', width: 2.2 * ctx.s, lineCap: 'round' });
        items.push({ kind: 'path', d: pathOf([a, b], false), stroke: INK, width: 0.9 * ctx.s, lineCap: 'round' });
        const end = b[0] >= a[0] ? b : a;
        items.push(...pill(end[0] + size * 1.6, end[1], String(metres), size * 0.9, { fill: '#ffffff', ink: INK, stroke: INK }));
        const [x, y] = proj.localToPage(at);
        marks.push({ metres, x, y });
      }
    }
  }

  // The pin of the guide's setup.
  const frame = hole.pin && hole.pinChart ? pinFrame(hole.drawing) : null;
  if (frame && hole.pin) {
    const [x, y] = proj.toPage(pinPoint(frame, hole.pin.outMeters, hole.pin.sideMeters));
    items.push(...pinFlag(x, y, Math.max(7, 3 * k) * ctx.s));
  }
  return { items, marks };
}

/** A flag on its pole, the hole at (x, y), `h` points high. */
export function pinFlag(x: number, y: number, h: number): Item[] {
  return [
    { kind: 'path', d: pathOf([[x, y], [x, y - h]], false), stroke: INK, width: h * 0.07, lineCap: 'round' },
    { kind: 'path', d: pathOf([[x, y - h], [x + h * 0.55, y - h * 0.8], [x, y - h * 0.6]], true), fill: '#d32f2f' },
    { kind: 'path', d: circlePath(x, y, h * 0.1), fill: INK },
  ];
}

/**
 * A hole page: banner with number, name, par and index; the distances from each tee; the hole
 * drawn in the theme with the line of play up, its legs, distance markers and pin; a scale bar, a
 * north arrow and the hole's notes; the book's footer with `pageNumber`. Without a page number
 * (null) the page stands alone, without the footer, its drawing reaching down to the margin: a
 * tee sign (`kind` 'tee-sign') or an app image.
 */
export function holePage(base: PageContext, course: GuideCourse, hole: GuideHole, pageNumber: number | null, kind: PageKind = 'hole'): HolePage {
  const ctx = courseContext(base, course);
  const { width, height, margin, labels } = ctx;
  const f = fontScale(ctx);
  const theme = ctx.input.guide.theme;
  const title = hole.name ? hole.name : `${labels.hole} ${hole.number}`;
  const head = banner(ctx, title, holeSubtitle(ctx, hole), String(hole.number));
  if (ctx.input.guide.handicapStyle === 'dots') head.items.push(...strokeDots(course, hole, head.after, width - margin));
  const strip = teeStrip(ctx, course, hole, head.bottom);
  const items: Item[] = [...head.items, ...strip.items];
  const alone = pageNumber === null;
  const footerH = alone ? 0 : 22 * f;
  const framed = ctx.input.guide.borderStyle !== 'none';
  const notes = hole.proGuideline ? hole.notes.trim() : '';
  const notesH = notes ? 30 * f : 0;
  // The hole's page sponsors take a band at the foot, above the footer (decision 0016).
  const placed = pageSponsors(hole.sponsors, ctx.input.sponsors);
  const bandH = sponsorBandHeight(ctx, placed);
  const bandGap = bandH > 0 && framed ? 5 * f : 0;
  const area = framed
    ? { x: margin * 0.6, y: strip.bottom + 6 * f, width: width - margin * 1.2, height: height - strip.bottom - 6 * f - footerH - bandH - bandGap - (alone && bandH === 0 ? margin * 0.6 : 0) }
    : { x: 0, y: strip.bottom, width, height: height - strip.bottom - footerH - bandH };
  const clip = framed ? area : { x: -9, y: area.y, width: width + 18, height: area.height + (alone ? 9 : 0) };
  const surround = styleOf(theme, EL.background).fill ?? '#cfe3b4';
  const pad = 16 * f;
  const proj = holeProjector(hole, { x: area.x + pad, y: area.y + pad, width: area.width - 2 * pad, height: area.height - 2 * pad - notesH });
  const drawn: Item[] = [{ kind: 'path', d: pathOf([[clip.x, clip.y], [clip.x + clip.width, clip.y], [clip.x + clip.width, clip.y + clip.height], [clip.x, clip.y + clip.height]], true), fill: surround }];
  let marks: PlacedMark[] = [];
  if (proj) {
    const k = proj.frame.ptPerMetre;
    const scale = { line: Math.min(0.5, Math.max(0.22, k * 0.35)) * ctx.s, symbol: Math.min(0.9, Math.max(0.35, k * 0.6)) * ctx.s };
    drawn.push(...drawFeatures(hole.drawing, theme, proj.toPage, scale));
    const play = playItems(ctx, hole, proj, 6.5 * f);
    drawn.push(...play.items, ...labelItems(hole.drawing, proj.toPage, 6 * f));
    drawn.push(...sponsorSigns(hole.sponsors, ctx.input.sponsors, theme, proj.toPage, 7 * f));
    marks = play.marks;
    drawn.push(...scaleBar(area.x + 10 * f, area.y + area.height - 10 * f - notesH, k, area.width * 0.3, 6 * f, INK, labels.metres));
    drawn.push(...northArrow(area.x + area.width - 14 * f, area.y + 16 * f, 6 * f, proj.frame.upBearing, INK, labels.north));
  }
  if (notes) {
    // The pro guideline: two lines under the drawing.
    const y = area.y + area.height - notesH;
    drawn.push(rect(area.x, y, area.width, notesH, { fill: '#ffffff', opacity: 0.9 }));
    const para = paragraph(area.x + 8 * f, y + 11 * f, notes, 7 * f, area.width - 16 * f, { lineHeight: 1.3 });
    drawn.push(...para.items.slice(0, 2));
  }
  items.push({ kind: 'group', clip, items: drawn });
  items.push(...border(ctx, area.x, area.y, area.width, area.height));
  if (bandH > 0) items.push(...sponsorBand(ctx, placed, { x: 0, y: area.y + area.height + bandGap, width, height: bandH }));
  if (pageNumber !== null) items.push(...footer(ctx, pageNumber));
  return { kind, width, height, items, label: `${labels.hole} ${hole.number}`, hole: hole.number, geo: proj?.frame, marks };
}
