import type { GeometryType } from './api/graphics';

/**
 * The graphics catalogue every installation starts with (§3): seeded into the database, served by
 * the Graphics calls, and extended by admins. Drawings name their elements with these names.
 */

/** Element names that code depends on (imports, status checks, pins, play lines, labels). */
export const EL = {
  holeBoundary: 'hole boundary',
  tee: 'tee',
  teeCut: 'tee cut',
  fairway: 'fairway',
  semiRough: 'semi rough',
  rough: 'rough',
  green: 'green',
  fringe: 'fringe',
  bunker: 'bunker',
  water: 'water',
  lateralWater: 'lateral water',
  trees: 'trees',
  tree: 'tree',
  mound: 'mound',
  hollow: 'hollow',
  background: 'background',
  building: 'building',
  path: 'path',
  cartPath: 'cart path',
  outOfBounds: 'out of bounds',
  distanceMarker: 'distance marker',
  sponsorSign: 'sponsor sign',
  pinPosition: 'pin position',
  tPoint: 'T-point',
  playLine: 'play line',
  label: 'label',
  icon: 'icon',
} as const;
export type ElementName = (typeof EL)[keyof typeof EL];

export const CATALOGUE_GROUPS = ['Playing areas', 'Hazards', 'Vegetation', 'Surroundings', 'Markers', 'Guides'] as const;

/** Layers bottom to top. */
export const CATALOGUE_LAYERS: [name: string, zIndex: number][] = [
  ['Background', 0],
  ['Rough', 10],
  ['Fairway', 20],
  ['Tees', 30],
  ['Greens', 40],
  ['Hazards', 50],
  ['Trees', 60],
  ['Lines', 70],
  ['Markers', 80],
  ['Labels', 90],
];

export const CATALOGUE_ELEMENTS: [name: string, group: string, layer: string, geometry: GeometryType, shorthand: string][] = [
  [EL.background, 'Surroundings', 'Background', 'polygon', 'BG'],
  [EL.holeBoundary, 'Surroundings', 'Background', 'polygon', 'HB'],
  [EL.rough, 'Playing areas', 'Rough', 'polygon', 'R'],
  [EL.semiRough, 'Playing areas', 'Rough', 'polygon', 'SR'],
  [EL.mound, 'Surroundings', 'Rough', 'polygon', 'MD'],
  [EL.hollow, 'Surroundings', 'Rough', 'polygon', 'HL'],
  [EL.fairway, 'Playing areas', 'Fairway', 'polygon', 'F'],
  [EL.tee, 'Playing areas', 'Tees', 'polygon', 'T'],
  [EL.teeCut, 'Playing areas', 'Tees', 'polygon', 'TC'],
  [EL.fringe, 'Playing areas', 'Greens', 'polygon', 'FR'],
  [EL.green, 'Playing areas', 'Greens', 'polygon', 'G'],
  [EL.bunker, 'Hazards', 'Hazards', 'polygon', 'B'],
  [EL.water, 'Hazards', 'Hazards', 'polygon', 'W'],
  [EL.lateralWater, 'Hazards', 'Hazards', 'polygon', 'LW'],
  [EL.building, 'Surroundings', 'Hazards', 'polygon', 'BD'],
  [EL.trees, 'Vegetation', 'Trees', 'polygon', 'TR'],
  [EL.tree, 'Vegetation', 'Trees', 'point', 'T1'],
  [EL.path, 'Surroundings', 'Lines', 'line', 'P'],
  [EL.cartPath, 'Surroundings', 'Lines', 'line', 'CP'],
  [EL.outOfBounds, 'Hazards', 'Lines', 'line', 'OB'],
  [EL.playLine, 'Guides', 'Lines', 'line', 'PL'],
  [EL.distanceMarker, 'Markers', 'Markers', 'point', 'DM'],
  [EL.sponsorSign, 'Markers', 'Markers', 'point', 'SS'],
  [EL.pinPosition, 'Markers', 'Markers', 'point', 'PP'],
  [EL.tPoint, 'Guides', 'Markers', 'point', 'TP'],
  [EL.label, 'Guides', 'Labels', 'point', 'L'],
  [EL.icon, 'Guides', 'Labels', 'point', 'I'],
];

/**
 * The catalogue's rules of the elements that have some (issue 26; geo/catalogue-rules.ts), which
 * the hole editor's save, the course import and the mismatches check drawings against: what an
 * element must lie inside, its plausible area in m² (a double green reaches about 5,000 m², a
 * tee box under 5 m² or a bunker under 3 m² is a slip of the mouse), the attributes it must carry.
 * Seeded with the catalogue; administrators change them in /admin/elements.
 */
export const CATALOGUE_RULES: Record<string, { mustLieInside?: string; minAreaM2?: number; maxAreaM2?: number; requiredAttributes?: string[] }> = {
  [EL.green]: { mustLieInside: EL.holeBoundary, minAreaM2: 100, maxAreaM2: 6000 },
  [EL.fringe]: { mustLieInside: EL.holeBoundary },
  [EL.tee]: { mustLieInside: EL.holeBoundary, minAreaM2: 5, maxAreaM2: 3000 },
  [EL.teeCut]: { mustLieInside: EL.holeBoundary },
  [EL.fairway]: { mustLieInside: EL.holeBoundary, minAreaM2: 50, maxAreaM2: 150_000 },
  [EL.bunker]: { minAreaM2: 3, maxAreaM2: 5000 },
  [EL.pinPosition]: { mustLieInside: EL.holeBoundary },
};

export const CATALOGUE_UNITS = ['colour', 'px', 'm', '%', 'degrees', 'text'] as const;

export const CATALOGUE_ATTRIBUTES: [name: string, unit: string][] = [
  ['fill colour', 'colour'],
  ['stroke colour', 'colour'],
  ['stroke width', 'px'],
  ['opacity', '%'],
  ['radius', 'px'],
  ['line dash', 'px'],
  ['rotation', 'degrees'],
  ['font size', 'px'],
  ['height', 'm'],
  // The print symbol of a point element in a theme (print/symbols.ts; issue 26).
  ['icon', 'text'],
];

/** Themes: one per drawing style (§3 drawing style), the first without a parent. */
export const CATALOGUE_THEMES: [name: string, parent: string | null][] = [
  ['Standard', null],
  ['Classic', 'Standard'],
  ['Satellite', 'Standard'],
  ['Minimal', 'Standard'],
  ['High contrast', 'Standard'],
  ['Modern', 'Standard'],
];

type Style = Partial<Record<'fill colour' | 'stroke colour' | 'stroke width' | 'opacity' | 'radius' | 'line dash' | 'font size', string>>;

/** Default graphics of each element (attribute graphics). */
export const CATALOGUE_DEFAULTS: Record<string, Style> = {
  [EL.background]: { 'fill colour': '#cfe3b4', 'stroke colour': '#cfe3b4', 'stroke width': '0', opacity: '100' },
  [EL.holeBoundary]: { 'fill colour': '#000000', 'stroke colour': '#6d4c41', 'stroke width': '2', opacity: '0', 'line dash': '6' },
  [EL.rough]: { 'fill colour': '#8fbf5a', 'stroke colour': '#7aa84a', 'stroke width': '1', opacity: '100' },
  [EL.semiRough]: { 'fill colour': '#a4cf6a', 'stroke colour': '#8fbf5a', 'stroke width': '1', opacity: '100' },
  [EL.mound]: { 'fill colour': '#7fae4c', 'stroke colour': '#6a9a3c', 'stroke width': '1', opacity: '100' },
  [EL.hollow]: { 'fill colour': '#9cc86a', 'stroke colour': '#6a9a3c', 'stroke width': '1', opacity: '100', 'line dash': '3' },
  [EL.fairway]: { 'fill colour': '#6fbf4a', 'stroke colour': '#5aa83a', 'stroke width': '1', opacity: '100' },
  [EL.tee]: { 'fill colour': '#5fb843', 'stroke colour': '#3d8a2a', 'stroke width': '1', opacity: '100' },
  [EL.teeCut]: { 'fill colour': '#58b03e', 'stroke colour': '#3d8a2a', 'stroke width': '1', opacity: '100' },
  [EL.fringe]: { 'fill colour': '#58b840', 'stroke colour': '#4aa035', 'stroke width': '1', opacity: '100' },
  [EL.green]: { 'fill colour': '#4caf50', 'stroke colour': '#2e7d32', 'stroke width': '2', opacity: '100' },
  [EL.bunker]: { 'fill colour': '#f3e3b3', 'stroke colour': '#c8b27a', 'stroke width': '1', opacity: '100' },
  [EL.water]: { 'fill colour': '#64b5f6', 'stroke colour': '#1e88e5', 'stroke width': '1', opacity: '100' },
  [EL.lateralWater]: { 'fill colour': '#64b5f6', 'stroke colour': '#d32f2f', 'stroke width': '2', opacity: '100' },
  [EL.building]: { 'fill colour': '#bcaaa4', 'stroke colour': '#6d4c41', 'stroke width': '1', opacity: '100' },
  [EL.trees]: { 'fill colour': '#2e6b30', 'stroke colour': '#1b4d1e', 'stroke width': '1', opacity: '90' },
  [EL.tree]: { 'fill colour': '#2e6b30', 'stroke colour': '#1b4d1e', 'stroke width': '1', opacity: '100', radius: '6' },
  [EL.path]: { 'stroke colour': '#a1887f', 'stroke width': '2', opacity: '100', 'line dash': '4' },
  [EL.cartPath]: { 'stroke colour': '#9e9e9e', 'stroke width': '3', opacity: '100' },
  [EL.outOfBounds]: { 'stroke colour': '#ffffff', 'stroke width': '3', opacity: '100', 'line dash': '8' },
  [EL.playLine]: { 'stroke colour': '#fafafa', 'stroke width': '2', opacity: '100', 'line dash': '6' },
  [EL.distanceMarker]: { 'fill colour': '#ffffff', 'stroke colour': '#212121', 'stroke width': '1', opacity: '100', radius: '4' },
  [EL.sponsorSign]: { 'fill colour': '#ff9800', 'stroke colour': '#212121', 'stroke width': '1', opacity: '100', radius: '5' },
  [EL.pinPosition]: { 'fill colour': '#d32f2f', 'stroke colour': '#ffffff', 'stroke width': '1', opacity: '100', radius: '4' },
  [EL.tPoint]: { 'fill colour': '#ffeb3b', 'stroke colour': '#212121', 'stroke width': '1', opacity: '100', radius: '4' },
  [EL.label]: { 'fill colour': '#212121', 'stroke colour': '#ffffff', 'stroke width': '3', opacity: '100', 'font size': '14' },
  [EL.icon]: { 'fill colour': '#212121', 'stroke colour': '#ffffff', 'stroke width': '2', opacity: '100', radius: '7' },
};

/** Theme values that differ from the defaults. */
export const CATALOGUE_THEME_VALUES: [theme: string, element: string, attribute: string, value: string][] = [
  ['Modern', EL.fairway, 'fill colour', '#7cc95a'],
  ['Modern', EL.green, 'fill colour', '#5ec262'],
  ['Modern', EL.rough, 'fill colour', '#9ccc65'],
  ['Classic', EL.bunker, 'fill colour', '#efe0b0'],
  ['Classic', EL.water, 'fill colour', '#4f9fd9'],
  ['Minimal', EL.rough, 'fill colour', '#f1f5ea'],
  ['Minimal', EL.fairway, 'fill colour', '#cfe8bf'],
  ['Minimal', EL.trees, 'fill colour', '#9fb99f'],
  ['High contrast', EL.green, 'stroke width', '3'],
  ['High contrast', EL.bunker, 'stroke colour', '#000000'],
  ['Satellite', EL.rough, 'opacity', '60'],
];

const ALL_AREAS = [
  EL.background, EL.holeBoundary, EL.rough, EL.semiRough, EL.mound, EL.hollow, EL.fairway, EL.tee, EL.teeCut,
  EL.fringe, EL.green, EL.bunker, EL.water, EL.lateralWater, EL.building, EL.trees, EL.tree, EL.path, EL.cartPath,
  EL.outOfBounds, EL.distanceMarker, EL.sponsorSign,
];

/** Which elements each editor screen draws. */
export const CATALOGUE_CONTEXTS: [name: string, elements: string[]][] = [
  ['hole', ALL_AREAS],
  ['pin-chart', [EL.green, EL.fringe, EL.bunker, EL.tPoint, EL.pinPosition]],
  ['play-lines', [EL.playLine]],
  ['elevation', [EL.playLine]],
  ['labels', [EL.label, EL.icon]],
];

/** Icons offered for 'icon' features of the labels editor. */
export const LABEL_ICONS = ['info', 'warning', 'drop-zone', 'toilet', 'water-fountain', 'shelter', 'parking', 'restaurant', 'first-aid'] as const;

/** Elements left out of area statistics (§5). */
export const AREA_STATISTICS_IGNORED: readonly string[] = [EL.mound, EL.hollow, EL.background];
