import { asc, eq, sql } from 'drizzle-orm';
import { etagOf } from '../../platform/http-cache';
import { preparedQuery } from '../../platform/prepared';
import type { z } from 'zod';
import {
  CATALOGUE_RULE_LIMITS,
  GEOMETRY_TYPES,
  type Attribute,
  type AttributeGraphic,
  type Context,
  type CreateAttributeBody,
  type CreateElementBody,
  type Element,
  type ElementForEdit,
  type GeometryType,
  type GraphicsResponse,
  type ThemeAttribute,
} from '@golf/contract/api/graphics';
import { resolveElementStyles } from '@golf/contract/print/theme';
import {
  clubs,
  dataVersions,
  drawingStyles,
  graphicsAttributeGraphics,
  graphicsAttributes,
  graphicsAttributeUnits,
  graphicsContexts,
  graphicsElements,
  graphicsGroups,
  graphicsLayers,
  graphicsThemeAttributes,
  graphicsThemes,
} from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { setElementContexts } from './catalogue-admin-service';
import { checkElementRules } from './element-rules';

type GraphicsPart = Omit<GraphicsResponse, 'geometryTypes'>;

/** GET graphics/themes. */
export function listThemes(db: DbOrTx): Promise<GraphicsPart['themes']> {
  return db.select().from(graphicsThemes).orderBy(asc(graphicsThemes.id));
}

/** GET graphics/groups. */
export function listGroups(db: DbOrTx): Promise<GraphicsPart['groups']> {
  return db.select().from(graphicsGroups).orderBy(asc(graphicsGroups.id));
}

/** GET graphics/layers, bottom to top. */
export function listLayers(db: DbOrTx): Promise<GraphicsPart['layers']> {
  return db.select().from(graphicsLayers).orderBy(asc(graphicsLayers.zIndex), asc(graphicsLayers.id));
}

function asGeometryType(value: string): GeometryType {
  if (!(GEOMETRY_TYPES as readonly string[]).includes(value)) throw new Error(`graphics element with geometry type ${value}`);
  return value as GeometryType;
}

/** GET graphics/elements. */
export async function listElements(db: DbOrTx): Promise<Element[]> {
  const rows = await db.select().from(graphicsElements).orderBy(asc(graphicsElements.id));
  return rows.map((r) => ({ ...r, geometryType: asGeometryType(r.geometryType) }));
}

/** GET graphics/attribute-units. */
export function listAttributeUnits(db: DbOrTx): Promise<GraphicsPart['attributeUnits']> {
  return db.select().from(graphicsAttributeUnits).orderBy(asc(graphicsAttributeUnits.id));
}

/** GET graphics/attributes. */
export function listAttributes(db: DbOrTx): Promise<Attribute[]> {
  return db.select().from(graphicsAttributes).orderBy(asc(graphicsAttributes.id));
}

/** GET graphics/theme-attributes. */
export function listThemeAttributes(db: DbOrTx): Promise<ThemeAttribute[]> {
  return db
    .select()
    .from(graphicsThemeAttributes)
    .orderBy(asc(graphicsThemeAttributes.themeName), asc(graphicsThemeAttributes.elementName), asc(graphicsThemeAttributes.attributeName));
}

/** GET graphics/attribute-graphics: the default attribute values of each element. */
export function listAttributeGraphics(db: DbOrTx): Promise<AttributeGraphic[]> {
  return db
    .select()
    .from(graphicsAttributeGraphics)
    .orderBy(asc(graphicsAttributeGraphics.elementName), asc(graphicsAttributeGraphics.attributeName));
}

/** GET graphics/contexts: the editor screens and the elements each may draw. */
export async function listContexts(db: DbOrTx): Promise<Context[]> {
  const rows = await db.select().from(graphicsContexts).orderBy(asc(graphicsContexts.name));
  return rows.map((r) => ({ name: r.name, elementNames: r.elementNames }));
}

/** The whole catalogue read from its tables. */
async function readGraphics(db: DbOrTx): Promise<GraphicsResponse> {
  const [themes, groups, layers, elements, attributes, attributeUnits, themeAttributes, attributeGraphics, contexts] = await Promise.all([
    listThemes(db),
    listGroups(db),
    listLayers(db),
    listElements(db),
    listAttributes(db),
    listAttributeUnits(db),
    listThemeAttributes(db),
    listAttributeGraphics(db),
    listContexts(db),
  ]);
  return { themes, groups, layers, elements, attributes, attributeUnits, themeAttributes, attributeGraphics, geometryTypes: [...GEOMETRY_TYPES], contexts };
}

/** The catalogue as one server keeps it: the data, GET graphics' JSON and its ETag, the resolved styles per theme. */
export interface Catalogue {
  /** `data_versions.version` of 'graphics' when it was read. */
  version: number;
  data: GraphicsResponse;
  json: Buffer;
  etag: string;
  /** elements-for-edit per theme name, resolved on first use. */
  forEdit: Map<string, ElementForEdit[]>;
}

/**
 * The catalogue kept in memory per database handle. Every read first asks the database for the
 * catalogue's version (one row of data_versions, raised by triggers on the nine graphics tables
 * with every statement that writes them, migration 0006), and reads the tables again only when
 * it changed: an administrator's change, a seed, a change made by another server or by hand is
 * seen on the next read. The version is read before the tables, so a catalogue read while a
 * change commits is kept under the older version and read again next time.
 */
const catalogueVersion = preparedQuery('graphics_version', (db) => db.select({ version: dataVersions.version }).from(dataVersions).where(eq(dataVersions.name, 'graphics')));

class CatalogueCache {
  private kept: Catalogue | null = null;
  private readonly loading = new Map<number, Promise<Catalogue>>();

  async current(db: DbOrTx): Promise<Catalogue> {
    const [row] = await catalogueVersion(db).execute();
    const version = row?.version ?? 0;
    if (this.kept?.version === version) return this.kept;
    // Requests that find the same new version share one read of the tables.
    let loading = this.loading.get(version);
    if (!loading) {
      loading = readGraphics(db).then((data) => {
        const json = Buffer.from(JSON.stringify(data));
        return { version, data, json, etag: etagOf(json), forEdit: new Map() };
      });
      this.loading.set(version, loading);
      void loading.finally(() => this.loading.delete(version)).catch(() => {});
    }
    const catalogue = await loading;
    this.kept = catalogue;
    return catalogue;
  }
}

const catalogues = new WeakMap<object, CatalogueCache>();

/** The current catalogue (see CatalogueCache): one small query when nothing changed. */
export function catalogue(db: DbOrTx): Promise<Catalogue> {
  let cache = catalogues.get(db);
  if (!cache) catalogues.set(db, (cache = new CatalogueCache()));
  return cache.current(db);
}

/** GET graphics: the whole catalogue in one answer. */
export async function getGraphics(db: DbOrTx): Promise<GraphicsResponse> {
  return (await catalogue(db)).data;
}

/** The club's drawing style and the theme of the same name. */
const clubThemeQuery = preparedQuery('club_theme', (db) =>
  db
    .select({ drawingStyleId: clubs.drawingStyleId, themeName: drawingStyles.name })
    .from(clubs)
    .leftJoin(drawingStyles, eq(drawingStyles.id, clubs.drawingStyleId))
    .where(eq(clubs.id, sql.placeholder('clubId'))),
);

async function clubTheme(db: DbOrTx, clubId: number): Promise<{ drawingStyleId: number; themeName: string }> {
  const [row] = await clubThemeQuery(db).execute({ clubId });
  if (!row) throw notFound('clubs.notFound');
  return { drawingStyleId: row.drawingStyleId, themeName: row.themeName ?? '' };
}

/** GET graphics/contexts/{clubId}: the contexts with the club's drawing style and theme. */
export async function clubContexts(db: DbOrTx, clubId: number) {
  const [theme, { data }] = await Promise.all([clubTheme(db, clubId), catalogue(db)]);
  return { ...theme, contexts: data.contexts };
}

/**
 * Each element with its layer's z-index and its style, the defaults overridden by the theme's
 * ancestors and then by the theme itself: the contract's resolution, which the guide renderer's
 * themes use too (print/theme.ts).
 */
function resolveStyles(data: GraphicsResponse, themeName: string): ElementForEdit[] {
  const resolved = resolveElementStyles(data, themeName);
  return data.elements.map((element, i) => ({ ...element, zIndex: resolved[i].zIndex, style: resolved[i].style }));
}

/** GET graphics/elements-for-edit?club_id=: the catalogue's elements in the club's theme. */
export async function elementsForEdit(db: DbOrTx, clubId: number): Promise<ElementForEdit[]> {
  const [{ themeName }, kept] = await Promise.all([clubTheme(db, clubId), catalogue(db)]);
  let resolved = kept.forEdit.get(themeName);
  if (!resolved) kept.forEdit.set(themeName, (resolved = resolveStyles(kept.data, themeName)));
  return resolved;
}

/** POST graphics/elements (admin): a new element in an existing group and layer, with its rules and drawing contexts, in one transaction. */
export async function createElement(db: DbOrTx, input: z.output<typeof CreateElementBody>): Promise<Element> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(graphicsGroups).where(eq(graphicsGroups.name, input.groupName));
    if (!group) throw badRequest('graphics.unknownGroup', undefined, [{ path: 'groupName', message: `There is no group named ${input.groupName}` }]);
    const [layer] = await tx.select().from(graphicsLayers).where(eq(graphicsLayers.name, input.layerName));
    if (!layer) throw badRequest('graphics.unknownLayer', undefined, [{ path: 'layerName', message: `There is no layer named ${input.layerName}` }]);
    // The catalogue's rules of the new element (issue 26, element-rules.ts), none unless given.
    const rules = { requiredAttributes: input.requiredAttributes ?? [], mustLieInside: input.mustLieInside ?? null, minAreaM2: input.minAreaM2 ?? null, maxAreaM2: input.maxAreaM2 ?? null };
    await checkElementRules(tx, input, rules);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(graphicsElements);
    if (Number(count) >= CATALOGUE_RULE_LIMITS.maxRows) throw badRequest('adminElements.tooMany', { max: CATALOGUE_RULE_LIMITS.maxRows });
    const { name, groupName, layerName, geometryType, shorthand } = input;
    const [row] = await tx.insert(graphicsElements).values({ name, groupName, layerName, geometryType, shorthand, ...rules }).onConflictDoNothing().returning();
    if (!row) throw conflict('graphics.elementExists', { name: input.name });
    if (input.contexts) await setElementContexts(tx, input.name, input.contexts);
    return { ...row, geometryType: asGeometryType(row.geometryType) };
  });
}

/** POST graphics/attributes (admin): a new attribute with an existing unit. */
export async function createAttribute(db: DbOrTx, input: z.output<typeof CreateAttributeBody>): Promise<Attribute> {
  const [unit] = await db.select().from(graphicsAttributeUnits).where(eq(graphicsAttributeUnits.name, input.attributeUnitName));
  if (!unit) throw badRequest('graphics.unknownUnit', undefined, [{ path: 'attributeUnitName', message: `There is no unit named ${input.attributeUnitName}` }]);
  try {
    const [row] = await db.insert(graphicsAttributes).values(input).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('graphics.attributeExists', { name: input.name });
    throw err;
  }
}
