import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Web feature boundaries (issue 9): a feature never imports another feature; lib/ and components/
// never import features/ or app/. What two features share lives in lib/ or components/.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/.',
  })),
  { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'lib/ is below the features and the app.' },
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'components/ is below the features and the app.' },
];

// Server area boundaries (issue 20): an area (modules/<area>/) imports another area only through its
// public entry, modules/<other>/index.ts; its own files it imports freely. app.ts, main.ts, worker.ts,
// modules/index.ts, the seed and the test helpers reach an area through its entry too. platform/
// and db/ sit below the areas and the seed and never import them; an area's code never imports the
// seed (its tests may read the demo's names from it).
const serverModules = './apps/server/src/modules';
const serverAreas = readdirSync(new URL(serverModules, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const areaEntries = serverAreas.map((name) => `./${name}/index.ts`);
const serverZones = (areaCodeMayImportSeed) => [
  ...serverAreas.map((name) => ({
    target: `${serverModules}/${name}`,
    from: serverModules,
    except: [`./${name}`, ...areaEntries.filter((entry) => entry !== `./${name}/index.ts`)],
    message: 'An area imports another area only through its public entry (modules/<area>/index.ts): export what it needs there.',
  })),
  {
    target: ['./apps/server/src/app.ts', './apps/server/src/main.ts', './apps/server/src/worker.ts', `${serverModules}/index.ts`, './apps/server/src/seed', './apps/server/test'],
    from: serverModules,
    except: ['./index.ts', ...areaEntries],
    message: 'Outside an area, import it only through its public entry (modules/<area>/index.ts).',
  },
  {
    target: ['./apps/server/src/platform', './apps/server/src/db'],
    from: [serverModules, './apps/server/src/seed'],
    message: 'platform/ and db/ are below the areas and the seed: they never import modules/ or seed/.',
  },
  ...(areaCodeMayImportSeed
    ? []
    : [{ target: serverModules, from: './apps/server/src/seed', message: 'An area never imports the seed: the seed calls the area through its entry.' }]),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.test-output/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Import circles are refused everywhere (issue 9): a module never imports back what imports it.
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones(false) }] },
  },
  {
    // An area's tests may use the demo's names (the demo guide's title) from the seed.
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones(true) }] },
  },
);
