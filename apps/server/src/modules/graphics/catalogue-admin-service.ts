import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  attributeValueFits,
  CATALOGUE_RULE_LIMITS,
  type Attribute,
  type AttributeGraphic,
  type AttributeGraphicBody,
  type AttributeUnit,
  type CreateAttributeUnitBody,
  type Element,
  type ElementUsage,
  type GeometryType,
  type UpdateAttributeBody,
  type UpdateElementBody,
} from '@golf/contract/api/graphics';
import {
  graphicsAttributeGraphics,
  graphicsAttributes,
  graphicsAttributeUnits,
  graphicsContexts,
  graphicsElements,
  graphicsGroups,
  graphicsLayers,
  graphicsThemeAttributes,
} from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { checkElementRules } from './element-rules';

/**
 * The catalogue's administration (issue 26, /admin/elements): elements with their rules, attribute
 * units, attributes and attribute graphics. Every write changes the catalogue's tables, whose
 * triggers raise its version (migration 0006): the catalogue kept in memory (service.ts), the hole
 * editor's element list and the drawing checks of the next save (courses) all read it again.
 */

/**
 * Puts the element in exactly the named drawing contexts (the editor screens that offer it) and
 * takes it out of the others; 400 for a context that does not exist.
 */
export async function setElementContexts(tx: DbOrTx, name: string, contexts: readonly string[]): Promise<void> {
  const rows = await tx.select().from(graphicsContexts);
  const known = new Set(rows.map((r) => r.name));
  const unknown = contexts.find((c) => !known.has(c));
  if (unknown !== undefined) throw badRequest('adminElements.unknownContext', { name: unknown }, [{ path: 'contexts', message: `There is no drawing context named ${unknown}` }]);
  for (const row of rows) {
    const wanted = contexts.includes(row.name);
    const has = row.elementNames.includes(name);
    if (wanted === has) continue;
    const elementNames = wanted ? [...row.elementNames, name] : row.elementNames.filter((n) => n !== name);
    await tx.update(graphicsContexts).set({ elementNames }).where(eq(graphicsContexts.name, row.name));
  }
}

/** How many holes draw each element (in any drawing style), by element name; elements drawn nowhere are left out. */
export async function elementUsage(db: DbOrTx): Promise<ElementUsage[]> {
  const result = await db.execute<{ name: string; holes: number }>(sql`
    select f.value->'properties'->>'element' as name, count(distinct d.hole_id)::int as holes
    from hole_drawings d, jsonb_array_elements(case when jsonb_typeof(d.document->'features') = 'array' then d.document->'features' else '[]'::jsonb end) f
    where f.value->'properties'->>'element' is not null
    group by 1
    order by 1`);
  return result.rows.map((r) => ({ name: r.name, holes: Number(r.holes) }));
}

/** How many holes draw the element. */
async function holesDrawing(db: DbOrTx, name: string): Promise<number> {
  const result = await db.execute<{ holes: number }>(sql`
    select count(distinct hole_id)::int as holes from hole_drawings
    where document->'features' @> ${JSON.stringify([{ properties: { element: name } }])}::jsonb`);
  return Number(result.rows[0]?.holes ?? 0);
}

async function elementById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(graphicsElements).where(eq(graphicsElements.id, id));
  if (!row) throw notFound('adminElements.elementNotFound');
  return row;
}

function asElement(row: typeof graphicsElements.$inferSelect): Element {
  return { ...row, geometryType: row.geometryType as GeometryType };
}

/** The names of the elements that must lie inside `name`, other than itself. */
async function elementsInside(db: DbOrTx, name: string): Promise<string[]> {
  const rows = await db
    .select({ name: graphicsElements.name })
    .from(graphicsElements)
    .where(and(eq(graphicsElements.mustLieInside, name), ne(graphicsElements.name, name)))
    .orderBy(asc(graphicsElements.name));
  return rows.map((r) => r.name);
}

/**
 * PUT graphics/elements/{id}: group, layer, shorthand, geometry type and rules. The geometry type
 * changes only while no hole draws the element (their drawings would no longer validate), and an
 * element others must lie inside stays a polygon.
 */
export async function updateElement(db: DbOrTx, id: number, input: z.output<typeof UpdateElementBody>): Promise<Element> {
  return db.transaction(async (tx) => {
    const current = await elementById(tx, id);
    const [group] = await tx.select({ id: graphicsGroups.id }).from(graphicsGroups).where(eq(graphicsGroups.name, input.groupName));
    if (!group) throw badRequest('graphics.unknownGroup', undefined, [{ path: 'groupName', message: `There is no group named ${input.groupName}` }]);
    const [layer] = await tx.select({ id: graphicsLayers.id }).from(graphicsLayers).where(eq(graphicsLayers.name, input.layerName));
    if (!layer) throw badRequest('graphics.unknownLayer', undefined, [{ path: 'layerName', message: `There is no layer named ${input.layerName}` }]);
    if (input.geometryType !== current.geometryType) {
      const holes = await holesDrawing(tx, current.name);
      if (holes > 0) throw conflict('adminElements.geometryInUse', { name: current.name, holes });
      if (input.geometryType !== 'polygon') {
        const inside = await elementsInside(tx, current.name);
        if (inside.length > 0) throw conflict('adminElements.stillContainer', { name: current.name, elements: inside.join(', ') });
      }
    }
    const rules = { requiredAttributes: input.requiredAttributes, mustLieInside: input.mustLieInside, minAreaM2: input.minAreaM2, maxAreaM2: input.maxAreaM2 };
    await checkElementRules(tx, { name: current.name, geometryType: input.geometryType }, rules);
    const [row] = await tx
      .update(graphicsElements)
      .set({ groupName: input.groupName, layerName: input.layerName, geometryType: input.geometryType, shorthand: input.shorthand, ...rules })
      .where(eq(graphicsElements.id, id))
      .returning();
    if (input.contexts) await setElementContexts(tx, current.name, input.contexts);
    return asElement(row);
  });
}

/**
 * DELETE graphics/elements/{id}: refused while a hole draws the element or another element must lie
 * inside it; otherwise the element goes with its default graphics, its theme values and its place
 * in the drawing contexts, in one transaction.
 */
export async function deleteElement(db: DbOrTx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await elementById(tx, id);
    const holes = await holesDrawing(tx, current.name);
    if (holes > 0) throw conflict('adminElements.elementInUse', { name: current.name, holes });
    const inside = await elementsInside(tx, current.name);
    if (inside.length > 0) throw conflict('adminElements.containerOfOthers', { name: current.name, elements: inside.join(', ') });
    await tx.delete(graphicsAttributeGraphics).where(eq(graphicsAttributeGraphics.elementName, current.name));
    await tx.delete(graphicsThemeAttributes).where(eq(graphicsThemeAttributes.elementName, current.name));
    await setElementContexts(tx, current.name, []);
    await tx.delete(graphicsElements).where(eq(graphicsElements.id, id));
  });
}

/** POST graphics/attribute-units (admin): a new unit. */
export async function createAttributeUnit(db: DbOrTx, input: z.output<typeof CreateAttributeUnitBody>): Promise<AttributeUnit> {
  return db.transaction(async (tx) => {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(graphicsAttributeUnits);
    if (Number(count) >= CATALOGUE_RULE_LIMITS.maxRows) throw badRequest('adminElements.tooMany', { max: CATALOGUE_RULE_LIMITS.maxRows });
    const [row] = await tx.insert(graphicsAttributeUnits).values({ name: input.name }).onConflictDoNothing().returning();
    if (!row) throw conflict('adminElements.unitExists', { name: input.name });
    return row;
  });
}

async function attributeById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(graphicsAttributes).where(eq(graphicsAttributes.id, id));
  if (!row) throw notFound('adminElements.attributeNotFound');
  return row;
}

/**
 * PUT graphics/attributes/{id}: the attribute's unit. Values already set keep their text: a value
 * that does not fit the new unit is shown as it is until changed.
 */
export async function updateAttribute(db: DbOrTx, id: number, input: z.output<typeof UpdateAttributeBody>): Promise<Attribute> {
  return db.transaction(async (tx) => {
    await attributeById(tx, id);
    const [unit] = await tx.select().from(graphicsAttributeUnits).where(eq(graphicsAttributeUnits.name, input.attributeUnitName));
    if (!unit) throw badRequest('graphics.unknownUnit', undefined, [{ path: 'attributeUnitName', message: `There is no unit named ${input.attributeUnitName}` }]);
    const [row] = await tx.update(graphicsAttributes).set({ attributeUnitName: unit.name }).where(eq(graphicsAttributes.id, id)).returning();
    return row;
  });
}

/** PUT graphics/elements/{id}/attribute-graphics/{attributeId}: sets an element's default value of an attribute, checked against its unit. */
export async function setAttributeGraphic(db: DbOrTx, id: number, attributeId: number, input: z.output<typeof AttributeGraphicBody>): Promise<AttributeGraphic> {
  return db.transaction(async (tx) => {
    const element = await elementById(tx, id);
    const attribute = await attributeById(tx, attributeId);
    if (!attributeValueFits(attribute.attributeUnitName, input.value)) {
      throw badRequest('adminElements.badValue', { unit: attribute.attributeUnitName }, [{ path: 'value', message: `The value does not fit the unit ${attribute.attributeUnitName}` }]);
    }
    const value = { elementName: element.name, attributeName: attribute.name, value: input.value };
    const [row] = await tx
      .insert(graphicsAttributeGraphics)
      .values(value)
      .onConflictDoUpdate({ target: [graphicsAttributeGraphics.elementName, graphicsAttributeGraphics.attributeName], set: { value: input.value } })
      .returning();
    return row;
  });
}

/** DELETE graphics/elements/{id}/attribute-graphics/{attributeId}: the element falls back to no default for it. */
export async function deleteAttributeGraphic(db: DbOrTx, id: number, attributeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const element = await elementById(tx, id);
    const attribute = await attributeById(tx, attributeId);
    const gone = await tx
      .delete(graphicsAttributeGraphics)
      .where(and(eq(graphicsAttributeGraphics.elementName, element.name), eq(graphicsAttributeGraphics.attributeName, attribute.name)))
      .returning({ value: graphicsAttributeGraphics.value });
    if (gone.length === 0) throw notFound('adminElements.attributeGraphicNotFound');
  });
}
