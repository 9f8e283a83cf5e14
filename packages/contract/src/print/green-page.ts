import { EL } from '../graphics-catalogue';
import type { XY } from '../geo/planar';
import { greenSheet, type GreenSheet, type SheetPoint } from './green-sheet';
import type { GuideCourse, GuideHole } from './input';
import { holeSubtitle, pinFlag } from './hole-page';
import { pathOf, PT_PER_MM, type Item, type Page } from './page';
import { banner, border, courseContext, fontScale, footer, INK, mix, MUTED, rect, scaleBar, styleOf, text, type PageContext } from './parts';
import { symbolPath } from './symbols';

/**
 * Green pages: the green to scale, never larger than 1:480 (Rules of Golf 4.3: 3/8 inch per
 * 5 yards), the direction of play up, with a depth grid from the T-point every 5 m.
 */

/** The Rules of Golf 4.3 limit: 3/8 inch on paper per 5 yards (180 inches) on the course. */
export const RULE_4_3_SCALE = 480;

/** Scales tried in order (the first that fits the page is used); all smaller than RULE_4_3_SCALE allows. */
export const GREEN_SCALES = [500, 600, 750, 1000, 1250, 1500, 2000, 2500, 5000] as const;

/** Points on paper per metre on the course at 1:denominator. */
export function pointsPerMetre(denominator: number): number {
  return (1000 * PT_PER_MM) / denominator;
}

/** The first scale at which a box of w × h metres fits in the given points. */
export function greenScale(w: number, h: number, maxWidth: number, maxHeight: number): number {
  for (const s of GREEN_SCALES) if (w * pointsPerMetre(s) <= maxWidth && h * pointsPerMetre(s) <= maxHeight) return s;
  return GREEN_SCALES[GREEN_SCALES.length - 1];
}

const GRID_METRES = 5;

function ringsPath(rings: SheetPoint[][], at: (p: SheetPoint) => XY): string {
  return rings
    .filter((r) => r.length >= 3)
    .map((r) => pathOf(r.map(at), true))
    .join('');
}

/**
 * A green page of a hole of `course` (its banner colour); the pin is drawn when the hole's pin
 * chart is on. The book's footer carries `pageNumber`; a green drawing on its own (null) has none.
 */
export function greenPage(outer: PageContext, hole: GuideHole, pageNumber: number | null, course?: GuideCourse): Page {
  const ctx = course ? courseContext(outer, course) : outer;
  const { width, height, margin, labels } = ctx;
  const f = fontScale(ctx);
  const theme = ctx.input.guide.theme;
  const pin = hole.pinChart ? hole.pin : null;
  const sheet = greenSheet(hole.drawing, pin);
  const depth = sheet ? greenDepth(sheet) : null;
  const title = `${labels.green} ${hole.number}${hole.name ? ` · ${hole.name}` : ''}`;
  const subtitle = depth ? `${holeSubtitle(ctx, hole)} · ${labels.depth} ${Math.round(depth.back - depth.front)} ${labels.metres}` : holeSubtitle(ctx, hole);
  const head = banner(ctx, title, subtitle, String(hole.number));
  const items: Item[] = [...head.items];
  const area = { x: margin, y: head.bottom + 12 * f, width: width - 2 * margin, height: height - head.bottom - 12 * f - 56 * f };
  const base = { kind: 'green' as const, width, height, label: `${labels.green} ${hole.number}`, hole: hole.number };
  if (!sheet) {
    items.push(text(width / 2, area.y + area.height / 2, '–', 14 * f, { anchor: 'middle', fill: MUTED }));
    if (pageNumber !== null) items.push(...footer(ctx, pageNumber));
    return { ...base, items };
  }
  const [bx, by, bw, bh] = sheet.box;
  const scale = greenScale(bw, bh, area.width - 16 * f, area.height - 16 * f);
  const k = pointsPerMetre(scale);
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const at = ([x, y]: SheetPoint): XY => [cx + (x - (bx + bw / 2)) * k, cy + (y - (by + bh / 2)) * k];
  const drawn: Item[] = [];
  drawn.push(rect(area.x, area.y, area.width, area.height, { fill: styleOf(theme, EL.semiRough).fill ?? '#a4cf6a', opacity: 0.35 }));

  // The depth grid: a line every 5 m across the direction of play, numbered from the T-point.
  const [x0, y0] = [area.x, area.y];
  const [x1, y1] = [area.x + area.width, area.y + area.height];
  const origin = at([0, 0]);
  const gridInk = mix(INK, '#ffffff', 0.55);
  for (let m = -60; m <= 120; m += GRID_METRES) {
    const y = origin[1] - m * k;
    if (y < y0 + 2 || y > y1 - 2) continue;
    drawn.push({ kind: 'path', d: pathOf([[x0, y], [x1, y]], false), stroke: gridInk, width: m === 0 ? 0.6 * f : 0.3 * f, dash: m === 0 ? undefined : [1.5 * f, 1.5 * f] });
    if (m % 10 === 0) drawn.push(text(x0 + 3 * f, y - 1.5 * f, m < 0 ? `−${-m}` : String(m), 5.5 * f, { fill: MUTED }));
  }
  drawn.push({ kind: 'path', d: pathOf([[origin[0], y0], [origin[0], y1]], false), stroke: gridInk, width: 0.3 * f, dash: [1.5 * f, 1.5 * f] });

  const style = (element: string) => {
    const s = styleOf(theme, element);
    return { ...(s.fill ? { fill: s.fill } : {}), ...(s.stroke ? { stroke: s.stroke } : {}), width: Math.max(0.5, s.strokeWidth * 0.5) * f, lineJoin: 'round' as const, evenOdd: true };
  };
  for (const rings of sheet.water) drawn.push({ kind: 'path', d: ringsPath(rings, at), ...style(EL.water) });
  if (sheet.fringe) drawn.push({ kind: 'path', d: ringsPath(sheet.fringe, at), ...style(EL.fringe) });
  drawn.push({ kind: 'path', d: ringsPath(sheet.green, at), ...style(EL.green) });
  for (const rings of sheet.bunkers) drawn.push({ kind: 'path', d: ringsPath(rings, at), ...style(EL.bunker) });
  // The T-point (where pins are measured from) and the pin.
  const tPoint = styleOf(theme, EL.tPoint);
  drawn.push({ kind: 'path', d: symbolPath(tPoint.icon, origin[0], origin[1], 2.2 * f), fill: tPoint.fill ?? '#ffeb3b', stroke: INK, width: 0.6 * f });
  if (sheet.pin) drawn.push(...pinFlag(...at(sheet.pin), 16 * f));
  items.push({ kind: 'group', clip: area, items: drawn });
  items.push(...border(ctx, area.x, area.y, area.width, area.height));

  // Under the drawing: the pin in words, the scale bar and the scale.
  let y = area.y + area.height + 16 * f;
  if (pin) {
    const side = pin.sideMeters;
    const sideText = side === 0 ? '' : ` · ${Math.abs(side)} ${labels.metres} ${side > 0 ? labels.right : labels.left}`;
    items.push(text(margin, y, `${labels.pin}: ${pin.outMeters} ${labels.metres}${sideText}`, 8 * f, { weight: 700 }));
  }
  items.push(text(width - margin, y, `${labels.scale} 1:${scale}`, 8 * f, { weight: 700, anchor: 'end' }));
  y += 16 * f;
  items.push(...scaleBar(margin, y, k, area.width * 0.5, 6.5 * f, INK, labels.metres));
  if (pageNumber !== null) items.push(...footer(ctx, pageNumber));
  return { ...base, items, scale, geo: { origin: sheet.frame.origin, upBearing: sheet.frame.bearing, ptPerMetre: k, offset: origin } };
}

/** Front and back of the green along the direction of play, metres from the T-point. */
export function greenDepth(sheet: GreenSheet): { front: number; back: number } {
  const ys = sheet.green[0].map((p) => -p[1]);
  return { front: Math.min(...ys), back: Math.max(...ys) };
}
