import Feature, { type FeatureLike } from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import { getCenter, isEmpty } from 'ol/extent';
import Point from 'ol/geom/Point';
import type Geometry from 'ol/geom/Geometry';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { fromLonLat } from 'ol/proj';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import type { Tracking } from '@golf/contract/api/greenkeeper';
import { createBackgroundLayer } from '../../../../lib/map/background';
import { holeLabelPosition } from '../../../../lib/map/course-map';
import { hexToRgba } from '../../../../lib/map/element-style';
import { readDrawingFeatures } from '../../../../lib/map/geojson';
import { createElementStyler } from '../../../../lib/map/ol-style';
import { holeNumberStyle } from '../../../../lib/map/preview-map';

/** A hole's number where the map writes it. */
export interface MapHoleNumber {
  holeId: number;
  number: number;
}

/** What the map marks besides the elements' own look. */
export interface TechMapMarks {
  /** The active group's elements, drawn in its colour. */
  group: { color: string; ids: ReadonlySet<string> } | null;
  /** The filter's matches, outlined. */
  matches: ReadonlySet<string>;
  /** The element of the info box. */
  selected: string | null;
}

export interface TechMapOptions {
  target: HTMLElement;
  trackings: readonly Tracking[];
  holes: readonly MapHoleNumber[];
  elements: readonly ElementForEdit[];
  zoomLabels: { zoomIn: string; zoomOut: string };
  /** A click on an element (its tracking id). */
  onElementClick: (id: string) => void;
}

const MATCH_COLOUR = '#ff6f00';
const SELECTED_COLOUR = '#0d47a1';
const OVERLAY_Z = 5000;

/** The element as a drawing feature (its element and name), so the catalogue styles it. */
export function trackingFeature(t: Tracking): DrawingFeature {
  return { type: 'Feature', id: t.id, geometry: t.geometry, properties: { element: t.elementName, ...(t.name ? { label: t.name } : {}) } };
}

function isPoint(feature: FeatureLike): boolean {
  return feature.getGeometry()?.getType() === 'Point';
}

function markStyle(stroke: string, width: number, fill: string | null, point: boolean, lineDash?: number[], z = 0): Style {
  const strokeStyle = new Stroke({ color: stroke, width, lineDash });
  const fillStyle = fill ? new Fill({ color: fill }) : undefined;
  return point
    ? new Style({ image: new CircleStyle({ radius: 8 + width, stroke: strokeStyle, fill: fillStyle }), zIndex: OVERLAY_Z + z })
    : new Style({ stroke: strokeStyle, fill: fillStyle, zIndex: OVERLAY_Z + z });
}

/**
 * The tech map, kept out of React: every drawn element of a course styled by the graphics
 * catalogue, the hole numbers, and on top the active group's elements in its colour, the filter's
 * matches outlined and the chosen element. React sets the marks (`setMarks`) and hears clicks.
 */
export class TechMapController {
  readonly map: Map;
  private readonly opts: TechMapOptions;
  private readonly source: VectorSource<Feature<Geometry>>;
  private readonly layer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private marks: TechMapMarks = { group: null, matches: new Set(), selected: null };
  private readonly groupStyles = new globalThis.Map<string, Style>();

  constructor(opts: TechMapOptions) {
    this.opts = opts;
    const styler = createElementStyler(opts.elements);
    this.source = new VectorSource<Feature<Geometry>>({ features: readDrawingFeatures(opts.trackings.map(trackingFeature)) });
    const matchPolygon = markStyle(MATCH_COLOUR, 3, 'rgba(255, 111, 0, 0.18)', false, [6, 4], 1);
    const matchPoint = markStyle(MATCH_COLOUR, 3, null, true, undefined, 1);
    // A dot in the middle of each match, so that small ones (a bunker at the course's zoom) show too.
    const matchDot = new Style({
      geometry: (f) => {
        const extent = f.getGeometry()?.getExtent();
        return extent ? new Point(getCenter(extent)) : undefined;
      },
      image: new CircleStyle({ radius: 6, fill: new Fill({ color: MATCH_COLOUR }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
      zIndex: OVERLAY_Z + 3,
    });
    const selectedPolygon = markStyle(SELECTED_COLOUR, 4, null, false, undefined, 2);
    const selectedPoint = markStyle(SELECTED_COLOUR, 4, null, true, undefined, 2);
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: 1,
      style: (feature) => {
        const id = String(feature.getId());
        const point = isPoint(feature);
        const styles = [styler(feature)];
        const group = this.marks.group;
        if (group?.ids.has(id)) styles.push(this.groupStyle(group.color, point));
        if (this.marks.matches.has(id)) styles.push(point ? matchPoint : matchPolygon, matchDot);
        if (this.marks.selected === id) styles.push(point ? selectedPoint : selectedPolygon);
        return styles;
      },
    });
    const byHole = new globalThis.Map<number, DrawingFeature[]>();
    for (const t of opts.trackings) byHole.set(t.holeId, [...(byHole.get(t.holeId) ?? []), trackingFeature(t)]);
    const labels = new VectorSource<Feature<Geometry>>({
      features: opts.holes.flatMap((h) => {
        const at = holeLabelPosition(byHole.get(h.holeId) ?? []);
        if (!at) return [];
        const marker = new Feature<Geometry>(new Point(fromLonLat(at)));
        marker.setStyle(holeNumberStyle(String(h.number)));
        return [marker];
      }),
    });
    const background = createBackgroundLayer();
    this.map = new Map({
      target: opts.target,
      layers: [...(background ? [background] : []), this.layer, new VectorLayer({ source: labels, zIndex: 2 })],
      view: new View({ center: [0, 0], zoom: 2, maxZoom: 21 }),
      controls: defaultControls({
        attributionOptions: { collapsible: false },
        zoomOptions: { zoomInTipLabel: opts.zoomLabels.zoomIn, zoomOutTipLabel: opts.zoomLabels.zoomOut },
      }).extend([new ScaleLine()]),
    });
    // OpenLayers names its zoom buttons '+' and '–'; screen readers get the words.
    opts.target.querySelector('.ol-zoom-in')?.setAttribute('aria-label', opts.zoomLabels.zoomIn);
    opts.target.querySelector('.ol-zoom-out')?.setAttribute('aria-label', opts.zoomLabels.zoomOut);
    const extent = this.source.getExtent();
    if (extent && this.source.getFeatures().length > 0 && !isEmpty(extent)) this.fit(extent, false);

    const hit = (pixel: number[]) => {
      const found = this.map.forEachFeatureAtPixel(pixel, (f) => f, { hitTolerance: 4, layerFilter: (l) => l === this.layer });
      return found && found.getId() !== undefined ? String(found.getId()) : null;
    };
    this.map.on('singleclick', (e) => {
      const id = hit(e.pixel);
      if (id) opts.onElementClick(id);
    });
    this.map.on('pointermove', (e) => {
      if (!e.dragging) opts.target.style.cursor = hit(e.pixel) ? 'pointer' : '';
    });
  }

  private groupStyle(color: string, point: boolean): Style {
    const key = `${color}\u0000${point}`;
    let style = this.groupStyles.get(key);
    if (!style) {
      style = markStyle(color, 3, hexToRgba(color, 0.45), point);
      this.groupStyles.set(key, style);
    }
    return style;
  }

  /** What to mark; redraws the elements. */
  setMarks(marks: TechMapMarks) {
    this.marks = marks;
    this.layer.changed();
  }

  /** Brings an element into view. */
  focus(id: string) {
    const feature = this.source.getFeatureById(id);
    const extent = feature?.getGeometry()?.getExtent();
    if (extent && !isEmpty(extent)) this.fit(extent, true, 19);
  }

  /** Brings these elements into view (the filter's matches). */
  focusAll(ids: ReadonlySet<string>) {
    const features = this.source.getFeatures().filter((f) => ids.has(String(f.getId())));
    if (features.length === 0) return;
    const extent = features.reduce<number[] | null>((acc, f) => {
      const e = f.getGeometry()?.getExtent();
      if (!e) return acc;
      return acc ? [Math.min(acc[0], e[0]), Math.min(acc[1], e[1]), Math.max(acc[2], e[2]), Math.max(acc[3], e[3])] : [...e];
    }, null);
    if (extent && !isEmpty(extent)) this.fit(extent, true, 19);
  }

  private fit(extent: number[], animate: boolean, maxZoom = 21) {
    const size = this.map.getSize() ?? [this.opts.target.clientWidth || 800, this.opts.target.clientHeight || 500];
    this.map.getView().fit(extent, { padding: [32, 32, 32, 32], size, maxZoom, duration: animate ? 250 : undefined });
  }

  dispose() {
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
