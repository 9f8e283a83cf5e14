import type { ClubStatusRow, HoleMappingStatus } from '@golf/contract/api/management';
import { Handle } from '@golf/contract/api/clubs';
import { EL } from '@golf/contract/graphics-catalogue';
import { fuzzySearch } from '../../../lib/fuzzy-search';

/** One finding of a hole's mapping status: a translation key and its values (element names still untranslated). */
export interface HoleFinding {
  key: string;
  values: Record<string, string | number>;
  /** Element names among the values, translated by the screen (`elementLabel`). */
  elements: string[];
}

/** The state of one check of a hole: passed, failed, or not applicable (nothing drawn, no boundary or no green). */
export type CheckState = 'ok' | 'fail' | 'na';

export interface HoleChecks {
  selfIntersections: CheckState;
  boundary: CheckState;
  greens: CheckState;
  rules: CheckState;
}

/** The four columns of the status table for one hole. */
export function holeChecks(hole: HoleMappingStatus): HoleChecks {
  if (!hole.has_drawing) return { selfIntersections: 'na', boundary: 'na', greens: 'na', rules: 'na' };
  return {
    selfIntersections: shapeCrossings(hole).length > 0 ? 'fail' : 'ok',
    boundary: hole.boundary_self_intersections > 0 ? 'fail' : 'ok',
    greens: hole.greens_within_boundary === null ? 'na' : hole.greens_within_boundary ? 'ok' : 'fail',
    rules: hole.rule_breaches.length > 0 ? 'fail' : 'ok',
  };
}

/** Shapes other than the hole boundary that cross themselves (the boundary has its own check). */
export function shapeCrossings(hole: HoleMappingStatus): HoleMappingStatus['self_intersections'] {
  return hole.self_intersections.filter((c) => !(c.element === EL.holeBoundary && hole.boundary_self_intersections > 0));
}

/** A drawn hole with at least one finding. */
export function isFailing(hole: HoleMappingStatus): boolean {
  return hole.has_drawing && !hole.ok;
}

const RULE_KEYS = new Set(['requiredAttribute', 'mustLieInside', 'areaTooSmall', 'areaTooLarge']);

/**
 * What is wrong with a hole, in the order of the checks: shapes crossing themselves, a boundary
 * crossing itself, a green outside the boundary, then each broken rule of the catalogue.
 */
export function holeFindings(hole: HoleMappingStatus): HoleFinding[] {
  const findings: HoleFinding[] = [];
  for (const crossing of shapeCrossings(hole)) {
    findings.push({ key: 'management.findings.crossesItself', values: { element: crossing.element, feature: crossing.feature, count: Math.max(1, crossing.count) }, elements: ['element'] });
  }
  if (hole.boundary_self_intersections > 0) {
    findings.push({ key: 'management.findings.boundaryCrossesItself', values: { count: hole.boundary_self_intersections }, elements: [] });
  }
  if (hole.greens_within_boundary === false) findings.push({ key: 'management.findings.greenOutside', values: {}, elements: [] });
  for (const breach of hole.rule_breaches) {
    const rule = RULE_KEYS.has(breach.rule) ? breach.rule : 'unknown';
    findings.push({
      key: `management.rules.${rule}`,
      values: { ...breach.params, element: breach.element, feature: breach.feature },
      elements: typeof breach.params.container === 'string' ? ['element', 'container'] : ['element'],
    });
  }
  return findings;
}

/** Counts of a course (or a club): holes, drawn, failing, fine. */
export function statusCounts(holes: readonly HoleMappingStatus[]) {
  const drawn = holes.filter((h) => h.has_drawing).length;
  const failing = holes.filter(isFailing).length;
  return { holes: holes.length, drawn, failing, ok: drawn - failing, notDrawn: holes.length - drawn };
}

export type ClubSortKey = 'name' | 'holes_failing' | 'holes_drawn' | 'last_drawing_at';
export type SortDirection = 'asc' | 'desc';

/** The clubs matching the search (name or handle, comma-separated terms), sorted; ties by name. */
export function clubsView(clubs: readonly ClubStatusRow[], query: string, key: ClubSortKey, direction: SortDirection, locale: string): ClubStatusRow[] {
  const found = fuzzySearch(clubs, query, (c) => ({ name: c.name, handle: c.handle }));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  const value = (c: ClubStatusRow): number | string => {
    if (key === 'name') return c.name;
    if (key === 'last_drawing_at') return c.last_drawing_at ?? '';
    return c[key];
  };
  return [...found].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const primary = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return primary !== 0 ? sign * primary : collator.compare(a.name, b.name);
  });
}

/** The handle as the server stores it (trimmed, lower case). */
export function normaliseHandle(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether the handle is URL-safe by the contract's rule (2–63 letters, digits or dashes, at least one letter, not starting with a dash). */
export function isHandleFormat(value: string): boolean {
  return Handle.safeParse(value).success;
}

/** The club's home in the console under a handle: {origin}/{handle}/home. */
export function handleUrl(origin: string, handle: string): string {
  return `${origin.replace(/\/+$/, '')}/${encodeURIComponent(handle)}/home`;
}
