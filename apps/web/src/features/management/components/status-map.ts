import Feature from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import Point from 'ol/geom/Point';
import type Geometry from 'ol/geom/Geometry';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { fromLonLat } from 'ol/proj';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { createBackgroundLayer } from '../../../lib/map/background';
import { courseMapFeatureId, holeIdOfFeature, holeLabelPosition } from '../../../lib/map/course-map';
import { readDrawingFeatures } from '../../../lib/map/geojson';
import { createElementStyler } from '../../../lib/map/ol-style';

/** One drawn hole on the track map: its features, number and whether a check or rule fails. */
export interface StatusMapHole {
  holeId: number;
  order: number;
  failing: boolean;
  features: readonly DrawingFeature[];
}

const FAIL = '#c62828';
const FINE = '#1b5e20';

/** A failing hole's outline: its boundary (or, without one, every shape) in a thick red line over a red wash. */
const FAILING_OUTLINE = new Style({
  stroke: new Stroke({ color: FAIL, width: 4 }),
  fill: new Fill({ color: 'rgba(198, 40, 40, 0.18)' }),
  zIndex: 900,
});

/** The hole's number in a disc: green when fine, red with a white ring and "!" when failing. */
function labelStyle(order: number, failing: boolean): Style {
  return new Style({
    image: new CircleStyle({ radius: failing ? 16 : 13, fill: new Fill({ color: failing ? FAIL : FINE }), stroke: new Stroke({ color: '#ffffff', width: failing ? 3 : 2 }) }),
    text: new Text({ text: failing ? `${order}!` : String(order), font: 'bold 13px sans-serif', fill: new Fill({ color: '#ffffff' }) }),
    zIndex: 1000,
  });
}

/**
 * The track map (issue 27): every drawn hole of a course styled by the catalogue, a failing hole's
 * boundary in red with its number in a red disc, and a click on a hole (any of its shapes or its
 * number) reported by hole id. The view fits the course. Returns a disposer.
 */
export function createStatusMap(target: HTMLElement, holes: readonly StatusMapHole[], elements: readonly ElementForEdit[], onHole: (holeId: number) => void): () => void {
  const styler = createElementStyler(elements);
  const drawn = new VectorSource<Feature<Geometry>>({
    features: readDrawingFeatures(holes.flatMap((h) => h.features.map((f) => ({ ...f, id: courseMapFeatureId(h.holeId, f.id) })))),
  });
  const marks = new VectorSource<Feature<Geometry>>();
  for (const hole of holes.filter((h) => h.failing)) {
    const boundary = hole.features.filter((f) => f.properties.element === EL.holeBoundary);
    const outline = (boundary.length > 0 ? boundary : hole.features.filter((f) => f.geometry.type !== 'Point')).map((f) => ({ ...f, id: courseMapFeatureId(hole.holeId, `mark-${f.id}`) }));
    for (const feature of readDrawingFeatures(outline)) {
      feature.setStyle(FAILING_OUTLINE);
      marks.addFeature(feature);
    }
  }
  for (const hole of holes) {
    const at = holeLabelPosition(hole.features);
    if (!at) continue;
    const label = new Feature<Geometry>(new Point(fromLonLat(at)));
    label.setId(courseMapFeatureId(hole.holeId, 'label'));
    label.setStyle(labelStyle(hole.order, hole.failing));
    marks.addFeature(label);
  }
  const background = createBackgroundLayer();
  const map = new Map({
    target,
    layers: [...(background ? [background] : []), new VectorLayer({ source: drawn, style: (f) => styler(f) }), new VectorLayer({ source: marks })],
    view: new View({ center: [0, 0], zoom: 2, maxZoom: 21 }),
    controls: defaultControls({ attributionOptions: { collapsible: false } }).extend([new ScaleLine()]),
  });
  const extent = drawn.getExtent();
  if (extent && drawn.getFeatures().length > 0) map.getView().fit(extent, { padding: [32, 32, 32, 32], size: map.getSize() ?? [target.clientWidth || 800, target.clientHeight || 500] });
  const hit = (pixel: number[]) => {
    const found = map.forEachFeatureAtPixel(pixel, (f) => f, { hitTolerance: 4 });
    return found && found.getId() !== undefined ? holeIdOfFeature(String(found.getId())) : null;
  };
  map.on('singleclick', (e) => {
    const holeId = hit(e.pixel);
    if (holeId !== null) onHole(holeId);
  });
  map.on('pointermove', (e) => {
    if (!e.dragging) target.style.cursor = hit(e.pixel) !== null ? 'pointer' : '';
  });
  return () => {
    map.setTarget(undefined);
    map.dispose();
  };
}
