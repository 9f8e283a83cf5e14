import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_RULES } from '@golf/contract/graphics-catalogue';
import type { Database } from '../platform/database';
import { databaseBefore, migrateRest, testDatabaseKind } from './migration-test-db';

// Migration 0016 (issue 26): the graphics catalogue's elements get rules (must lie inside, area
// range). An installation seeded before it gets the rules a new one is seeded with, for the
// elements it has; an element without a rule, or whose container it lacks, stays without.

describe(`migration 0016: the catalogue's rules on an older catalogue (${testDatabaseKind})`, () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const query = async <T>(text: string, values: unknown[] = []) => (await database.db.$client.query(text, values)).rows as T[];

  beforeAll(async () => {
    ({ database, cleanup } = await databaseBefore('0016_'));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it('gives the seeded rules to the elements an older catalogue has, and none to the others', async () => {
    const ruled = Object.keys(CATALOGUE_RULES);
    for (const [i, name] of ['hole boundary', 'tree', ...ruled].entries()) {
      await query(`insert into graphics_elements (name, group_name, layer_name, geometry_type, shorthand) values ($1, 'g', 'l', $2, $3)`, [
        name,
        name === 'tree' ? 'point' : 'polygon',
        `E${i}`,
      ]);
    }

    await migrateRest(database);

    const rows = await query<{ name: string; must_lie_inside: string | null; min_area_m2: number | null; max_area_m2: number | null; required_attributes: string[] }>(
      'select name, must_lie_inside, min_area_m2, max_area_m2, required_attributes from graphics_elements order by name',
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const name of ruled) {
      const rule = CATALOGUE_RULES[name];
      expect(byName.get(name)).toMatchObject({ must_lie_inside: rule.mustLieInside ?? null, min_area_m2: rule.minAreaM2 ?? null, max_area_m2: rule.maxAreaM2 ?? null });
    }
    for (const name of ['hole boundary', 'tree']) expect(byName.get(name)).toMatchObject({ must_lie_inside: null, min_area_m2: null, max_area_m2: null, required_attributes: [] });
  });
});
