import Collection from 'ol/Collection';
import Feature from 'ol/Feature';
import Map from 'ol/Map';
import Overlay from 'ol/Overlay';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type { EventsKey } from 'ol/events';
import { unByKey } from 'ol/Observable';
import { createEmpty, extend, isEmpty, type Extent } from 'ol/extent';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import Select from 'ol/interaction/Select';
import Snap from 'ol/interaction/Snap';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import CircleStyle from 'ol/style/Circle';
import type { Drawing, DrawingFeature } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import type { Position } from '@golf/contract/geo/measure';
import { pinFrame } from '@golf/contract/geo/pins';
import type { HoleEditorKind } from '../../../config/paths';
import { createBackgroundLayer } from '../../../lib/map/background';
import { formatArea, formatLength } from '../../../lib/map/format';
import { readDrawingFeatures, writeDrawingFeature } from '../../../lib/map/geojson';
import * as history from '../../../lib/map/history';
import type { Measurer } from '../../../lib/map/measure';
import { createElementStyler, type ElementStyler } from '../../../lib/map/ol-style';
import { offsetPosition, positionsNeeded } from '../../../lib/map/keyboard-editing';
import { legLengths, vertexRows, withHeight, type VertexRow } from '../utils/play-line';
import { pinGuides } from './pin-guides';

export type Tool = 'select' | 'modify' | 'move' | 'draw' | 'measure-line' | 'measure-area';

/** What the side panel shows of a selected feature. */
export interface SelectedInfo {
  id: string;
  element: string;
  label?: string;
  icon?: string;
  /** Length of a line or outline in metres. */
  length: number | null;
  /** Area of a polygon in m². */
  area: number | null;
}

/** A feature of the drawing as the list beside the map shows it (the map's text alternative). */
export interface FeatureRow extends SelectedInfo {
  /** This screen edits it (else it is shown for context only). */
  editable: boolean;
  selected: boolean;
}

/** The positions ([lon, lat] or [lon, lat, z]) of the one selected feature, for typing them or moving them with the keyboard. */
export interface VertexList {
  featureId: string;
  element: string;
  /** A polygon's outer ring without its closing position. */
  positions: Position[];
}

/** The editor's state as React reads it (replaced on each discrete change, never per frame). */
export interface EditorState {
  tool: Tool;
  drawElement: string | null;
  selected: SelectedInfo[];
  /** Features per element, editable and read-only together. */
  counts: Record<string, number>;
  hidden: readonly string[];
  snap: boolean;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  /** The play line edited by the elevation and play-line screens: its vertex table, or null. */
  playLine: { id: string; rows: VertexRow[]; legs: number[] } | null;
  selectedVertex: number | null;
  /** Every feature, read-only ones included, in drawing order. */
  features: FeatureRow[];
  /** The selected feature's vertices when exactly one editable feature is selected (not on the elevation screen). */
  vertices: VertexList | null;
  /** The vertex chosen in `vertices`, marked on the map. */
  activeVertex: number | null;
}

export interface EditorOptions {
  target: HTMLElement;
  mode: HoleEditorKind;
  elements: readonly ElementForEdit[];
  /** Elements this screen edits; others are shown read-only. */
  editable: ReadonlySet<string>;
  measurer: Measurer;
  language: string;
  /** Accessible names of the zoom buttons, in the interface language. */
  zoomLabels?: { zoomIn: string; zoomOut: string };
  /**
   * Drawings of the neighbouring holes, shown faintly for orientation (never selected nor saved);
   * an empty drawing opens on them.
   */
  neighbours?: readonly Drawing[];
  /** Attribution the course's map data requires (an OpenStreetMap import), shown on the map. */
  attribution?: string | null;
  /** Where to look when the drawing and the neighbours are empty ([lon, lat], the club's position). */
  fallbackCenter: [number, number] | null;
  /** A label or icon point was placed and needs its text or icon; the feature is pending until resolved. */
  onPointPlaced?: (id: string, element: string) => void;
  /** The map has drawn the drawing's features for the first time. */
  onReady?: () => void;
  /**
   * The id of a feature just drawn or typed (its element set, in longitude/latitude); a random
   * UUID when not given. The course-wide mapping names the hole of a new feature by its id.
   */
  newFeatureId?: (feature: DrawingFeature) => string;
  /** Whether two feature ids belong to the same hole (the course-wide mapping; else every feature does). */
  sameHole?: (a: string, b: string) => boolean;
  /** Styles drawn over an edited feature's own (the course-wide mapping marks the features of no hole). */
  decorate?: (feature: Feature<Geometry>) => Style[] | null;
  /** Whether the background tiles are shown at first (default true). */
  background?: boolean;
}

type Snapshot = DrawingFeature[];

const GUIDE_STYLE = new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.75)', width: 1 }) });
const ARROW_STYLE = new Style({ stroke: new Stroke({ color: '#d32f2f', width: 3 }) });
const MEASURE_STYLE = new Style({
  stroke: new Stroke({ color: '#ff6f00', width: 2, lineDash: [6, 4] }),
  fill: new Fill({ color: 'rgba(255,111,0,0.12)' }),
  image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#ff6f00' }) }),
});
const VERTEX_STYLE = new Style({
  image: new CircleStyle({ radius: 8, fill: new Fill({ color: 'rgba(25,118,210,0.35)' }), stroke: new Stroke({ color: '#1976d2', width: 2 }) }),
});
const SINGLE_PER_HOLE = new Set<string>([EL.tPoint]);
const TEXT_ELEMENTS = new Set<string>([EL.label, EL.icon]);

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('[role="dialog"]');
}

function lonLatCoords(geometry: LineString): Position[] {
  const stride = geometry.getStride();
  const flat = geometry.getFlatCoordinates();
  const out: Position[] = [];
  for (let i = 0; i < flat.length; i += stride) {
    const [lon, lat] = toLonLat([flat[i], flat[i + 1]]);
    out.push(stride > 2 ? [lon, lat, flat[i + 2]] : [lon, lat]);
  }
  return out;
}

/**
 * The hole editor's map, kept out of React: OpenLayers layers and interactions for drawing,
 * reshaping, moving and deleting features, snapping, measuring, undo/redo and the guides of each
 * screen. React reads `getState()` through `subscribe()`; pointer moves never reach React.
 */
export class HoleEditorController {
  readonly map: Map;
  private readonly opts: EditorOptions;
  private readonly styler: ElementStyler;
  private readonly elementByName: globalThis.Map<string, ElementForEdit>;
  private readonly editSource: VectorSource<Feature<Geometry>>;
  private readonly contextSource = new VectorSource<Feature<Geometry>>();
  private readonly neighbourSource = new VectorSource<Feature<Geometry>>();
  private readonly guideSource = new VectorSource<Feature<Geometry>>();
  private readonly measureSource = new VectorSource<Feature<Geometry>>();
  private readonly editLayer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private readonly background: ReturnType<typeof createBackgroundLayer>;
  private readonly select: Select;
  private readonly modify: Modify;
  private readonly translate: Translate;
  private readonly snaps: Snap[];
  private draw: Draw | null = null;
  private measureOverlay: Overlay;
  private measureKey: EventsKey | null = null;
  private contextFeatures: DrawingFeature[] = [];
  private history = history.createHistory<Snapshot>([]);
  private savedId = history.currentId(this.history);
  private hidden = new Set<string>();
  private selectedIds = new Set<string>();
  private pending: string | null = null;
  private legCache = new WeakMap<Feature<Geometry>, { revision: number; styles: Style[] }>();
  private listeners = new Set<() => void>();
  private state: EditorState;
  private tool: Tool = 'select';
  private drawElement: string | null = null;
  private snapOn = true;
  private selectedVertex: number | null = null;
  /** The vertex the arrow keys move: a feature's id and the vertex's index in it. */
  private activeVertex: { featureId: string; index: number } | null = null;
  private loaded = false;
  private readyFired = false;
  private keys: EventsKey[] = [];
  private readonly onKeyDown = (event: KeyboardEvent) => this.handleKey(event);

  constructor(opts: EditorOptions) {
    this.opts = opts;
    this.editSource = new VectorSource<Feature<Geometry>>({ features: new Collection(), attributions: opts.attribution ?? undefined });
    this.styler = createElementStyler(opts.elements);
    this.elementByName = new globalThis.Map(opts.elements.map((e) => [e.name, e]));
    const legs = opts.mode === 'edit-play-lines' || opts.mode === 'edit-elevation';

    // Everything the screen does not edit (on 'edit': the play line, T-point, labels...) is context:
    // drawn dimmed, never selectable, and saved back as it was loaded.
    const contextLayer = new VectorLayer({
      source: this.contextSource,
      style: (f) => (this.hidden.has(f.get('element')) ? undefined : this.styler(f, 'dimmed')),
      updateWhileInteracting: true,
      updateWhileAnimating: true,
      zIndex: 1,
    });
    const neighbourLayer = new VectorLayer({
      source: this.neighbourSource,
      style: (f) => this.styler(f, 'dimmed'),
      opacity: 0.7,
      zIndex: 0,
    });
    this.neighbourSource.addFeatures(readDrawingFeatures((opts.neighbours ?? []).flatMap((d) => d.features)));
    this.editLayer = new VectorLayer({
      source: this.editSource,
      style: (f) => {
        const element = f.get('element');
        if (this.hidden.has(element)) return undefined;
        const base = this.styler(f, this.selectedIds.has(String(f.getId())) ? 'selected' : 'normal');
        if (legs && element === EL.playLine) return [base, ...this.legStyles(f as Feature<Geometry>)];
        const extra = opts.decorate?.(f as Feature<Geometry>);
        if (extra && extra.length > 0) return [base, ...extra];
        return base;
      },
      updateWhileInteracting: true,
      updateWhileAnimating: true,
      zIndex: 2,
    });
    const guideLayer = new VectorLayer({ source: this.guideSource, zIndex: 3, updateWhileInteracting: true });
    const measureLayer = new VectorLayer({ source: this.measureSource, style: MEASURE_STYLE, zIndex: 4 });
    const background = createBackgroundLayer();
    this.background = background;
    background?.setVisible(opts.background !== false);

    this.map = new Map({
      target: opts.target,
      layers: [...(background ? [background] : []), neighbourLayer, contextLayer, this.editLayer, guideLayer, measureLayer],
      view: new View({ center: fromLonLat(opts.fallbackCenter ?? [0, 20]), zoom: opts.fallbackCenter ? 16 : 2, maxZoom: 23 }),
      controls: defaultControls({
        attributionOptions: { collapsible: false },
        zoomOptions: opts.zoomLabels && { zoomInTipLabel: opts.zoomLabels.zoomIn, zoomOutTipLabel: opts.zoomLabels.zoomOut },
      }).extend([new ScaleLine()]),
    });
    // OpenLayers names its zoom buttons '+' and '–'; screen readers and tests get the words.
    if (opts.zoomLabels) {
      opts.target.querySelector('.ol-zoom-in')?.setAttribute('aria-label', opts.zoomLabels.zoomIn);
      opts.target.querySelector('.ol-zoom-out')?.setAttribute('aria-label', opts.zoomLabels.zoomOut);
    }

    this.select = new Select({ layers: [this.editLayer], style: null, hitTolerance: 5 });
    const selected = this.select.getFeatures();
    // The active vertex's marker follows the selection (it belongs to the one selected feature).
    selected.on('add', (e) => {
      this.selectedIds.add(String(e.element.getId()));
      e.element.changed();
      this.updateGuides();
      this.emit();
    });
    selected.on('remove', (e) => {
      this.selectedIds.delete(String(e.element.getId()));
      e.element.changed();
      this.updateGuides();
      this.emit();
    });
    this.modify = new Modify({ features: selected, pixelTolerance: 10 });
    this.modify.on('modifyend', () => this.commit());
    this.translate = new Translate({ features: selected, hitTolerance: 5 });
    this.translate.on('translateend', () => this.commit());
    this.snaps = [new Snap({ source: this.editSource }), new Snap({ source: this.contextSource })];
    this.map.addInteraction(this.select);
    this.map.addInteraction(this.modify);
    this.map.addInteraction(this.translate);

    const tip = document.createElement('div');
    tip.className = 'hole-editor-measure';
    tip.setAttribute('data-testid', 'measure-label');
    Object.assign(tip.style, {
      background: 'rgba(33,33,33,0.85)',
      color: '#fff',
      padding: '2px 6px',
      borderRadius: '4px',
      font: '600 12px sans-serif',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
    });
    this.measureOverlay = new Overlay({ element: tip, offset: [10, -10], positioning: 'bottom-left', stopEvent: false });
    this.map.addOverlay(this.measureOverlay);

    this.keys.push(this.map.on('click', (e) => this.handleMapClick(e.pixel)));
    window.addEventListener('keydown', this.onKeyDown);
    this.state = this.buildState();
    this.applyTool();
  }

  // ---- React side ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private emit() {
    this.state = this.buildState();
    for (const l of this.listeners) l();
  }

  private buildState(): EditorState {
    const counts: Record<string, number> = {};
    for (const f of this.contextFeatures) counts[f.properties.element] = (counts[f.properties.element] ?? 0) + 1;
    for (const f of this.editFeatures()) {
      const element = f.get('element');
      counts[element] = (counts[element] ?? 0) + 1;
    }
    const selectedFeatures = this.select.getFeatures().getArray();
    const selected = selectedFeatures.map((f) => this.describe(f));
    const selectedIds = new Set(selected.map((s) => s.id));
    const features: FeatureRow[] = [
      ...this.contextFeatures.map((f) => ({ ...this.describeDrawingFeature(f), editable: false, selected: false })),
      ...this.editFeatures()
        .filter((f) => String(f.getId()) !== this.pending)
        .map((f) => ({ ...this.describe(f), editable: true, selected: selectedIds.has(String(f.getId())) })),
    ];
    const vertices = this.vertexList();
    return {
      tool: this.tool,
      drawElement: this.drawElement,
      selected,
      counts,
      hidden: [...this.hidden],
      snap: this.snapOn,
      canUndo: history.canUndo(this.history),
      canRedo: history.canRedo(this.history),
      dirty: history.currentId(this.history) !== this.savedId,
      playLine: this.playLineInfo(),
      selectedVertex: this.selectedVertex,
      features,
      vertices,
      activeVertex: this.activeVertexIndex(vertices),
    };
  }

  /** Measures of a read-only feature (kept as loaded, in longitude/latitude). */
  private describeDrawingFeature(f: DrawingFeature): SelectedInfo {
    const g = f.geometry;
    const { measurer } = this.opts;
    const length = g.type === 'LineString' ? measurer.lineLength(g.coordinates) : g.type === 'Polygon' ? measurer.lineLength(g.coordinates[0] ?? []) : null;
    const area = g.type === 'Polygon' ? measurer.polygonArea(g.coordinates) : null;
    return { id: f.id, element: f.properties.element, label: f.properties.label, icon: f.properties.icon, length, area };
  }

  private describe(f: Feature<Geometry>): SelectedInfo {
    const g = f.getGeometry();
    let length: number | null = null;
    let area: number | null = null;
    if (g instanceof LineString) length = this.opts.measurer.lineLength(lonLatCoords(g));
    if (g instanceof Polygon) {
      const rings = g.getCoordinates().map((ring) => ring.map((c) => toLonLat(c)));
      area = this.opts.measurer.polygonArea(rings);
      length = this.opts.measurer.lineLength(rings[0] ?? []);
    }
    return { id: String(f.getId()), element: f.get('element'), label: f.get('label'), icon: f.get('icon'), length, area };
  }

  // ---- loading, saving and history ----

  /** Shows a drawing and starts a new history from it (after load and after each save). */
  load(drawing: Drawing, { fit = true } = {}) {
    this.select.getFeatures().clear();
    this.contextFeatures = drawing.features.filter((f) => !this.opts.editable.has(f.properties.element));
    this.contextSource.clear(true);
    this.contextSource.addFeatures(readDrawingFeatures(this.contextFeatures));
    const editable = drawing.features.filter((f) => this.opts.editable.has(f.properties.element));
    this.restore(editable);
    this.history = history.createHistory<Snapshot>(editable);
    this.savedId = history.currentId(this.history);
    this.selectedVertex = null;
    this.activeVertex = null;
    this.updateGuides();
    if (fit) this.fit();
    this.loaded = true;
    if (!this.readyFired) {
      this.map.once('postrender', () => {
        this.readyFired = true;
        this.opts.onReady?.();
      });
      this.map.render();
    }
    this.emit();
  }

  /** The whole drawing: the read-only features as loaded and the edited ones. */
  getDrawing(): Drawing {
    return { type: 'FeatureCollection', features: [...this.contextFeatures, ...history.current(this.history)] };
  }

  private editFeatures(): Feature<Geometry>[] {
    return this.editSource.getFeaturesCollection()!.getArray();
  }

  private snapshot(): Snapshot {
    return this.editFeatures()
      .filter((f) => String(f.getId()) !== this.pending)
      .map((f) => {
        this.normaliseHeights(f);
        return writeDrawingFeature(f);
      });
  }

  /** Records the current features as a new history entry. */
  private commit() {
    this.history = history.push(this.history, this.snapshot());
    this.updateGuides();
    this.emit();
  }

  private restore(features: Snapshot) {
    const keep = new Set(this.selectedIds);
    this.select.getFeatures().clear();
    this.editSource.clear(true);
    const read = readDrawingFeatures(features);
    this.editSource.addFeatures(read);
    for (const f of read) if (keep.has(String(f.getId()))) this.select.getFeatures().push(f);
  }

  undo() {
    if (!history.canUndo(this.history)) return;
    this.draw?.abortDrawing();
    this.history = history.undo(this.history);
    this.restore(history.current(this.history));
    this.updateGuides();
    this.emit();
  }

  redo() {
    if (!history.canRedo(this.history)) return;
    this.history = history.redo(this.history);
    this.restore(history.current(this.history));
    this.updateGuides();
    this.emit();
  }

  // ---- tools ----

  /** Switches the tool; 'draw' needs the element to draw. */
  setTool(tool: Tool, element: string | null = null) {
    this.tool = tool;
    this.drawElement = tool === 'draw' ? element : null;
    this.applyTool();
    this.emit();
  }

  private applyTool() {
    const tool = this.tool;
    if (this.draw) {
      this.map.removeInteraction(this.draw);
      this.draw = null;
    }
    if (this.measureKey) unByKey(this.measureKey);
    this.measureKey = null;
    this.measureSource.clear();
    this.measureOverlay.setPosition(undefined);
    for (const snap of this.snaps) this.map.removeInteraction(snap);

    this.select.setActive(tool === 'select' || tool === 'modify' || tool === 'move');
    this.modify.setActive(tool === 'modify');
    this.translate.setActive(tool === 'move');
    if (tool === 'draw' && this.drawElement) this.startDraw(this.drawElement);
    if (tool === 'measure-line' || tool === 'measure-area') this.startMeasure(tool === 'measure-area' ? 'Polygon' : 'LineString');
    // Snap must come after the interactions it serves.
    if (this.snapOn && tool !== 'select') for (const snap of this.snaps) this.map.addInteraction(snap);
  }

  private startDraw(elementName: string) {
    const element = this.elementByName.get(elementName);
    if (!element) return;
    const type = element.geometryType === 'polygon' ? 'Polygon' : element.geometryType === 'line' ? 'LineString' : 'Point';
    this.select.getFeatures().clear();
    const draw = new Draw({ source: this.editSource, type, stopClick: true });
    draw.on('drawend', (event) => {
      const feature = event.feature as Feature<Geometry>;
      feature.set('element', elementName);
      const id = this.newId(feature);
      feature.setId(id);
      this.removeOtherSingles(elementName, id);
      // The source adds the feature right after this event.
      queueMicrotask(() => {
        if (TEXT_ELEMENTS.has(elementName) && this.opts.onPointPlaced) {
          this.pending = id;
          this.opts.onPointPlaced(id, elementName);
        } else {
          this.commit();
        }
      });
    });
    this.draw = draw;
    this.map.addInteraction(draw);
  }

  private startMeasure(type: 'LineString' | 'Polygon') {
    const draw = new Draw({ source: this.measureSource, type, style: MEASURE_STYLE, stopClick: true });
    const tip = this.measureOverlay.getElement()!;
    const show = (geometry: Geometry) => {
      if (geometry instanceof Polygon) {
        const ring = geometry.getCoordinates()[0] ?? [];
        const lonLat = ring.map((c) => toLonLat(c));
        tip.textContent = formatArea(this.opts.measurer.polygonArea([lonLat]), this.opts.language);
        this.measureOverlay.setPosition(geometry.getInteriorPoint().getCoordinates());
      } else if (geometry instanceof LineString) {
        tip.textContent = formatLength(this.opts.measurer.lineLength(lonLatCoords(geometry)), this.opts.language);
        this.measureOverlay.setPosition(geometry.getLastCoordinate());
      }
    };
    draw.on('drawstart', (event) => {
      this.measureSource.clear();
      if (this.measureKey) unByKey(this.measureKey);
      const geometry = event.feature.getGeometry()!;
      this.measureKey = geometry.on('change', () => show(geometry));
    });
    draw.on('drawend', (event) => {
      if (this.measureKey) unByKey(this.measureKey);
      this.measureKey = null;
      show(event.feature.getGeometry()!);
    });
    this.draw = draw;
    this.map.addInteraction(draw);
  }

  /** Snapping to the vertices and edges of all features while drawing, reshaping or moving. */
  setSnap(on: boolean) {
    this.snapOn = on;
    this.applyTool();
    this.emit();
  }

  /** Escape: drops the sketch being drawn or measured. */
  cancelSketch() {
    this.draw?.abortDrawing();
    if (this.tool === 'measure-line' || this.tool === 'measure-area') {
      this.measureSource.clear();
      this.measureOverlay.setPosition(undefined);
    }
  }

  deleteSelected() {
    const features = [...this.select.getFeatures().getArray()];
    if (features.length === 0) return;
    this.select.getFeatures().clear();
    for (const f of features) this.editSource.removeFeature(f);
    this.commit();
  }

  /** Shows or hides an element's features. */
  setHidden(element: string, hidden: boolean) {
    if (hidden) this.hidden.add(element);
    else this.hidden.delete(element);
    this.map.getAllLayers().forEach((l) => l.changed());
    if (hidden) {
      for (const f of [...this.select.getFeatures().getArray()]) if (f.get('element') === element) this.select.getFeatures().remove(f);
    }
    this.emit();
  }

  /** Selects every editable feature of an element (from the layer list). */
  selectElement(element: string) {
    if (!['select', 'modify', 'move'].includes(this.tool)) this.setTool('select');
    const collection = this.select.getFeatures();
    collection.clear();
    for (const f of this.editFeatures()) if (f.get('element') === element) collection.push(f);
    this.fitFeatures(collection.getArray(), false);
  }

  /** Sets label/icon/attributes of a feature (an undoable change); resolves a pending placed point. */
  setFeatureProps(id: string, props: { label?: string; icon?: string }) {
    const feature = this.editSource.getFeatureById(id) as Feature<Geometry> | null;
    if (!feature) return;
    if (props.label !== undefined) feature.set('label', props.label.trim() || undefined);
    if (props.icon !== undefined) feature.set('icon', props.icon || undefined);
    if (this.pending === id) this.pending = null;
    this.commit();
  }

  /** Drops a placed label or icon point whose dialog was cancelled. */
  discardPending() {
    if (!this.pending) return;
    const feature = this.editSource.getFeatureById(this.pending);
    this.pending = null;
    if (feature) this.editSource.removeFeature(feature as Feature<Geometry>);
    this.emit();
  }

  // ---- editing without a pointer ----

  /** Selects one feature (from the list beside the map) and brings it into view. */
  selectFeature(id: string) {
    const feature = this.editSource.getFeatureById(id) as Feature<Geometry> | null;
    if (!feature) return;
    if (!['select', 'modify', 'move'].includes(this.tool)) this.setTool('select');
    const collection = this.select.getFeatures();
    collection.clear();
    collection.push(feature);
    this.activeVertex = null;
    this.updateGuides();
    this.fitFeatures([feature], false);
    this.emit();
  }

  /** The one selected editable feature whose vertices can be typed or moved by keyboard. */
  private vertexFeature(): Feature<Geometry> | null {
    if (this.opts.mode === 'edit-elevation') return null;
    const selected = this.select.getFeatures().getArray();
    if (selected.length !== 1) return null;
    const g = selected[0].getGeometry();
    return g instanceof Point || g instanceof LineString || g instanceof Polygon ? selected[0] : null;
  }

  private vertexList(): VertexList | null {
    const feature = this.vertexFeature();
    if (!feature) return null;
    const g = feature.getGeometry();
    let positions: Position[] = [];
    if (g instanceof Point) positions = [toLonLat(g.getCoordinates())];
    else if (g instanceof LineString) positions = lonLatCoords(g);
    else if (g instanceof Polygon) positions = (g.getCoordinates()[0] ?? []).slice(0, -1).map((c) => toLonLat(c));
    return { featureId: String(feature.getId()), element: feature.get('element'), positions };
  }

  /** The active vertex's index when it belongs to the feature whose vertices are listed. */
  private activeVertexIndex(vertices = this.vertexList()): number | null {
    const active = this.activeVertex;
    if (!active || !vertices || active.featureId !== vertices.featureId || active.index >= vertices.positions.length) return null;
    return active.index;
  }

  /** Chooses the vertex of the selected feature that the arrow keys move (marked on the map); null for none. */
  setActiveVertex(index: number | null) {
    const vertices = this.vertexList();
    this.activeVertex = index === null || !vertices ? null : { featureId: vertices.featureId, index };
    this.updateGuides();
    this.emit();
  }

  /** Puts vertex `index` of the selected feature at [lon, lat] (keeping its height), as one undoable change. */
  moveVertex(index: number, lonLat: [number, number]) {
    const feature = this.vertexFeature();
    const g = feature?.getGeometry();
    if (!feature || !g) return;
    const [x, y] = fromLonLat(lonLat);
    if (g instanceof Point) {
      g.setCoordinates([x, y]);
    } else if (g instanceof LineString) {
      const coords = g.getCoordinates();
      if (!coords[index]) return;
      coords[index] = [x, y, ...coords[index].slice(2)];
      g.setCoordinates(coords, g.getLayout());
    } else if (g instanceof Polygon) {
      const rings = g.getCoordinates();
      const ring = rings[0];
      if (!ring || index >= ring.length - 1) return;
      ring[index] = [x, y, ...ring[index].slice(2)];
      if (index === 0) ring[ring.length - 1] = ring[0];
      g.setCoordinates(rings, g.getLayout());
    }
    this.commit();
  }

  /** Moves vertex `index` of the selected feature `east` and `north` metres. */
  nudgeVertex(index: number, east: number, north: number) {
    const position = this.vertexList()?.positions[index];
    if (!position) return;
    const moved = offsetPosition(position, east, north);
    this.moveVertex(index, [moved[0], moved[1]]);
  }

  /** Moves the whole selected feature `east` and `north` metres. */
  nudgeFeature(east: number, north: number) {
    const feature = this.vertexFeature();
    const first = this.vertexList()?.positions[0];
    if (!feature || !first) return;
    const from = fromLonLat([first[0], first[1]]);
    const moved = offsetPosition(first, east, north);
    const to = fromLonLat([moved[0], moved[1]]);
    feature.getGeometry()!.translate(to[0] - from[0], to[1] - from[1]);
    this.commit();
  }

  /**
   * Adds a feature of `element` through the given [lon, lat] positions (typed coordinates instead
   * of clicks) and selects it; false when the element is not editable here or the count does not fit.
   */
  addFeature(element: string, positions: readonly [number, number][]): boolean {
    const type = this.elementByName.get(element)?.geometryType;
    if (!type || !this.opts.editable.has(element)) return false;
    const { min, max } = positionsNeeded(type);
    if (positions.length < min || positions.length > max) return false;
    const projected = positions.map((p) => fromLonLat(p));
    const geometry = type === 'point' ? new Point(projected[0]) : type === 'line' ? new LineString(projected) : new Polygon([[...projected, projected[0]]]);
    const feature = new Feature<Geometry>(geometry);
    feature.set('element', element);
    const id = this.newId(feature);
    feature.setId(id);
    this.removeOtherSingles(element, id);
    this.editSource.addFeature(feature);
    this.setTool('select');
    this.select.getFeatures().clear();
    this.select.getFeatures().push(feature);
    if (TEXT_ELEMENTS.has(element) && this.opts.onPointPlaced) {
      this.pending = id;
      this.opts.onPointPlaced(id, element);
      this.emit();
    } else {
      this.commit();
    }
    this.fitFeatures([feature], false);
    return true;
  }

  // ---- play line and elevation ----

  private playLineFeature(): Feature<LineString> | null {
    const selected = this.select.getFeatures().getArray().find((f) => f.get('element') === EL.playLine);
    const feature = selected ?? this.editFeatures().find((f) => f.get('element') === EL.playLine);
    return feature && feature.getGeometry() instanceof LineString ? (feature as Feature<LineString>) : null;
  }

  private playLineInfo(): EditorState['playLine'] {
    if (this.opts.mode !== 'edit-elevation' && this.opts.mode !== 'edit-play-lines') return null;
    const feature = this.playLineFeature();
    if (!feature) return null;
    const coords = lonLatCoords(feature.getGeometry()!);
    return { id: String(feature.getId()), rows: vertexRows(coords, this.opts.measurer.distance), legs: legLengths(coords, this.opts.measurer.distance) };
  }

  /** Sets the height in metres (z) of vertex `index` of the play line; null clears it. */
  setVertexHeight(index: number, height: number | null) {
    const feature = this.playLineFeature();
    if (!feature) return;
    const coords = withHeight(lonLatCoords(feature.getGeometry()!), index, height, this.opts.measurer.distance);
    const projected = coords.map((c) => (c.length > 2 ? [...fromLonLat([c[0], c[1]]), c[2]] : fromLonLat([c[0], c[1]])));
    feature.setGeometry(new LineString(projected, coords[0]?.length > 2 ? 'XYZ' : 'XY'));
    this.commit();
  }

  /** Highlights a vertex of the play line (elevation screen). */
  selectVertex(index: number | null) {
    this.selectedVertex = index;
    this.updateGuides();
    this.emit();
  }

  /** A play line keeps heights on every vertex: a vertex inserted by reshaping gets an interpolated one. */
  private normaliseHeights(feature: Feature<Geometry>) {
    const geometry = feature.getGeometry();
    if (!(geometry instanceof LineString) || geometry.getStride() < 3) return;
    const flat = geometry.getFlatCoordinates();
    let broken = false;
    for (let i = 2; i < flat.length; i += 3) if (!Number.isFinite(flat[i])) broken = true;
    if (!broken) return;
    const coords = withHeight(
      lonLatCoords(geometry).map((c) => (Number.isFinite(c[2]) ? c : [c[0], c[1]])),
      -1,
      null,
      this.opts.measurer.distance,
    );
    geometry.setCoordinates(coords.map((c) => [...fromLonLat([c[0], c[1]]), c[2] ?? 0]), 'XYZ');
  }

  private legStyles(feature: Feature<Geometry>): Style[] {
    const geometry = feature.getGeometry();
    if (!(geometry instanceof LineString)) return [];
    const cached = this.legCache.get(feature);
    if (cached && cached.revision === geometry.getRevision()) return cached.styles;
    const projected = geometry.getCoordinates();
    const coords = lonLatCoords(geometry);
    const legs = legLengths(coords, this.opts.measurer.distance);
    const text = (value: string, at: number[], bold = false) =>
      new Style({
        geometry: new Point(at),
        text: new Text({
          text: value,
          font: `${bold ? 700 : 600} 13px sans-serif`,
          fill: new Fill({ color: '#212121' }),
          stroke: new Stroke({ color: '#ffffff', width: 3 }),
          offsetY: bold ? 16 : -12,
          overflow: true,
        }),
        zIndex: 10_000,
      });
    const styles = legs.map((metres, i) => {
      const a = projected[i];
      const b = projected[i + 1];
      return text(formatLength(metres, this.opts.language), [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
    });
    if (legs.length > 1) {
      const total = legs.reduce((s, m) => s + m, 0);
      styles.push(text(`Σ ${formatLength(total, this.opts.language)}`, projected[projected.length - 1], true));
    }
    this.legCache.set(feature, { revision: geometry.getRevision(), styles });
    return styles;
  }

  // ---- guides ----

  private updateGuides() {
    this.guideSource.clear(true);
    if (this.opts.mode === 'edit-pin-chart') {
      const frame = pinFrame(this.getDrawing());
      if (frame) {
        const guides = pinGuides(frame);
        const lines = guides.lines.map((line) => new Feature(new LineString(line.map((c) => fromLonLat(c)))));
        for (const f of lines) f.setStyle(GUIDE_STYLE);
        const arrow = new Feature(new LineString(guides.arrow.map((c) => fromLonLat(c))));
        const head = new Feature(new LineString(guides.head.map((c) => fromLonLat(c))));
        arrow.setStyle(ARROW_STYLE);
        head.setStyle(ARROW_STYLE);
        this.guideSource.addFeatures([...lines, arrow, head]);
      }
    }
    const vertices = this.vertexList();
    const activeIndex = this.activeVertexIndex(vertices);
    const active = activeIndex === null ? undefined : vertices?.positions[activeIndex];
    if (active) {
      const marker = new Feature(new Point(fromLonLat([active[0], active[1]])));
      marker.setStyle(VERTEX_STYLE);
      this.guideSource.addFeature(marker);
    }
    if (this.opts.mode === 'edit-elevation' && this.selectedVertex !== null) {
      const geometry = this.playLineFeature()?.getGeometry();
      const coordinate = geometry?.getCoordinates()[this.selectedVertex];
      if (coordinate) {
        const marker = new Feature(new Point([coordinate[0], coordinate[1]]));
        marker.setStyle(VERTEX_STYLE);
        this.guideSource.addFeature(marker);
      }
    }
  }

  // ---- view ----

  /** Fits the view to the drawing (the green on the pin chart screen), else the neighbouring holes, else the club. */
  fit() {
    let features = [...this.contextSource.getFeatures(), ...this.editFeatures()];
    if (this.opts.mode === 'edit-pin-chart') {
      const green = features.filter((f) => f.get('element') === EL.green || f.get('element') === EL.fringe);
      if (green.length > 0) features = green;
    }
    if (this.fitFeatures(features, true) || this.fitFeatures(this.neighbourSource.getFeatures(), true)) return;
    if (this.opts.fallbackCenter) {
      this.map.getView().setCenter(fromLonLat(this.opts.fallbackCenter));
      this.map.getView().setZoom(16);
    }
  }

  private fitFeatures(features: Feature<Geometry>[], always: boolean): boolean {
    const extent: Extent = createEmpty();
    for (const f of features) {
      const g = f.getGeometry();
      if (g) extend(extent, g.getExtent());
    }
    if (isEmpty(extent) && features.length === 0) return false;
    const size = this.map.getSize();
    if (!always && !size) return false;
    const pad = this.opts.mode === 'edit-pin-chart' ? 90 : 40;
    this.map.getView().fit(extent, { padding: [pad, pad, pad, pad], maxZoom: this.opts.mode === 'edit-pin-chart' ? 21 : 19, size: size ?? [800, 600] });
    return true;
  }

  // ---- input ----

  private handleMapClick(pixel: number[]) {
    if (this.opts.mode !== 'edit-elevation' || this.tool !== 'select') return;
    const geometry = this.playLineFeature()?.getGeometry();
    if (!geometry) return;
    let best: number | null = null;
    let bestDistance = 14;
    geometry.getCoordinates().forEach((c, i) => {
      const p = this.map.getPixelFromCoordinate([c[0], c[1]]);
      const d = Math.hypot(p[0] - pixel[0], p[1] - pixel[1]);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    if (best !== null) this.selectVertex(best);
  }

  private handleKey(event: KeyboardEvent) {
    if (isTyping(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (key === 'escape') {
      this.cancelSketch();
    } else if (mod && key === 'z' && !event.shiftKey) {
      event.preventDefault();
      this.undo();
    } else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) {
      event.preventDefault();
      this.redo();
    } else if ((key === 'delete' || key === 'backspace') && this.select.getFeatures().getLength() > 0) {
      event.preventDefault();
      this.deleteSelected();
    }
  }

  // ---- course-wide mapping ----

  /** A T-point is one per hole: another of the same hole (`sameHole`, else any) goes when one is placed. */
  private removeOtherSingles(element: string, id: string) {
    if (!SINGLE_PER_HOLE.has(element)) return;
    for (const other of [...this.editFeatures()]) {
      if (other.get('element') !== element || String(other.getId()) === id) continue;
      if (this.opts.sameHole && !this.opts.sameHole(String(other.getId()), id)) continue;
      this.editSource.removeFeature(other);
    }
  }

  private newId(feature: Feature<Geometry>): string {
    if (!this.opts.newFeatureId) return crypto.randomUUID();
    feature.setId('new');
    return this.opts.newFeatureId(writeDrawingFeature(feature));
  }

  /** Gives edited features new ids (old id → new id), as one undoable change; unknown ids are skipped. */
  renameFeatures(renames: ReadonlyMap<string, string>) {
    let changed = false;
    for (const [from, to] of renames) {
      const feature = this.editSource.getFeatureById(from) as Feature<Geometry> | null;
      if (!feature || from === to || this.editSource.getFeatureById(to)) continue;
      feature.setId(to);
      if (this.selectedIds.delete(from)) this.selectedIds.add(to);
      if (this.activeVertex?.featureId === from) this.activeVertex = { ...this.activeVertex, featureId: to };
      changed = true;
    }
    if (changed) this.commit();
  }

  /** Brings the features (edited and shown) whose id passes `include` into view; false when there are none. */
  zoomTo(include: (id: string) => boolean): boolean {
    const features = [...this.contextSource.getFeatures(), ...this.editFeatures()].filter((f) => include(String(f.getId())));
    if (features.length === 0) return false;
    return this.fitFeatures(features, true);
  }

  /** Whether background tiles are configured (else there is nothing to switch). */
  get hasBackground(): boolean {
    return !!this.background;
  }

  /** Shows or hides the background tiles. */
  setBackgroundVisible(visible: boolean) {
    this.background?.setVisible(visible);
  }

  /** Draws the features again (after what `decorate` reads changed). */
  redraw() {
    this.editLayer.changed();
  }

  /** Whether `load` has run. */
  get isLoaded() {
    return this.loaded;
  }

  destroy() {
    window.removeEventListener('keydown', this.onKeyDown);
    unByKey(this.keys);
    if (this.measureKey) unByKey(this.measureKey);
    this.map.setTarget(undefined);
    this.map.dispose();
    this.listeners.clear();
  }
}
