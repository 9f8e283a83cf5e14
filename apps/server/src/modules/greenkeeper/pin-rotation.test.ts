import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { DEFAULT_PIN_ROTATION, PinRotation, PinRotationSettings, PinSuggestion, PlayedDay, SavedRotationSetup, type RotationGreen } from '@golf/contract/api/greenkeeper';
import { PinPositionsResponse, PinSetup, PinSetupsResponse } from '@golf/contract/api/pins';
import { courses, pinRotationDays, pinRotationSpots } from '../../db/schema/index';
import { createTestCourse, sampleHoleDrawing } from '../../../test/courses';
import { signInActors } from '../../../test/actors';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

/* Distances checked here with their own plane (WGS84 radii of curvature at the point), not the contract's geometry. */
const RAD = Math.PI / 180;
const E2 = 0.006_694_379_990_14;
function metresApart(a: number[], b: number[]): number {
  const w = 1 - E2 * Math.sin(a[1] * RAD) ** 2;
  const east = (6_378_137 / Math.sqrt(w)) * Math.cos(a[1] * RAD) * RAD;
  const north = ((6_378_137 * (1 - E2)) / w ** 1.5) * RAD;
  return Math.hypot((b[0] - a[0]) * east, (b[1] - a[1]) * north);
}
/** Metres from a point to a ring's edges (own point-to-segment distance on that plane); negative outside (ray casting). */
function edgeDistance(ring: number[][], p: number[]): number {
  const w = 1 - E2 * Math.sin(p[1] * RAD) ** 2;
  const kx = (6_378_137 / Math.sqrt(w)) * Math.cos(p[1] * RAD) * RAD;
  const ky = ((6_378_137 * (1 - E2)) / w ** 1.5) * RAD;
  const xy = ring.map((q) => [(q[0] - p[0]) * kx, (q[1] - p[1]) * ky]);
  let best = Infinity;
  let inside = false;
  for (let i = 0; i + 1 < xy.length; i++) {
    const [ax, ay] = xy[i];
    const [bx, by] = xy[i + 1];
    const len = (bx - ax) ** 2 + (by - ay) ** 2;
    const tt = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / len));
    best = Math.min(best, Math.hypot(ax + tt * (bx - ax), ay + tt * (by - ay)));
    if (ay > 0 !== by > 0 && 0 < ax + ((0 - ay) * (bx - ax)) / (by - ay)) inside = !inside;
  }
  return inside ? best : -best;
}
const ownRadius = (days: number, s: PinRotationSettings) => (days < 1 || days > s.reuseDays ? 0 : s.blockedRadius - ((days - 1) * s.blockedRadius) / s.reuseDays);

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = new Date().toISOString().slice(0, 10);

type Actor = 'admin' | 'owner' | 'staff' | 'editor' | 'swede';

describe(`pin rotation (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let demoCourseId: number;
  let other: Course;
  let seCourse: Course;
  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[actor], payload });
  const rotation = async (courseId = demoCourseId) => {
    const res = await req('editor', 'GET', `courses/${courseId}/pin-rotation`);
    expect(res.statusCode, res.body).toBe(200);
    return PinRotation.parse(res.json());
  };
  const suggest = async (date: string) => {
    const res = await req('editor', 'POST', `courses/${demoCourseId}/pin-rotation/suggestion`, { date });
    expect(res.statusCode, res.body).toBe(200);
    return PinSuggestion.parse(res.json());
  };
  const setupsOf = async (courseId: number) => PinSetupsResponse.parse((await req('editor', 'GET', `pin-setups?course_id=${courseId}`)).json());
  const dayRows = () => t.database.db.select().from(pinRotationDays).where(eq(pinRotationDays.courseId, demoCourseId));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      editor: { email: 'rotation-editor@example.com', password: 'editor-pw', clubRoles: { [ids.dkClubId]: ['courses'] } },
      swede: { email: 'rotation-swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['courses'] } },
    });
    const [demo] = await t.database.db.select({ id: courses.id }).from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    demoCourseId = demo.id;
    other = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Other', holes: 1 });
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Svensk', holes: 1 });
    const res = await req('owner', 'POST', `holes/${other.holes[0].id}/save_drawing`, { drawing: sampleHoleDrawing([9.54, 55.72]) });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('shows every green of the demo course with three weeks of played spots that keep the rules', async () => {
    const r = await rotation();
    expect(r.settings).toEqual(DEFAULT_PIN_ROTATION);
    expect(r.greens).toHaveLength(18);
    expect(r.days).toHaveLength(21);
    // The demo's days end the day before it was written: yesterday, or earlier when the test
    // database was made from a template written on an earlier day (a run across midnight).
    const newest = r.days[0].date;
    const lag = Math.round((Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(`${newest}T00:00:00Z`)) / 86_400_000) - 1;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(r.days[0]).toMatchObject({ date: newest, pinSetupName: `Pins ${newest}` });
    expect(r.days.at(-1)!.date).toBe(addDays(newest, -20));
    for (const g of r.greens) {
      expect(g.green).not.toBeNull();
      expect(g.frame).not.toBeNull();
      expect(g.history.map((h) => h.daysAgo)).toEqual(Array.from({ length: 21 }, (_, i) => lag + i + 1));
      for (const spot of g.history) {
        expect(edgeDistance(g.green![0], spot.position!), `hole ${g.order} day ${spot.date}`).toBeGreaterThanOrEqual(DEFAULT_PIN_ROTATION.edgeDistance - 0.05);
        for (const before of g.history) {
          const days = before.daysAgo - spot.daysAgo;
          if (days >= 1) expect(metresApart(spot.position!, before.position!), `hole ${g.order}`).toBeGreaterThanOrEqual(ownRadius(days, DEFAULT_PIN_ROTATION) - 0.05);
        }
      }
    }
  });

  it('suggests a pin for every green that keeps the rules, and stores nothing', async () => {
    const setupsBefore = (await setupsOf(demoCourseId)).length;
    const daysBefore = (await dayRows()).length;
    const r = await rotation();
    const s = await suggest(TODAY);
    expect(s.date).toBe(TODAY);
    expect(s.problems).toEqual([]);
    expect(s.pins.map((p) => p.holeId)).toEqual(r.greens.map((g) => g.holeId));
    for (const pin of s.pins) {
      const g = r.greens.find((x) => x.holeId === pin.holeId)!;
      expect(edgeDistance(g.green![0], pin.position)).toBeGreaterThanOrEqual(DEFAULT_PIN_ROTATION.edgeDistance - 0.05);
      for (const h of g.history) expect(metresApart(pin.position, h.position!)).toBeGreaterThanOrEqual(ownRadius(h.daysAgo, DEFAULT_PIN_ROTATION) - 0.05);
    }
    // Asking again answers the same; nothing was stored.
    expect(await suggest(TODAY)).toEqual(s);
    expect((await setupsOf(demoCourseId)).length).toBe(setupsBefore);
    expect((await dayRows()).length).toBe(daysBefore);
  });

  it('saves a suggestion as a pin setup, marks it played, and the next day keeps clear of it', async () => {
    const s = await suggest(TODAY);
    const pins = s.pins.map((p, i) => ({ holeId: p.holeId, outMeters: p.outMeters, sideMeters: p.sideMeters + (i === 0 ? 1 : 0) }));
    const res = await req('editor', 'POST', `courses/${demoCourseId}/pin-rotation/setups`, { date: TODAY, name: `Pins ${TODAY}`, pins, markPlayed: true });
    expect(res.statusCode, res.body).toBe(201);
    const saved = SavedRotationSetup.parse(res.json());
    expect(saved).toMatchObject({ name: `Pins ${TODAY}`, date: TODAY });

    // A normal pin setup of the course, with its positions and their points.
    expect((await setupsOf(demoCourseId)).some((x) => x.id === saved.pinSetupId)).toBe(true);
    const positions = PinPositionsResponse.parse((await req('editor', 'GET', `pin-setups/${saved.pinSetupId}`)).json());
    expect(positions.map((p) => [p.holeId, p.outMeters, p.sideMeters])).toEqual(pins.map((p) => [p.holeId, p.outMeters, p.sideMeters]));
    expect(positions.every((p) => p.position !== null)).toBe(true);

    // Recorded as today's: the history holds today's spots (0 days ago).
    const r = await rotation();
    expect(r.days[0]).toEqual({ date: TODAY, pinSetupId: saved.pinSetupId, pinSetupName: `Pins ${TODAY}` });
    const first = r.greens[0];
    expect(first.history[0]).toMatchObject({ date: TODAY, daysAgo: 0, outMeters: pins[0].outMeters, sideMeters: pins[0].sideMeters });

    // Tomorrow's suggestion stays outside today's full blocked radius.
    const tomorrow = await suggest(addDays(TODAY, 1));
    for (const pin of tomorrow.pins) {
      const today = positions.find((p) => p.holeId === pin.holeId)!;
      expect(metresApart(pin.position, today.position!.coordinates)).toBeGreaterThanOrEqual(DEFAULT_PIN_ROTATION.blockedRadius - 0.05);
    }

    // Without markPlayed: a setup only.
    const plain = await req('editor', 'POST', `courses/${demoCourseId}/pin-rotation/setups`, { date: addDays(TODAY, 1), name: 'Tomorrow', pins: tomorrow.pins.slice(0, 2).map(({ holeId, outMeters, sideMeters }) => ({ holeId, outMeters, sideMeters })) });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await rotation()).days[0].date).toBe(TODAY);
  });

  it('refuses bad setups whole: a hole of another course, a hole twice, another club’s course, bad dates and names', async () => {
    const s = await suggest(TODAY);
    const pins = s.pins.map(({ holeId, outMeters, sideMeters }) => ({ holeId, outMeters, sideMeters }));
    const before = (await setupsOf(demoCourseId)).length;
    const daysBefore = (await dayRows()).length;
    const post = (body: object, courseId = demoCourseId, clubId = ids.dkClubId) => req('editor', 'POST', `courses/${courseId}/pin-rotation/setups`, body, clubId);
    const base = { date: addDays(TODAY, 5), name: 'Bad', markPlayed: true };

    const otherHole = await post({ ...base, pins: [...pins, { holeId: other.holes[0].id, outMeters: 10, sideMeters: 0 }] });
    expect(otherHole.statusCode).toBe(400);
    expect(otherHole.json()).toMatchObject({ code: 'greenkeeper.holeOtherCourse', params: { holeId: other.holes[0].id } });
    expect((await post({ ...base, pins: [...pins, pins[0]] })).statusCode).toBe(400);
    expect((await post({ ...base, pins: [{ holeId: seCourse.holes[0].id, outMeters: 10, sideMeters: 0 }] })).statusCode).toBe(400);
    expect((await post({ ...base, pins }, seCourse.id)).statusCode).toBe(404);
    expect((await post({ ...base, pins }, 99_999_999)).statusCode).toBe(404);
    for (const date of ['2026-02-30', 'tomorrow', '2026-13-01', '']) expect((await post({ ...base, date, pins })).statusCode, date).toBe(400);
    expect((await post({ ...base, name: '  ', pins })).statusCode).toBe(400);
    expect((await post({ ...base, pins: [{ ...pins[0], outMeters: 1.5 }] })).statusCode).toBe(400);
    expect((await post({ ...base, pins: [{ ...pins[0], outMeters: -1 }] })).statusCode).toBe(400);
    // Nothing of them was kept.
    expect((await setupsOf(demoCourseId)).length).toBe(before);
    expect((await dayRows()).length).toBe(daysBefore);

    // Suggestions: bad dates, another club's or an unknown course.
    for (const date of ['2026-02-29', '31-12-2026', 'x']) expect((await req('editor', 'POST', `courses/${demoCourseId}/pin-rotation/suggestion`, { date })).statusCode, date).toBe(400);
    expect((await req('editor', 'POST', `courses/${seCourse.id}/pin-rotation/suggestion`, { date: TODAY })).statusCode).toBe(404);
    expect((await req('editor', 'GET', `courses/${seCourse.id}/pin-rotation`)).statusCode).toBe(404);
    expect((await req('editor', 'GET', `courses/abc/pin-rotation`)).statusCode).toBe(400);
  });

  it('reports greens it cannot suggest for', async () => {
    const noGreen = sampleHoleDrawing([9.54, 55.72]);
    noGreen.features = noGreen.features.filter((f) => f.properties.element !== 'green');
    const course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Partly drawn', holes: 3 });
    expect((await req('owner', 'POST', `holes/${course.holes[0].id}/save_drawing`, { drawing: sampleHoleDrawing([9.54, 55.72]) })).statusCode).toBe(200);
    expect((await req('owner', 'POST', `holes/${course.holes[1].id}/save_drawing`, { drawing: noGreen })).statusCode).toBe(200);
    const res = await req('editor', 'POST', `courses/${course.id}/pin-rotation/suggestion`, { date: TODAY });
    expect(res.statusCode, res.body).toBe(200);
    const s = PinSuggestion.parse(res.json());
    expect(s.pins.map((p) => p.holeId)).toEqual([course.holes[0].id]);
    expect(s.problems).toEqual([
      { holeId: course.holes[1].id, code: 'noGreen' },
      { holeId: course.holes[2].id, code: 'noGreen' },
    ]);
  });

  it('records and removes days of play; another course’s or club’s setup is refused', async () => {
    const path = (date: string, courseId = demoCourseId) => `courses/${courseId}/pin-rotation/days/${date}`;
    const setups = await setupsOf(demoCourseId);
    const weekend = setups.find((s) => s.name === 'Weekend')!;
    const date = addDays(TODAY, -30);
    const put = await req('editor', 'PUT', path(date), { pinSetupId: weekend.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(PlayedDay.parse(put.json())).toEqual({ date, pinSetupId: weekend.id, pinSetupName: 'Weekend' });
    const [day] = await t.database.db.select().from(pinRotationDays).where(and(eq(pinRotationDays.courseId, demoCourseId), eq(pinRotationDays.playedOn, date)));
    const spots = await t.database.db.select().from(pinRotationSpots).where(eq(pinRotationSpots.dayId, day.id));
    const weekendPositions = PinPositionsResponse.parse((await req('editor', 'GET', `pin-setups/${weekend.id}`)).json());
    expect(spots).toHaveLength(weekendPositions.length);
    // Again for the same day: replaced, not doubled.
    expect((await req('editor', 'PUT', path(date), { pinSetupId: weekend.id })).statusCode).toBe(200);
    expect(await t.database.db.select().from(pinRotationSpots).where(eq(pinRotationSpots.dayId, day.id))).toHaveLength(weekendPositions.length);
    const green: RotationGreen = (await rotation()).greens.find((g) => g.holeId === weekendPositions[0].holeId)!;
    expect(green.history.find((h) => h.date === date)).toMatchObject({ daysAgo: 30, outMeters: weekendPositions[0].outMeters });

    // A setup of another course: 400; of another club, or none: 404; another club's course: 404; bad dates: 400.
    const otherSetup = PinSetup.parse((await req('editor', 'POST', 'pin-setups', { id: null, name: 'Other', courseId: other.id, clubId: ids.dkClubId })).json());
    const wrongCourse = await req('editor', 'PUT', path(date), { pinSetupId: otherSetup.id });
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().code).toBe('greenkeeper.pinSetupOtherCourse');
    const seSetup = PinSetup.parse((await req('swede', 'POST', 'pin-setups', { id: null, name: 'Svensk', courseId: seCourse.id, clubId: ids.seClubId }, ids.seClubId)).json());
    const foreign = await req('editor', 'PUT', path(date), { pinSetupId: seSetup.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('greenkeeper.pinSetupNotFound');
    expect((await req('editor', 'PUT', path(date), { pinSetupId: 99_999_999 })).statusCode).toBe(404);
    expect((await req('editor', 'PUT', path(date, seCourse.id), { pinSetupId: seSetup.id })).statusCode).toBe(404);
    expect((await req('swede', 'PUT', path(date, seCourse.id), { pinSetupId: seSetup.id }, ids.seClubId)).statusCode).toBe(200);
    expect((await req('editor', 'PUT', path('2026-02-30'), { pinSetupId: weekend.id })).statusCode).toBe(400);
    expect((await req('editor', 'PUT', path('today'), { pinSetupId: weekend.id })).statusCode).toBe(400);
    expect((await req('editor', 'PUT', path(date), { pinSetupId: 'x' })).statusCode).toBe(400);
    expect((await req('editor', 'DELETE', path(date, seCourse.id))).statusCode).toBe(404);

    // Deleting the setup keeps the day's spots; deleting the day removes them.
    const copy = await req('editor', 'POST', `courses/${demoCourseId}/pin-rotation/setups`, { date: addDays(TODAY, -31), name: 'Short-lived', pins: [{ holeId: weekendPositions[0].holeId, outMeters: 12, sideMeters: 1 }], markPlayed: true });
    const { pinSetupId } = SavedRotationSetup.parse(copy.json());
    expect((await req('editor', 'DELETE', `pin-setups/${pinSetupId}`)).statusCode).toBe(204);
    const kept = (await rotation()).days.find((d) => d.date === addDays(TODAY, -31));
    expect(kept).toEqual({ date: addDays(TODAY, -31), pinSetupId: null, pinSetupName: 'Short-lived' });

    expect((await req('editor', 'DELETE', path(date))).statusCode).toBe(204);
    expect(await t.database.db.select().from(pinRotationSpots).where(eq(pinRotationSpots.dayId, day.id))).toHaveLength(0);
    const again = await req('editor', 'DELETE', path(date));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'greenkeeper.dayNotFound', params: { date } });
    expect((await req('editor', 'DELETE', path('2026-02-30'))).statusCode).toBe(400);
  });

  it('keeps the club’s rules: defaults, saved, validated, and used by the suggestion', async () => {
    expect(PinRotationSettings.parse((await req('editor', 'GET', 'pin-rotation/settings')).json())).toEqual(DEFAULT_PIN_ROTATION);
    const strict = { edgeDistance: 5.3, blockedRadius: 6, reuseDays: 10 };
    const put = await req('editor', 'PUT', 'pin-rotation/settings', strict);
    expect(put.statusCode, put.body).toBe(200);
    expect(PinRotationSettings.parse(put.json())).toEqual(strict);
    expect(PinRotationSettings.parse((await req('editor', 'GET', 'pin-rotation/settings')).json())).toEqual(strict);
    // Only this club's.
    expect(PinRotationSettings.parse((await req('swede', 'GET', 'pin-rotation/settings', undefined, ids.seClubId)).json())).toEqual(DEFAULT_PIN_ROTATION);

    const r = await rotation();
    expect(r.settings).toEqual(strict);
    const s = await suggest(addDays(TODAY, 2));
    for (const pin of s.pins) {
      const g = r.greens.find((x) => x.holeId === pin.holeId)!;
      expect(edgeDistance(g.green![0], pin.position)).toBeGreaterThanOrEqual(strict.edgeDistance - 0.05);
      for (const h of g.history) expect(metresApart(pin.position, h.position!)).toBeGreaterThanOrEqual(ownRadius(h.daysAgo + 2, strict) - 0.05);
    }

    for (const bad of [{ ...strict, edgeDistance: -1 }, { ...strict, reuseDays: 0 }, { ...strict, reuseDays: 2.5 }, { ...strict, blockedRadius: 31 }, { edgeDistance: 4 }]) {
      expect((await req('editor', 'PUT', 'pin-rotation/settings', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await req('staff', 'GET', 'pin-rotation/settings')).statusCode).toBe(403);
    expect((await req('swede', 'PUT', 'pin-rotation/settings', strict)).statusCode).toBe(403);
    expect((await req('staff', 'GET', `courses/${demoCourseId}/pin-rotation`)).statusCode).toBe(403);
    expect((await req('editor', 'PUT', 'pin-rotation/settings', DEFAULT_PIN_ROTATION)).statusCode).toBe(200);
  });
});
