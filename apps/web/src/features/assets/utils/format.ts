import { ASSET_BUNDLE, ASSET_CATEGORIES, type Asset } from '@golf/contract/api/assets';
import { formatFileSize } from '../../../lib/image-file';

export { formatFileSize };

/** A moment for people, in the interface language: '28 Nov 2026, 03:40'. */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The caps of a bundle in words, for the layout's help text. */
export function bundleLimits(language: string) {
  return {
    entries: new Intl.NumberFormat(language).format(ASSET_BUNDLE.maxEntries),
    entry: formatFileSize(ASSET_BUNDLE.maxEntryBytes, language),
    total: formatFileSize(ASSET_BUNDLE.maxTotalBytes, language),
    file: formatFileSize(ASSET_BUNDLE.maxFileBytes, language),
    categories: ASSET_CATEGORIES.join(', '),
  };
}

/** A club's assets grouped by element name (in the server's order: by element name, then path). */
export function byElement(assets: Asset[]): { element: string; assets: Asset[] }[] {
  const groups = new Map<string, Asset[]>();
  for (const asset of assets) {
    const element = asset.element_name ?? '';
    groups.set(element, [...(groups.get(element) ?? []), asset]);
  }
  return [...groups].map(([element, list]) => ({ element, assets: list }));
}
