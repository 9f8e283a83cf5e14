import Fuse from 'fuse.js';

/** Fuzzy search threshold: 0.2, on comma-separated terms (§5, §9). */
export const SEARCH_THRESHOLD = 0.2;

/** The comma-separated terms of a search text (§5). */
export function searchTerms(query: string): string[] {
  return query
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
}

/**
 * The items matching any of the comma-separated terms of `query`, fuzzily (Fuse.js, threshold
 * 0.2, case and accents ignored), on the text fields `fields` gives for each item. The list keeps
 * its order; an empty query keeps every item.
 */
export function fuzzySearch<T>(items: readonly T[], query: string, fields: (item: T) => Record<string, string | string[]>): T[] {
  const terms = searchTerms(query);
  if (terms.length === 0 || items.length === 0) return [...items];
  const docs = items.map((item, index) => ({ index, fields: fields(item) }));
  const keys = Object.keys(docs[0].fields).map((k) => `fields.${k}`);
  const fuse = new Fuse(docs, { keys, threshold: SEARCH_THRESHOLD, ignoreLocation: true, ignoreDiacritics: true });
  const hits = new Set<number>();
  for (const term of terms) for (const result of fuse.search(term)) hits.add(result.item.index);
  return items.filter((_, index) => hits.has(index));
}
