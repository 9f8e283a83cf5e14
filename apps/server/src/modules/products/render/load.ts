import { and, asc, eq, inArray } from 'drizzle-orm';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import type { GuideCourse, GuideTheme } from '@golf/contract/print/input';
import { resolveTheme } from '@golf/contract/print/theme';
import { clubs, courses, drawingStyles, holes, holeTees, pinPositions, pinSetups, tees } from '../../../db/schema/index';
import type { DbOrTx } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { savedDrawings } from '../../courses';
import { getGraphics } from '../../graphics';

/**
 * What the renderer reads of a club's courses from the course tables, as the course, hole and
 * tee parts of GuideRenderInput. The guide's own settings (title, layout, pages, ratings, distance
 * markers, texts, course colours, hole page toggles) come from the guide; the caller adds them
 * (ratings and markers are left empty here: `men`/`women` null, `distanceMarkers` [], `colour`
 * null, every hole toggle on, no sponsors). Courses are keyed by their id as text, tees too.
 */

/** The club's name and the theme of its drawing style. */
export async function loadClubForGuide(db: DbOrTx, clubId: number): Promise<{ name: string; themeName: string }> {
  const [row] = await db
    .select({ name: clubs.name, themeName: drawingStyles.name })
    .from(clubs)
    .leftJoin(drawingStyles, eq(drawingStyles.id, clubs.drawingStyleId))
    .where(eq(clubs.id, clubId));
  if (!row) throw notFound('clubs.notFound');
  return { name: row.name, themeName: row.themeName ?? 'Standard' };
}

/** A theme of the graphics catalogue with every element's resolved style (an unknown name gives the defaults). */
export async function loadGuideTheme(db: DbOrTx, themeName: string): Promise<GuideTheme> {
  return resolveTheme(await getGraphics(db), themeName);
}

export interface LoadCoursesOptions {
  /** The pin setup whose pins are drawn (one of the club's, for the same course), or none. */
  pinSetupId?: number | null;
  /** Drawing style of the hole drawings (default the edited style 1). */
  styleId?: number;
}

/**
 * The courses `courseIds` of the club, in that order, with their holes (by number, with drawings,
 * distances per tee and the pin setup's pins) and tees. A course of another club, or unknown,
 * answers 404; so does a pin setup that is not the club's.
 */
export async function loadGuideCourses(db: DbOrTx, clubId: number, courseIds: number[], options: LoadCoursesOptions = {}): Promise<GuideCourse[]> {
  if (courseIds.length === 0) return [];
  const courseRows = await db
    .select({ id: courses.id, name: courses.name, attribution: courses.attribution })
    .from(courses)
    .where(and(inArray(courses.id, courseIds), eq(courses.clubId, clubId)));
  const byId = new Map(courseRows.map((c) => [c.id, c]));
  if (courseIds.some((id) => !byId.has(id))) throw notFound('courses.notFound');

  const [holeRows, teeRows] = await Promise.all([
    db.select().from(holes).where(inArray(holes.courseId, courseIds)).orderBy(asc(holes.courseId), asc(holes.order)),
    db.select({ id: tees.id, courseId: tees.courseId, name: tees.name, color: tees.color }).from(tees).where(inArray(tees.courseId, courseIds)).orderBy(asc(tees.id)),
  ]);
  const holeIds = holeRows.map((h) => h.id);
  const [distances, drawings, pins] = await Promise.all([
    holeIds.length ? db.select().from(holeTees).where(inArray(holeTees.holeId, holeIds)) : Promise.resolve([]),
    savedDrawings(db, holeIds, options.styleId ?? EDIT_DRAWING_STYLE),
    loadPins(db, clubId, options.pinSetupId ?? null),
  ]);
  const distancesOf = new Map<number, Record<string, number>>();
  for (const d of distances) (distancesOf.get(d.holeId) ?? distancesOf.set(d.holeId, {}).get(d.holeId)!)[String(d.teeId)] = d.distance;

  return courseIds.map((id) => {
    const course = byId.get(id)!;
    return {
      key: String(id),
      name: course.name,
      colour: null,
      attribution: course.attribution,
      tees: teeRows.filter((t) => t.courseId === id).map((t) => ({ key: String(t.id), name: t.name, colour: t.color, men: null, women: null, shown: true })),
      holes: holeRows
        .filter((h) => h.courseId === id)
        .map((h) => ({
          number: h.order,
          name: h.name,
          par: h.par,
          strokeIndex: h.handicap,
          distances: distancesOf.get(h.id) ?? {},
          drawing: drawings.get(h.id) ?? { type: 'FeatureCollection' as const, features: [] },
          pin: pins.get(h.id) ?? null,
          distanceMarkers: [],
          notes: h.proGuideline.slice(0, 1000),
          page: true,
          green: true,
          pinChart: true,
          proGuideline: true,
          sponsors: { page: [], signs: [] },
        })),
    };
  });
}

/** The pins of a pin setup of the club by hole id; 404 for a setup of another club. */
async function loadPins(db: DbOrTx, clubId: number, pinSetupId: number | null): Promise<Map<number, { outMeters: number; sideMeters: number }>> {
  if (pinSetupId === null) return new Map();
  const [setup] = await db.select({ id: pinSetups.id }).from(pinSetups).where(and(eq(pinSetups.id, pinSetupId), eq(pinSetups.clubId, clubId)));
  if (!setup) throw notFound('pins.setupNotFound');
  const rows = await db.select().from(pinPositions).where(eq(pinPositions.pinSetupId, pinSetupId));
  return new Map(rows.map((r) => [r.holeId, { outMeters: r.outMeters, sideMeters: r.sideMeters }]));
}
