import type { FastifyInstance } from 'fastify';
import { Course, type CreateCourseBody } from '@golf/contract/api/courses';
import type { Drawing, DrawingFeature } from '@golf/contract/api/drawings';
import { signInActors } from './actors';
import { call, demoIds, type DemoIds, type TestApp } from './test-app';

/** The actors of the course tests: the demo users plus an editor (courses role in the Danish club) and a Swede (courses role in the Swedish club). */
export type CourseActor = 'admin' | 'owner' | 'staff' | 'editor' | 'swede';

/** Creates the editor and the Swede, signs every actor in, and answers the demo ids with their tokens. */
export async function courseActors(t: TestApp): Promise<{ ids: DemoIds; tokens: Record<CourseActor, string> }> {
  const ids = await demoIds(t);
  const tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
    editor: { email: 'editor@example.com', password: 'editor-pw', clubRoles: { [ids.dkClubId]: ['courses'] } },
    swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['courses'] } },
  });
  return { ids, tokens };
}

/**
 * A course through POST clubs/{clubId}/courses: `holes` holes (par 4, handicap = number) and the
 * given tees, every tee with a distance of 300 + 10 × hole number − 40 × min(tee index, 5) metres unless `body` says otherwise.
 */
export async function createTestCourse(
  app: FastifyInstance,
  token: string,
  clubId: number,
  opts: { name?: string; holes?: number; tees?: { name: string; color: string }[]; body?: Partial<CreateCourseBody> } = {},
): Promise<Course> {
  const tees = opts.tees ?? [
    { name: 'Yellow', color: '#fbc02d' },
    { name: 'Red', color: '#d32f2f' },
  ];
  const payload: CreateCourseBody = {
    name: opts.name ?? 'Test course',
    tees,
    holes: Array.from({ length: opts.holes ?? 9 }, (_, i) => ({
      name: `Hole ${i + 1}`,
      par: 4,
      handicap: i + 1,
      distances: tees.map((_, tee) => ({ tee, distance: 300 + 10 * (i + 1) - 40 * Math.min(tee, 5) })),
    })),
    ...opts.body,
  };
  const res = await call(app, 'POST', `/api/clubs/${clubId}/courses`, { token, payload });
  if (res.statusCode !== 201) throw new Error(`creating the test course failed: ${res.statusCode} ${res.body}`);
  return Course.parse(res.json());
}

/** Converts metres east/north of an origin [lon, lat] to [lon, lat] (flat-earth, fine for a hole). */
export function offset(origin: [number, number], east: number, north: number): [number, number] {
  const lat = origin[1] + north / 111_320;
  const lon = origin[0] + east / (111_320 * Math.cos((origin[1] * Math.PI) / 180));
  return [lon, lat];
}

/** A closed polygon ring from corners given in metres east/north of the origin. */
export function ring(origin: [number, number], corners: [number, number][]): [number, number][] {
  const r = corners.map(([e, n]) => offset(origin, e, n));
  return [...r, r[0]];
}

/** A circle-like closed ring of `n` corners around a centre given in metres. */
export function circle(origin: [number, number], centre: [number, number], radius: number, n = 24): [number, number][] {
  return ring(
    origin,
    Array.from({ length: n }, (_, i) => [centre[0] + radius * Math.sin((2 * Math.PI * i) / n), centre[1] + radius * Math.cos((2 * Math.PI * i) / n)]),
  );
}

export function polygon(id: string, element: string, rings: [number, number][][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: rings }, properties: { element } };
}

/**
 * A realistic hole played due north: tee at the origin, fairway, a bunker, a round green of
 * radius 15 m centred 350 m north, a hole boundary around it all and a play line with heights.
 * The play line's last leg enters the green 335 m north of the tee.
 */
export function sampleHoleDrawing(origin: [number, number]): Drawing {
  return {
    type: 'FeatureCollection',
    features: [
      polygon('boundary', 'hole boundary', [ring(origin, [[-60, -20], [60, -20], [60, 390], [-60, 390]])]),
      polygon('tee-1', 'tee', [ring(origin, [[-5, -5], [5, -5], [5, 5], [-5, 5]])]),
      polygon('fairway-1', 'fairway', [ring(origin, [[-20, 150], [20, 150], [20, 320], [-20, 320]])]),
      polygon('green-1', 'green', [circle(origin, [0, 350], 15)]),
      polygon('bunker-1', 'bunker', [ring(origin, [[20, 330], [30, 330], [30, 340], [20, 340]])]),
      {
        type: 'Feature',
        id: 'play-line',
        geometry: { type: 'LineString', coordinates: [[...offset(origin, 0, 0), 12], [...offset(origin, 0, 200), 15.5], [...offset(origin, 0, 350), 9]] },
        properties: { element: 'play line' },
      },
      { type: 'Feature', id: 'sign-1', geometry: { type: 'Point', coordinates: offset(origin, 10, 0) }, properties: { element: 'sponsor sign', label: 'Fjord Bank' } },
    ],
  };
}

/**
 * PUT graphics/elements/{id} as `adminToken`: the element's catalogue rules changed as given (the
 * rest kept). For tests that need drawings which the catalogue's rules would refuse to save (a
 * drawing stored before a rule existed).
 */
export async function changeElementRules(
  app: FastifyInstance,
  adminToken: string,
  name: string,
  change: { requiredAttributes?: string[]; mustLieInside?: string | null; minAreaM2?: number | null; maxAreaM2?: number | null },
): Promise<void> {
  const list = await call(app, 'GET', '/api/graphics/elements', { token: adminToken });
  const element = (list.json() as { id: number; name: string; groupName: string; layerName: string; geometryType: string; shorthand: string; requiredAttributes: string[]; mustLieInside: string | null; minAreaM2: number | null; maxAreaM2: number | null }[]).find((e) => e.name === name);
  if (!element) throw new Error(`no element ${name}`);
  const { groupName, layerName, geometryType, shorthand, requiredAttributes, mustLieInside, minAreaM2, maxAreaM2 } = element;
  const res = await call(app, 'PUT', `/api/graphics/elements/${element.id}`, {
    token: adminToken,
    payload: { groupName, layerName, geometryType, shorthand, requiredAttributes, mustLieInside, minAreaM2, maxAreaM2, ...change },
  });
  if (res.statusCode !== 200) throw new Error(`PUT graphics/elements/${element.id}: ${res.statusCode} ${res.body}`);
}
