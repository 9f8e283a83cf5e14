import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportPlan, MAX_IMPORT_BYTES } from '@golf/contract/api/course-import';
import { Course } from '@golf/contract/api/courses';
import { Drawing, EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { NO_HOLES_MESSAGE, OSM_ATTRIBUTION } from './osm-plan';
import { courses, holeDrawings, holes } from '../../db/schema/index';
import { drawingChecks } from '../courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { fileForm, postForm } from '../../../test/images';
import { postInTwoWrites, watched } from '../../../test/uploads';

// Real OpenStreetMap data: © OpenStreetMap contributors, ODbL (see apps/server/src/seed/data/README.md).
const AUGUSTA = readFileSync(join(import.meta.dirname, '../../seed/data/augusta-national.geojson'));
// Hand-made OSM XML: two holes, greens, a tee, a multipolygon fairway, a bunker and a pin.
const TWO_HOLES = readFileSync(join(import.meta.dirname, 'fixtures/two-holes.osm'));

describe(`course import (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  let owner: string;
  let staff: string;
  let coursesRole: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    // Edits courses in club 1 but may not create them (not a region owner).
    ({ admin, owner, staff, coursesRole } = await signInActors(t, ['admin', 'owner', 'staff'], {
      coursesRole: { email: 'course-editor@example.com', password: 'course-editor-pw', clubRoles: { [ids.dkClubId]: ['courses'] } },
    }));
  });
  afterAll(() => t?.close());

  const url = (clubId: number, path: string) => `/api/clubs/${clubId}/courses/import${path}`;
  const send = (token: string | null, clubId: number, path: string, data: Buffer, filename: string, field = 'data', type = 'application/octet-stream') =>
    postForm(t.app, url(clubId, path), token, fileForm(field, data, filename, type));
  const preview = (token: string | null, data: Buffer, filename: string, clubId = ids.dkClubId) => send(token, clubId, '/preview', data, filename);
  const courseCount = async () => (await t.database.db.select({ id: courses.id }).from(courses)).length;

  it('previews the Augusta National fixture: 18 holes with greens, tees and the OSM attribution', async () => {
    const res = await preview(owner, AUGUSTA, 'augusta-national.geojson');
    expect(res.statusCode, res.body).toBe(200);
    const plan = ImportPlan.parse(res.json());
    expect(plan.holes).toHaveLength(18);
    expect(plan.holes.map((h) => h.ref)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(plan.holes.every((h) => h.counts[EL.green] === 1 && (h.counts[EL.tee] ?? 0) >= 1)).toBe(true);
    expect(plan.name).toBe('Augusta National Golf Club');
    expect(plan.attribution).toBe(OSM_ATTRIBUTION);
    expect(plan.unmatched[EL.green]).toBe(2);
    expect(plan.warnings.some((w) => w.includes('relation/13998937'))).toBe(true);
  });

  it('creates nothing on preview', async () => {
    const before = await courseCount();
    expect((await preview(admin, AUGUSTA, 'augusta.json')).statusCode).toBe(200);
    expect(await courseCount()).toBe(before);
  });

  it('confirms: creates the course with 18 holes and their drawings in the edit style', async () => {
    const res = await send(owner, ids.dkClubId, '?name=Augusta%20test', AUGUSTA, 'augusta-national.geojson');
    expect(res.statusCode, res.body).toBe(201);
    const course = Course.parse(res.json());
    expect(course).toMatchObject({ club_id: ids.dkClubId, name: 'Augusta test', attribution: OSM_ATTRIBUTION });
    // The course keeps the notice its OpenStreetMap data requires; a drawn course has none.
    const listed = (await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: owner })).json() as Course[];
    expect(listed.find((c) => c.id === course.id)?.attribution).toBe(OSM_ATTRIBUTION);
    expect(course.holes.map((h) => h.order)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(course.holes.every((h) => h.has_drawing)).toBe(true);
    expect(course.holes[0]).toMatchObject({ name: 'Tea Olive', par: 4, handicap: 9 });
    expect(course.holes.reduce((s, h) => s + h.par, 0)).toBe(72);

    const db = t.database.db;
    const rows = await db.select().from(holes).where(eq(holes.courseId, course.id)).orderBy(holes.order);
    expect(rows.map((r) => r.name)).toEqual(course.holes.map((h) => h.name));
    const drawings = await db.select().from(holeDrawings).where(and(eq(holeDrawings.holeId, rows[11].id), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
    expect(drawings).toHaveLength(1);
    expect(drawings[0].version).toBe(1);
    const drawing = Drawing.parse(drawings[0].document);
    // The status checks are stored with the imported drawing, as a save stores them.
    expect(drawings[0].checks).toEqual(drawingChecks(drawing));
    expect(drawing.features.filter((f) => f.properties.element === EL.green)).toHaveLength(1);
    expect(drawing.features.map((f) => f.id)).toContain('way/855657865'); // the tee 2 m behind hole 12's line start
    expect(drawing.features.find((f) => f.properties.element === EL.playLine)?.id).toBe('way/855657869');
    const all = await db.select({ holeId: holeDrawings.holeId }).from(holeDrawings).innerJoin(holes, eq(holes.id, holeDrawings.holeId)).where(eq(holes.courseId, course.id));
    expect(all).toHaveLength(18);
  });

  it("names the course after the file's golf course without a name in the query", async () => {
    const res = await send(admin, ids.seClubId, '', AUGUSTA, 'augusta.geojson');
    expect(res.statusCode, res.body).toBe(201);
    expect(Course.parse(res.json())).toMatchObject({ club_id: ids.seClubId, name: 'Augusta National Golf Club' });
  });

  it('imports an OpenStreetMap XML export', async () => {
    const res = await preview(owner, TWO_HOLES, 'two-holes.osm');
    expect(res.statusCode, res.body).toBe(200);
    const plan = ImportPlan.parse(res.json());
    expect(plan.holes.map((h) => [h.ref, h.name, h.par, h.handicap])).toEqual([[1, 'Fjorden', 4, 2], [2, 'Bakken', 4, 1]]);
    expect(plan.holes[0].counts).toMatchObject({ [EL.green]: 1, [EL.tee]: 1, [EL.fairway]: 1 });
    expect(plan.holes[1].counts).toMatchObject({ [EL.green]: 1, [EL.bunker]: 1, [EL.pinPosition]: 1 });
    const fairway = plan.holes[0].drawing.features.find((f) => f.properties.element === EL.fairway)!;
    expect(fairway.id).toBe('relation/105');
    expect(fairway.geometry.coordinates).toHaveLength(2);

    const created = await send(owner, ids.dkClubId, '?name=Two%20holes', TWO_HOLES, 'two-holes.osm');
    expect(created.statusCode, created.body).toBe(201);
    const course = Course.parse(created.json());
    expect(course.holes.map((h) => h.name)).toEqual(['Fjorden', 'Bakken']);
  });

  it('judges the file type by its content, not by its name', async () => {
    const xml = await preview(owner, TWO_HOLES, 'two-holes.json');
    expect(xml.statusCode, xml.body).toBe(200);
    expect(ImportPlan.parse(xml.json()).holes).toHaveLength(2);
    const json = await preview(owner, AUGUSTA, 'augusta.osm');
    expect(json.statusCode, json.body).toBe(200);
    expect(ImportPlan.parse(json.json()).holes).toHaveLength(18);
  });

  it('answers 400, not 500, for GeoJSON whose geometries hold null or broken coordinates', async () => {
    const data = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { golf: 'green' }, geometry: { type: 'Polygon', coordinates: null } },
          { type: 'Feature', properties: { golf: 'bunker' }, geometry: { type: 'MultiPolygon', coordinates: [null, [null]] } },
          { type: 'Feature', properties: { golf: 'hole', ref: '1' }, geometry: { type: 'MultiLineString', coordinates: 5 } },
        ],
      }),
    );
    const res = await preview(owner, data, 'hostile.geojson');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(new RegExp(NO_HOLES_MESSAGE));
  });

  it('answers 403 to staff without the right to create courses, to a courses editor and for another club', async () => {
    const before = await courseCount();
    for (const token of [staff, coursesRole]) {
      expect((await preview(token, TWO_HOLES, 'two-holes.osm')).statusCode).toBe(403);
      expect((await send(token, ids.dkClubId, '', TWO_HOLES, 'two-holes.osm')).statusCode).toBe(403);
    }
    expect((await preview(owner, TWO_HOLES, 'two-holes.osm', ids.seClubId)).statusCode).toBe(403);
    expect((await send(owner, ids.seClubId, '', TWO_HOLES, 'two-holes.osm')).statusCode).toBe(403);
    expect((await preview(null, TWO_HOLES, 'two-holes.osm')).statusCode).toBe(401);
    expect(await courseCount()).toBe(before);
  });

  it('answers 404 for a club that does not exist', async () => {
    expect((await preview(admin, TWO_HOLES, 'two-holes.osm', 999999)).statusCode).toBe(404);
  });

  it.each([
    ['a file that is neither GeoJSON nor OSM', Buffer.from('ref,par\n1,4\n'), 'holes.csv', /neither GeoJSON nor an OpenStreetMap export/],
    ['bad JSON', Buffer.from('{"type": "FeatureCollection", "features": [ '), 'course.geojson', /not valid JSON/],
    ['JSON that is not a FeatureCollection', Buffer.from('{"type": "Feature", "geometry": null, "properties": {}}'), 'course.json', /not a GeoJSON FeatureCollection/],
    ['XML without OSM data', Buffer.from('<?xml version="1.0"?><gpx><trk/></gpx>'), 'track.osm', /holds no OpenStreetMap data/],
    ['broken XML', Buffer.from('<osm><node id="1" lat="1" lon="2"></osm>'), 'broken.osm', /not valid XML/],
    ['an empty file', Buffer.alloc(0), 'empty.geojson', /empty/],
    [
      'GeoJSON without hole lines',
      Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { golf: 'green' }, geometry: { type: 'Point', coordinates: [9.5, 55.7] } }] })),
      'greens.geojson',
      new RegExp(NO_HOLES_MESSAGE),
    ],
  ])('answers 400 for %s', async (_what, data, filename, message) => {
    const before = await courseCount();
    for (const path of ['/preview', '']) {
      const res = await send(owner, ids.dkClubId, path, data, filename);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await courseCount()).toBe(before);
  });

  describe('files that would cost too much to read', () => {
    const collection = (features: string) => Buffer.from(`{"type":"FeatureCollection","features":[${features}]}`);
    const holeLine = (ref: number) =>
      JSON.stringify({ type: 'Feature', properties: { golf: 'hole', ref: String(ref) }, geometry: { type: 'LineString', coordinates: [[9.5, 55.7 + ref * 0.001], [9.503, 55.7 + ref * 0.001]] } });
    const osm = (body: string) => Buffer.from(`<?xml version="1.0"?><osm version="0.6" generator="hostile">${body}</osm>`);

    it.each([
      ['JSON nested 100,000 levels deep', () => collection(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 'deep.geojson', 413, 'The file nests more than 64 levels deep; it cannot be read.'],
      [
        'a line of 600,000 positions (each a JSON array)',
        () => collection(`{"type":"Feature","properties":{"golf":"hole","ref":"1"},"geometry":{"type":"LineString","coordinates":[${'[9.5,55.7],'.repeat(600_000)}[9.5,55.8]]}}`),
        'dense.geojson',
        413,
        'The file holds more than 500,000 JSON arrays and objects (a position is one); at most 500,000 can be read.',
      ],
      [
        '201 hole lines',
        () => collection(Array.from({ length: 201 }, (_, i) => holeLine(i + 1)).join(',')),
        'holes.geojson',
        400,
        'The file has 201 hole lines; at most 200 can be read (a course has at most 27 holes).',
      ],
      [
        'OSM XML of 100,000 elements',
        () => osm(Array.from({ length: 100_000 }, (_, i) => `<node id="${i + 1}" lat="55.7" lon="9.5"/>`).join('')),
        'big.osm',
        413,
        'The file holds more than 80,000 XML elements; at most 80,000 can be read. Export a smaller area.',
      ],
      ['OSM XML nested 1,000 levels deep', () => osm(`${'<tag>'.repeat(1000)}${'</tag>'.repeat(1000)}`), 'deep.osm', 413, 'The file nests more than 64 levels deep; it cannot be read.'],
      [
        'XML declaring entities (a billion laughs)',
        () =>
          Buffer.from(
            `<?xml version="1.0"?><!DOCTYPE osm [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><osm><node id="1" lat="1" lon="2"><tag k="name" v="&c;"/></node></osm>`,
          ),
        'laughs.osm',
        400,
        'The file declares XML entities; an OpenStreetMap export has none.',
      ],
    ])('refuses %s before parsing it, and creates nothing', async (_what, data, filename, status, message) => {
      const before = await courseCount();
      const file = data();
      for (const path of ['/preview', '']) {
        const res = await send(owner, ids.dkClubId, path, file, filename);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error).toBe(message);
      }
      expect(await courseCount()).toBe(before);
    });

    it('imports a large file within the limits off the event loop: /api/health answers meanwhile and memory stays bounded', async () => {
      // 18 hole lines across a field of 20,000 small triangular bunkers: each bunker is measured
      // against the hole lines near it, and each hole's ~1,100 features against one another.
      const across = (ref: number) =>
        JSON.stringify({ type: 'Feature', properties: { golf: 'hole', ref: String(ref) }, geometry: { type: 'LineString', coordinates: [[9.5 + ref * 0.0015, 55.7], [9.5 + ref * 0.0015, 55.787]] } });
      const bunkers: string[] = [];
      for (let i = 0; bunkers.length < 20_000; i++) {
        const x = 9.5 + (i % 100) * 0.0003;
        const y = 55.7 + Math.floor(i / 100) * 0.0003;
        const ring = [[x, y], [x + 0.0001, y], [x, y + 0.0001], [x, y]];
        bunkers.push(JSON.stringify({ type: 'Feature', properties: { golf: 'bunker' }, geometry: { type: 'Polygon', coordinates: [ring] } }));
      }
      const file = collection([...Array.from({ length: 18 }, (_, i) => across(i + 1)), ...bunkers].join(','));
      // The confirming call: reading, matching, validating and the status checks of 18 drawings.
      const { result: res, rssGrowthMb, longestStallMs, healthAnswers } = await watched(t, () => send(owner, ids.dkClubId, '', file, 'many-bunkers.geojson'));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(Course.parse(res.json()).holes).toHaveLength(18);
      expect(healthAnswers).toBeGreaterThan(0);
      // Reading, matching and the checks stalled the event loop for 4.5 s when they ran on it; what
      // is left is writing the drawings (on PGlite, which runs in this process) and the answer.
      expect(longestStallMs).toBeLessThan(2000);
      expect(rssGrowthMb).toBeLessThan(300);
    });
  });

  it('answers 400 for a file in another field and 415 without multipart', async () => {
    const res = await send(owner, ids.dkClubId, '/preview', TWO_HOLES, 'two-holes.osm', 'file');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/"data"/);
    const json = await t.app.inject({ method: 'POST', url: url(ids.dkClubId, '/preview'), headers: { authorization: `Bearer ${owner}` }, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('answers 413 for a file over MAX_IMPORT_BYTES', async () => {
    const big = Buffer.alloc(MAX_IMPORT_BYTES + 1024, 0x20);
    const res = await preview(owner, big, 'huge.geojson');
    expect(res.statusCode).toBe(413);
  });

  it('answers 413 with the limit for a 40 MB GeoJSON, even when the parser hands over its first 20 MB without an error, and creates nothing', async () => {
    // Features of a valid collection, spaced out: the first 20 MB alone are not JSON.
    const feature = JSON.stringify({ type: 'Feature', properties: { golf: 'green', ref: '1' }, geometry: { type: 'Point', coordinates: [10, 56] } });
    const body = `{"type":"FeatureCollection","features":[${Array.from({ length: 200_000 }, () => feature).join(`,${' '.repeat(110)}`)}]}`;
    const data = Buffer.from(body);
    expect(data.length).toBeGreaterThan(40 * 1024 * 1024);
    const before = await courseCount();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const path of ['/preview', '']) {
      const res = await postInTwoWrites({
        port: Number(new URL(address).port),
        path: url(ids.dkClubId, path),
        token: owner,
        field: 'data',
        filename: 'big.geojson',
        data,
        splitAt: MAX_IMPORT_BYTES,
      });
      expect(res.status, res.body).toBe(413);
      expect(res.json()).toEqual({ error: 'The file is larger than 20 MB', code: 'uploads.tooLarge', params: { limit: '20 MB' } });
    }
    expect(await courseCount()).toBe(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
