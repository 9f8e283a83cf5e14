import type { AttributeGraphic, ThemeAttribute } from '../api/graphics';
import { CATALOGUE_DEFAULTS, CATALOGUE_ELEMENTS, CATALOGUE_LAYERS, CATALOGUE_THEMES, CATALOGUE_THEME_VALUES } from '../graphics-catalogue';
import type { ElementStyle, GuideTheme } from './input';
import { isPrintSymbol } from './symbols';

/**
 * A guide's theme from the graphics catalogue: each element's attribute values, the defaults
 * overridden by the theme's ancestors and then by the theme itself (§3 themes), read into the
 * numbers the layout draws with.
 */

/** The parts of the catalogue (GET graphics, or the tables on the server) a theme is resolved from. */
export interface CatalogueData {
  themes: { name: string; parentName: string | null }[];
  layers: { name: string; zIndex: number }[];
  elements: { name: string; layerName: string }[];
  themeAttributes: ThemeAttribute[];
  attributeGraphics: AttributeGraphic[];
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function number(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** One element's attribute values (by attribute name) as an ElementStyle. */
export function elementStyle(values: Record<string, string>, zIndex: number): ElementStyle {
  const fill = values['fill colour'];
  const stroke = values['stroke colour'];
  return {
    fill: fill && HEX.test(fill) ? fill.toLowerCase() : undefined,
    stroke: stroke && HEX.test(stroke) ? stroke.toLowerCase() : undefined,
    strokeWidth: number(values['stroke width'], 1, 0, 50),
    opacity: number(values.opacity, 100, 0, 100) / 100,
    dash: number(values['line dash'], 0, 0, 100),
    radius: number(values.radius, 4, 0, 100),
    zIndex: Math.round(zIndex),
    ...(isPrintSymbol(values.icon) ? { icon: values.icon } : {}),
  };
}

/**
 * Each element of the catalogue (in its order) with its layer's z-index and its attribute values
 * in the theme `themeName`: the defaults (attribute graphics), overridden by the theme's
 * ancestors from the root down and then by the theme itself (§3 themes). An unknown theme gives
 * the defaults. The graphics service answers GET graphics/elements-for-edit with it.
 */
export function resolveElementStyles(data: CatalogueData, themeName: string): { name: string; zIndex: number; style: Record<string, string> }[] {
  const parents = new Map(data.themes.map((t) => [t.name, t.parentName]));
  const chain: string[] = [];
  // Root first; a cycle in the parents stops the walk.
  for (let name: string | null | undefined = themeName; name && parents.has(name) && !chain.includes(name); name = parents.get(name)) chain.unshift(name);
  const zIndex = new Map(data.layers.map((l) => [l.name, l.zIndex]));
  const values = new Map<string, Record<string, string>>(data.elements.map((e) => [e.name, {}]));
  const set = (element: string, attribute: string, value: string) => {
    const v = values.get(element);
    if (v) v[attribute] = value;
  };
  for (const d of data.attributeGraphics) set(d.elementName, d.attributeName, d.value);
  for (const theme of chain) {
    for (const v of data.themeAttributes) if (v.themeName === theme) set(v.elementName, v.attributeName, v.value);
  }
  return data.elements.map((e) => ({ name: e.name, zIndex: zIndex.get(e.layerName) ?? 0, style: values.get(e.name) ?? {} }));
}

/** The theme `themeName` resolved from catalogue data; an unknown name resolves to the defaults. */
export function resolveTheme(data: CatalogueData, themeName: string): GuideTheme {
  const elements: Record<string, ElementStyle> = {};
  for (const e of resolveElementStyles(data, themeName)) elements[e.name] = elementStyle(e.style, e.zIndex);
  return { name: themeName, elements };
}

/** The catalogue every installation starts with (graphics-catalogue.ts) as CatalogueData. */
export function builtInCatalogue(): CatalogueData {
  return {
    themes: CATALOGUE_THEMES.map(([name, parentName]) => ({ name, parentName })),
    layers: CATALOGUE_LAYERS.map(([name, zIndex]) => ({ name, zIndex })),
    elements: CATALOGUE_ELEMENTS.map(([name, , layerName]) => ({ name, layerName })),
    themeAttributes: CATALOGUE_THEME_VALUES.map(([themeName, elementName, attributeName, value]) => ({ themeName, elementName, attributeName, value })),
    attributeGraphics: Object.entries(CATALOGUE_DEFAULTS).flatMap(([elementName, style]) =>
      Object.entries(style).map(([attributeName, value]) => ({ elementName, attributeName, value: String(value) })),
    ),
  };
}
