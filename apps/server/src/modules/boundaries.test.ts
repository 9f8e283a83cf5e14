import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint zones of eslint.config.js (issue 20): an area imports another only through its public
// entry (modules/<area>/index.ts), platform/ and db/ never import an area or the seed, the seed and
// the app reach areas through their entries, and an area's code never imports the seed. Each case
// lints a made-up file at a real path, so it fails if a zone is removed or loosened.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('server lint zones', { timeout: 120_000 }, () => {
  it("refuses an area importing another area's internals", async () => {
    const errors = await zoneErrors(
      'apps/server/src/modules/pins/made-up.ts',
      "import { courseOfClub } from '../courses/service';\nexport const used = courseOfClub;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('public entry');
  });

  it("refuses an area's test importing another area's internals", async () => {
    const errors = await zoneErrors(
      'apps/server/src/modules/status/made-up.test.ts',
      "import { drawingChecks } from '../courses/drawing-checks';\nexport const used = drawingChecks;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("accepts an area importing another area's entry and its own files", async () => {
    const errors = await zoneErrors(
      'apps/server/src/modules/pins/made-up.ts',
      "import { courseOfClub } from '../courses';\nimport { pinRoutes } from './routes';\nexport const used = [courseOfClub, pinRoutes];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses platform/ and db/ importing an area, even its entry, or the seed', async () => {
    expect(
      await zoneErrors('apps/server/src/platform/made-up.ts', "import { courseOfClub } from '../modules/courses';\nexport const used = courseOfClub;\n"),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/db/schema/made-up.ts', "import { seedDemo } from '../../seed/seed';\nexport const used = seedDemo;\n"),
    ).toHaveLength(1);
  });

  it("refuses the seed and the app importing an area's internals, and accepts its entry", async () => {
    expect(
      await zoneErrors('apps/server/src/seed/made-up.ts', "import { setSponsorLogo } from '../modules/sponsors/sponsors-service';\nexport const used = setSponsorLogo;\n"),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/main.ts', "import { productRoutes } from './modules/products/routes';\nexport const used = productRoutes;\n"),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/seed/made-up.ts', "import { setSponsorLogo } from '../modules/sponsors';\nexport const used = setSponsorLogo;\n"),
    ).toEqual([]);
  });

  it("refuses an area's code importing the seed, but lets its tests read the demo's names", async () => {
    const code = "import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';\nexport const used = DEMO_GUIDE_TITLE;\n";
    expect(await zoneErrors('apps/server/src/modules/products/made-up.ts', code)).toHaveLength(1);
    expect(await zoneErrors('apps/server/src/modules/products/made-up.test.ts', code)).toEqual([]);
  });
});
