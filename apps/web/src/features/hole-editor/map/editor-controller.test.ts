import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { CATALOGUE_CONTEXTS, EL } from '@golf/contract/graphics-catalogue';
import { toLonLat } from 'ol/proj';
import { createMeasurer } from '../../../lib/map/measure';
import { HoleEditorController } from './editor-controller';
import { stubResizeObserver } from '../../../testing/resize-observer';

const GEOMETRY: Record<string, ElementForEdit['geometryType']> = { [EL.playLine]: 'line', [EL.tPoint]: 'point', [EL.label]: 'point', [EL.pinPosition]: 'point' };
const ELEMENTS: ElementForEdit[] = [EL.green, EL.bunker, EL.fairway, EL.playLine, EL.tPoint, EL.label, EL.pinPosition].map((name, i) => ({
  id: i + 1,
  name,
  groupName: 'g',
  layerName: 'l',
  geometryType: GEOMETRY[name] ?? 'polygon',
  shorthand: name.slice(0, 2),
  zIndex: i,
  style: {},
}));
const HOLE_CONTEXT = new Set(CATALOGUE_CONTEXTS.find(([name]) => name === 'hole')![1]);

const r7 = (n: number) => Number(n.toFixed(7));
const square = (lon: number, lat: number, d: number) => [[[lon, lat], [r7(lon + d), lat], [r7(lon + d), r7(lat + d)], [lon, r7(lat + d)], [lon, lat]]];
const FEATURES: DrawingFeature[] = [
  { type: 'Feature', id: 'green', geometry: { type: 'Polygon', coordinates: square(9.536, 55.712, 0.0003) }, properties: { element: EL.green } },
  { type: 'Feature', id: 'bunker', geometry: { type: 'Polygon', coordinates: square(9.5358, 55.7119, 0.0001) }, properties: { element: EL.bunker, attributes: { depth: '1' } } },
  {
    type: 'Feature',
    id: 'line',
    geometry: { type: 'LineString', coordinates: [[9.534, 55.71, 12.5], [9.535, 55.711, 14], [9.5361, 55.7121, 13]] },
    properties: { element: EL.playLine },
  },
  { type: 'Feature', id: 'tpoint', geometry: { type: 'Point', coordinates: [9.5361, 55.712] }, properties: { element: EL.tPoint } },
  { type: 'Feature', id: 'label', geometry: { type: 'Point', coordinates: [9.535, 55.7115] }, properties: { element: EL.label, label: 'Out of bounds left' } },
  // An element the catalogue does not know (e.g. removed later): kept as it is.
  { type: 'Feature', id: 'odd', geometry: { type: 'Point', coordinates: [9.5355, 55.7112] }, properties: { element: 'retired element' } },
];
const DRAWING: Drawing = { type: 'FeatureCollection', features: FEATURES };

let controller: HoleEditorController | null = null;

beforeAll(() => {
  stubResizeObserver();
});

afterEach(() => {
  controller?.destroy();
  controller = null;
});

function open(mode: 'edit' | 'edit-play-lines' | 'edit-pin-chart', editable: ReadonlySet<string>, drawing = DRAWING, neighbours: Drawing[] = []) {
  const target = document.createElement('div');
  document.body.append(target);
  controller = new HoleEditorController({ target, mode, elements: ELEMENTS, editable, measurer: createMeasurer(4326), language: 'en', fallbackCenter: [9.5357, 55.7113], neighbours });
  controller.load(drawing);
  return controller;
}

const byId = (drawing: Drawing) => new Map(drawing.features.map((f) => [f.id, f]));

describe('editor save keeps what the screen does not edit', () => {
  it("on 'edit' keeps the play line (with heights), T-point, label and unknown elements when areas change", () => {
    const c = open('edit', HOLE_CONTEXT);
    expect(c.getState().counts).toMatchObject({ [EL.playLine]: 1, [EL.tPoint]: 1, [EL.label]: 1, 'retired element': 1, [EL.green]: 1 });
    c.selectElement(EL.bunker);
    c.deleteSelected();
    const saved = byId(c.getDrawing());
    expect(saved.has('bunker')).toBe(false);
    expect(saved.get('green')?.geometry).toEqual(FEATURES[0].geometry);
    for (const id of ['line', 'tpoint', 'label', 'odd']) expect(saved.get(id)).toEqual(FEATURES.find((f) => f.id === id));
    expect(c.getDrawing().features).toHaveLength(FEATURES.length - 1);
  });

  it("on 'edit' the read-only features cannot be selected from the layer list", () => {
    const c = open('edit', HOLE_CONTEXT);
    c.selectElement(EL.playLine);
    expect(c.getState().selected).toEqual([]);
    c.deleteSelected();
    expect(c.getDrawing().features).toHaveLength(FEATURES.length);
  });

  it('on the play-lines screen keeps every area, with its attributes, when the play line is deleted', () => {
    const c = open('edit-play-lines', new Set([EL.playLine]));
    c.selectElement(EL.playLine);
    expect(c.getState().selected.map((s) => s.id)).toEqual(['line']);
    c.deleteSelected();
    const saved = byId(c.getDrawing());
    expect(saved.has('line')).toBe(false);
    for (const f of FEATURES.filter((f) => f.id !== 'line')) expect(saved.get(f.id)).toEqual(f);
    c.undo();
    expect(byId(c.getDrawing()).get('line')?.geometry).toEqual(FEATURES[2].geometry);
  });
});

describe('an empty hole', () => {
  const EMPTY: Drawing = { type: 'FeatureCollection', features: [] };
  const centre = (c: HoleEditorController) => toLonLat(c.map.getView().getCenter()!);

  it('opens on the neighbouring holes, which are shown but neither counted nor saved', () => {
    const neighbour: Drawing = { type: 'FeatureCollection', features: [{ ...FEATURES[0], geometry: { type: 'Polygon', coordinates: square(9.51, 55.70, 0.002) } }] };
    const c = open('edit', HOLE_CONTEXT, EMPTY, [neighbour]);
    const [lon, lat] = centre(c);
    expect(lon).toBeCloseTo(9.511, 4);
    expect(lat).toBeCloseTo(55.701, 4);
    expect(c.getState().counts).toEqual({});
    expect(c.getDrawing().features).toEqual([]);
  });

  it('opens on the club when the neighbours are empty too', () => {
    const c = open('edit', HOLE_CONTEXT, EMPTY, [EMPTY]);
    const [lon, lat] = centre(c);
    expect(lon).toBeCloseTo(9.5357, 6);
    expect(lat).toBeCloseTo(55.7113, 6);
  });
});

describe('editing without a pointer', () => {
  const bunkerRing = () => (byId(controller!.getDrawing()).get('bunker')!.geometry as { coordinates: number[][][] }).coordinates[0];

  it('lists every feature with its measures, the read-only ones as not editable', () => {
    const c = open('edit', HOLE_CONTEXT);
    const rows = c.getState().features;
    expect(rows.map((r) => r.id).sort()).toEqual(FEATURES.map((f) => f.id).sort());
    const bunker = rows.find((r) => r.id === 'bunker')!;
    expect(bunker).toMatchObject({ element: EL.bunker, editable: true, selected: false });
    expect(bunker.area).toBeGreaterThan(50);
    expect(rows.find((r) => r.id === 'line')).toMatchObject({ editable: false, area: null });
    expect(rows.find((r) => r.id === 'line')!.length).toBeGreaterThan(100);
    expect(rows.find((r) => r.id === 'label')).toMatchObject({ editable: false, label: 'Out of bounds left' });
  });

  it('selects one feature from the list and lists its vertices (a polygon without its closing point)', () => {
    const c = open('edit', HOLE_CONTEXT);
    c.selectFeature('bunker');
    const state = c.getState();
    expect(state.selected.map((s) => s.id)).toEqual(['bunker']);
    expect(state.features.find((r) => r.id === 'bunker')!.selected).toBe(true);
    expect(state.vertices?.featureId).toBe('bunker');
    expect(state.vertices!.positions).toHaveLength(4);
    expect(state.vertices!.positions[1][0]).toBeCloseTo(9.5359, 7);
    // Read-only features are not selectable, and several selected features have no vertex list.
    c.selectFeature('line');
    expect(c.getState().selected.map((s) => s.id)).toEqual(['bunker']);
    c.selectElement(EL.green);
    c.selectFeature('green');
    expect(c.getState().vertices?.featureId).toBe('green');
  });

  it('puts a vertex at typed coordinates, closing ring included, as one undoable change', () => {
    const c = open('edit', HOLE_CONTEXT);
    c.selectFeature('bunker');
    c.moveVertex(0, [9.5357, 55.71185]);
    const ring = bunkerRing();
    expect(ring[0]).toEqual([9.5357, 55.71185]);
    expect(ring.at(-1)).toEqual([9.5357, 55.71185]);
    expect(c.getState().dirty).toBe(true);
    c.undo();
    expect(bunkerRing()[0]).toEqual([9.5358, 55.7119]);
    expect(c.getState().dirty).toBe(false);
  });

  it('moves the chosen vertex, or the whole feature, by metres', () => {
    const c = open('edit', HOLE_CONTEXT);
    c.selectFeature('bunker');
    c.setActiveVertex(2);
    expect(c.getState().activeVertex).toBe(2);
    const before = c.getState().vertices!.positions[2];
    c.nudgeVertex(2, 0, 10);
    const after = c.getState().vertices!.positions[2];
    expect(c.getState().activeVertex).toBe(2);
    expect(after[0]).toBeCloseTo(before[0], 7);
    expect((after[1] - before[1]) * 111_200).toBeCloseTo(10, 0);
    const ringBefore = bunkerRing();
    c.nudgeFeature(-5, 0);
    const ringAfter = bunkerRing();
    for (let i = 0; i < ringBefore.length; i++) {
      expect(ringAfter[i][1]).toBeCloseTo(ringBefore[i][1], 6);
      expect((ringBefore[i][0] - ringAfter[i][0]) * 111_320 * Math.cos((55.712 * Math.PI) / 180)).toBeCloseTo(5, 0);
    }
    // Another selection forgets the chosen vertex.
    c.selectFeature('green');
    expect(c.getState().activeVertex).toBeNull();
  });

  it('adds a feature from typed positions and selects it; a wrong count or an element of another screen is refused', () => {
    const c = open('edit', HOLE_CONTEXT);
    const before = c.getDrawing().features.length;
    expect(c.addFeature(EL.bunker, [[9.5350, 55.7110], [9.5352, 55.7110], [9.5352, 55.7112]])).toBe(true);
    const added = c.getDrawing().features.find((f) => f.properties.element === EL.bunker && f.id !== 'bunker')!;
    expect(added.geometry).toEqual({ type: 'Polygon', coordinates: [[[9.535, 55.711], [9.5352, 55.711], [9.5352, 55.7112], [9.535, 55.711]]] });
    expect(c.getState().selected.map((s) => s.id)).toEqual([added.id]);
    expect(c.getState().tool).toBe('select');
    expect(c.addFeature(EL.bunker, [[9.535, 55.711], [9.5352, 55.711]])).toBe(false);
    expect(c.addFeature(EL.playLine, [[9.535, 55.711], [9.5352, 55.711]])).toBe(false);
    expect(c.getDrawing().features).toHaveLength(before + 1);
    c.undo();
    expect(c.getDrawing().features).toHaveLength(before);
  });

  it('a typed point replaces the one T-point of the hole', () => {
    const c = open('edit-pin-chart', new Set([EL.tPoint, EL.pinPosition]));
    expect(c.addFeature(EL.tPoint, [[9.5362, 55.7121]])).toBe(true);
    const tPoints = c.getDrawing().features.filter((f) => f.properties.element === EL.tPoint);
    expect(tPoints.map((f) => f.geometry)).toEqual([{ type: 'Point', coordinates: [9.5362, 55.7121] }]);
  });
});

describe('the course-wide mapping’s hooks', () => {
  function course(newFeatureId?: (f: DrawingFeature) => string) {
    const target = document.createElement('div');
    document.body.append(target);
    controller = new HoleEditorController({
      target,
      mode: 'edit',
      elements: ELEMENTS,
      editable: new Set([...HOLE_CONTEXT, EL.tPoint]),
      measurer: createMeasurer(4326),
      language: 'en',
      fallbackCenter: [9.5357, 55.7113],
      newFeatureId,
      sameHole: (a, b) => a.split(':')[0] === b.split(':')[0],
    });
    controller.load({
      type: 'FeatureCollection',
      features: [
        { ...FEATURES[0], id: '1:green' },
        { ...FEATURES[3], id: '1:tpoint' },
        { ...FEATURES[0], id: '2:green', geometry: { type: 'Polygon', coordinates: square(9.54, 55.72, 0.0003) } },
        { ...FEATURES[3], id: '2:tpoint' },
      ],
    });
    return controller;
  }

  it('names a new feature by newFeatureId, from the feature as drawn', () => {
    const seen: DrawingFeature[] = [];
    const c = course((f) => {
      seen.push(f);
      return `2:${seen.length}`;
    });
    expect(c.addFeature(EL.bunker, [[9.54, 55.72], [9.5401, 55.72], [9.5401, 55.7201]])).toBe(true);
    expect(seen[0].properties.element).toBe(EL.bunker);
    expect(seen[0].geometry.type).toBe('Polygon');
    expect(c.getDrawing().features.map((f) => f.id)).toContain('2:1');
  });

  it('a placed T-point replaces only the one of its own hole', () => {
    const c = course(() => '2:new-t');
    c.addFeature(EL.tPoint, [[9.5401, 55.7201]]);
    const ids = c.getDrawing().features.map((f) => f.id);
    expect(ids).toContain('1:tpoint');
    expect(ids).not.toContain('2:tpoint');
    expect(ids).toContain('2:new-t');
  });

  it('renames features as one undoable change, keeping them selected', () => {
    const c = course();
    c.selectFeature('1:green');
    c.renameFeatures(new Map([['1:green', '3:green'], ['missing', 'x'], ['2:green', '1:tpoint']]));
    const ids = c.getDrawing().features.map((f) => f.id);
    expect(ids).toContain('3:green');
    // An unknown id and a name already taken are skipped.
    expect(ids).toContain('2:green');
    expect(c.getState().selected.map((s) => s.id)).toEqual(['3:green']);
    c.undo();
    expect(c.getDrawing().features.map((f) => f.id)).toContain('1:green');
  });

  it('zooms to the features an id test picks, and says when there are none', () => {
    const c = course();
    expect(c.zoomTo((id) => id === '2:green')).toBe(true);
    const [lon, lat] = toLonLat(c.map.getView().getCenter()!);
    expect(lon).toBeCloseTo(9.54015, 4);
    expect(lat).toBeCloseTo(55.72015, 4);
    expect(c.zoomTo((id) => id.startsWith('9:'))).toBe(false);
  });
});
