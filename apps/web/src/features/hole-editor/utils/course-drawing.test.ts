import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '@golf/contract/api/drawings';
import { afterSave, changedHoles, holeOfMapId, loadedHoles, mergeCourse, ownFeatureId, replaceHole, splitCourse, unassignedFeatures, withHole } from './course-drawing';

const f = (id: string, x: number, element = 'bunker'): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [x, 55] }, properties: { element } });
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

const HOLE_1 = drawing(f('a', 1), f('b', 2));
const HOLE_2 = drawing(f('c', 3));
const merged = mergeCourse([
  { holeId: 11, drawing: HOLE_1 },
  { holeId: 12, drawing: HOLE_2 },
  { holeId: 13, drawing: drawing() },
]);
const loaded = loadedHoles(merged, new Map([[11, 4], [12, 7], [13, 0]]));

describe('course drawing', () => {
  it('names each feature by its hole and splits the course back', () => {
    expect(merged.features.map((x) => x.id)).toEqual(['11:a', '11:b', '12:c']);
    expect(holeOfMapId('11:a')).toBe(11);
    expect(holeOfMapId('0f1e2d3c-aaaa-bbbb-cccc-000000000000')).toBeNull();
    expect(ownFeatureId('11:way/123')).toBe('way/123');
    expect(withHole('11:a', 12)).toBe('12:a');
    expect(withHole('11:a', null)).toBe('a');
    const { byHole, unassigned } = splitCourse(drawing(...merged.features, f('new', 9)));
    expect(byHole.get(11)).toEqual(HOLE_1.features);
    expect(unassigned.map((x) => x.id)).toEqual(['new']);
  });

  it('sends nothing while nothing changed', () => {
    expect(changedHoles(loaded, merged)).toEqual([]);
  });

  it('sends only the changed holes, whole, with the version each was loaded at', () => {
    const now = drawing(merged.features[0], { ...merged.features[1], geometry: { type: 'Point', coordinates: [2.5, 55] } }, merged.features[2]);
    expect(changedHoles(loaded, now)).toEqual([{ hole_id: 11, version: 4, drawing: drawing(f('a', 1), f('b', 2.5)) }]);
  });

  it('a feature given to another hole changes both; a new one changes its hole; one of no hole changes none', () => {
    const now = drawing(merged.features[0], { ...merged.features[1], id: '12:b' }, merged.features[2], f('13:n', 5), f('loose', 6));
    expect(changedHoles(loaded, now)).toEqual([
      { hole_id: 11, version: 4, drawing: drawing(f('a', 1)) },
      { hole_id: 12, version: 7, drawing: drawing(f('b', 2), f('c', 3)) },
      { hole_id: 13, version: 0, drawing: drawing(f('n', 5)) },
    ]);
    expect(unassignedFeatures(now).map((x) => x.id)).toEqual(['loose']);
  });

  it('a hole whose features all went is saved empty', () => {
    const now = drawing(merged.features[2]);
    expect(changedHoles(loaded, now).map((h) => [h.hole_id, h.drawing.features.length])).toEqual([[11, 0]]);
  });

  it('after a save takes the saved holes as stored and keeps the others as edited', () => {
    const now = drawing(f('11:a', 1.5), f('12:c', 3.5), f('loose', 6));
    const after = afterSave(now, [{ hole_id: 11, drawing: drawing(f('a', 1.5), f('x', 8)) }]);
    expect(after.features.map((x) => x.id)).toEqual(['11:a', '11:x', '12:c', 'loose']);
    expect(after.features.find((x) => x.id === '12:c')?.geometry).toEqual({ type: 'Point', coordinates: [3.5, 55] });
  });

  it('a reloaded hole is replaced by what is stored, the other holes untouched', () => {
    const now = drawing(f('11:a', 1.5), f('12:c', 3.5));
    const after = replaceHole(now, 12, drawing(f('c', 3), f('d', 4)));
    expect(after.features).toEqual([f('11:a', 1.5), f('12:c', 3), f('12:d', 4)]);
  });
});
