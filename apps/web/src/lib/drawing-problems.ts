import type { TFunction } from 'i18next';
import { drawingProblemValues, type DrawingProblemNames, type DrawingProblemParams } from '@golf/contract/geo/drawing-problems';
import { isApiError } from './api-client';
import { elementLabel } from './graphics-names';

// A drawing's problems as the server names them (DrawingProblem, and the details of a refused
// save) in the reader's language: `t(code, params)` of `drawings.problem.*`, the element names
// among the parameters translated as the management screens translate them (findingText).

/** A problem of a save: the feature (or path) it concerns, its code and parameters when it has them, the English message. */
export interface ProblemLike {
  feature: string;
  message: string;
  code?: string;
  params?: DrawingProblemParams;
}

const PROBLEM_CODE = /^drawings\.problem\.[a-z][A-Za-z]*$/;
const SERVER_CODE = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/;

function capitalise(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

/** The names among a problem's parameters in the reader's language: an element as the subject, an element and a geometry type inside a sentence. */
export function problemNames(t: TFunction): DrawingProblemNames {
  return {
    subject: (element) => (element ? capitalise(elementLabel(t, element)) : t('drawings.anyFeature')),
    inText: (element) => elementLabel(t, element).toLocaleLowerCase(),
    geometry: (type) => t(`adminElements.geometry.${type}`, { defaultValue: type }).toLocaleLowerCase(),
  };
}

/**
 * One problem in the reader's language. A code the app does not know (a newer server's) shows the
 * server's English message, which names the feature itself; a detail without a code (the request's
 * schema) shows its path before the message, as before.
 */
export function drawingProblemText(t: TFunction, problem: ProblemLike): string {
  if (!problem.code) return problem.feature ? `${problem.feature}: ${problem.message}` : problem.message;
  if (!PROBLEM_CODE.test(problem.code)) return problem.message;
  return t(problem.code, { ...drawingProblemValues(problem.params ?? {}, problemNames(t)), defaultValue: problem.message });
}

/** A hole's refusal in a course-wide save ("The drawing has 2 problems") in the reader's language, by its server error code. */
export function refusalText(t: TFunction, refusal: { message: string; code?: string; params?: DrawingProblemParams }): string {
  if (!refusal.code || !SERVER_CODE.test(refusal.code)) return refusal.message;
  return t(`serverErrors.${refusal.code}`, { ...refusal.params, defaultValue: refusal.message });
}

/**
 * A course import refused for its holes' drawings (`imports.invalidDrawing`) in the reader's
 * language: the refusal with its first problem, and every problem sent (at most 50) with its hole
 * (each detail's path). Null for any other error.
 */
export function importDrawingRefusal(t: TFunction, error: unknown): { text: string; problems: string[] } | null {
  if (!isApiError(error) || error.code !== 'imports.invalidDrawing') return null;
  const problemText = (d: { path: string; message: string; code?: string; params?: DrawingProblemParams }) =>
    drawingProblemText(t, { feature: String(d.params?.feature ?? ''), message: d.message, code: d.code, params: d.params });
  const problems = error.details.map((d) => t('courseImport.holeProblem', { hole: d.path, problem: problemText(d) }));
  const first = error.details[0];
  const text = t('serverErrors.imports.invalidDrawing', {
    hole: error.params.hole ?? first?.path ?? '',
    message: first ? problemText(first) : String(error.params.message ?? ''),
    defaultValue: error.serverMessage,
  });
  return { text, problems };
}
