import type { Intersection } from '@golf/contract/api/status';
import type { HoleMappingStatus } from '@golf/contract/api/management';
import { catalogueRuleBreaches, type ElementRule } from '@golf/contract/geo/catalogue-rules';
import { drawingChecks, readDocument, storedChecks } from '../courses';

/**
 * The geometry of the mapping status (mapping-status-service.ts): per hole the status checks (the
 * stored ones, or computed for a row without them) and the graphics catalogue's rules. Run in a
 * worker thread (status-worker.ts), all holes of one request in one task; it reads no database.
 */

/** What a hole's drawing version shows: computed once per drawing version and catalogue version. */
export interface DrawingStatus {
  drawn: boolean;
  selfIntersections: HoleMappingStatus['self_intersections'];
  boundary: number;
  within: boolean | null;
  breaches: HoleMappingStatus['rule_breaches'];
}

/** One hole's stored drawing row: the document as the database's JSON text, and the stored checks. */
export interface StatusInputHole {
  holeId: number;
  document: string;
  checks: unknown;
}

export interface StatusTask {
  holes: StatusInputHole[];
  rules: ReadonlyMap<string, ElementRule>;
}

export interface StatusTaskResult {
  statuses: { holeId: number; status: DrawingStatus }[];
  /** What readDocument would have logged (a stored drawing that no longer validates), for the caller's log. */
  warnings: { obj: object; msg: string }[];
}

/** Crossings per feature: the number of crossing points of each feature that crosses itself. */
function crossings(found: readonly Intersection[]): { feature: string; element: string; count: number }[] {
  const byFeature = new Map<string, { feature: string; element: string; count: number }>();
  for (const i of found) {
    const kept = byFeature.get(i.feature) ?? { feature: i.feature, element: i.element, count: 0 };
    kept.count += Math.max(1, i.points.length);
    byFeature.set(i.feature, kept);
  }
  return [...byFeature.values()];
}

/** The status of one stored drawing row (a hole counts as drawn when its drawing has a feature). */
export function drawingStatus(hole: StatusInputHole, rules: ReadonlyMap<string, ElementRule>, log?: { warn(obj: object, msg: string): void }): DrawingStatus {
  const drawing = readDocument(JSON.parse(hole.document) as unknown, hole.holeId, log);
  if (drawing.features.length === 0) return { drawn: false, selfIntersections: [], boundary: 0, within: null, breaches: [] };
  const checks = storedChecks(hole.checks) ?? drawingChecks(drawing);
  return {
    drawn: true,
    selfIntersections: crossings(checks.selfIntersections),
    boundary: crossings(checks.boundarySelfIntersections).reduce((n, c) => n + c.count, 0),
    within: checks.greensWithinBoundary,
    breaches: catalogueRuleBreaches(drawing, rules).map((b) => ({ feature: b.featureId, element: b.element, rule: b.rule, params: b.params })),
  };
}

/** The whole task: every hole's status, in the order given. */
export function computeStatuses({ holes, rules }: StatusTask): StatusTaskResult {
  const warnings: StatusTaskResult['warnings'] = [];
  const log = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
  return { statuses: holes.map((hole) => ({ holeId: hole.holeId, status: drawingStatus(hole, rules, log) })), warnings };
}
