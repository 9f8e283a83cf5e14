import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrawingResponse, type Drawing } from '@golf/contract/api/drawings';
import type { Course } from '@golf/contract/api/courses';
import { buildTestApp, call, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { circle, courseActors, createTestCourse, offset, polygon, sampleHoleDrawing, type CourseActor } from '../../../test/courses';
import { DRAWING_REVIEW_TIMEOUT_MS, drawingReviewLimits } from './drawing-service';
import { drawingPositions, INLINE_REVIEW_POSITIONS } from './drawing-review';

const ORIGIN: [number, number] = [9.5357, 55.7113];

/** A closed ring along the rectangle's edges (metres east/north of the origin) with `n` corners. */
function denseRectangle(west: number, south: number, east: number, north: number, n: number): [number, number][] {
  const perimeter = 2 * (east - west + north - south);
  const r = Array.from({ length: n }, (_, i) => {
    let d = (perimeter * i) / n;
    if (d < east - west) return offset(ORIGIN, west + d, south);
    d -= east - west;
    if (d < north - south) return offset(ORIGIN, east, south + d);
    d -= north - south;
    if (d < east - west) return offset(ORIGIN, east - d, north);
    return offset(ORIGIN, west, north - (d - (east - west)));
  });
  return [...r, r[0]];
}

/**
 * The sample hole with a boundary of 4,000 corners and a green of 3,000: more positions than a save
 * reviews on the event loop. `fairwayOut` moves the fairway partly past the boundary's east edge.
 */
function largeDrawing(fairwayOut = false): Drawing {
  const sample = sampleHoleDrawing(ORIGIN);
  const fairway = fairwayOut ? denseRectangle(40, 150, 80, 320, 40) : denseRectangle(-20, 150, 20, 320, 40);
  return {
    ...sample,
    features: sample.features.map((f) => {
      if (f.id === 'boundary') return polygon('boundary', 'hole boundary', [denseRectangle(-60, -20, 60, 390, 4000)]);
      if (f.id === 'green-1') return polygon('green-1', 'green', [circle(ORIGIN, [0, 350], 15, 3000)]);
      if (f.id === 'fairway-1') return polygon('fairway-1', 'fairway', [fairway]);
      return f;
    }),
  };
}

describe(`large drawings are reviewed in the drawing worker (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let course: Course;
  let tokens: Record<CourseActor, string>;
  const save = (holeId: number, payload: unknown) => call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${holeId}/save_drawing`, { token: tokens.owner, payload });
  const status = async (check: string) => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/status/${check}?course_id=${course.id}`, { token: tokens.owner });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ ids, tokens } = await courseActors(t));
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Large drawings', holes: 3 });
  });
  afterAll(() => t?.close());

  it('saves a large drawing with its status checks, as an everyday one is saved', async () => {
    const drawing = largeDrawing();
    expect(drawingPositions(drawing)).toBeGreaterThan(INLINE_REVIEW_POSITIONS);
    const res = await save(course.holes[0].id, { drawing, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(DrawingResponse.parse(res.json()).version).toBe(1);
    // The checks stored with it: the green inside the boundary, nothing crossing itself.
    expect((await status('greens-within-boundary'))[String(course.holes[0].id)]).toBe(true);
    expect((await status('self-intersections'))[String(course.holes[0].id)]).toEqual([]);
  });

  it("refuses a large drawing that breaks a catalogue rule with the rule's problem", async () => {
    const res = await save(course.holes[1].id, { drawing: largeDrawing(true), version: 0 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'drawings.oneProblem',
      details: [
        {
          path: 'fairway-1',
          message: expect.stringMatching(/hole boundary/),
          // The worker's problem keeps its code and parameters.
          code: 'drawings.problem.mustLieInside',
          params: { element: 'fairway', feature: 'fairway-1', container: 'hole boundary' },
        },
      ],
    });
    // Nothing was written.
    const get = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/holes/${course.holes[1].id}/drawing/1`, { token: tokens.owner });
    expect(DrawingResponse.parse(get.json()).version).toBe(0);
  });

  it('answers 413 drawings.tooComplex past the time limit, and reviews an everyday drawing on the event loop all the while', async () => {
    const limit = drawingReviewLimits.timeoutMs;
    drawingReviewLimits.timeoutMs = 1;
    try {
      const res = await save(course.holes[2].id, { drawing: largeDrawing(), version: 0 });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'drawings.tooComplex', params: { seconds: DRAWING_REVIEW_TIMEOUT_MS / 1000 } });
      // An everyday drawing is not sent to the worker: the 1 ms limit does not touch it.
      const small = await save(course.holes[2].id, { drawing: sampleHoleDrawing(ORIGIN), version: 0 });
      expect(small.statusCode, small.body).toBe(200);
    } finally {
      drawingReviewLimits.timeoutMs = limit;
    }
    // The server goes on, and the worker is fresh for the next large drawing.
    const again = await save(course.holes[2].id, { drawing: largeDrawing(), version: 1 });
    expect(again.statusCode, again.body).toBe(200);
  });
});
