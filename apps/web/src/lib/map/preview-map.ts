import Feature from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import Polygon from 'ol/geom/Polygon';
import type Geometry from 'ol/geom/Geometry';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { fromLonLat } from 'ol/proj';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { createBackgroundLayer } from './background';
import { readDrawingFeatures } from './geojson';
import { createElementStyler } from './ol-style';

const BOUNDARY_STYLE = new Style({ stroke: new Stroke({ color: '#6d4c41', width: 2, lineDash: [8, 6] }) });

/**
 * A read-only map of drawing features (e.g. every hole of an import plan) styled by their
 * elements, with an optional dashed boundary; the view fits everything. Returns a disposer.
 */
export function createPreviewMap(
  target: HTMLElement,
  features: readonly DrawingFeature[],
  elements: readonly ElementForEdit[],
  boundary: number[][][] | null,
): () => void {
  const styler = createElementStyler(elements);
  const source = new VectorSource<Feature<Geometry>>({ features: readDrawingFeatures(features) });
  if (boundary) {
    const outline = new Feature<Geometry>(new Polygon(boundary.map((ring) => ring.map((c) => fromLonLat([c[0], c[1]])))));
    outline.setStyle(BOUNDARY_STYLE);
    source.addFeature(outline);
  }
  const background = createBackgroundLayer();
  const map = new Map({
    target,
    layers: [...(background ? [background] : []), new VectorLayer({ source, style: (f) => styler(f) })],
    view: new View({ center: [0, 0], zoom: 2, maxZoom: 21 }),
    controls: defaultControls({ attributionOptions: { collapsible: false } }).extend([new ScaleLine()]),
  });
  const extent = source.getExtent();
  if (extent && source.getFeatures().length > 0) map.getView().fit(extent, { padding: [24, 24, 24, 24], size: map.getSize() ?? [target.clientWidth || 800, target.clientHeight || 500] });
  return () => {
    map.setTarget(undefined);
    map.dispose();
  };
}
