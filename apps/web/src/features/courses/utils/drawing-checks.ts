import type { Hole } from '@golf/contract/api/courses';
import { EL } from '@golf/contract/graphics-catalogue';
import type { CourseStatus } from '../../../lib/courses/queries';

/** One finding of the status checks, as a translation key and its values. */
export interface CheckFinding {
  key: string;
  values: Record<string, string | number>;
}

export interface HoleFindings {
  hole: Hole;
  findings: CheckFinding[];
}

const ELEMENT_KEYS = new Map<string, string>(Object.entries(EL).map(([key, name]) => [name, key]));

/** The translation key of a catalogue element's name ('courses.elements.bunker'), or null for an element added later. */
export function elementKey(element: string): string | null {
  const key = ELEMENT_KEYS.get(element);
  return key ? `courses.elements.${key}` : null;
}

/**
 * The three status checks (§3) per hole in order, in plain words: shapes that cross themselves
 * (with the number of crossings), a boundary that crosses itself, a green outside the boundary.
 * Holes without findings have an empty list.
 */
export function describeChecks(holes: readonly Hole[], status: CourseStatus): HoleFindings[] {
  return [...holes]
    .sort((a, b) => a.order - b.order)
    .map((hole) => {
      const id = String(hole.id);
      const findings: CheckFinding[] = [];
      for (const crossing of status.selfIntersections[id] ?? []) {
        findings.push({ key: 'courses.checks.crossesItself', values: { hole: hole.order, element: crossing.element, count: Math.max(1, crossing.points.length) } });
      }
      const boundary = status.boundarySelfIntersections[id] ?? [];
      const boundaryPoints = boundary.reduce((sum, b) => sum + Math.max(1, b.points.length), 0);
      if (boundary.length > 0) findings.push({ key: 'courses.checks.boundaryCrossesItself', values: { hole: hole.order, count: boundaryPoints } });
      if (status.greensWithinBoundary[id] === false) findings.push({ key: 'courses.checks.greenOutside', values: { hole: hole.order } });
      return { hole, findings };
    });
}
