// Bundles the server (and the contract it imports from source) into dist/main.js, and each worker
// thread entry (platform/worker-tasks.ts) into dist/<name>.js beside it; npm packages stay external.
// Migrations are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'sheet-worker': 'src/modules/members/sheet-worker.ts',
    'import-worker': 'src/modules/course-import/import-worker.ts',
    'render-worker': 'src/modules/products/render/render-worker.ts',
    'feed-parse': 'src/modules/communication/feed-parse.ts',
    'bundle-worker': 'src/modules/assets/bundle-worker.ts',
    'status-worker': 'src/modules/management/status-worker.ts',
    'drawing-worker': 'src/modules/courses/drawing-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Workspace packages are bundled: they are TypeScript sources.
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@golf\/contract\// }, (args) => {
          const sub = args.path.slice('@golf/contract/'.length);
          const file = sub.startsWith('locales/') ? sub : `src/${sub}.ts`;
          return { path: fileURLToPath(new URL(`../../packages/contract/${file}`, import.meta.url)) };
        });
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The embedded database's worker thread is a file of its own (plain JavaScript), beside the bundle.
cpSync('src/platform/pglite-worker.mjs', 'dist/pglite-worker.mjs');
// The demo's course data (the Augusta National OSM export with its ODbL notice).
cpSync('src/seed/data', 'dist/data', { recursive: true });
console.log('server built: dist/main.js');
