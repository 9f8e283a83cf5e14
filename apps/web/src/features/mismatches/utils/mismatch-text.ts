import type { Mismatch, MismatchKind } from '@golf/contract/api/mismatches';
import { screenHref } from '../../../config/screens';

/** Where a finding is fixed: the screen, and the label key of the link to it. */
export interface FixPlace {
  href: string;
  labelKey: string;
}

/**
 * The screen that fixes a finding: the hole editor for what is drawn, the course for its tees'
 * distances, the guide's setup screens for what the guide names. Null when the place is gone.
 */
export function fixPlace(m: Pick<Mismatch, 'kind' | 'club_id' | 'guide_id' | 'course_id' | 'hole_id'>): FixPlace | null {
  const { club_id: clubId, guide_id: guideId, course_id: courseId, hole_id: holeId } = m;
  const hole = (labelKey: string) => (courseId !== null && holeId !== null ? { href: screenHref('holeEdit', clubId, { courseId, holeId }), labelKey } : null);
  const guide = (screen: 'guideSetupCourses' | 'guideSetupTees' | 'guideSetupDistanceMarkers' | 'guide', labelKey: string) =>
    guideId !== null ? { href: screenHref(screen, clubId, { guideId }), labelKey } : null;
  const places: Record<MismatchKind, () => FixPlace | null> = {
    holeWithoutDrawing: () => hole('mismatches.open.holeEditor'),
    greenOutsideBoundary: () => hole('mismatches.open.holeEditor'),
    catalogueRule: () => hole('mismatches.open.holeEditor'),
    teeWithoutDistance: () => (courseId !== null ? { href: screenHref('course', clubId, { courseId }), labelKey: 'mismatches.open.course' } : null),
    markerBeyondHole: () => guide('guideSetupDistanceMarkers', 'mismatches.open.markers'),
    guideRemovedTee: () => guide('guideSetupTees', 'mismatches.open.tees'),
    guideRemovedCourse: () => guide('guideSetupCourses', 'mismatches.open.courses'),
    guideWithoutCourses: () => guide('guideSetupCourses', 'mismatches.open.courses'),
    guideRemovedPinSetup: () => guide('guide', 'mismatches.open.guide'),
  };
  return places[m.kind]();
}

/** The text key and parameters that say what does not fit. */
export function findingText(m: Pick<Mismatch, 'kind' | 'details' | 'hole_number' | 'course_name'>): { key: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = { ...m.details, hole: m.hole_number ?? '?', course: m.course_name ?? '' };
  if (m.kind === 'catalogueRule') {
    const rule = typeof m.details.rule === 'string' ? m.details.rule : 'unknown';
    const known = ['requiredAttribute', 'mustLieInside', 'areaTooSmall', 'areaTooLarge'].includes(rule);
    return { key: `mismatches.kinds.catalogueRule.${known ? rule : 'unknown'}`, params };
  }
  return { key: `mismatches.kinds.${m.kind}`, params };
}
