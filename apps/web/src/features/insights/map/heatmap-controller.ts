import Feature from 'ol/Feature';
import Map from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import { isEmpty } from 'ol/extent';
import Point from 'ol/geom/Point';
import type Geometry from 'ol/geom/Geometry';
import HeatmapLayer from 'ol/layer/Heatmap';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { createBackgroundLayer } from '../../../lib/map/background';
import { courseMapFeatureId, holeLabelPosition } from '../../../lib/map/course-map';
import { readDrawingFeatures } from '../../../lib/map/geojson';
import { createElementStyler } from '../../../lib/map/ol-style';
import { holeNumberStyle } from '../../../lib/map/preview-map';
import { cellMetresFor, GRADIENTS, metresPerPixel, splitCells } from '../utils/heatmap';

/** A hole as the heatmap draws it under the heat: its number and drawing. */
export interface HeatmapHole {
  id: number;
  number: number;
  features: readonly DrawingFeature[];
}


export interface HeatmapMapOptions {
  target: HTMLElement;
  zoomLabels: { zoomIn: string; zoomOut: string };
  /** The cell size the map's scale asks for (one of HEATMAP_CELL_METRES), told when it changes. */
  onCellMetres: (metres: number) => void;
}

/** Whether this browser can draw WebGL (the heatmap layer needs it). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The heatmap's map, kept out of React: the course's holes with their numbers, and the answer's
 * weighted cells on OpenLayers' WebGL heatmap layer — in compare mode two layers, the cells where
 * the first set is the larger share and those where the second is, each with its own gradient.
 * The heat's radius follows the zoom so that a cell covers its square on the ground.
 */
export class HeatmapMapController {
  readonly map: Map;
  private readonly opts: HeatmapMapOptions;
  private readonly holeSource = new VectorSource<Feature<Geometry>>();
  private readonly labelSource = new VectorSource<Feature<Geometry>>();
  private readonly positiveSource = new VectorSource<Feature<Geometry>>();
  private readonly negativeSource = new VectorSource<Feature<Geometry>>();
  private readonly holeLayer = new VectorLayer({ source: this.holeSource, zIndex: 1 });
  private readonly positiveLayer: HeatmapLayer | null = null;
  private readonly negativeLayer: HeatmapLayer | null = null;
  private cellMetres = 0;

  constructor(opts: HeatmapMapOptions) {
    this.opts = opts;
    const heat = webglAvailable();
    if (heat) {
      this.positiveLayer = new HeatmapLayer({ source: this.positiveSource, weight: 'weight', gradient: [...GRADIENTS.single], radius: 8, blur: 12, zIndex: 3, opacity: 0.85 });
      this.negativeLayer = new HeatmapLayer({ source: this.negativeSource, weight: 'weight', gradient: [...GRADIENTS.negative], radius: 8, blur: 12, zIndex: 4, opacity: 0.85 });
    }
    const background = createBackgroundLayer();
    this.map = new Map({
      target: opts.target,
      layers: [
        ...(background ? [background] : []),
        this.holeLayer,
        new VectorLayer({ source: this.labelSource, zIndex: 5 }),
        ...(this.positiveLayer ? [this.positiveLayer] : []),
        ...(this.negativeLayer ? [this.negativeLayer] : []),
      ],
      view: new View({ center: fromLonLat([10, 56]), zoom: 4, maxZoom: 21 }),
      controls: defaultControls({
        attributionOptions: { collapsible: false },
        zoomOptions: { zoomInTipLabel: opts.zoomLabels.zoomIn, zoomOutTipLabel: opts.zoomLabels.zoomOut },
      }).extend([new ScaleLine()]),
    });
    // OpenLayers names its zoom buttons '+' and '–'; screen readers get the words.
    opts.target.querySelector('.ol-zoom-in')?.setAttribute('aria-label', opts.zoomLabels.zoomIn);
    opts.target.querySelector('.ol-zoom-out')?.setAttribute('aria-label', opts.zoomLabels.zoomOut);
    this.map.getView().on('change:resolution', () => this.scaleChanged());
    this.scaleChanged();
  }

  /** Whether the heat can be drawn here (WebGL). */
  get drawsHeat(): boolean {
    return this.positiveLayer !== null;
  }

  /** The course's holes under the heat (styled by the club's theme). */
  setHoles(holes: readonly HeatmapHole[], elements: readonly ElementForEdit[]) {
    const styler = createElementStyler(elements);
    this.holeLayer.setStyle((f) => styler(f));
    this.holeSource.clear(true);
    this.holeSource.addFeatures(readDrawingFeatures(holes.flatMap((h) => h.features.map((f) => ({ ...f, id: courseMapFeatureId(h.id, f.id) })))));
    this.labelSource.clear(true);
    this.labelSource.addFeatures(
      holes.flatMap((h) => {
        const at = holeLabelPosition(h.features);
        if (!at) return [];
        const marker = new Feature<Geometry>(new Point(fromLonLat(at)));
        marker.setStyle(holeNumberStyle(String(h.number)));
        return [marker];
      }),
    );
  }

  /** Brings a course's extent ([minLon, minLat, maxLon, maxLat]) into view. */
  fitExtent(extent: readonly [number, number, number, number]) {
    const projected = transformExtent([...extent], 'EPSG:4326', 'EPSG:3857');
    if (isEmpty(projected)) return;
    const size = this.map.getSize() ?? [this.opts.target.clientWidth || 800, this.opts.target.clientHeight || 500];
    this.map.getView().fit(projected, { padding: [24, 24, 24, 24], size, maxZoom: 19 });
    this.scaleChanged();
  }

  /** The answer's flat [lon, lat, weight] cells; in compare mode negative weights go to the second layer. */
  setCells(cells: readonly number[], compare: boolean) {
    const { positive, negative } = splitCells(cells);
    // The square root keeps the quieter areas visible beside the fullest (a heat of raw shares shows little but the tees).
    const toFeature = (c: { lonLat: [number, number]; weight: number }) => new Feature<Geometry>({ geometry: new Point(fromLonLat(c.lonLat)), weight: Math.sqrt(c.weight) });
    this.positiveLayer?.setGradient([...(compare ? GRADIENTS.positive : GRADIENTS.single)]);
    this.positiveSource.clear(true);
    this.positiveSource.addFeatures(positive.map(toFeature));
    this.negativeSource.clear(true);
    this.negativeSource.addFeatures(compare ? negative.map(toFeature) : []);
    // The features drawn, on the map's element (the browser tests read them).
    this.opts.target.dataset.positiveCells = String(this.positiveSource.getFeatures().length);
    this.opts.target.dataset.negativeCells = String(this.negativeSource.getFeatures().length);
    this.opts.target.dataset.compare = String(compare);
  }

  private scaleChanged() {
    const view = this.map.getView();
    const resolution = view.getResolution();
    const center = view.getCenter();
    if (!resolution || !center) return;
    const mpp = metresPerPixel(resolution, toLonLat(center)[1]);
    const metres = cellMetresFor(mpp);
    // A cell's square on the screen, in pixels: the heat spreads over it.
    const pixels = metres / mpp;
    const radius = Math.max(4, Math.min(50, pixels * 0.9));
    const blur = Math.max(6, Math.min(70, pixels * 1.4));
    for (const layer of [this.positiveLayer, this.negativeLayer]) {
      layer?.setRadius(radius);
      layer?.setBlur(blur);
    }
    if (metres !== this.cellMetres) {
      this.cellMetres = metres;
      this.opts.onCellMetres(metres);
    }
  }

  dispose() {
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
