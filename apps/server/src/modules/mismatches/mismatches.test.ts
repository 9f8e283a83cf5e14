import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeesResponse, type Course } from '@golf/contract/api/courses';
import { Element } from '@golf/contract/api/graphics';
import { Guide } from '@golf/contract/api/guides';
import { ComputeMismatchesResponse, MismatchComputation, MismatchGuides, MismatchList, type Mismatch, type MismatchKind } from '@golf/contract/api/mismatches';
import { signInActors } from '../../../test/actors';
import { createTestCourse, offset, polygon, ring, sampleHoleDrawing } from '../../../test/courses';
import { holeRanges } from './compute';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

const ORIGIN: [number, number] = [9.5357, 55.7113];

describe(`mismatches (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'admin' | 'owner' | 'staff' | 'regionOwner', string> & { anonymous: null };
  let course: Course;
  let guide: Guide;
  let extraTeeId: number;

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, token: string | null = tokens.admin) =>
    call(t.app, method, `/api/${path}`, { token: token ?? undefined, payload });
  const club = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => call(t.app, method, `/api/clubs/${ids.dkClubId}/${path}`, { token: tokens.owner, payload });
  const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);

  /** Asks for a computation and waits until the queue has finished it. */
  async function recompute() {
    const res = await admin('POST', 'admin/mismatches/compute');
    ok(res, 202);
    const { computation } = ComputeMismatchesResponse.parse(res.json());
    for (let i = 0; i < 300; i++) {
      const state = await admin('GET', `admin/mismatches/compute/${computation.job_id}`);
      ok(state);
      const c = MismatchComputation.parse(state.json());
      if (c.state === 'completed') return c;
      if (c.state === 'failed' || c.state === 'cancelled') throw new Error(`the computation ${c.state}: ${c.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the computation did not finish');
  }
  async function list(query = '') {
    const res = await admin('GET', `admin/mismatches?limit=500${query}`);
    ok(res);
    return MismatchList.parse(res.json());
  }
  const ofCourse = (items: Mismatch[], kind: MismatchKind) => items.filter((m) => m.kind === kind && m.course_id === course.id);
  const ofGuide = (items: Mismatch[], kind: MismatchKind) => items.filter((m) => m.kind === kind && m.guide_id === guide.guide_id);

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      regionOwner: { email: 'region-owner@example.com', password: 'region-owner-pw', regionRoles: { [ids.dkRegionId]: ['owner'] } },
    });
    // A course of three holes, its first hole drawn, the others not.
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Mismatch course', holes: 3 });
    const drawing = sampleHoleDrawing(ORIGIN);
    ok(await club('POST', `holes/${course.holes[0].id}/save_drawing`, { drawing }));
    // A tee added afterwards has no distance on any hole.
    const tee = await club('POST', 'tees', { course_id: course.id, name: 'Blue', color: '#1565c0' });
    ok(tee, 201);
    extraTeeId = (tee.json() as { id: number }).id;
    // A guide of the course with a distance marker of 250 m on hole 2 (its tees are 320 and 280 m).
    const created = await club('POST', 'guides', { title: 'Mismatch guide', course_ids: [course.id] });
    ok(created, 201);
    guide = Guide.parse(created.json());
    ok(await club('POST', `guides/${guide.guide_id}/holes/${course.holes[1].id}/distance_markers`, [250]));
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers no run before the first computation, and the guides for the picker', async () => {
    const before = await list();
    expect(before.run).toBeNull();
    expect(before.items).toEqual([]);
    const guides = await admin('GET', 'admin/mismatches/guides');
    ok(guides);
    expect(MismatchGuides.parse(guides.json()).find((g) => g.id === guide.guide_id)).toMatchObject({ title: 'Mismatch guide', club_id: ids.dkClubId });
  });

  it('finds holes without a drawing and a tee without distances', async () => {
    await recompute();
    const { run, items } = await list();
    expect(run?.finished_at).toBeTruthy();
    expect(ofCourse(items, 'holeWithoutDrawing').map((m) => m.hole_number)).toEqual([2, 3]);
    expect(ofCourse(items, 'teeWithoutDistance')).toMatchObject([
      { severity: 'error', club_name: 'Fjordvang Golfklub', course_name: 'Mismatch course', hole_id: null, details: { tee_id: extraTeeId, tee: 'Blue', holes: '1–3', count: 3 } },
    ]);
    expect(ofCourse(items, 'greenOutsideBoundary')).toEqual([]);
  });

  /** PUT graphics/elements/{id}: the element's rules changed as given (the rest kept); answers its rules before. */
  async function changeRules(name: string, change: Partial<Pick<Element, 'requiredAttributes' | 'mustLieInside' | 'minAreaM2' | 'maxAreaM2'>>) {
    const elements = await admin('GET', 'graphics/elements');
    ok(elements);
    const element = Element.array().parse(elements.json()).find((e) => e.name === name)!;
    const rules = { requiredAttributes: element.requiredAttributes, mustLieInside: element.mustLieInside, minAreaM2: element.minAreaM2, maxAreaM2: element.maxAreaM2 };
    const body = { groupName: element.groupName, layerName: element.layerName, geometryType: element.geometryType, shorthand: element.shorthand, ...rules, ...change };
    ok(await admin('PUT', `graphics/elements/${element.id}`, body));
    return rules;
  }

  it('finds a green outside its boundary and an element breaking its catalogue rule', async () => {
    // Hole 2: the green 30 m beyond the boundary's far edge, saved while the catalogue let greens lie anywhere.
    const greenRules = await changeRules('green', { mustLieInside: null });
    const drawing = sampleHoleDrawing(ORIGIN);
    drawing.features = drawing.features.map((f) => (f.id === 'green-1' ? polygon('green-1', 'green', [ring(ORIGIN, [[-10, 420], [10, 420], [10, 440], [-10, 440]])]) : f));
    ok(await club('POST', `holes/${course.holes[1].id}/save_drawing`, { drawing }));
    await changeRules('green', { mustLieInside: 'hole boundary' });
    // The catalogue: a bunker is at most 50 m² (the sample's is 100 m²).
    const bunkerRules = await changeRules('bunker', { minAreaM2: null, maxAreaM2: 50 });
    await recompute();
    const { items } = await list();
    expect(ofCourse(items, 'greenOutsideBoundary').map((m) => m.hole_number)).toEqual([2]);
    const breaches = ofCourse(items, 'catalogueRule');
    const bunkers = breaches.filter((m) => m.details.element === 'bunker');
    expect(bunkers.map((m) => m.hole_number)).toEqual([1, 2]);
    expect(bunkers[0]).toMatchObject({ severity: 'warning', details: { feature_id: 'bunker-1', rule: 'areaTooLarge', max: 50 } });
    expect(breaches.filter((m) => m.details.element === 'green')).toMatchObject([{ hole_number: 2, details: { feature_id: 'green-1', rule: 'mustLieInside', container: 'hole boundary' } }]);
    // The bunker's rule taken back: its breaches are gone at the next computation.
    await changeRules('bunker', bunkerRules);
    await changeRules('green', greenRules);
    await recompute();
    expect(ofCourse((await list()).items, 'catalogueRule').filter((m) => m.details.element === 'bunker')).toEqual([]);
  });

  it("finds a distance marker at or beyond the hole's longest tee, and not once the hole is longer than it", async () => {
    // Hole 2's tees are 320 and 280 m; its 250 m marker (set up above) lies inside it: no finding yet.
    const hole = course.holes[1];
    const courseTees = TeesResponse.parse((await club('GET', `tees?course_id=${course.id}`)).json()).filter((tee) => tee.id !== extraTeeId);
    expect(courseTees).toHaveLength(2);
    const base = { club_id: ids.dkClubId, name: hole.name, par: hole.par, handicap: hole.handicap, pro_guideline: hole.pro_guideline };
    const setDistances = async (metres: number[]) =>
      ok(await club('PUT', `holes/${hole.id}`, { ...base, distances: courseTees.map((tee, i) => ({ tee_id: tee.id, distance: metres[i] })) }));
    const markerFindings = async () => ofGuide((await list()).items, 'markerBeyondHole');
    const expected = (holeLength: number) => [
      {
        kind: 'markerBeyondHole',
        severity: 'warning',
        club_id: ids.dkClubId,
        guide_id: guide.guide_id,
        guide_title: 'Mismatch guide',
        course_id: course.id,
        hole_id: hole.id,
        hole_number: 2,
        details: { distance: 250, hole_length: holeLength },
      },
    ];
    expect(await markerFindings()).toEqual([]);
    // Shortened to 240 m from every tee: the marker lies beyond the hole.
    await setDistances([240, 240]);
    await recompute();
    expect(await markerFindings()).toMatchObject(expected(240));
    // The longest tee exactly at the marker's 250 m: still found (at, not only beyond).
    await setDistances([250, 230]);
    await recompute();
    expect(await markerFindings()).toMatchObject(expected(250));
    // Fixed: the longest tee 260 m, beyond the marker; the next computation no longer finds it.
    await setDistances([260, 230]);
    await recompute();
    expect(await markerFindings()).toEqual([]);
  });

  it("finds a guide showing a tee its courses no longer have", async () => {
    // The guide shows the Blue tee, which is then deleted from the course.
    const current = Guide.parse((await club('GET', `guides/${guide.guide_id}`)).json());
    ok(await club('PUT', `guides/${guide.guide_id}`, { version: current.version, settings: { ...current.settings, tee_ids: [extraTeeId] } }));
    ok(await club('DELETE', `tees/${extraTeeId}`), 204);
    await recompute();
    const { items } = await list();
    expect(ofCourse(items, 'teeWithoutDistance')).toEqual([]);
    // The courses area deletes the tee without touching the guides (it never writes them): the guide still names it.
    expect(ofGuide(items, 'guideRemovedTee')).toMatchObject([{ severity: 'error', details: { tee_id: extraTeeId } }]);
  });

  it("finds a guide showing a pin setup that was deleted", async () => {
    const setup = await club('POST', 'pin-setups', { id: null, name: 'Mismatch pins', courseId: course.id, clubId: ids.dkClubId });
    ok(setup, 201);
    const pinSetupId = (setup.json() as { id: number }).id;
    const current = Guide.parse((await club('GET', `guides/${guide.guide_id}`)).json());
    ok(await club('PUT', `guides/${guide.guide_id}`, { version: current.version, settings: { ...current.settings, tee_ids: [], pin_setup_id: pinSetupId } }));
    await recompute();
    expect(ofGuide((await list()).items, 'guideRemovedPinSetup')).toEqual([]);
    ok(await club('DELETE', `pin-setups/${pinSetupId}`), 204);
    await recompute();
    const { items } = await list();
    expect(ofGuide(items, 'guideRemovedPinSetup')).toMatchObject([{ severity: 'warning', details: { pin_setup_id: pinSetupId } }]);
    // The tee the guide no longer shows is no longer found.
    expect(ofGuide(items, 'guideRemovedTee')).toEqual([]);
  });

  it('finds a guide whose course was deleted: no course left, and its overview naming the gone course', async () => {
    const other = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Short-lived course', holes: 1 });
    const created = await club('POST', 'guides', { title: 'Orphan guide', course_ids: [other.id] });
    ok(created, 201);
    const orphan = Guide.parse(created.json());
    ok(await club('PUT', `guides/${orphan.guide_id}`, { version: orphan.version, settings: { ...orphan.settings, overview: { ...orphan.settings.overview, course_id: other.id } } }));
    ok(await club('DELETE', `courses/${other.id}`), 204);
    await recompute();
    const mine = (await list(`&guide_id=${orphan.guide_id}`)).items;
    expect(mine.map((m) => m.kind).sort()).toEqual(['guideRemovedCourse', 'guideWithoutCourses']);
    expect(mine.find((m) => m.kind === 'guideRemovedCourse')).toMatchObject({ guide_title: 'Orphan guide', course_id: null, details: { referenced_course_id: other.id } });
  });

  it('filters by guide (its own findings and its courses\') and by club and severity', async () => {
    const all = await list();
    const byGuide = await list(`&guide_id=${guide.guide_id}`);
    expect(byGuide.items.length).toBeGreaterThan(0);
    expect(byGuide.items.every((m) => m.guide_id === guide.guide_id || (m.guide_id === null && m.course_id === course.id))).toBe(true);
    expect(byGuide.items.length).toBe(all.items.filter((m) => m.guide_id === guide.guide_id || (m.guide_id === null && m.course_id === course.id)).length);
    const errors = await list(`&guide_id=${guide.guide_id}&severity=error`);
    expect(errors.items.every((m) => m.severity === 'error')).toBe(true);
    expect(errors.total).toBe(byGuide.errors);
    const seClub = await list(`&club_id=${ids.seClubId}`);
    expect(seClub.items.every((m) => m.club_id === ids.seClubId)).toBe(true);
    ok(await admin('GET', 'admin/mismatches?guide_id=99999999'), 404);
  });

  it('keeps a dismissed finding hidden after the next computation, and removes a fixed one', async () => {
    const before = await list();
    const [outside] = ofCourse(before.items, 'greenOutsideBoundary');
    expect(outside.hole_number).toBe(2);
    ok(await admin('POST', `admin/mismatches/${outside.id}/dismiss`), 204);
    expect(ofCourse((await list()).items, 'greenOutsideBoundary')).toEqual([]);
    ok(await admin('POST', `admin/mismatches/${outside.id}/dismiss`), 404);
    // Hole 3 drawn: fixed.
    expect(ofCourse(before.items, 'holeWithoutDrawing').map((m) => m.hole_number)).toEqual([3]);
    ok(await club('POST', `holes/${course.holes[2].id}/save_drawing`, { drawing: sampleHoleDrawing(offset(ORIGIN, 500, 0)) }));
    await recompute();
    const after = await list();
    expect(after.run!.id).toBeGreaterThan(before.run!.id);
    expect(ofCourse(after.items, 'holeWithoutDrawing')).toEqual([]);
    // The dismissed green is still outside its boundary, and still not shown.
    expect(ofCourse(after.items, 'greenOutsideBoundary')).toEqual([]);
    expect(after.items.some((m) => m.fingerprint === outside.fingerprint)).toBe(false);
  });

  it('names the holes of a tee without distances as ranges', () => {
    expect(holeRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(holeRanges([9])).toBe('9');
    expect(holeRanges([4, 2, 3, 3])).toBe('2–4');
  });

  it('refuses bad input with 4xx', async () => {
    for (const query of ['limit=0', 'limit=100000', 'guide_id=abc', 'severity=fatal', 'club_id=-1']) ok(await admin('GET', `admin/mismatches?${query}`), 400);
    ok(await admin('GET', 'admin/mismatches/compute/not-a-uuid'), 400);
    ok(await admin('GET', 'admin/mismatches/compute/00000000-0000-4000-8000-000000000000'), 404);
    ok(await admin('POST', 'admin/mismatches/abc/dismiss'), 400);
    ok(await admin('POST', 'admin/mismatches/99999999/dismiss'), 404);
  });

  it('refuses everyone but administrators (region owner, club owner, club user, no token)', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['GET', 'admin/mismatches'],
      ['GET', `admin/mismatches?guide_id=${guide.guide_id}`],
      ['GET', 'admin/mismatches/guides'],
      ['POST', 'admin/mismatches/compute'],
      ['GET', 'admin/mismatches/compute/00000000-0000-4000-8000-000000000000'],
      ['POST', 'admin/mismatches/1/dismiss'],
    ];
    for (const [method, path] of calls) {
      for (const who of ['regionOwner', 'owner', 'staff'] as const) ok(await admin(method, path, undefined, tokens[who]), 403);
      ok(await admin(method, path, undefined, null), 401);
    }
  });
});
