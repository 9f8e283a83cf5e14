import { EL } from '../graphics-catalogue';
import { playLine } from '../geo/profile';
import type { XY } from '../geo/planar';
import { emptyBounds, extend, isEmpty, positionsOf, projector, turnedPlane, type Projector } from './frame';
import type { GuideCourse, GuideRenderInput, GuideTheme } from './input';
import type { OVERVIEW_LABELS } from '../api/guides';
import type { Item, Page } from './page';
import { banner, border, courseContext, drawFeatures, fontScale, footer, INK, pill, resizedContext, styleOf, type PageContext } from './parts';

type OverviewLabel = (typeof OVERVIEW_LABELS)[number];

/** Elements left out of the overview: it shows the holes' shapes, not their details. */
const OVERVIEW_SKIP = new Set<string>([EL.holeBoundary, EL.background, EL.playLine, EL.tPoint, EL.pinPosition, EL.label, EL.icon, EL.distanceMarker, EL.sponsorSign, EL.path]);

/**
 * The whole course fitted into a box: north up, or turned a quarter when the course's long side
 * then lies along the box's long side. Null for a course without drawings.
 */
export function courseProjector(courses: GuideCourse | readonly GuideCourse[], box: { x: number; y: number; width: number; height: number }): Projector | null {
  const holes = (Array.isArray(courses) ? courses : [courses]).flatMap((c: GuideCourse) => c.holes);
  let [sx, sy, n] = [0, 0, 0];
  for (const hole of holes) {
    for (const f of hole.drawing.features) {
      for (const p of positionsOf(f)) {
        sx += p[0];
        sy += p[1];
        n++;
      }
    }
  }
  if (n === 0) return null;
  const origin: XY = [sx / n, sy / n];
  const fit = (up: number) => {
    const turned = turnedPlane(origin, up);
    const b = emptyBounds();
    for (const hole of holes) for (const f of hole.drawing.features) if (!OVERVIEW_SKIP.has(f.properties.element)) for (const p of positionsOf(f)) extend(b, turned.toLocal(p));
    if (isEmpty(b)) return null;
    const k = Math.min(box.width / Math.max(b.maxX - b.minX, 50), box.height / Math.max(b.maxY - b.minY, 50));
    return { up, b, k };
  };
  const options = [fit(0), fit(90)].filter((x) => x !== null);
  if (options.length === 0) return null;
  const best = options.reduce((a, b) => (b.k > a.k * 1.05 ? b : a));
  const cx = (best.b.minX + best.b.maxX) / 2;
  const cy = (best.b.minY + best.b.maxY) / 2;
  return projector(origin, best.up, best.k, [box.x + box.width / 2 - cx * best.k, box.y + box.height / 2 + cy * best.k]);
}

/**
 * The holes of a course drawn in a theme with a label at each hole's first tee (overview labels):
 * its number ('numbers'), its number and par ('numbers_and_par', `parWord` in the guide's
 * language), or none.
 */
export function courseItems(course: GuideCourse, theme: GuideTheme, proj: Projector, badgeSize: number, lineScale: number, labels: OverviewLabel, parWord: string): Item[] {
  const items: Item[] = [];
  const scale = { line: lineScale, symbol: lineScale * 1.2 };
  for (const hole of course.holes) items.push(...drawFeatures(hole.drawing, theme, proj.toPage, scale, OVERVIEW_SKIP));
  if (labels === 'none') return items;
  for (const hole of course.holes) {
    const line = playLine(hole.drawing);
    const tee = line?.[0] ?? hole.drawing.features.find((f) => f.properties.element === EL.tee)?.geometry;
    const position = Array.isArray(tee) ? tee : tee && tee.type === 'Polygon' ? tee.coordinates[0]?.[0] : null;
    if (!position) continue;
    const [x, y] = proj.toPage(position);
    items.push(...pill(x, y, String(hole.number), badgeSize, { fill: INK, ink: '#ffffff' }));
    if (labels === 'numbers_and_par') items.push(...pill(x, y + badgeSize * 1.55, `${parWord} ${hole.par}`, badgeSize * 0.75, { fill: '#ffffff', ink: INK, stroke: INK, weight: 400 }));
  }
  return items;
}

/** The overview's course (the setup's course, else the guide's first) and the courses drawn on it. */
export function overviewCourses(input: GuideRenderInput): { course: GuideCourse; drawn: GuideCourse[] } {
  const { courseKey, courseKeys } = input.guide.overview;
  const course = input.courses.find((c) => courseKey !== null && c.key === courseKey) ?? input.courses[0];
  const listed = input.courses.filter((c) => c.key !== undefined && courseKeys.includes(c.key));
  return { course, drawn: listed.length > 0 ? listed : [course] };
}

/**
 * The overview (overview setup): the courses drawn on one page, or across two facing pages
 * ('double', the drawing spans both and each page shows its half); 'landscape' turns the pages
 * across (wider than tall). Banner in the overview course's colour.
 */
export function overviewPages(base: PageContext, firstPageNumber: number): Page[] {
  const setup = base.input.guide.overview;
  const { course, drawn: drawnCourses } = overviewCourses(base.input);
  const landscape = setup.orientation === 'landscape';
  const ctx = resizedContext(courseContext(base, course), landscape ? Math.max(base.width, base.height) : base.width, landscape ? Math.min(base.width, base.height) : base.height);
  const { width, height, margin, labels } = ctx;
  const f = fontScale(ctx);
  const theme = ctx.input.guide.theme;
  const double = setup.pages === 'double';
  const title = drawnCourses.length > 1 ? drawnCourses.map((c) => c.name).join(' · ') : course.name;
  const head = banner(ctx, title, labels.overview);
  const spread = double ? 2 * width : width;
  const attribution = [...new Set(drawnCourses.map((c) => c.attribution).filter((a): a is string => !!a))].join(' · ');
  const area = { x: margin * 0.6, y: head.bottom + 6 * f, width: spread - margin * 1.2, height: height - head.bottom - 6 * f - 22 * f };
  const pad = 12 * f;
  const proj = courseProjector(drawnCourses, { x: area.x + pad, y: area.y + pad, width: area.width - 2 * pad, height: area.height - 2 * pad - (attribution ? 10 * f : 0) });
  const drawn: Item[] = [{ kind: 'path', d: `M${area.x} ${area.y}L${area.x + area.width} ${area.y}L${area.x + area.width} ${area.y + area.height}L${area.x} ${area.y + area.height}Z`, fill: styleOf(theme, EL.background).fill ?? '#cfe3b4' }];
  if (proj) for (const c of drawnCourses) drawn.push(...courseItems(c, theme, proj, 6.5 * f, Math.min(0.4, Math.max(0.15, proj.frame.ptPerMetre * 0.4)) * ctx.s, setup.labels, labels.par));
  const pages: Page[] = [];
  for (let i = 0; i < (double ? 2 : 1); i++) {
    const shift = i * width;
    const shifted = shift === 0 ? drawn : [translate(drawn, -shift)];
    const pageArea = { x: i === 0 ? area.x : 0, y: area.y, width: double ? width - (i === 0 ? area.x : margin * 0.6) : area.width, height: area.height };
    const items: Item[] = [...(i === 0 ? head.items : banner(ctx, title, labels.overview).items), { kind: 'group', clip: pageArea, items: shifted }];
    if (attribution) items.push({ kind: 'text', x: pageArea.x + pageArea.width - 4 * f, y: area.y + area.height - 4 * f, text: attribution, size: 5 * f, weight: 400, anchor: 'end', fill: INK });
    if (!double) items.push(...border(ctx, area.x, area.y, area.width, area.height));
    items.push(...footer(ctx, firstPageNumber + i));
    pages.push({ kind: 'overview', width, height, items, label: double ? `${labels.overview} ${i + 1}/2` : labels.overview, ...(proj && i === 0 ? { geo: proj.frame } : {}) });
  }
  return pages;
}

/** Items moved by dx points (paths rewritten; used to show the right half of a double page). */
function translate(items: Item[], dx: number): Item {
  return { kind: 'group', clip: { x: -1e5, y: -1e5, width: 2e5, height: 2e5 }, items: items.map((it) => shiftItem(it, dx)) };
}

function shiftItem(item: Item, dx: number): Item {
  switch (item.kind) {
    case 'path':
      return { ...item, d: shiftPath(item.d, dx) };
    case 'text':
    case 'image':
      return { ...item, x: item.x + dx };
    case 'group':
      return { ...item, clip: { ...item.clip, x: item.clip.x + dx }, items: item.items.map((i) => shiftItem(i, dx)) };
  }
}

/** Moves the x coordinates of an M/L/C/Z path. */
export function shiftPath(d: string, dx: number): string {
  return d.replace(/([MLC])([^MLCZ]*)/g, (_m, cmd: string, args: string) => {
    const nums = args.trim().split(/[\s,]+/).filter(Boolean).map(Number);
    const moved = nums.map((v, i) => (i % 2 === 0 ? Math.round((v + dx) * 100) / 100 : v));
    return `${cmd}${moved.join(' ')}`;
  });
}
