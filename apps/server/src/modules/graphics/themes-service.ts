/**
 * Themes (drawing styles) of the graphics catalogue, administered on /admin/themes (issue 26).
 *
 * A theme stores only the values it sets itself (graphics_theme_attributes); everything else it
 * inherits from its parent, recursively, down to the defaults (graphics_attribute_graphics):
 * print/theme.ts `resolveElementStyles`, the resolution the guides, the editor and the preview use.
 *
 * A theme is also the drawing style of the same name (drawing_styles: clubs.drawing_style_id and
 * a guide's drawing_style_id name it by id, and the renderer finds the theme by the style's name),
 * so the themes' writes keep the two in step: a new theme gets a new drawing style that clubs and
 * guides can choose, a rename renames both, a delete removes both once nothing uses them.
 *
 * The catalogue kept in memory (service.ts) sees every write at once: the graphics tables raise
 * the catalogue's version with each statement (migration 0006).
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { THEME_LIMITS, type CreateThemeBody, type ThemeDetails, type ThemeValuesBody, type UpdateThemeBody } from '@golf/contract/api/themes';
import { clubs, drawingStyles, graphicsElements, graphicsThemeAttributes, graphicsThemes, guides } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';

type ThemeRow = typeof graphicsThemes.$inferSelect;

/** How many of the names of what uses a theme a refusal lists. */
const NAMES_LISTED = 6;

/** The guides whose graphical theme is the drawing style `styleId` (the id lives in the guide's settings). */
const guideUsesStyle = (styleId: number) => sql`(${guides.settings}->>'drawing_style_id') = ${String(styleId)}`;

/** Every theme with its drawing style, its own values and what uses it, by name. */
export async function listThemeDetails(db: DbOrTx): Promise<ThemeDetails[]> {
  const [themes, values, styles, clubCounts, guideCounts] = await Promise.all([
    db.select().from(graphicsThemes).orderBy(asc(graphicsThemes.name)),
    db
      .select()
      .from(graphicsThemeAttributes)
      .orderBy(asc(graphicsThemeAttributes.themeName), asc(graphicsThemeAttributes.elementName), asc(graphicsThemeAttributes.attributeName)),
    db.select().from(drawingStyles),
    db.select({ styleId: clubs.drawingStyleId, n: sql<number>`count(*)::int` }).from(clubs).groupBy(clubs.drawingStyleId),
    db
      .select({ styleId: sql<string | null>`${guides.settings}->>'drawing_style_id'`, n: sql<number>`count(*)::int` })
      .from(guides)
      .groupBy(sql`${guides.settings}->>'drawing_style_id'`),
  ]);
  const styleOf = new Map(styles.map((s) => [s.name, s.id]));
  const clubsOf = new Map(clubCounts.map((c) => [c.styleId, Number(c.n)]));
  const guidesOf = new Map(guideCounts.map((g) => [g.styleId === null ? NaN : Number(g.styleId), Number(g.n)]));
  return themes.map((theme) => {
    const styleId = styleOf.get(theme.name) ?? null;
    return {
      id: theme.id,
      name: theme.name,
      parentName: theme.parentName,
      drawingStyleId: styleId,
      values: values.filter((v) => v.themeName === theme.name).map(({ elementName, attributeName, value }) => ({ elementName, attributeName, value })),
      usage: {
        clubs: styleId === null ? 0 : (clubsOf.get(styleId) ?? 0),
        guides: styleId === null ? 0 : (guidesOf.get(styleId) ?? 0),
        children: themes.filter((t) => t.parentName === theme.name).map((t) => t.name),
      },
    };
  });
}

async function themeDetails(db: DbOrTx, id: number): Promise<ThemeDetails> {
  const found = (await listThemeDetails(db)).find((t) => t.id === id);
  if (!found) throw notFound('themes.notFound');
  return found;
}

/** The theme `id`, locked for the rest of the transaction; 404 when there is none. */
async function lockedTheme(tx: DbOrTx, id: number): Promise<ThemeRow> {
  const [row] = await tx.select().from(graphicsThemes).where(eq(graphicsThemes.id, id)).for('update');
  if (!row) throw notFound('themes.notFound');
  return row;
}

/**
 * Themes are few (THEME_LIMITS.themes) and change seldom: their writes take one lock for the whole
 * catalogue's themes, so two admins' renames, new parents and new drawing style ids never race.
 */
async function lockThemes(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('graphics_themes'))`);
}

/** The parents of every theme, by name. */
async function parentsByName(tx: DbOrTx): Promise<Map<string, string | null>> {
  const rows = await tx.select({ name: graphicsThemes.name, parentName: graphicsThemes.parentName }).from(graphicsThemes);
  return new Map(rows.map((r) => [r.name, r.parentName]));
}

/** 400 unless `parent` names a theme, and 400 when `name` would then inherit from itself. */
function checkParent(parents: Map<string, string | null>, name: string, parent: string | null): void {
  if (parent === null) return;
  if (!parents.has(parent)) throw badRequest('themes.parentNotFound', { name: parent }, [{ path: 'parentName', message: `There is no theme named ${parent}` }]);
  const seen = new Set<string>();
  for (let at: string | null | undefined = parent; at && !seen.has(at); at = parents.get(at)) {
    if (at === name) throw badRequest('themes.parentCycle', { name, parent }, [{ path: 'parentName', message: `${parent} is made from ${name}` }]);
    seen.add(at);
  }
}

/** 400 naming the first value whose element is not in the catalogue. */
async function checkElements(tx: DbOrTx, values: readonly { elementName: string }[]): Promise<void> {
  const names = [...new Set(values.map((v) => v.elementName))];
  if (names.length === 0) return;
  const found = new Set((await tx.select({ name: graphicsElements.name }).from(graphicsElements).where(inArray(graphicsElements.name, names))).map((r) => r.name));
  const index = values.findIndex((v) => !found.has(v.elementName));
  if (index >= 0) {
    const name = values[index].elementName;
    throw badRequest('themes.unknownElement', { name }, [{ path: `values.${index}.elementName`, message: `There is no element named ${name}` }]);
  }
}

/** 409 when another theme or drawing style has the name already. */
async function checkNameFree(tx: DbOrTx, name: string, exceptStyleId: number | null = null): Promise<void> {
  const [theme] = await tx.select({ id: graphicsThemes.id }).from(graphicsThemes).where(eq(graphicsThemes.name, name));
  const styles = await tx.select({ id: drawingStyles.id }).from(drawingStyles).where(eq(drawingStyles.name, name));
  if (theme || styles.some((s) => s.id !== exceptStyleId)) throw conflict('themes.nameTaken', { name });
}

async function writeValues(tx: DbOrTx, themeName: string, values: readonly { elementName: string; attributeName: string; value: string }[]): Promise<void> {
  await tx.delete(graphicsThemeAttributes).where(eq(graphicsThemeAttributes.themeName, themeName));
  if (values.length > 0) await tx.insert(graphicsThemeAttributes).values(values.map((v) => ({ themeName, ...v })));
}

/** POST graphics/themes: a theme made from a parent, with the values it changes, and its drawing style. */
export async function createTheme(db: Db, input: z.output<typeof CreateThemeBody>): Promise<ThemeDetails> {
  try {
    const id = await db.transaction(async (tx) => {
      await lockThemes(tx);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(graphicsThemes);
      if (Number(n) >= THEME_LIMITS.themes) throw conflict('themes.tooMany', { max: THEME_LIMITS.themes });
      await checkNameFree(tx, input.name);
      checkParent(await parentsByName(tx), input.name, input.parentName);
      await checkElements(tx, input.values);
      const [row] = await tx.insert(graphicsThemes).values({ name: input.name, parentName: input.parentName }).returning();
      const [{ top }] = await tx.select({ top: max(drawingStyles.id) }).from(drawingStyles);
      await tx.insert(drawingStyles).values({ id: (top ?? 0) + 1, name: input.name });
      await writeValues(tx, input.name, input.values);
      return row.id;
    });
    return await themeDetails(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('themes.nameTaken', { name: input.name });
    throw err;
  }
}

/**
 * PATCH graphics/themes/{id}: a new name (its values, the themes made from it and its drawing
 * style follow: clubs and guides keep it, by the style's id) or a new parent (never itself or a
 * theme made from it).
 */
export async function updateTheme(db: Db, id: number, input: z.output<typeof UpdateThemeBody>): Promise<ThemeDetails> {
  try {
    await db.transaction(async (tx) => {
      await lockThemes(tx);
      const theme = await lockedTheme(tx, id);
      const name = input.name ?? theme.name;
      if (name !== theme.name) {
        const [style] = await tx.select({ id: drawingStyles.id }).from(drawingStyles).where(eq(drawingStyles.name, theme.name));
        await checkNameFree(tx, name, style?.id ?? null);
        await tx.update(graphicsThemes).set({ name }).where(eq(graphicsThemes.id, id));
        await tx.update(graphicsThemes).set({ parentName: name }).where(eq(graphicsThemes.parentName, theme.name));
        await tx.update(graphicsThemeAttributes).set({ themeName: name }).where(eq(graphicsThemeAttributes.themeName, theme.name));
        if (style) await tx.update(drawingStyles).set({ name }).where(eq(drawingStyles.id, style.id));
        else {
          const [{ top }] = await tx.select({ top: max(drawingStyles.id) }).from(drawingStyles);
          await tx.insert(drawingStyles).values({ id: (top ?? 0) + 1, name });
        }
      }
      if (input.parentName !== undefined && input.parentName !== theme.parentName) {
        checkParent(await parentsByName(tx), name, input.parentName);
        await tx.update(graphicsThemes).set({ parentName: input.parentName }).where(eq(graphicsThemes.id, id));
      }
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name) throw conflict('themes.nameTaken', { name: input.name });
    throw err;
  }
  return themeDetails(db, id);
}

/** PUT graphics/themes/{id}/values: the values the theme sets itself, all at once (the rest is inherited). */
export async function replaceThemeValues(db: Db, id: number, input: z.output<typeof ThemeValuesBody>): Promise<ThemeDetails> {
  await db.transaction(async (tx) => {
    await lockThemes(tx);
    const theme = await lockedTheme(tx, id);
    await checkElements(tx, input.values);
    await writeValues(tx, theme.name, input.values);
  });
  return themeDetails(db, id);
}

/**
 * DELETE graphics/themes/{id}: only a theme nothing uses (no club's drawing style, no guide's
 * graphical theme, no theme made from it; 409 naming them), never the drawing style the hole
 * drawings are stored in. Its values and its drawing style go with it.
 */
export async function deleteTheme(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockThemes(tx);
    const theme = await lockedTheme(tx, id);
    const [style] = await tx.select({ id: drawingStyles.id }).from(drawingStyles).where(eq(drawingStyles.name, theme.name));
    if (style?.id === EDIT_DRAWING_STYLE) throw conflict('themes.editStyle', { name: theme.name });
    const [clubRows, guideRows, children] = await Promise.all([
      style ? tx.select({ name: clubs.name }).from(clubs).where(eq(clubs.drawingStyleId, style.id)).orderBy(asc(clubs.name)) : [],
      style ? tx.select({ title: guides.title }).from(guides).where(guideUsesStyle(style.id)).orderBy(asc(guides.title)) : [],
      tx.select({ name: graphicsThemes.name }).from(graphicsThemes).where(eq(graphicsThemes.parentName, theme.name)).orderBy(asc(graphicsThemes.name)),
    ]);
    if (clubRows.length + guideRows.length + children.length > 0) {
      const names = [...clubRows.map((c) => c.name), ...guideRows.map((g) => g.title), ...children.map((c) => c.name)];
      const listed = names.slice(0, NAMES_LISTED).join(', ') + (names.length > NAMES_LISTED ? ', …' : '');
      throw conflict('themes.inUse', { name: theme.name, clubs: clubRows.length, guides: guideRows.length, children: children.length, names: listed });
    }
    await tx.delete(graphicsThemeAttributes).where(eq(graphicsThemeAttributes.themeName, theme.name));
    await tx.delete(graphicsThemes).where(and(eq(graphicsThemes.id, id)));
    if (style) await tx.delete(drawingStyles).where(eq(drawingStyles.id, style.id));
  });
}
