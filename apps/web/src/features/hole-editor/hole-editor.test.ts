import { describe, expect, it } from 'vitest';
import { editorModeOf, MODE_CONTEXT } from './utils/modes';
import { neighbourHoleIds } from './utils/neighbours';
import { distancesWith, legLengths, parseHeight, profilePath, vertexRows, withHeight } from './utils/play-line';

/** Positions on a flat line: x is metres. */
const flat = (a: number[], b: number[]) => Math.abs(b[0] - a[0]);

describe('editor screens', () => {
  it('tells the screen from the last path segment', () => {
    expect(editorModeOf('/1/courses/2/holes/3/edit')).toBe('edit');
    expect(editorModeOf('/1/courses/2/holes/3/edit-pin-chart')).toBe('edit-pin-chart');
    expect(editorModeOf('/1/courses/2/holes/3/edit-elevation/')).toBe('edit-elevation');
    expect(editorModeOf('/1/courses/2/holes/3')).toBe('edit');
    expect(MODE_CONTEXT['edit-labels']).toBe('labels');
    expect(MODE_CONTEXT.edit).toBe('hole');
  });
});

describe('play line legs and elevation table', () => {
  const line = [[0, 0], [200, 0], [350, 0]];

  it('measures each leg and the distance of each vertex from the tee', () => {
    expect(legLengths(line, flat)).toEqual([200, 150]);
    expect(vertexRows(line, flat)).toEqual([
      { index: 0, distance: 0, height: null },
      { index: 1, distance: 200, height: null },
      { index: 2, distance: 350, height: null },
    ]);
    expect(vertexRows([[0, 0, 12.5], [10, 0, 14]], flat).map((r) => r.height)).toEqual([12.5, 14]);
  });

  it('gives every vertex a height once one is set, interpolating by distance and constant at the ends', () => {
    const one = withHeight(line, 2, 10, flat);
    expect(one.map((c) => c[2])).toEqual([10, 10, 10]);
    const two = withHeight(one.map((c, i) => (i === 1 ? [c[0], c[1]] : c)), 0, 30, flat);
    // Vertex 1 had no height: interpolated between 30 at 0 m and 10 at 350 m.
    expect(two[0][2]).toBe(30);
    expect(two[1][2]).toBeCloseTo(30 - (20 * 200) / 350, 2);
    expect(two[2][2]).toBe(10);
  });

  it('keeps the other heights when one is changed, and drops z when the last height is cleared', () => {
    const withZ = [[0, 0, 5], [200, 0, 7], [350, 0, 9]];
    expect(withHeight(withZ, 1, 8, flat).map((c) => c[2])).toEqual([5, 8, 9]);
    expect(withHeight([[0, 0, 5], [10, 0, 5]], 0, null, flat)).toEqual([[0, 0, 5], [10, 0, 5]]);
    expect(withHeight([[0, 0], [10, 0]], 0, null, flat)).toEqual([[0, 0], [10, 0]]);
  });

  it('parses heights typed with a comma or point, empty as none, and refuses text', () => {
    expect(parseHeight('12,5')).toBe(12.5);
    expect(parseHeight(' -3 ')).toBe(-3);
    expect(parseHeight('')).toBeNull();
    expect(parseHeight('abc')).toBeNaN();
    expect(parseHeight('1e3')).toBeNaN();
    expect(parseHeight('99999')).toBeNaN();
  });

  it('draws the profile path across the box, highest point at the top', () => {
    const rows = vertexRows([[0, 0, 10], [100, 0, 20], [200, 0, 10]], flat);
    expect(profilePath(rows, 208, 108, 4)).toBe('M 4.0 104.0 L 104.0 4.0 L 204.0 104.0');
    expect(profilePath(vertexRows(line, flat), 100, 50)).toBe('');
  });
});

describe('where an empty hole opens', () => {
  const holes = [{ id: 11 }, { id: 12 }, { id: 13 }];

  it('takes the holes before and after it in the course order', () => {
    expect(neighbourHoleIds(holes, 12)).toEqual([11, 13]);
    expect(neighbourHoleIds(holes, 11)).toEqual([12]);
    expect(neighbourHoleIds(holes, 13)).toEqual([12]);
    expect(neighbourHoleIds(holes, 99)).toEqual([]);
    expect(neighbourHoleIds([{ id: 5 }], 5)).toEqual([]);
  });
});

describe('the play line as a hole distance', () => {
  it("sets the distance from one tee and keeps the hole's others (the call replaces the list)", () => {
    const all = [
      { hole_id: 1, tee_id: 7, distance: 350 },
      { hole_id: 1, tee_id: 8, distance: 300 },
      { hole_id: 2, tee_id: 7, distance: 150 },
    ];
    expect(distancesWith(all, 1, 8, 312)).toEqual([
      { tee_id: 7, distance: 350 },
      { tee_id: 8, distance: 312 },
    ]);
    expect(distancesWith(all, 2, 8, 140)).toEqual([
      { tee_id: 7, distance: 150 },
      { tee_id: 8, distance: 140 },
    ]);
    expect(distancesWith([], 3, 7, 99)).toEqual([{ tee_id: 7, distance: 99 }]);
  });
});
