import Fuse from 'fuse.js';
import { FUZZY_THRESHOLD, searchTerms, type Tracking, type TrackingDescription, type TrackingRef } from '@golf/contract/api/greenkeeper';

/** The tech map's filters (§5): element types, a search on names and one on the groups' descriptions. */
export interface TrackingFilters {
  /** Element names ('green', 'bunker'); none chosen: every element. */
  elements: readonly string[];
  /** Comma-separated terms, fuzzy on the element's name, its element type and its hole. */
  name: string;
  /** Comma-separated terms, fuzzy on the names and texts of the descriptions of the element's groups. */
  description: string;
}

export const NO_FILTERS: TrackingFilters = { elements: [], name: '', description: '' };

export interface FilterWords {
  /** The element type in the interface language. */
  elementLabel: (elementName: string) => string;
  /** The hole as people name it ('Hole 3', its name). */
  holeLabel: (holeId: number) => string;
  descriptions: readonly TrackingDescription[];
}

/** Whether any filter is set. */
export function filtering(filters: TrackingFilters): boolean {
  return filters.elements.length > 0 || searchTerms(filters.name).length > 0 || searchTerms(filters.description).length > 0;
}

/** The indexes of `docs` that any of the terms finds (Fuse.js, threshold 0.2, anywhere in the text, accents ignored). */
function fuzzyHits(docs: readonly Record<string, string>[], keys: string[], terms: string[]): Set<number> {
  const fuse = new Fuse(
    docs.map((fields, index) => ({ index, ...fields })),
    { keys, threshold: FUZZY_THRESHOLD, ignoreLocation: true, ignoreDiacritics: true },
  );
  const hits = new Set<number>();
  for (const term of terms) for (const found of fuse.search(term)) hits.add(found.item.index);
  return hits;
}

/**
 * The elements every set filter keeps (§5: element name, name and description combine by
 * intersection; each search is fuzzy with threshold 0.2 on its comma-separated terms, any term
 * matching). The list keeps its order; no filter keeps every element.
 */
export function filterTrackings(trackings: readonly Tracking[], filters: TrackingFilters, words: FilterWords): Tracking[] {
  let kept = [...trackings];
  if (filters.elements.length > 0) {
    const chosen = new Set(filters.elements);
    kept = kept.filter((t) => chosen.has(t.elementName));
  }
  const nameTerms = searchTerms(filters.name);
  if (nameTerms.length > 0 && kept.length > 0) {
    const docs = kept.map((t) => ({ name: t.name, element: words.elementLabel(t.elementName), elementName: t.elementName, hole: words.holeLabel(t.holeId) }));
    const hits = fuzzyHits(docs, ['name', 'element', 'elementName', 'hole'], nameTerms);
    kept = kept.filter((_, i) => hits.has(i));
  }
  const descriptionTerms = searchTerms(filters.description);
  if (descriptionTerms.length > 0 && kept.length > 0) {
    const byGroup = new Map<number, TrackingDescription[]>();
    for (const d of words.descriptions) byGroup.set(d.trackingGroupId, [...(byGroup.get(d.trackingGroupId) ?? []), d]);
    const groupIds = [...byGroup.keys()];
    const docs = groupIds.map((id) => ({ text: (byGroup.get(id) ?? []).map((d) => `${d.name} ${d.description}`).join('\n'), names: (byGroup.get(id) ?? []).map((d) => d.name).join('\n') }));
    const hits = fuzzyHits(docs, ['names', 'text'], descriptionTerms);
    const matching = new Set(groupIds.filter((_, i) => hits.has(i)));
    kept = kept.filter((t) => t.trackingGroupIds.some((g) => matching.has(g)));
  }
  return kept;
}

/** The distinct element names of the trackings, in the order of their labels. */
export function elementNamesOf(trackings: readonly Tracking[], label: (name: string) => string): string[] {
  return [...new Set(trackings.map((t) => t.elementName))].sort((a, b) => label(a).localeCompare(label(b)));
}

/** The reference the API takes for an element. */
export function refOf(tracking: Pick<Tracking, 'holeId' | 'featureId'>): TrackingRef {
  return { holeId: tracking.holeId, featureId: tracking.featureId };
}

/**
 * What adding (or removing) `trackings` to a group changes: only the elements not yet in it (or
 * only those in it); empty when nothing would change.
 */
export function changesFor(trackings: readonly Tracking[], groupId: number, mode: 'add' | 'remove'): TrackingRef[] {
  return trackings.filter((t) => t.trackingGroupIds.includes(groupId) === (mode === 'remove')).map(refOf);
}

/** An area for people: m² (whole) and ha (two decimals), in the interface language. */
export function areaTexts(squareMetres: number, language: string): { m2: string; ha: string } {
  const m2 = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(squareMetres);
  const ha = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(squareMetres / 10_000);
  return { m2: `${m2} m²`, ha: `${ha} ha` };
}
