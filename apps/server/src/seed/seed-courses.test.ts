import { and, asc, eq, inArray, like, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drawing, EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { lineLength } from '@golf/contract/geo/measure';
import { buildTestApp, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { clubs, courses, holeDrawings, holes, holeTees, pinPositions, pinSetups, tees } from '../db/schema/index';

describe(`demo courses seed (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t?.close());

  const holesOf = (courseId: number) => t.database.db.select().from(holes).where(eq(holes.courseId, courseId)).orderBy(asc(holes.order));
  const drawingsOf = async (holeIds: number[]) =>
    t.database.db.select().from(holeDrawings).where(and(inArray(holeDrawings.holeId, holeIds), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));

  it('gives Fjordvang one 18-hole course with drawings, three tees with distances and a pin setup', async () => {
    const db = t.database.db;
    const list = await db.select().from(courses).where(eq(courses.clubId, ids.dkClubId));
    expect(list.map((c) => c.name)).toEqual(['Fjordvang Links']);
    const course = list[0];

    const holeRows = await holesOf(course.id);
    expect(holeRows).toHaveLength(18);
    expect(holeRows.map((h) => h.order)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(holeRows.reduce((s, h) => s + h.par, 0)).toBe(72);
    expect(holeRows.map((h) => h.handicap).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(holeRows.every((h) => h.name.length > 0)).toBe(true);

    const drawings = await drawingsOf(holeRows.map((h) => h.id));
    expect(drawings).toHaveLength(18);
    for (const row of drawings) {
      const drawing = Drawing.parse(row.document);
      for (const element of [EL.holeBoundary, EL.tee, EL.fairway, EL.rough, EL.green, EL.bunker, EL.trees, EL.playLine, EL.tPoint]) {
        if (element === EL.fairway && holeRows.find((h) => h.id === row.holeId)!.par === 3) continue;
        expect(drawing.features.some((f) => f.properties.element === element), element).toBe(true);
      }
    }

    const teeRows = await db.select().from(tees).where(eq(tees.courseId, course.id)).orderBy(asc(tees.id));
    expect(teeRows.map((r) => [r.name, r.color])).toEqual([['Hvid', '#ffffff'], ['Gul', '#fbc02d'], ['Rød', '#d32f2f']]);
    const links = await db.select().from(holeTees).where(inArray(holeTees.teeId, teeRows.map((r) => r.id)));
    expect(links).toHaveLength(54);
    const first = holeRows[0];
    const line = Drawing.parse(drawings.find((d) => d.holeId === first.id)!.document).features.find((f) => f.properties.element === EL.playLine)!;
    const back = links.find((l) => l.holeId === first.id && l.teeId === teeRows[0].id)!;
    expect(back.distance).toBe(Math.round(lineLength(line.geometry.coordinates as number[][])));
    for (const hole of holeRows) {
      const [white, yellow, red] = teeRows.map((tee) => links.find((l) => l.holeId === hole.id && l.teeId === tee.id)!.distance);
      expect(white).toBeGreaterThan(yellow);
      expect(yellow).toBeGreaterThan(red);
      expect(red).toBeGreaterThanOrEqual(130);
      expect(white).toBeLessThanOrEqual(520);
    }

    // The seed's own setup; the greenkeeper's demo adds yesterday's rotation setup ('Pins <date>').
    const setups = await db.select().from(pinSetups).where(and(eq(pinSetups.courseId, course.id), not(like(pinSetups.name, 'Pins %'))));
    expect(setups.map((s) => [s.name, s.clubId])).toEqual([['Weekend', ids.dkClubId]]);
    const pins = await db.select().from(pinPositions).where(eq(pinPositions.pinSetupId, setups[0].id));
    expect(pins).toHaveLength(18);
    for (const pin of pins) {
      expect(pin.outMeters).toBeGreaterThanOrEqual(5);
      expect(pin.outMeters).toBeLessThanOrEqual(25);
      expect(pin.sideMeters).toBeGreaterThanOrEqual(-8);
      expect(pin.sideMeters).toBeLessThanOrEqual(8);
      expect(pin.longitude).not.toBeNull();
      expect(pin.latitude).not.toBeNull();
    }
    expect(new Set(pins.map((p) => p.sideMeters)).size).toBeGreaterThan(3);
    expect(pins.some((p) => p.sideMeters < 0)).toBe(true);
  });

  it('creates the Augusta National demo club where the course stands, its 18 holes imported from OpenStreetMap', async () => {
    const db = t.database.db;
    const [club] = await db.select().from(clubs).where(eq(clubs.handle, 'augusta-national'));
    expect(club).toMatchObject({ name: 'Augusta National Golf Club', srid: 4326, countryCode: 'us', active: true, street: '2604 Washington Road', zip: '30904' });
    expect(club.longitude).toBeGreaterThan(-82.03);
    expect(club.longitude).toBeLessThan(-82.015);
    expect(club.latitude).toBeGreaterThan(33.493);
    expect(club.latitude).toBeLessThan(33.509);

    const list = await db.select().from(courses).where(eq(courses.clubId, club.id));
    expect(list.map((c) => c.name)).toEqual(['Augusta National']);
    const holeRows = await holesOf(list[0].id);
    expect(holeRows.map((h) => h.name)).toHaveLength(18);
    expect(holeRows[0]).toMatchObject({ order: 1, name: 'Tea Olive', par: 4, handicap: 9 });
    expect(holeRows[17]).toMatchObject({ order: 18, name: 'Holly', par: 4, handicap: 10 });
    const drawings = await drawingsOf(holeRows.map((h) => h.id));
    expect(drawings).toHaveLength(18);
    const greens = drawings.map((d) => Drawing.parse(d.document).features.filter((f) => f.properties.element === EL.green).length);
    expect(greens).toEqual(new Array(18).fill(1));
  });
});
