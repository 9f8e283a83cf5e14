import type { GuideProduct } from '@golf/contract/api/guides';
import type { GuideFile } from '@golf/contract/api/guide-generation';

/** The label of a product's main file (translation key), or null for the others (hole images, …). */
const MAIN_FILE_KEYS: Record<string, string> = {
  'guide.pdf': 'products.files.pdf',
  'print-shop.pdf': 'products.files.printShop',
  'booklet.pdf': 'products.files.booklet',
  'guide.json': 'products.files.json',
  'overview.pdf': 'products.files.overview',
};

export function fileLabelKey(name: string): string | null {
  return MAIN_FILE_KEYS[name] ?? null;
}

/**
 * The files shown as links of their own: the named main files in their order, or, for a product
 * with one file only, that file. The rest (one image per hole and size) sit behind 'All files'.
 */
export function mainFiles(product: GuideProduct, files: readonly GuideFile[]): GuideFile[] {
  const named = Object.keys(MAIN_FILE_KEYS)
    .map((name) => files.find((f) => f.name === name))
    .filter((f): f is GuideFile => !!f);
  if (named.length > 0) return named;
  if (files.length === 1 && (product === 'json' || product === 'overview' || product === 'pdf')) return [files[0]];
  return [];
}

