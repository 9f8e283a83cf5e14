import Feature from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
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
import { createBackgroundLayer } from './background';
import { readDrawingFeatures } from './geojson';
import { createElementStyler } from './ol-style';

const BOUNDARY_STYLE = new Style({ stroke: new Stroke({ color: '#6d4c41', width: 2, lineDash: [8, 6] }) });

/** A text marker drawn above the features, e.g. a hole's number at its green. */
export interface PreviewLabel {
  /** Feature id of the label; clicks on it report this id. */
  id: string;
  lonLat: [number, number];
  text: string;
}

/** Extras of a preview map: labels on top and a click handler receiving the clicked feature's id. */
export interface PreviewMapOptions {
  labels?: readonly PreviewLabel[];
  onFeatureClick?: (featureId: string) => void;
}

/** A hole's number in a green disc, drawn above everything (the course maps). */
export function holeNumberStyle(text: string): Style {
  return new Style({
    image: new CircleStyle({ radius: 13, fill: new Fill({ color: '#1b5e20' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
    text: new Text({ text, font: 'bold 13px sans-serif', fill: new Fill({ color: '#ffffff' }) }),
    zIndex: 1000,
  });
}

/**
 * A read-only map of drawing features (e.g. every hole of an import plan) styled by their
 * elements, with an optional dashed boundary; the view fits everything. Returns a disposer.
 */
export function createPreviewMap(
  target: HTMLElement,
  features: readonly DrawingFeature[],
  elements: readonly ElementForEdit[],
  boundary: number[][][] | null,
  options: PreviewMapOptions = {},
): () => void {
  const styler = createElementStyler(elements);
  const source = new VectorSource<Feature<Geometry>>({ features: readDrawingFeatures(features) });
  if (boundary) {
    const outline = new Feature<Geometry>(new Polygon(boundary.map((ring) => ring.map((c) => fromLonLat([c[0], c[1]])))));
    outline.setStyle(BOUNDARY_STYLE);
    source.addFeature(outline);
  }
  const labels = new VectorSource<Feature<Geometry>>({
    features: (options.labels ?? []).map((label) => {
      const marker = new Feature<Geometry>(new Point(fromLonLat(label.lonLat)));
      marker.setId(label.id);
      marker.setStyle(holeNumberStyle(label.text));
      return marker;
    }),
  });
  const background = createBackgroundLayer();
  const map = new Map({
    target,
    layers: [...(background ? [background] : []), new VectorLayer({ source, style: (f) => styler(f) }), new VectorLayer({ source: labels, declutter: false })],
    view: new View({ center: [0, 0], zoom: 2, maxZoom: 21 }),
    controls: defaultControls({ attributionOptions: { collapsible: false } }).extend([new ScaleLine()]),
  });
  const extent = source.getExtent();
  if (extent && source.getFeatures().length > 0) map.getView().fit(extent, { padding: [24, 24, 24, 24], size: map.getSize() ?? [target.clientWidth || 800, target.clientHeight || 500] });
  const onFeatureClick = options.onFeatureClick;
  if (onFeatureClick) {
    const hit = (pixel: number[]) => {
      const found = map.forEachFeatureAtPixel(pixel, (f) => f, { hitTolerance: 4 });
      return found && found.getId() !== undefined ? String(found.getId()) : null;
    };
    map.on('singleclick', (e) => {
      const id = hit(e.pixel);
      if (id) onFeatureClick(id);
    });
    map.on('pointermove', (e) => {
      if (!e.dragging) target.style.cursor = hit(e.pixel) ? 'pointer' : '';
    });
  }
  return () => {
    map.setTarget(undefined);
    map.dispose();
  };
}
