/** The graphics catalogue: themes, groups, layers, elements, attributes, contexts. */
import { doublePrecision, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

export const graphicsThemes = pgTable('graphics_themes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  parentName: text('parent_name'),
});

export const graphicsGroups = pgTable('graphics_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const graphicsLayers = pgTable('graphics_layers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  zIndex: integer('z_index').notNull(),
});

export const graphicsElements = pgTable('graphics_elements', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  groupName: text('group_name').notNull(),
  layerName: text('layer_name').notNull(),
  geometryType: text('geometry_type').notNull(),
  shorthand: text('shorthand').notNull(),
  /**
   * The element's catalogue rules (issue 26), which every drawing is validated against (the hole
   * editor's save, the course import, the mismatches): the attributes a drawn element must carry,
   * the element it must lie inside ('boundary': its hole's boundary), and its plausible area in m²
   * (polygons only; null: no bound).
   */
  requiredAttributes: jsonb('required_attributes').$type<string[]>().notNull().default([]),
  mustLieInside: text('must_lie_inside'),
  minAreaM2: doublePrecision('min_area_m2'),
  maxAreaM2: doublePrecision('max_area_m2'),
});

export const graphicsAttributeUnits = pgTable('graphics_attribute_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const graphicsAttributes = pgTable('graphics_attributes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  attributeUnitName: text('attribute_unit_name').notNull(),
});

export const graphicsThemeAttributes = pgTable(
  'graphics_theme_attributes',
  {
    themeName: text('theme_name').notNull(),
    elementName: text('element_name').notNull(),
    attributeName: text('attribute_name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.themeName, t.elementName, t.attributeName] })],
);

export const graphicsAttributeGraphics = pgTable(
  'graphics_attribute_graphics',
  {
    elementName: text('element_name').notNull(),
    attributeName: text('attribute_name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.elementName, t.attributeName] })],
);

export const graphicsContexts = pgTable('graphics_contexts', {
  name: text('name').primaryKey(),
  elementNames: jsonb('element_names').$type<string[]>().notNull(),
});
