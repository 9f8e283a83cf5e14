import { z } from 'zod';
import { Text } from './common';

/** The graphics catalogue (§3, §7 "Graphics and assets"); camelCase, as the spec's §3 spells the catalogue (docs/decisions/0021-wire-casing.md). */

export const GEOMETRY_TYPES = ['line', 'point', 'polygon'] as const;
export const GeometryType = z.enum(GEOMETRY_TYPES);
export type GeometryType = z.infer<typeof GeometryType>;

export const Theme = z.object({ id: z.number().int(), name: z.string(), parentName: z.string().nullable() });
export const Group = z.object({ id: z.number().int(), name: z.string() });
export const Layer = z.object({ id: z.number().int(), name: z.string(), zIndex: z.number().int() });
export const Element = z.object({
  id: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  layerName: z.string(),
  geometryType: GeometryType,
  shorthand: z.string(),
});
export type Element = z.infer<typeof Element>;
export const AttributeUnit = z.object({ id: z.number().int(), name: z.string() });
export const Attribute = z.object({ id: z.number().int(), name: z.string(), attributeUnitName: z.string() });
export type Attribute = z.infer<typeof Attribute>;
/** The value of an attribute for an element in a theme (e.g. Classic / bunker / fill colour = #f4e4b0). */
export const ThemeAttribute = z.object({ themeName: z.string(), elementName: z.string(), attributeName: z.string(), value: z.string() });
export type ThemeAttribute = z.infer<typeof ThemeAttribute>;
/** The default graphics of an element: attribute values used when a theme sets none. */
export const AttributeGraphic = z.object({ elementName: z.string(), attributeName: z.string(), value: z.string() });
export type AttributeGraphic = z.infer<typeof AttributeGraphic>;
/** A drawing context: an editor screen and the elements that may be drawn in it. */
export const Context = z.object({ name: z.string(), elementNames: z.array(z.string()) });
export type Context = z.infer<typeof Context>;

export const GraphicsResponse = z.object({
  themes: z.array(Theme),
  groups: z.array(Group),
  layers: z.array(Layer),
  elements: z.array(Element),
  attributes: z.array(Attribute),
  attributeUnits: z.array(AttributeUnit),
  themeAttributes: z.array(ThemeAttribute),
  attributeGraphics: z.array(AttributeGraphic),
  geometryTypes: z.array(GeometryType),
  contexts: z.array(Context),
});
export type GraphicsResponse = z.infer<typeof GraphicsResponse>;

/** Elements offered by the editor: the element with its group, layer order and resolved style. */
export const ElementForEdit = Element.extend({
  zIndex: z.number().int(),
  /** Attribute values of the club's theme (or the defaults), by attribute name. */
  style: z.record(z.string(), z.string()),
});
export type ElementForEdit = z.infer<typeof ElementForEdit>;

/** GET graphics/contexts/{clubId}: the contexts with the club's drawing style. */
export const ClubContextsResponse = z.object({
  drawingStyleId: z.number().int(),
  themeName: z.string(),
  contexts: z.array(Context),
});

const CatalogueName = Text.trim().min(1, 'Name is required').max(60, 'Name is too long');
export const CreateElementBody = z.object({
  name: CatalogueName,
  groupName: CatalogueName,
  layerName: CatalogueName,
  geometryType: GeometryType,
  shorthand: Text.trim().min(1, 'Shorthand is required').max(6, 'Shorthand is at most 6 characters'),
});
export const CreateAttributeBody = z.object({ name: CatalogueName, attributeUnitName: CatalogueName });

/** Context names used by the console's editor screens. */
export const CONTEXTS = {
  hole: 'hole',
  pinChart: 'pin-chart',
  playLines: 'play-lines',
  labels: 'labels',
  elevation: 'elevation',
} as const;
