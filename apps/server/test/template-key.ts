import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The key of the test database template (test-app.ts): a hash of everything that decides what
 * the migrated and seeded database holds, so a template built from older code is never reused.
 *
 * Which source files count is computed, not listed by hand: from the seed's entry
 * (src/seed/seed.ts) every relative import and every `@golf/contract/...` import is followed,
 * transitively, through index.ts entries and their re-exports. To these come the migrations (every
 * .sql file and meta/_journal.json), the table definitions, the data files the seed reads at run
 * time (src/seed/data/*), platform/data-changes.ts (the change triggers made after the migrations)
 * and the installed PGlite's package.json (its version decides the files
 * of the data folder).
 *
 * Imports are found by a scan of the text rather than by the TypeScript compiler (whose loading
 * alone takes seconds in every test file): `… from '…'`, `import '…'` and `import('…')`. A match
 * inside a comment or a string adds a file at worst, which only changes the key more often; a
 * specifier that names no file is passed over.
 */

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = resolve(here, '..');
const REPO = resolve(SERVER, '../..');

export const SEED_ENTRY = join(SERVER, 'src/seed/seed.ts');
const MIGRATIONS = join(SERVER, 'src/db/migrations');
const SCHEMA = join(SERVER, 'src/db/schema');
const SEED_DATA = join(SERVER, 'src/seed/data');
const CONTRACT = join(REPO, 'packages/contract');
const PGLITE_PACKAGE = join(REPO, 'node_modules/@electric-sql/pglite/package.json');
/** Makes the change triggers after the migrations (runMigrations): they are part of the template. */
const CHANGE_TRIGGERS = join(SERVER, 'src/platform/data-changes.ts');

/** Reads a file's bytes; null when there is no such file. Tests pass their own to change a file's contents. */
export type ReadFile = (path: string) => Buffer | null;

export const readFromDisk: ReadFile = (path) => {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
};

/** `read` that reads each file once: resolving an import tries its candidates, and the hash reads the files again. */
function readingOnce(read: ReadFile): ReadFile {
  const cache = new Map<string, Buffer | null>();
  return (path) => {
    if (!cache.has(path)) cache.set(path, read(path));
    return cache.get(path)!;
  };
}

/** Files whose text is scanned for further imports; other reached files (JSON, GeoJSON) are only hashed. */
const SCANNED = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs']);

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

/** The module specifiers a source text imports or re-exports, in order, each once. */
export function importSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(IMPORT)) found.add(m[2]);
  return [...found];
}

/**
 * The file a specifier of `fromFile` names, or null for a package outside the repository (its
 * version is not part of the key, except PGlite's) or a specifier that names no file. A path is
 * tried as written, with a TypeScript extension (also in place of `.js`), and as a folder's index.
 */
export function resolveImport(fromFile: string, specifier: string, read: ReadFile): string | null {
  let base: string;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('@golf/contract/locales/')) base = join(CONTRACT, specifier.slice('@golf/contract/'.length));
  // The contract's package.json maps `@golf/contract/<path>` to `src/<path>.ts`.
  else if (specifier.startsWith('@golf/contract/')) base = join(CONTRACT, 'src', specifier.slice('@golf/contract/'.length));
  else return null;
  const ext = extname(base);
  const stem = ext === '.js' || ext === '.mjs' ? base.slice(0, -ext.length) : base;
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const candidate of candidates) {
    if (read(candidate) !== null) return candidate;
  }
  return null;
}

/** Every file the entry reaches through relative and `@golf/contract/...` imports, the entry included; sorted. */
export function reachedFiles(entry: string = SEED_ENTRY, read: ReadFile = readFromDisk): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (!SCANNED.has(extname(file))) continue;
    const text = read(file);
    if (text === null) throw new Error(`The test template key cannot read ${file}`);
    for (const specifier of importSpecifiers(text.toString('utf8'))) {
      const target = resolveImport(file, specifier, read);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}

function filesIn(dir: string, keep: (name: string) => boolean = () => true): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(dir, e.name));
}

/** Every file the key hashes: the reached sources, migrations, table definitions, seed data, PGlite's package.json and the change triggers' maker. */
export function templateInputs(read: ReadFile = readFromDisk): string[] {
  const files = new Set([
    ...reachedFiles(SEED_ENTRY, read),
    ...filesIn(MIGRATIONS, (f) => f.endsWith('.sql')),
    join(MIGRATIONS, 'meta/_journal.json'),
    ...filesIn(SCHEMA),
    ...filesIn(SEED_DATA),
    PGLITE_PACKAGE,
    CHANGE_TRIGGERS,
  ]);
  return [...files].sort();
}

/**
 * The template's name: 16 hex digits of the hash of every input (its path relative to the
 * repository and its bytes), then whether it holds the demo data. A missing input (no PGlite
 * installed where expected) hashes as the time, so no template is reused for it.
 */
export function templateKey(demo: boolean, readFile: ReadFile = readFromDisk): string {
  const read = readingOnce(readFile);
  const hash = createHash('sha256');
  for (const file of templateInputs(read)) {
    hash.update(file.slice(REPO.length)).update('\0');
    hash.update(read(file) ?? String(Date.now())).update('\0');
  }
  return `${hash.digest('hex').slice(0, 16)}-${demo ? 'demo' : 'empty'}`;
}
