import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE, type Drawing, type DrawingFeature } from '@golf/contract/api/drawings';
import { AreaHistory, ClubAreas, type ElementArea } from '@golf/contract/api/greenkeeper';
import { drawingAreas } from '@golf/contract/geo/measure';
import { areaSnapshots, courses, holeDrawings } from '../../db/schema/index';
import { jobQueue } from '../../platform/jobs';
import { signInActors } from '../../../test/actors';
import { createTestCourse, sampleHoleDrawing } from '../../../test/courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { AREA_SNAPSHOTS_JOB } from './areas-jobs';
import { snapshotChangedCourses } from './areas-service';

/*
 * The expected areas are computed here without the contract's geodesy: a quadrangle bounded by
 * two parallels and two meridians has on the WGS84 ellipsoid the area
 *   b² Δλ / 2 · [q(φ2) − q(φ1)],  q(φ) = sin φ / (1 − e² sin² φ) + ln((1 + e sin φ) / (1 − e sin φ)) / (2e)
 * (the authalic latitude formula). Its sides along the parallels are geodesics only nearly: for
 * sides of 100 m the difference is below a thousandth of a square metre.
 */
const A = 6_378_137;
const F = 1 / 298.257_223_563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const B = A * (1 - F);
const RAD = Math.PI / 180;
const q = (lat: number) => {
  const s = Math.sin(lat * RAD);
  return s / (1 - E2 * s * s) + Math.log((1 + E * s) / (1 - E * s)) / (2 * E);
};
/** Ellipsoidal area of the quadrangle [lon1, lon2] × [lat1, lat2], m². */
const quadrangleArea = (lon1: number, lat1: number, lon2: number, lat2: number) => ((B * B * Math.abs(lon2 - lon1) * RAD) / 2) * Math.abs(q(lat2) - q(lat1));
/** Metres per degree north and east at a latitude (meridian and parallel radii of curvature). */
const metresPerDegree = (lat: number) => {
  const w = 1 - E2 * Math.sin(lat * RAD) ** 2;
  return { north: ((A * (1 - E2)) / w ** 1.5) * RAD, east: (A / Math.sqrt(w)) * Math.cos(lat * RAD) * RAD };
};

/** Fjordvang Golfklub. */
const FJORDVANG: [number, number] = [9.5357, 55.7113];

/** A square of `side` metres centred `east`/`north` metres from Fjordvang, as lon/lat bounds. */
function squareBounds(side: number, east: number, north: number) {
  const m = metresPerDegree(FJORDVANG[1]);
  const lat = FJORDVANG[1] + north / m.north;
  const mm = metresPerDegree(lat);
  const lon = FJORDVANG[0] + east / mm.east;
  const dLat = side / 2 / mm.north;
  const dLon = side / 2 / mm.east;
  return { lon1: lon - dLon, lat1: lat - dLat, lon2: lon + dLon, lat2: lat + dLat };
}
type Bounds = ReturnType<typeof squareBounds>;
/** The ring of a bounds, counter-clockwise, closed. */
const ringOf = (b: Bounds): number[][] => [[b.lon1, b.lat1], [b.lon2, b.lat1], [b.lon2, b.lat2], [b.lon1, b.lat2], [b.lon1, b.lat1]];
const areaOf = (b: Bounds) => quadrangleArea(b.lon1, b.lat1, b.lon2, b.lat2);
const feature = (id: string, element: string, rings: number[][][]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Polygon', coordinates: rings }, properties: { element } });

const byElement = (list: ElementArea[], element: string) => list.find((e) => e.element === element);

describe(`area statistics (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'admin' | 'owner' | 'staff' | 'keeper' | 'dansk' | 'swede', string>;
  let course: Course;
  let seCourse: Course;
  let demoCourseId: number;
  const square50 = squareBounds(50, 0, 0);
  const outer = squareBounds(100, 300, 0);
  const inner = squareBounds(40, 300, 0);
  const get = (token: string, path: string, clubId = ids.dkClubId) => call(t.app, 'GET', `/api/clubs/${clubId}/${path}`, { token });
  const saveDrawing = async (holeId: number, drawing: Drawing) => {
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${holeId}/save_drawing`, { token: tokens.owner, payload: { drawing } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const history = async (courseId: number) => {
    const res = await get(tokens.keeper, `greenkeeper/areas/history?courseId=${courseId}`);
    expect(res.statusCode, res.body).toBe(200);
    return AreaHistory.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      keeper: { email: 'keeper@example.com', password: 'keeper-pw', clubRoles: { [ids.dkClubId]: ['areas'] } },
      dansk: { email: 'dansk@example.com', password: 'dansk-pw', language: 'da', clubRoles: { [ids.dkClubId]: ['areas'] } },
      swede: { email: 'areas-swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['areas', 'courses'] } },
    });
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Known shapes', holes: 3 });
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Svensk', holes: 1 });
    const [demo] = await t.database.db.select({ id: courses.id }).from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    demoCourseId = demo.id;

    // Hole 1: a 50 m square fairway, plus what §5 leaves out (mound, hollow, background) and lines and points.
    await saveDrawing(course.holes[0].id, {
      type: 'FeatureCollection',
      features: [
        feature('fw', 'fairway', [ringOf(square50)]),
        feature('mound', 'mound', [ringOf(squareBounds(10, 0, 100))]),
        feature('hollow', 'hollow', [ringOf(squareBounds(10, 0, 120))]),
        feature('bg', 'background', [ringOf(squareBounds(200, 0, 0))]),
        { type: 'Feature', id: 'pl', geometry: { type: 'LineString', coordinates: [FJORDVANG, [FJORDVANG[0], FJORDVANG[1] + 0.001]] }, properties: { element: 'play line' } },
        { type: 'Feature', id: 'sign', geometry: { type: 'Point', coordinates: FJORDVANG }, properties: { element: 'sponsor sign' } },
      ],
    });
    // Hole 2: a rough ring — a 100 m square with a 40 m hole in the middle — and another 50 m fairway.
    await saveDrawing(course.holes[1].id, {
      type: 'FeatureCollection',
      features: [feature('ring', 'rough', [ringOf(outer), [...ringOf(inner)].reverse()]), feature('fw2', 'fairway', [ringOf(squareBounds(50, 0, 400))])],
    });
    // Hole 3: the sample hole; a feature without an element name is written straight to the
    // stored document (the API refuses one), as an older drawing may hold.
    const sample = sampleHoleDrawing([FJORDVANG[0], FJORDVANG[1] + 0.01]);
    await saveDrawing(course.holes[2].id, sample);
    const [row] = await t.database.db.select().from(holeDrawings).where(and(eq(holeDrawings.holeId, course.holes[2].id), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
    const doc = row.document as Drawing;
    await t.database.db
      .update(holeDrawings)
      .set({ document: { ...doc, features: [...doc.features, { type: 'Feature', id: 'nameless', geometry: { type: 'Polygon', coordinates: [ringOf(squareBounds(30, 500, 0))] }, properties: {} }] } })
      .where(and(eq(holeDrawings.holeId, course.holes[2].id), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
  });
  afterAll(() => t?.close());

  it('computes the areas of known shapes geodesically, per hole, per course and for the club, with the §5 exclusions', async () => {
    const res = await get(tokens.keeper, 'greenkeeper/areas');
    expect(res.statusCode, res.body).toBe(200);
    const areas = ClubAreas.parse(res.json());
    const mine = areas.courses.find((c) => c.courseId === course.id)!;
    expect(mine.name).toBe('Known shapes');
    expect(mine.drawnAt).not.toBeNull();
    expect(mine.holes.map((h) => h.order)).toEqual([1, 2, 3]);

    // The square: 50 m sides at Fjordvang's latitude, so about 2500 m², and to the millimetre² the quadrangle formula.
    const [h1, h2, h3] = mine.holes;
    expect(h1.elements).toEqual([{ element: 'fairway', count: 1, area: expect.any(Number) }]);
    expect(h1.elements[0].area).toBeCloseTo(areaOf(square50), 2);
    expect(Math.abs(h1.elements[0].area - 2500)).toBeLessThan(2500 * 5e-4);

    // The ring: the outer square less the hole.
    const rough = byElement(h2.elements, 'rough')!;
    expect(rough.count).toBe(1);
    expect(rough.area).toBeCloseTo(areaOf(outer) - areaOf(inner), 2);
    expect(Math.abs(rough.area - (10_000 - 1_600))).toBeLessThan(8_400 * 5e-4);

    // Hole 3 counts only its named polygons (the nameless square and the lines and points are left out), as drawingAreas does.
    const sample = sampleHoleDrawing([FJORDVANG[0], FJORDVANG[1] + 0.01]);
    const expected = drawingAreas(sample);
    expect(h3.elements.map((e) => e.element)).toEqual(Object.keys(expected).sort());
    for (const e of h3.elements) {
      expect(e.count).toBe(expected[e.element].count);
      expect(e.area).toBeCloseTo(expected[e.element].area, 6);
    }
    for (const hole of mine.holes) for (const excluded of ['mound', 'hollow', 'background', 'play line', 'sponsor sign']) expect(byElement(hole.elements, excluded)).toBeUndefined();

    // Totals: the course adds its holes up, the club its courses.
    const fairway = byElement(mine.totals, 'fairway')!;
    expect(fairway.count).toBe(3);
    expect(fairway.area).toBeCloseTo(mine.holes.reduce((s, h) => s + (byElement(h.elements, 'fairway')?.area ?? 0), 0), 6);
    for (const total of areas.totals) {
      const sum = areas.courses.reduce((s, c) => s + (byElement(c.totals, total.element)?.area ?? 0), 0);
      expect(total.area, total.element).toBeCloseTo(sum, 4);
    }
    // The demo course is there with its greens; the Swedish club's course is not.
    expect(byElement(areas.courses.find((c) => c.courseId === demoCourseId)!.totals, 'green')!.count).toBe(18);
    expect(areas.courses.some((c) => c.courseId === seCourse.id)).toBe(false);
  });

  it('answers 403 without the areas role or in another club, 404 for another club’s course, 400 for a bad query', async () => {
    expect((await get(tokens.staff, 'greenkeeper/areas')).statusCode).toBe(403);
    expect((await get(tokens.swede, 'greenkeeper/areas')).statusCode).toBe(403);
    expect((await get(tokens.keeper, 'greenkeeper/areas', ids.seClubId)).statusCode).toBe(403);
    const foreign = await get(tokens.keeper, `greenkeeper/areas/history?courseId=${seCourse.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('greenkeeper.courseNotFound');
    expect((await get(tokens.keeper, `greenkeeper/areas/export?courseId=${seCourse.id}&format=csv`)).statusCode).toBe(404);
    expect((await get(tokens.keeper, 'greenkeeper/areas/history?courseId=99999999')).statusCode).toBe(404);
    expect((await get(tokens.keeper, 'greenkeeper/areas/history?courseId=abc')).statusCode).toBe(400);
    expect((await get(tokens.keeper, 'greenkeeper/areas/history')).statusCode).toBe(400);
    expect((await get(tokens.keeper, 'greenkeeper/areas/export?format=pdf')).statusCode).toBe(400);
    expect((await get(tokens.keeper, 'greenkeeper/areas/export?format=csv&unit=acre')).statusCode).toBe(400);
    // The Swede sees their own club's course.
    const own = await get(tokens.swede, 'greenkeeper/areas', ids.seClubId);
    expect(own.statusCode).toBe(200);
    expect(ClubAreas.parse(own.json()).courses.map((c) => c.courseId)).toEqual([seCourse.id]);
  });

  it('keeps snapshots by date: live numbers until the hourly job stores them, then the stored ones', async () => {
    expect(jobQueue(t.database.db).kinds().map((k) => k.kind)).toContain(AREA_SNAPSHOTS_JOB);
    const today = new Date().toISOString().slice(0, 10);
    // Nothing stored yet: today's live numbers only.
    const first = await history(course.id);
    expect(first.snapshots).toHaveLength(1);
    expect(first.snapshots[0].date).toBe(today);
    expect(byElement(first.snapshots[0].totals, 'fairway')!.count).toBe(3);

    // The job stores the courses that changed, and nothing the second time.
    expect((await snapshotChangedCourses(t.database.db)).courses).toBeGreaterThanOrEqual(1);
    expect((await snapshotChangedCourses(t.database.db)).courses).toBe(0);
    const stored = await t.database.db.select().from(areaSnapshots).where(eq(areaSnapshots.courseId, course.id));
    expect(stored.map((s) => s.takenOn)).toEqual([today]);
    expect((await history(course.id)).snapshots).toEqual(first.snapshots);

    // Say the stored one was taken in spring; a drawing changes today: spring's stored numbers, then today's live ones.
    await t.database.db
      .update(areaSnapshots)
      .set({ takenOn: '2026-04-15', drawnAt: new Date('2026-04-15T10:00:00Z') })
      .where(eq(areaSnapshots.courseId, course.id));
    const bigger = squareBounds(60, 0, 0);
    await saveDrawing(course.holes[0].id, { type: 'FeatureCollection', features: [feature('fw', 'fairway', [ringOf(bigger)])] });
    const changed = await history(course.id);
    expect(changed.snapshots.map((s) => s.date)).toEqual(['2026-04-15', today]);
    const [spring, now] = changed.snapshots.map((s) => byElement(s.totals, 'fairway')!.area);
    expect(now - spring).toBeCloseTo(areaOf(bigger) - areaOf(square50), 2);

    // The job keeps today's too; the history then reads the two stored snapshots.
    expect((await snapshotChangedCourses(t.database.db)).courses).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select({ takenOn: areaSnapshots.takenOn }).from(areaSnapshots).where(eq(areaSnapshots.courseId, course.id));
    expect(rows.map((r) => r.takenOn).sort()).toEqual(['2026-04-15', today]);
    expect((await history(course.id)).snapshots).toEqual(changed.snapshots);
  });

  it('has the demo course’s season: fairway shrinking and rough growing from spring to today', async () => {
    const { snapshots } = await history(demoCourseId);
    expect(snapshots.length).toBe(6);
    const dates = snapshots.map((s) => s.date);
    expect([...dates].sort()).toEqual(dates);
    const fairway = snapshots.map((s) => byElement(s.totals, 'fairway')!.area);
    const rough = snapshots.map((s) => byElement(s.totals, 'rough')!.area);
    for (let i = 1; i < snapshots.length; i++) {
      expect(fairway[i]).toBeLessThan(fairway[i - 1]);
      expect(rough[i]).toBeGreaterThan(rough[i - 1]);
    }
    // The newest is the drawings' own numbers.
    const live = ClubAreas.parse((await get(tokens.keeper, 'greenkeeper/areas')).json()).courses.find((c) => c.courseId === demoCourseId)!;
    expect(snapshots.at(-1)!.totals).toEqual(live.totals);
  });

  it('exports CSV and XLSX in m² and ha as an attachment', async () => {
    const csv = await get(tokens.keeper, `greenkeeper/areas/export?courseId=${course.id}&format=csv&unit=m2`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="areas-known-shapes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    expect(lines[0]).toEqual(['Course', 'Hole', 'Hole name', 'Element', 'Count', 'Area (m²)']);
    const roughLine = lines.find((l) => l[1] === '2' && l[3] === 'Rough')!;
    expect(Number(roughLine[5])).toBeCloseTo(areaOf(outer) - areaOf(inner), 1);
    const totalFairway = lines.find((l) => l[1] === 'Total' && l[3] === 'Fairway')!;
    expect(totalFairway[4]).toBe('3');

    // In hectares, in Danish: Danish titles and a decimal comma.
    const da = await get(tokens.dansk, `greenkeeper/areas/export?courseId=${course.id}&format=csv&unit=ha`);
    const daLines = da.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    expect(daLines[0]).toEqual(['Bane', 'Hul', 'Hullets navn', 'Element', 'Antal', 'Areal (ha)']);
    const daRough = daLines.find((l) => l[1] === '2' && l[4] === '1' && l[5].startsWith('0,8'))!;
    expect(Number(daRough[5].replace(',', '.'))).toBeCloseTo((areaOf(outer) - areaOf(inner)) / 10_000, 4);

    const xlsx = await get(tokens.keeper, 'greenkeeper/areas/export?format=xlsx&unit=ha');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="areas-club-${ids.dkClubId}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Course', 'Hole', 'Hole name', 'Element', 'Count', 'Area (ha)']);
    const values: unknown[][] = [];
    sheet.eachRow((row, n) => n > 1 && values.push((row.values as unknown[]).slice(1)));
    const squareRow = values.find((v) => v[0] === 'Known shapes' && v[1] === 1 && v[3] === 'Fairway')!;
    expect(squareRow[5]).toBeCloseTo(areaOf(squareBounds(60, 0, 0)) / 10_000, 4);
    // Every course and the club's totals at the end.
    expect(values.some((v) => v[0] === 'Fjordvang Links')).toBe(true);
    expect(values.at(-1)![0]).toBe('All courses');
  });
});
