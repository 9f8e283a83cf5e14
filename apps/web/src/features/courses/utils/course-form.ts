import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  CreateCourseBody,
  MAX_HOLE_DISTANCE,
  MAX_HOLES,
  MAX_PAR,
  MIN_PAR,
  UpdateCourseBody,
  type Course,
  type HoleTee,
  type Tee,
} from '@golf/contract/api/courses';

/** A tee in the form: saved tees carry their id; a new course's tees only a local key. */
export interface TeeValues {
  key: string;
  id?: number;
  name: string;
  color: string;
}

/** A hole in the form; numbers are kept as typed and checked on save. */
export interface HoleValues {
  id?: number;
  name: string;
  par: string;
  handicap: string;
  pro_guideline: string;
  /** Metres by tee key. */
  distances: Record<string, string>;
}

export interface CourseFormValues {
  name: string;
  tees: TeeValues[];
  holes: HoleValues[];
}

export const DEFAULT_PAR = '4';

/** The key of a saved tee in the form's distance maps. */
export const teeKey = (id: number) => `t${id}`;

/** An empty par-4 hole; without an id it is added to the course when saved. */
export function newHole(): HoleValues {
  return { name: '', par: DEFAULT_PAR, handicap: '', pro_guideline: '', distances: {} };
}

/** Whether one more hole fits on a course of `count` holes (at most MAX_HOLES). */
export const canAddHole = (count: number) => count < MAX_HOLES;

/** Whether a hole can be removed from a course of `count` holes (a course keeps at least one). */
export const canRemoveHole = (count: number) => count > 1;

/** Holes 1..count for a new course, keeping what was typed in holes that stay. */
export function resizeHoles(holes: HoleValues[], count: number): HoleValues[] {
  const n = Math.max(1, Math.min(MAX_HOLES, Math.trunc(count)));
  return Array.from({ length: n }, (_, i) => holes[i] ?? newHole());
}

/** The form of a new course: no tees, `holeCount` par-4 holes. */
export function newCourseValues(holeCount = 18): CourseFormValues {
  return { name: '', tees: [], holes: resizeHoles([], holeCount) };
}

/** The form of a saved course, its tees and the hole-tee distances. */
export function courseValues(course: Course, tees: Tee[], holesTees: HoleTee[]): CourseFormValues {
  const courseTees = tees.filter((t) => t.course_id === course.id);
  const distance = new Map(holesTees.map((ht) => [`${ht.hole_id}:${ht.tee_id}`, ht.distance]));
  return {
    name: course.name,
    tees: courseTees.map((t) => ({ key: teeKey(t.id), id: t.id, name: t.name, color: t.color })),
    holes: [...course.holes]
      .sort((a, b) => a.order - b.order)
      .map((h) => ({
        id: h.id,
        name: h.name,
        par: String(h.par),
        handicap: h.handicap === null ? '' : String(h.handicap),
        pro_guideline: h.pro_guideline,
        // Every tee has an entry ('' when no distance), so the form's fields match the saved values exactly.
        distances: Object.fromEntries(
          courseTees.map((t) => {
            const d = distance.get(`${h.id}:${t.id}`);
            return [teeKey(t.id), d === undefined ? '' : String(d)];
          }),
        ),
      })),
  };
}

const WHOLE = /^\s*\d+\s*$/;

/** A whole number as typed, or NaN. Empty text is null. */
export function parseWhole(text: string): number | null {
  if (text.trim() === '') return null;
  return WHOLE.test(text) ? Number.parseInt(text, 10) : Number.NaN;
}

/** Translation key of the problem with a par, or null. */
export function parProblem(text: string): string | null {
  const n = parseWhole(text);
  if (n === null) return 'courses.errors.parRequired';
  return Number.isNaN(n) || n < MIN_PAR || n > MAX_PAR ? 'courses.errors.par' : null;
}

/**
 * Translation key of the problem with a handicap (stroke index 1..MAX_HOLES, and at most the
 * course's `holeCount` as the server requires), or null; empty is allowed. The key
 * 'courses.errors.handicapUpTo' takes `{ max: holeCount }`.
 */
export function handicapProblem(text: string, holeCount = MAX_HOLES): string | null {
  const n = parseWhole(text);
  if (n === null) return null;
  if (Number.isNaN(n) || n < 1 || n > MAX_HOLES) return 'courses.errors.handicap';
  return n > holeCount ? 'courses.errors.handicapUpTo' : null;
}

/** Translation key of the problem with a distance (whole metres 0..MAX_HOLE_DISTANCE), or null; empty is allowed. */
export function distanceProblem(text: string): string | null {
  const n = parseWhole(text);
  if (n === null) return null;
  return Number.isNaN(n) || n > MAX_HOLE_DISTANCE ? 'courses.errors.distance' : null;
}

/**
 * Stroke indexes used by more than one hole: for each hole index whose handicap clashes, the
 * 1-based numbers of the other holes with the same handicap.
 */
export function handicapClashes(handicaps: readonly string[]): Map<number, number[]> {
  const byValue = new Map<number, number[]>();
  handicaps.forEach((text, index) => {
    const n = parseWhole(text ?? '');
    if (n === null || Number.isNaN(n)) return;
    byValue.set(n, [...(byValue.get(n) ?? []), index]);
  });
  const clashes = new Map<number, number[]>();
  for (const indexes of byValue.values()) {
    if (indexes.length < 2) continue;
    for (const i of indexes) clashes.set(i, indexes.filter((j) => j !== i).map((j) => j + 1));
  }
  return clashes;
}

function holeDistances<K>(hole: HoleValues, tees: TeeValues[], keyOf: (tee: TeeValues, index: number) => K) {
  return tees.flatMap((tee, index) => {
    const n = parseWhole(hole.distances[tee.key] ?? '');
    return n === null ? [] : [{ key: keyOf(tee, index), distance: n }];
  });
}

/** The body of POST courses (§4 course create): distances by the tee's index. */
export function toCreateBody(values: CourseFormValues): CreateCourseBody {
  return {
    name: values.name.trim(),
    tees: values.tees.map((t) => ({ name: t.name.trim(), color: t.color })),
    holes: values.holes.map((h) => ({
      name: h.name.trim(),
      par: parseWhole(h.par) ?? Number.NaN,
      handicap: parseWhole(h.handicap),
      pro_guideline: h.pro_guideline,
      distances: holeDistances(h, values.tees, (_t, i) => i).map((d) => ({ tee: d.key, distance: d.distance })),
    })),
  };
}

/** The body of PUT courses/{id} (§4 course save): every hole in order, distances by tee id. */
export function toUpdateBody(values: CourseFormValues): UpdateCourseBody {
  const saved = values.tees.filter((t) => t.id !== undefined);
  return {
    name: values.name.trim(),
    holes: values.holes.map((h) => ({
      ...(h.id !== undefined ? { id: h.id } : {}),
      name: h.name.trim(),
      par: parseWhole(h.par) ?? Number.NaN,
      handicap: parseWhole(h.handicap),
      pro_guideline: h.pro_guideline,
      distances: holeDistances(h, saved, (t) => t.id!).map((d) => ({ tee_id: d.key, distance: d.distance })),
    })),
  };
}

type Problems = Record<string, string>;

/** Every problem of the form by field path ('name', 'holes.3.par', 'holes.3.distances.t5'), as translation keys. */
export function courseProblems(values: CourseFormValues, creating: boolean): Problems {
  const problems: Problems = {};
  if (!values.name.trim()) problems.name = 'courses.errors.nameRequired';
  else if (values.name.trim().length > 100) problems.name = 'validation.tooLong';
  values.tees.forEach((tee, i) => {
    if (!tee.name.trim()) problems[`tees.${i}.name`] = 'courses.errors.teeNameRequired';
  });
  const clashes = handicapClashes(values.holes.map((h) => h.handicap));
  values.holes.forEach((hole, i) => {
    const par = parProblem(hole.par);
    if (par) problems[`holes.${i}.par`] = par;
    const handicap = handicapProblem(hole.handicap, values.holes.length) ?? (clashes.has(i) ? 'courses.errors.handicapClash' : null);
    if (handicap) problems[`holes.${i}.handicap`] = handicap;
    if (hole.name.trim().length > 100) problems[`holes.${i}.name`] = 'validation.tooLong';
    if (hole.pro_guideline.length > 2000) problems[`holes.${i}.pro_guideline`] = 'validation.tooLong';
    for (const tee of values.tees) {
      const d = distanceProblem(hole.distances[tee.key] ?? '');
      if (d) problems[`holes.${i}.distances.${tee.key}`] = d;
    }
  });
  // The contract's schema has the last word on what the server accepts.
  if (Object.keys(problems).length === 0) {
    const parsed = creating ? CreateCourseBody.safeParse(toCreateBody(values)) : UpdateCourseBody.safeParse(toUpdateBody(values));
    if (!parsed.success) problems.root = 'courses.errors.invalid';
  }
  return problems;
}

function setPath(target: Record<string, unknown>, path: string, error: { type: string; message: string }) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((k) => {
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys.at(-1)!] = error;
}

/** react-hook-form resolver: the problems above, checked against the contract's CreateCourseBody / UpdateCourseBody. */
export function courseResolver(creating: boolean): Resolver<CourseFormValues> {
  return (values) => {
    const problems = courseProblems(values, creating);
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(problems)) setPath(errors, path, { type: 'validate', message });
    return { values: {}, errors: errors as FieldErrors<CourseFormValues> };
  };
}
