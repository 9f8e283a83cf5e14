import type { ReactElement } from 'react';
import type { Course, HoleTee, Tee } from '@golf/contract/api/courses';
import { awaitQueries } from '../../components/ui/query-gate';
import { useCourses, useHolesTees, useTees } from './queries';

export interface CourseWithTees {
  /** Null when the club has no course of that id (any more). */
  course: Course | null;
  tees: Tee[];
  holesTees: HoleTee[];
}

/**
 * What the course form and the all-holes table load: the club's courses and tees and the course's
 * distances, behind the shared loading guard (the error with Retry, or `rows` skeleton rows, while
 * not all are there). Then the course of `courseId`, or null when there is none.
 */
export function useCourseWithTees(clubId: number, courseId: number, rows: number): { view: ReactElement; data?: undefined } | { view: null; data: CourseWithTees } {
  const gate = awaitQueries([useCourses(clubId), useTees(clubId), useHolesTees(clubId, courseId)], { rows });
  if (gate.view) return gate;
  const [courses, tees, holesTees] = gate.data;
  return { view: null, data: { course: courses.find((c) => c.id === courseId) ?? null, tees, holesTees } };
}
