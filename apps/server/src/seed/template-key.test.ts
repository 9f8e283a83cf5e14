import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, reachedFiles, readFromDisk, SEED_ENTRY, templateInputs, templateKey, type ReadFile } from '../../test/template-key';

// The test database template (apps/server/test/test-app.ts) is reused only while its key is the
// same; these tests show the key covers what the seed reaches, so a stale template cannot be used.

const SERVER = resolve(SEED_ENTRY, '../../..');
const REPO = resolve(SERVER, '../..');
const rel = (files: string[]) => files.map((f) => f.slice(REPO.length + 1));

/** The disk, but with one file's contents changed. */
const withChanged =
  (path: string, extra: string): ReadFile =>
  (p) => {
    const bytes = readFromDisk(p);
    return p === path && bytes ? Buffer.concat([bytes, Buffer.from(extra)]) : bytes;
  };

describe('the files of the test database template', () => {
  it('reaches the files the seed imports through modules and the contract, and adds migrations, schema, seed data and PGlite', () => {
    const reached = rel(reachedFiles());
    expect(reached).toContain('apps/server/src/seed/seed.ts');
    // The OSM import's plan is reached through the course import module, not imported by the seed itself.
    expect(reached).toContain('apps/server/src/modules/course-import/osm-plan.ts');
    expect(reached).toContain('packages/contract/src/geo/planar.ts');
    expect(reached).toContain('apps/server/src/db/schema/index.ts');
    const inputs = rel(templateInputs());
    expect(inputs).toContain('apps/server/src/db/migrations/meta/_journal.json');
    expect(inputs).toContain('apps/server/src/db/migrations/0000_init.sql');
    expect(inputs).toContain('apps/server/src/seed/data/augusta-national.geojson');
    expect(inputs).toContain('node_modules/@electric-sql/pglite/package.json');
    // Tests are not part of what the seed runs.
    expect(inputs.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('changes the key when a file the seed reaches changes, and not for a file it does not reach', () => {
    const key = templateKey(true);
    expect(templateKey(true)).toBe(key);
    expect(templateKey(false)).not.toBe(key);
    const planar = join(REPO, 'packages/contract/src/geo/planar.ts');
    expect(templateKey(true, withChanged(planar, '\n// changed\n'))).not.toBe(key);
    const osmPlan = join(SERVER, 'src/modules/course-import/osm-plan.ts');
    expect(templateKey(true, withChanged(osmPlan, '\n// changed\n'))).not.toBe(key);
    const journal = join(SERVER, 'src/db/migrations/meta/_journal.json');
    expect(templateKey(true, withChanged(journal, ' '))).not.toBe(key);
    expect(templateKey(true, withChanged(join(SERVER, 'src/seed/seed.test.ts'), '\n// changed\n'))).toBe(key);
  });

  it('follows index.ts entries and their re-exports, .js specifiers, dynamic and side-effect imports, and contract paths', () => {
    const root = '/virtual/src';
    const contractFile = join(REPO, 'packages/contract/src/geo/segment-index.ts');
    const files: Record<string, string> = {
      [`${root}/seed.ts`]: [
        "import {\n  a,\n  b,\n} from './area';",
        "import type { T } from \"./types.js\";",
        "import './side-effect';",
        "const lazy = () => import('./lazy');",
        "import { SegmentIndex } from '@golf/contract/geo/segment-index';",
        "import { z } from 'zod';",
        "import { gone } from './missing';",
      ].join('\n'),
      [`${root}/area/index.ts`]: "export * from './service';\nexport { x } from '../shared/x';",
      [`${root}/area/service.ts`]: "export const a = 1; export const b = 2;",
      [`${root}/shared/x.ts`]: "import data from './data.json';\nexport const x = data;",
      [`${root}/shared/data.json`]: '{"import": "./not-followed"}',
      [`${root}/types.ts`]: 'export type T = 1;',
      [`${root}/side-effect.ts`]: '',
      [`${root}/lazy.ts`]: '',
      [contractFile]: 'export class SegmentIndex {}',
    };
    const read: ReadFile = (p) => (p in files ? Buffer.from(files[p]) : null);
    expect(reachedFiles(`${root}/seed.ts`, read)).toEqual(
      [
        `${root}/seed.ts`,
        `${root}/area/index.ts`,
        `${root}/area/service.ts`,
        `${root}/shared/x.ts`,
        `${root}/shared/data.json`,
        `${root}/types.ts`,
        `${root}/side-effect.ts`,
        `${root}/lazy.ts`,
        contractFile,
      ].sort(),
    );
  });

  it('finds every form of import and re-export in a text', () => {
    const text = [
      "import a from './a';",
      'import { b } from "./b";',
      "export * from './c';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "import './f';",
      "await import( './g' );",
      "import {\n  h,\n} from\n  './h';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a', './b', './c', './d', './e', './f', './g', './h']);
  });
});
