import { EL } from '../graphics-catalogue';
import { circlePath, num } from './page';

/**
 * The print symbols (issue 26, decision 0028): the built-in icons a theme gives a point element
 * (its 'icon' attribute). Each is a closed vector outline in a unit box (x right, y down, the
 * shape within -1..1 on both axes, centred on the point), drawn filled with the element's fill and
 * outlined with its stroke, scaled by its radius, so a symbol is drawn exactly like today's circle
 * and prints sharp in the PDF at any size. 'circle' is the default: an element without an icon
 * draws `circlePath`, byte for byte what the renderer drew before icons existed.
 *
 * Paths use absolute M, L, C and Z only (what page.ts paths allow); subpaths of one symbol go the
 * same way round so that the non-zero fill joins them.
 */

type XY = readonly [number, number];

/** A unit coordinate with four decimals. */
const u = (v: number) => {
  const r = Math.round(v * 10000) / 10000;
  return Object.is(r, -0) ? '0' : String(r);
};
const pt = ([x, y]: XY) => `${u(x)} ${u(y)}`;

/** A closed polygon. */
const poly = (points: readonly XY[]) => `M${points.map(pt).join('L')}Z`;

/** The points of a regular shape: `n` corners on radius `r`, the first at angle `start` (degrees, 0 = right, clockwise on the page). */
const ring = (n: number, r: number, start: number, cx = 0, cy = 0): XY[] =>
  Array.from({ length: n }, (_, i) => {
    const a = ((start + (360 * i) / n) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });

/** Cubic curves of an arc of the circle (cx, cy, r) from angle a0 to a1 (degrees, clockwise on the page when a1 > a0), without the move to its start. */
function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const parts = Math.max(1, Math.ceil(Math.abs(a1 - a0) / 90));
  const step = (a1 - a0) / parts;
  const k = (4 / 3) * Math.tan((step * Math.PI) / 180 / 4);
  let d = '';
  for (let i = 0; i < parts; i++) {
    const s = ((a0 + i * step) * Math.PI) / 180;
    const e = ((a0 + (i + 1) * step) * Math.PI) / 180;
    const p0: XY = [cx + r * Math.cos(s), cy + r * Math.sin(s)];
    const p3: XY = [cx + r * Math.cos(e), cy + r * Math.sin(e)];
    const p1: XY = [p0[0] - k * r * Math.sin(s), p0[1] + k * r * Math.cos(s)];
    const p2: XY = [p3[0] + k * r * Math.sin(e), p3[1] - k * r * Math.cos(e)];
    d += `C${pt(p1)} ${pt(p2)} ${pt(p3)}`;
  }
  return d;
}
const at = (cx: number, cy: number, r: number, a: number): XY => [cx + r * Math.cos((a * Math.PI) / 180), cy + r * Math.sin((a * Math.PI) / 180)];

/** A 5-pointed star, one point up. */
const star = () => poly(ring(10, 1, -90).map((p, i) => (i % 2 === 0 ? p : ([p[0] * 0.42, p[1] * 0.42] as const))));

/** A broadleaf tree: a round crown on a trunk, one outline. */
function tree(): string {
  const [cy, r, half] = [-0.3, 0.7, 0.14];
  const meet = (Math.acos(half / r) * 180) / Math.PI; // the crown meets the trunk's right side at this angle
  const left = 180 - meet;
  return `M${pt([-half, 1])}L${pt(at(0, cy, r, left))}${arc(0, cy, r, left, meet + 360)}L${pt([half, 1])}Z`;
}

/** A bush: a round outline of seven bumps. */
function bush(): string {
  const n = 7;
  const corners = ring(n, 0.74, 90);
  let d = `M${pt(corners[0])}`;
  for (let i = 0; i < n; i++) {
    const a0 = 90 + (360 * i) / n;
    const a1 = a0 + 360 / n;
    d += `C${pt(at(0, 0, 1, a0 + 8))} ${pt(at(0, 0, 1, a1 - 8))} ${pt(corners[(i + 1) % n])}`;
  }
  return `${d}Z`;
}

/** A sprinkler head: a round head with eight jets around it. */
function sprinkler(): string {
  let d = `M${pt([0.42, 0])}${arc(0, 0, 0.42, 0, 360)}Z`;
  for (let i = 0; i < 8; i++) {
    const a = i * 45;
    d += poly([at(0, 0, 0.58, a - 11), at(0, 0, 1, a), at(0, 0, 0.58, a + 11)]);
  }
  return d;
}

/** The symbols, in the order the theme editor offers them. */
const SYMBOL_PATHS = {
  circle: `M1 0${arc(0, 0, 1, 0, 360)}Z`,
  square: poly([[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]]),
  diamond: poly([[0, -1], [1, 0], [0, 1], [-1, 0]]),
  triangle: poly([[0, -1], [0.95, 0.75], [-0.95, 0.75]]),
  star: star(),
  cross: poly([[-0.2, -1], [0.2, -1], [0.2, -0.2], [1, -0.2], [1, 0.2], [0.2, 0.2], [0.2, 1], [-0.2, 1], [-0.2, 0.2], [-1, 0.2], [-1, -0.2], [-0.2, -0.2]]),
  // A ring: the inner circle the other way round leaves a hole under the non-zero rule.
  ring: `M1 0${arc(0, 0, 1, 0, 360)}ZM0.5 0${arc(0, 0, 0.5, 360, 0)}Z`,
  flag: poly([[-0.55, 1], [-0.55, -1], [0.8, -0.6], [-0.38, -0.2], [-0.38, 1]]),
  post: poly([[-0.32, 1], [-0.32, -0.65], [0, -1], [0.32, -0.65], [0.32, 1]]),
  tree: tree(),
  conifer: poly([[0, -1], [0.55, -0.25], [0.3, -0.25], [0.75, 0.45], [0.14, 0.45], [0.14, 1], [-0.14, 1], [-0.14, 0.45], [-0.75, 0.45], [-0.3, -0.25], [-0.55, -0.25]]),
  bush: bush(),
  drop: 'M0 -1C0.2 -0.6 0.7 -0.1 0.7 0.3C0.7 0.7 0.35 1 0 1C-0.35 1 -0.7 0.7 -0.7 0.3C-0.7 -0.1 -0.2 -0.6 0 -1Z',
  sprinkler: sprinkler(),
} as const;

export type PrintSymbolId = keyof typeof SYMBOL_PATHS;

/** The ids of the symbols (the values of a theme's 'icon' attribute), 'circle' first. */
export const PRINT_SYMBOLS = Object.keys(SYMBOL_PATHS) as [PrintSymbolId, ...PrintSymbolId[]];

/** The symbol a point element without an icon is drawn with. */
export const DEFAULT_SYMBOL: PrintSymbolId = 'circle';

export function isPrintSymbol(id: string | undefined): id is PrintSymbolId {
  return id !== undefined && Object.prototype.hasOwnProperty.call(SYMBOL_PATHS, id);
}

/** A symbol's outline in its unit box (-1..1): what the theme editor shows it with (viewBox "-1.2 -1.2 2.4 2.4"). */
export function unitSymbolPath(id: PrintSymbolId): string {
  return SYMBOL_PATHS[id];
}

/**
 * Point elements the layout draws in a shape of its own (the pin's flag, a sponsor sign's board,
 * labels' text, the labels editor's icons), which a theme's icon therefore does not change.
 */
export const OWN_SHAPE_POINTS: readonly string[] = [EL.pinPosition, EL.sponsorSign, EL.label, EL.icon];

/** Whether the theme's icon of an element of this geometry is drawn (the theme editor offers it then). */
export function takesIcon(elementName: string, geometryType: string): boolean {
  return geometryType === 'point' && !OWN_SHAPE_POINTS.includes(elementName);
}

/**
 * The symbol `id` around (cx, cy) with radius r, in page points: the unit outline scaled by r and
 * moved to the point. No icon, 'circle' or an id that is not a symbol gives `circlePath`.
 */
export function symbolPath(id: string | undefined, cx: number, cy: number, r: number): string {
  if (!isPrintSymbol(id) || id === DEFAULT_SYMBOL) return circlePath(cx, cy, r);
  return SYMBOL_PATHS[id].replace(/([MLC])([^MLCZ]*)/g, (_, command: string, args: string) => {
    const n = args.trim().split(/\s+/).map(Number);
    const out: string[] = [];
    for (let i = 0; i + 1 < n.length; i += 2) out.push(`${num(cx + n[i] * r)} ${num(cy + n[i + 1] * r)}`);
    return command + out.join(' ');
  });
}
