import Feature from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type Geometry from 'ol/geom/Geometry';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { createBackgroundLayer } from '../../../lib/map/background';
import { courseMapFeatureId, holeLabelPosition } from '../../../lib/map/course-map';
import { readDrawingFeatures } from '../../../lib/map/geojson';
import { createElementStyler } from '../../../lib/map/ol-style';
import { holeNumberStyle } from '../../../lib/map/preview-map';

/** A hole as the map draws it: its number and drawing. */
export interface MapHole {
  id: number;
  number: number;
  features: readonly DrawingFeature[];
}

/** A sponsor sign as the map shows it: a marker with the sponsor's name. */
export interface MapSign {
  key: string;
  lonLat: [number, number];
  text: string;
  selected: boolean;
}

export interface SponsorMapOptions {
  target: HTMLElement;
  holes: readonly MapHole[];
  elements: readonly ElementForEdit[];
  zoomLabels: { zoomIn: string; zoomOut: string };
  /** A click on the map while placing a sign, at [longitude, latitude]. */
  onPlace: (lonLat: [number, number]) => void;
  /** A click on a sign's marker. */
  onSelectSign: (key: string) => void;
  /** A sign dragged to [longitude, latitude]; false when it may not go there (it goes back). */
  onMoveSign: (key: string, lonLat: [number, number]) => boolean;
}

const SIGN_FILL = '#ff9800';
const SELECTED = '#1565c0';
const HIGHLIGHT_STYLE = new Style({
  stroke: new Stroke({ color: SELECTED, width: 4 }),
  fill: new Fill({ color: 'rgba(21, 101, 192, 0.12)' }),
  zIndex: 10,
});

function signStyle(text: string, selected: boolean): Style {
  return new Style({
    image: new CircleStyle({
      radius: selected ? 9 : 7,
      fill: new Fill({ color: SIGN_FILL }),
      stroke: new Stroke({ color: selected ? SELECTED : '#212121', width: selected ? 3 : 1.5 }),
    }),
    text: new Text({
      text,
      font: `${selected ? 700 : 600} 12px sans-serif`,
      offsetY: -18,
      fill: new Fill({ color: '#212121' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
      overflow: true,
    }),
    zIndex: selected ? 2001 : 2000,
  });
}

/**
 * The sponsor setup editor's map, kept out of React: every hole of the course with its number, a
 * highlighted hole, and the setup's signs as markers named by their sponsor that the mouse drags.
 * React sets what shows (`setSigns`, `setHighlight`, `setPlacing`) and hears clicks and drags.
 */
export class SponsorMapController {
  readonly map: Map;
  private readonly opts: SponsorMapOptions;
  private readonly signSource = new VectorSource<Feature<Geometry>>();
  private readonly highlightSource = new VectorSource<Feature<Geometry>>();
  private readonly boundaries = new globalThis.Map<number, number[][][][]>();
  private signs = new globalThis.Map<string, MapSign>();
  private placing = false;

  constructor(opts: SponsorMapOptions) {
    this.opts = opts;
    const styler = createElementStyler(opts.elements);
    const holeSource = new VectorSource<Feature<Geometry>>({
      features: readDrawingFeatures(opts.holes.flatMap((h) => h.features.map((f) => ({ ...f, id: courseMapFeatureId(h.id, f.id) })))),
    });
    const labels = new VectorSource<Feature<Geometry>>({
      features: opts.holes.flatMap((h) => {
        const at = holeLabelPosition(h.features);
        if (!at) return [];
        const marker = new Feature<Geometry>(new Point(fromLonLat(at)));
        marker.setStyle(holeNumberStyle(String(h.number)));
        return [marker];
      }),
    });
    for (const h of opts.holes) {
      this.boundaries.set(
        h.id,
        h.features.flatMap((f) => (f.properties.element === EL.holeBoundary && f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : [])),
      );
    }
    const signLayer = new VectorLayer({ source: this.signSource, zIndex: 4, updateWhileInteracting: true });
    const background = createBackgroundLayer();
    this.map = new Map({
      target: opts.target,
      layers: [
        ...(background ? [background] : []),
        new VectorLayer({ source: holeSource, style: (f) => styler(f), zIndex: 1 }),
        new VectorLayer({ source: this.highlightSource, zIndex: 2 }),
        new VectorLayer({ source: labels, zIndex: 3 }),
        signLayer,
      ],
      view: new View({ center: [0, 0], zoom: 2, maxZoom: 21 }),
      controls: defaultControls({
        attributionOptions: { collapsible: false },
        zoomOptions: { zoomInTipLabel: opts.zoomLabels.zoomIn, zoomOutTipLabel: opts.zoomLabels.zoomOut },
      }).extend([new ScaleLine()]),
    });
    // OpenLayers names its zoom buttons '+' and '–'; screen readers get the words.
    opts.target.querySelector('.ol-zoom-in')?.setAttribute('aria-label', opts.zoomLabels.zoomIn);
    opts.target.querySelector('.ol-zoom-out')?.setAttribute('aria-label', opts.zoomLabels.zoomOut);
    const extent = holeSource.getExtent();
    if (extent && holeSource.getFeatures().length > 0 && !isEmpty(extent)) this.fit(extent, false);

    const translate = new Translate({ layers: [signLayer], hitTolerance: 6, condition: () => !this.placing });
    translate.on('translatestart', (e) => {
      const key = e.features.item(0)?.getId();
      if (key !== undefined) opts.onSelectSign(String(key));
    });
    translate.on('translateend', (e) => {
      const feature = e.features.item(0);
      const key = feature?.getId();
      if (!feature || key === undefined) return;
      const geometry = feature.getGeometry();
      const lonLat = geometry instanceof Point ? (toLonLat(geometry.getCoordinates()) as [number, number]) : null;
      if (!lonLat || !opts.onMoveSign(String(key), lonLat)) {
        // Refused (outside its hole): back where it was.
        const sign = this.signs.get(String(key));
        if (sign) feature.setGeometry(new Point(fromLonLat(sign.lonLat)));
      }
    });
    this.map.addInteraction(translate);

    this.map.on('singleclick', (e) => {
      if (this.placing) {
        opts.onPlace(toLonLat(e.coordinate) as [number, number]);
        return;
      }
      const hit = this.map.forEachFeatureAtPixel(e.pixel, (f) => f, { hitTolerance: 6, layerFilter: (l) => l === signLayer });
      const key = hit?.getId();
      if (key !== undefined) opts.onSelectSign(String(key));
    });
    this.map.on('pointermove', (e) => {
      if (e.dragging) return;
      const overSign = !this.placing && this.map.hasFeatureAtPixel(e.pixel, { hitTolerance: 6, layerFilter: (l) => l === signLayer });
      opts.target.style.cursor = this.placing ? 'crosshair' : overSign ? 'grab' : '';
    });
  }

  /** The markers to show (all of them, replacing those shown). */
  setSigns(signs: readonly MapSign[]) {
    this.signs = new globalThis.Map(signs.map((s) => [s.key, s]));
    this.signSource.clear(true);
    this.signSource.addFeatures(
      signs.map((s) => {
        const marker = new Feature<Geometry>(new Point(fromLonLat(s.lonLat)));
        marker.setId(s.key);
        marker.setStyle(signStyle(s.text, s.selected));
        return marker;
      }),
    );
  }

  /** Outlines a hole's boundary (null: none); `focus` brings the hole into view. */
  setHighlight(holeId: number | null, focus = false) {
    this.highlightSource.clear(true);
    const rings = holeId === null ? [] : (this.boundaries.get(holeId) ?? []);
    const extent = createEmpty();
    for (const polygon of rings) {
      const outline = new Feature<Geometry>(new Polygon(polygon.map((ring) => ring.map((c) => fromLonLat([c[0], c[1]])))));
      outline.setStyle(HIGHLIGHT_STYLE);
      this.highlightSource.addFeature(outline);
      extend(extent, outline.getGeometry()!.getExtent());
    }
    if (focus && !isEmpty(extent)) this.fit(extent, true);
  }

  /** While placing, a click on the map places a sign and markers are not dragged. */
  setPlacing(placing: boolean) {
    this.placing = placing;
    this.opts.target.style.cursor = placing ? 'crosshair' : '';
  }

  private fit(extent: number[], animate: boolean) {
    const size = this.map.getSize() ?? [this.opts.target.clientWidth || 800, this.opts.target.clientHeight || 500];
    this.map.getView().fit(extent, { padding: [32, 32, 32, 32], size, maxZoom: 19, duration: animate ? 250 : undefined });
  }

  dispose() {
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}

