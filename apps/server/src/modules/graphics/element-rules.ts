import { asc, eq } from 'drizzle-orm';
import { GEOMETRY_TYPES, type GeometryType } from '@golf/contract/api/graphics';
import type { ElementRule } from '@golf/contract/geo/catalogue-rules';
import { graphicsAttributes, graphicsElements } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest } from '../../platform/errors';

/**
 * The catalogue's rules of every element type by name (issue 26): what the hole editor's save, the
 * course import and the mismatches check drawings against (contract geo/catalogue-rules.ts).
 */
export async function getElementRules(db: DbOrTx): Promise<Map<string, ElementRule>> {
  const rows = await db
    .select({
      name: graphicsElements.name,
      geometryType: graphicsElements.geometryType,
      requiredAttributes: graphicsElements.requiredAttributes,
      mustLieInside: graphicsElements.mustLieInside,
      minAreaM2: graphicsElements.minAreaM2,
      maxAreaM2: graphicsElements.maxAreaM2,
    })
    .from(graphicsElements)
    .orderBy(asc(graphicsElements.id));
  return new Map(
    rows
      .filter((r) => (GEOMETRY_TYPES as readonly string[]).includes(r.geometryType))
      .map((r) => [r.name, { ...r, geometryType: r.geometryType as GeometryType }]),
  );
}

/** The rule fields of an element as stored (graphics_elements). */
export interface ElementRuleFields {
  requiredAttributes: string[];
  mustLieInside: string | null;
  minAreaM2: number | null;
  maxAreaM2: number | null;
}

/**
 * Refuses rules that cannot be kept (400): required attributes that the catalogue lacks, a
 * container that is missing, not a polygon or the element itself, an area range on an element
 * that is not a polygon. Used by every write of an element (POST and PUT graphics/elements).
 */
export async function checkElementRules(db: DbOrTx, element: { name: string; geometryType: GeometryType }, rules: ElementRuleFields): Promise<void> {
  if (rules.requiredAttributes.length > 0) {
    const known = new Set((await db.select({ name: graphicsAttributes.name }).from(graphicsAttributes)).map((r) => r.name));
    const unknown = rules.requiredAttributes.find((name) => !known.has(name));
    if (unknown !== undefined) {
      throw badRequest('adminElements.unknownAttribute', { name: unknown }, [{ path: 'requiredAttributes', message: `There is no attribute named ${unknown}` }]);
    }
  }
  if (rules.mustLieInside !== null) {
    if (rules.mustLieInside === element.name) throw badRequest('adminElements.containerIsItself', undefined, [{ path: 'mustLieInside', message: 'An element cannot lie inside itself' }]);
    const [container] = await db.select({ geometryType: graphicsElements.geometryType }).from(graphicsElements).where(eq(graphicsElements.name, rules.mustLieInside));
    if (!container) throw badRequest('adminElements.unknownContainer', { name: rules.mustLieInside }, [{ path: 'mustLieInside', message: `There is no element named ${rules.mustLieInside}` }]);
    if (container.geometryType !== 'polygon') {
      throw badRequest('adminElements.containerNotPolygon', { name: rules.mustLieInside }, [{ path: 'mustLieInside', message: `${rules.mustLieInside} is not a polygon element` }]);
    }
  }
  if (element.geometryType !== 'polygon' && (rules.minAreaM2 !== null || rules.maxAreaM2 !== null)) {
    throw badRequest('adminElements.areaNeedsPolygon', undefined, [{ path: rules.minAreaM2 !== null ? 'minAreaM2' : 'maxAreaM2', message: 'Only polygon elements have an area range' }]);
  }
}
