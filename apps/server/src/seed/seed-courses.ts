import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FeatureCollection } from 'geojson';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { generateDemoCourse } from './demo-course';
import { centroid } from '@golf/contract/geo/measure';
import { createCourseFromPlan, planImport } from '../modules/course-import';
import { pinFrame, pinPoint } from '@golf/contract/geo/pins';
import { EL } from '@golf/contract/graphics-catalogue';
import type { DbOrTx } from '../platform/database';
import { clubs, courses, holeDrawings, holes, holeTees, pinPositions, pinSetups, tees } from '../db/schema/index';
import { pointInRing } from '@golf/contract/geo/planar';

/** Hole names of the Fjordvang demo course. */
const FJORDVANG_HOLES = [
  'Fjordudsigten', 'Bøgeskoven', 'Lyngbakken', 'Åen', 'Mosen', 'Engen', 'Dammen', 'Klinten', 'Hjemvejen',
  'Havnen', 'Sivene', 'Kilden', 'Skrænten', 'Egelunden', 'Møllen', 'Vigen', 'Fyrtårnet', 'Klubhuset',
];

/** The OSM course of the Augusta demo club (© OpenStreetMap contributors, ODbL; see data/README.md). */
export const AUGUSTA_FILE = 'augusta-national.geojson';

/** The folder of the demo data: beside this file in the sources, or copied beside the bundle. */
function dataFile(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'data', name), join(here, '../src/seed/data', name)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`Demo data ${name} not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The demo courses (issue 4 demo data), written inside the demo seed's transaction:
 * 'Fjordvang Links' (generated, 18 holes, tees Hvid/Gul/Rød with distances, pin setup 'Weekend')
 * for the club `clubId`, and the demo club 'Augusta National Golf Club' whose course is imported
 * from the OpenStreetMap fixture through the course import.
 */
export async function seedDemoCourses(tx: DbOrTx, input: { clubId: number }): Promise<{ fjordvangCourseId: number; augustaClubId: number }> {
  const fjordvangCourseId = await seedGeneratedCourse(tx, input.clubId);
  const augustaClubId = await seedAugusta(tx);
  return { fjordvangCourseId, augustaClubId };
}

async function seedGeneratedCourse(tx: DbOrTx, clubId: number): Promise<number> {
  const [club] = await tx.select({ longitude: clubs.longitude, latitude: clubs.latitude }).from(clubs).where(eq(clubs.id, clubId));
  if (!club || club.longitude === null || club.latitude === null) throw new Error('seedDemoCourses: the club has no position');
  const demo = generateDemoCourse([club.longitude, club.latitude], {
    seed: 2024,
    name: 'Fjordvang Links',
    holeNames: FJORDVANG_HOLES,
    teeNames: ['Hvid', 'Gul', 'Rød'],
  });

  const [course] = await tx.insert(courses).values({ clubId, name: demo.name }).returning({ id: courses.id });
  const teeRows = await tx
    .insert(tees)
    .values(demo.tees.map((t) => ({ courseId: course.id, name: t.name, color: t.color })))
    .returning({ id: tees.id });
  const holeRows = await tx
    .insert(holes)
    .values(demo.holes.map((h, i) => ({ courseId: course.id, order: i + 1, name: h.name, par: h.par, handicap: h.handicap })))
    .returning({ id: holes.id });
  await tx.insert(holeDrawings).values(holeRows.map((row, i) => ({ holeId: row.id, styleId: EDIT_DRAWING_STYLE, document: demo.holes[i].drawing, version: 1 })));
  await tx.insert(holeTees).values(holeRows.flatMap((row, i) => teeRows.map((tee, t) => ({ holeId: row.id, teeId: tee.id, distance: demo.holes[i].distances[t] }))));

  const [setup] = await tx.insert(pinSetups).values({ clubId, courseId: course.id, name: 'Weekend' }).returning({ id: pinSetups.id });
  await tx.insert(pinPositions).values(
    holeRows.map((row, i) => {
      const pin = demoPin(demo.holes[i].drawing, i);
      return { pinSetupId: setup.id, holeId: row.id, outMeters: pin.out, sideMeters: pin.side, longitude: pin.point?.[0] ?? null, latitude: pin.point?.[1] ?? null };
    }),
  );
  return course.id;
}

/**
 * A pin for the demo setup: 'in' 5–25 m and 'side' −8..8 m, varied from hole to hole, moved
 * towards the middle of the green until it lies on it.
 */
function demoPin(drawing: Parameters<typeof pinFrame>[0], index: number): { out: number; side: number; point: [number, number] | null } {
  let out = 5 + ((index * 7 + 3) % 21);
  let side = ((index * 5 + 2) % 17) - 8;
  const frame = pinFrame(drawing);
  if (!frame) return { out, side, point: null };
  const green = drawing.features.find((f) => f.properties.element === EL.green && f.geometry.type === 'Polygon');
  const ring = green?.geometry.type === 'Polygon' ? green.geometry.coordinates[0] : null;
  let point = pinPoint(frame, out, side);
  for (let k = 0; ring && k < 20 && !pointInRing(point, ring); k++) {
    out = Math.round(out + (12 - out) * 0.3);
    side = Math.trunc(side * 0.7);
    point = pinPoint(frame, out, side);
  }
  return { out, side, point };
}

/** The Augusta demo club where the course stands, its course imported from the OSM fixture. */
async function seedAugusta(tx: DbOrTx): Promise<number> {
  const collection = JSON.parse(readFileSync(dataFile(AUGUSTA_FILE), 'utf8')) as FeatureCollection;
  const plan = planImport(collection, { name: 'Augusta National' });
  if (!plan.boundary) throw new Error('seedDemoCourses: the Augusta file has no course boundary');
  const [longitude, latitude] = centroid(plan.boundary.coordinates[0]);
  const [club] = await tx
    .insert(clubs)
    .values({
      name: 'Augusta National Golf Club',
      handle: 'augusta-national',
      srid: 4326,
      longitude: Math.round(longitude * 1e6) / 1e6,
      latitude: Math.round(latitude * 1e6) / 1e6,
      active: true,
      street: '2604 Washington Road',
      city: 'Augusta, GA',
      zip: '30904',
      countryCode: 'us',
    })
    .returning({ id: clubs.id });
  await createCourseFromPlan(tx, { clubId: club.id, plan });
  return club.id;
}
