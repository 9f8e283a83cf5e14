import type { Drawing, DrawingProblem } from '@golf/contract/api/drawings';
import type { GeometryType } from '@golf/contract/api/graphics';
import { breachProblem, catalogueRuleBreaches, type ElementRule } from '@golf/contract/geo/catalogue-rules';
import { validateDrawing } from '@golf/contract/geo/validate';
import { drawingChecks, type DrawingChecks } from './drawing-checks';

/**
 * What a save checks of a drawing before it writes it: the geometry and the catalogue
 * (validateDrawing), the catalogue's rules once the geometry is sound (catalogueRuleBreaches), and
 * the status checks stored with the version (drawingChecks) once there is no problem. Pure: run on
 * the event loop for an everyday drawing, in the drawing worker (drawing-worker.ts) for a large one.
 */
export interface DrawingReview {
  /** Each with its code and parameters (DRAWING_PROBLEMS) beside the English message. */
  problems: DrawingProblem[];
  /** The status checks; null when there are problems (nothing is written then). */
  checks: DrawingChecks | null;
}

export interface DrawingReviewTask {
  drawing: Drawing;
  elements: ReadonlyMap<string, GeometryType>;
  rules: ReadonlyMap<string, ElementRule>;
}

export function reviewDrawing({ drawing, elements, rules }: DrawingReviewTask): DrawingReview {
  const problems = validateDrawing(drawing, elements);
  if (problems.length === 0) problems.push(...catalogueRuleBreaches(drawing, rules).map(breachProblem));
  return { problems, checks: problems.length === 0 ? drawingChecks(drawing) : null };
}

/**
 * Drawings of at most this many positions are reviewed on the event loop: the demo's holes have
 * 300–700 and take about a millisecond. A larger one (up to DRAWING_LIMITS.vertices) goes to the
 * worker, so that no save holds up the other requests while its geometry is checked.
 */
export const INLINE_REVIEW_POSITIONS = 5_000;

/** The positions of a drawing (every point of every geometry). */
export function drawingPositions(drawing: Drawing): number {
  let n = 0;
  for (const f of drawing.features) {
    const g = f.geometry;
    if (g.type === 'Point') n += 1;
    else if (g.type === 'LineString') n += g.coordinates.length;
    else for (const ring of g.coordinates) n += ring.length;
  }
  return n;
}
