import {
  CATALOGUE_ATTRIBUTES,
  CATALOGUE_CONTEXTS,
  CATALOGUE_DEFAULTS,
  CATALOGUE_ELEMENTS,
  CATALOGUE_GROUPS,
  CATALOGUE_LAYERS,
  CATALOGUE_RULES,
  CATALOGUE_THEME_VALUES,
  CATALOGUE_THEMES,
  CATALOGUE_UNITS,
} from '@golf/contract/graphics-catalogue';
import {
  graphicsAttributeGraphics,
  graphicsAttributes,
  graphicsAttributeUnits,
  graphicsContexts,
  graphicsElements,
  graphicsGroups,
  graphicsLayers,
  graphicsThemeAttributes,
  graphicsThemes,
} from '../db/schema/index';
import type { Db } from '../platform/database';

/**
 * The graphics catalogue every installation starts with (§3). Safe to run at every start: rows
 * that exist are left as they are, so an administrator's changes are never overwritten.
 */
export async function seedGraphics(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(graphicsThemes).values(CATALOGUE_THEMES.map(([name, parentName]) => ({ name, parentName }))).onConflictDoNothing();
    await tx.insert(graphicsGroups).values(CATALOGUE_GROUPS.map((name) => ({ name }))).onConflictDoNothing();
    await tx.insert(graphicsLayers).values(CATALOGUE_LAYERS.map(([name, zIndex]) => ({ name, zIndex }))).onConflictDoNothing();
    await tx
      .insert(graphicsElements)
      .values(
        CATALOGUE_ELEMENTS.map(([name, groupName, layerName, geometryType, shorthand]) => {
          const rules = CATALOGUE_RULES[name] ?? {};
          return {
            name,
            groupName,
            layerName,
            geometryType,
            shorthand,
            requiredAttributes: rules.requiredAttributes ?? [],
            mustLieInside: rules.mustLieInside ?? null,
            minAreaM2: rules.minAreaM2 ?? null,
            maxAreaM2: rules.maxAreaM2 ?? null,
          };
        }),
      )
      .onConflictDoNothing();
    await tx.insert(graphicsAttributeUnits).values(CATALOGUE_UNITS.map((name) => ({ name }))).onConflictDoNothing();
    await tx
      .insert(graphicsAttributes)
      .values(CATALOGUE_ATTRIBUTES.map(([name, attributeUnitName]) => ({ name, attributeUnitName })))
      .onConflictDoNothing();
    await tx
      .insert(graphicsThemeAttributes)
      .values(CATALOGUE_THEME_VALUES.map(([themeName, elementName, attributeName, value]) => ({ themeName, elementName, attributeName, value })))
      .onConflictDoNothing();
    const defaults = Object.entries(CATALOGUE_DEFAULTS).flatMap(([elementName, style]) =>
      Object.entries(style).map(([attributeName, value]) => ({ elementName, attributeName, value: value as string })),
    );
    await tx.insert(graphicsAttributeGraphics).values(defaults).onConflictDoNothing();
    await tx.insert(graphicsContexts).values(CATALOGUE_CONTEXTS.map(([name, elementNames]) => ({ name, elementNames }))).onConflictDoNothing();
  });
}
