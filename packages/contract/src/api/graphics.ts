import { z } from 'zod';
import { IdParam, Text } from './common';

/** The graphics catalogue (§3, §7 "Graphics and assets"); camelCase, as the spec's §3 spells the catalogue (docs/decisions/0021-wire-casing.md). */

export const GEOMETRY_TYPES = ['line', 'point', 'polygon'] as const;
export const GeometryType = z.enum(GEOMETRY_TYPES);
export type GeometryType = z.infer<typeof GeometryType>;

export const Theme = z.object({ id: z.number().int(), name: z.string(), parentName: z.string().nullable() });
export const Group = z.object({ id: z.number().int(), name: z.string() });
export const Layer = z.object({ id: z.number().int(), name: z.string(), zIndex: z.number().int() });
/** An element as the editors draw it: its name, group, layer, geometry and shorthand. */
export const ElementBase = z.object({
  id: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  layerName: z.string(),
  geometryType: GeometryType,
  shorthand: z.string(),
});
/**
 * An element with its catalogue rules (issue 26), which every drawing is checked against (the hole
 * editor's save, the course import, the mismatches; geo/catalogue-rules.ts).
 */
export const Element = ElementBase.extend({
  /** Attribute names a drawn element of this type must carry. */
  requiredAttributes: z.array(z.string()),
  /** The element whose polygon this one must lie inside (e.g. 'hole boundary'); null: anywhere. */
  mustLieInside: z.string().nullable(),
  /** Plausible area in m² (polygons); null: no bound. */
  minAreaM2: z.number().nullable(),
  maxAreaM2: z.number().nullable(),
});
export type Element = z.infer<typeof Element>;
export const AttributeUnit = z.object({ id: z.number().int(), name: z.string() });
export type AttributeUnit = z.infer<typeof AttributeUnit>;
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
export const ElementForEdit = ElementBase.extend({
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

/** Caps of the catalogue's administration. */
export const CATALOGUE_RULE_LIMITS = {
  /** Required attributes of one element. */
  requiredAttributes: 20,
  /** Largest area bound, m² (a whole course is rarely 2 km²). */
  maxAreaM2: 10_000_000,
  /** Elements, attributes and units the catalogue may hold each. */
  maxRows: 500,
} as const;

const CatalogueName = Text.trim().min(1, 'Name is required').max(60, 'Name is too long');
const AreaBound = z.number().finite().min(0, 'An area is not negative').max(CATALOGUE_RULE_LIMITS.maxAreaM2, `An area is at most ${CATALOGUE_RULE_LIMITS.maxAreaM2} m²`).nullable();

/** The rule fields of an element (all optional when creating: no rule). */
const ElementRuleFields = z.object({
  requiredAttributes: z
    .array(CatalogueName)
    .max(CATALOGUE_RULE_LIMITS.requiredAttributes, `At most ${CATALOGUE_RULE_LIMITS.requiredAttributes} required attributes`)
    .refine((names) => new Set(names).size === names.length, 'An attribute is named twice'),
  mustLieInside: CatalogueName.nullable(),
  minAreaM2: AreaBound,
  maxAreaM2: AreaBound,
});

/** The drawing contexts (editor screens) that offer the element; left out: unchanged (none for a new element). */
const ContextNames = z
  .array(CatalogueName)
  .max(50)
  .refine((names) => new Set(names).size === names.length, 'A context is named twice');

const boundsInOrder = (v: { minAreaM2?: number | null; maxAreaM2?: number | null }) =>
  v.minAreaM2 === null || v.minAreaM2 === undefined || v.maxAreaM2 === null || v.maxAreaM2 === undefined || v.minAreaM2 <= v.maxAreaM2;
const boundsMessage = { message: 'The smallest area is larger than the largest', path: ['maxAreaM2'] };

export const CreateElementBody = z
  .object({
    name: CatalogueName,
    groupName: CatalogueName,
    layerName: CatalogueName,
    geometryType: GeometryType,
    shorthand: Text.trim().min(1, 'Shorthand is required').max(6, 'Shorthand is at most 6 characters'),
  })
  .extend(ElementRuleFields.partial().shape)
  .extend({ contexts: ContextNames.optional() })
  .refine(boundsInOrder, boundsMessage);
export type CreateElementBody = z.input<typeof CreateElementBody>;

/**
 * PUT graphics/elements/{id}: everything but the name, which drawings, themes and contexts refer to
 * (a new name is a new element). The geometry type changes only while no drawing uses the element.
 */
export const UpdateElementBody = z
  .object({
    groupName: CatalogueName,
    layerName: CatalogueName,
    geometryType: GeometryType,
    shorthand: Text.trim().min(1, 'Shorthand is required').max(6, 'Shorthand is at most 6 characters'),
  })
  .extend(ElementRuleFields.shape)
  .extend({ contexts: ContextNames.optional() })
  .refine(boundsInOrder, boundsMessage);
export type UpdateElementBody = z.input<typeof UpdateElementBody>;

export const CreateAttributeBody = z.object({ name: CatalogueName, attributeUnitName: CatalogueName });
export type CreateAttributeBody = z.input<typeof CreateAttributeBody>;
/** PUT graphics/attributes/{id}: an attribute's unit (its name is what values refer to). */
export const UpdateAttributeBody = z.object({ attributeUnitName: CatalogueName });
/** POST graphics/attribute-units. */
export const CreateAttributeUnitBody = z.object({ name: CatalogueName });
/** PUT graphics/elements/{id}/attribute-graphics/{attributeId}: an element's default value of an attribute. */
export const AttributeGraphicBody = z.object({ value: Text.trim().min(1, 'A value is required').max(200, 'A value is at most 200 characters') });
export const ElementAttributeParams = z.object({ id: IdParam, attributeId: IdParam });

/** GET graphics/elements/usage (admin): how many holes draw an element (elements drawn nowhere are left out). */
export const ElementUsage = z.object({ name: z.string(), holes: z.number().int() });
export type ElementUsage = z.infer<typeof ElementUsage>;

/**
 * Whether a value fits its attribute's unit: a colour is #rrggbb, px, m and degrees are numbers
 * (px not negative), % is 0–100; text and units an administrator added take any text.
 */
export function attributeValueFits(unit: string, value: string): boolean {
  const v = value.trim();
  if (unit === 'colour') return /^#[0-9a-fA-F]{6}$/.test(v);
  if (unit === 'px' || unit === 'm' || unit === 'degrees' || unit === '%') {
    if (!/^-?[0-9]+(\.[0-9]+)?$/.test(v)) return false;
    const n = Number(v);
    if (unit === 'degrees') return n >= -360 && n <= 360;
    if (unit === '%') return n >= 0 && n <= 100;
    if (unit === 'm') return Math.abs(n) <= 10000;
    return n >= 0 && n <= 10000;
  }
  return v.length > 0;
}

/** Context names used by the console's editor screens. */
export const CONTEXTS = {
  hole: 'hole',
  pinChart: 'pin-chart',
  playLines: 'play-lines',
  labels: 'labels',
  elevation: 'elevation',
} as const;
