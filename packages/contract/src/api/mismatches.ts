import { z } from 'zod';
import { IdParam, IntParam, Uuid } from './common';
import { JobState } from './jobs';

/**
 * Mismatches (issue 26, §2 /admin/mismatches/:guideId?): what does not fit between guides, courses
 * and the graphics catalogue's rules, computed by a nightly job of the queue (or on an admin's
 * request), per guide or for all, each with its severity and the place to fix it; a finding an
 * admin calls 'not an error' is dismissed for good (by its fingerprint, stable across runs).
 * Admins only.
 */
export const MISMATCH_LIMITS = {
  /** Findings one computation stores at most, errors first (the rest wait until these are fixed). */
  stored: 20_000,
  /** Findings one list answer carries at most. */
  list: 500,
  defaultList: 200,
  /** Guides the guide picker lists at most. */
  guides: 1_000,
  /** Holes whose drawings are checked before the computation yields to other work. */
  chunk: 25,
} as const;

/** The job kind of the computation (nightly, and on request). */
export const MISMATCH_JOB = 'mismatches.compute';
/** Every night: at most this long after the previous computation was queued. */
export const MISMATCH_EVERY_MS = 24 * 60 * 60_000;

export const MISMATCH_KINDS = [
  /** A hole of a course has no drawing (style 1) or an empty one. */
  'holeWithoutDrawing',
  /** A tee of a course has no distance on some of its holes (one finding per tee, naming them). */
  'teeWithoutDistance',
  /** A guide shows a tee that is not (any longer) a tee of its courses. */
  'guideRemovedTee',
  /** A guide's overview or colours name a course that is not (any longer) one of its courses. */
  'guideRemovedCourse',
  /** A guide shows a pin setup that is not (any longer) one of its courses'. */
  'guideRemovedPinSetup',
  /** A guide has no course left. */
  'guideWithoutCourses',
  /** A distance marker of a guide is as far from the green as the hole's longest tee, or farther. */
  'markerBeyondHole',
  /** A green of a hole's drawing is not inside its hole boundary. */
  'greenOutsideBoundary',
  /** A drawn element breaks its catalogue rule (required attribute, must lie inside, area range). */
  'catalogueRule',
] as const;
export const MismatchKind = z.enum(MISMATCH_KINDS);
export type MismatchKind = z.infer<typeof MismatchKind>;

export const MISMATCH_SEVERITIES = ['error', 'warning'] as const;
export const MismatchSeverity = z.enum(MISMATCH_SEVERITIES);
export type MismatchSeverity = z.infer<typeof MismatchSeverity>;

/** How bad each kind is: an error is printed wrong or not at all, a warning looks doubtful. */
export const MISMATCH_SEVERITY: Record<MismatchKind, MismatchSeverity> = {
  holeWithoutDrawing: 'error',
  teeWithoutDistance: 'error',
  guideRemovedTee: 'error',
  guideRemovedCourse: 'error',
  guideRemovedPinSetup: 'warning',
  guideWithoutCourses: 'error',
  markerBeyondHole: 'warning',
  greenOutsideBoundary: 'error',
  catalogueRule: 'warning',
};

/**
 * What a finding names besides its club, guide, course and hole (tee, marker, element, rule …);
 * its keys are snake_case like every wire field (`tee_id`, `hole_length`, `feature_id`).
 */
export const MismatchDetails = z.record(z.string(), z.union([z.string(), z.number()]));
export type MismatchDetails = z.infer<typeof MismatchDetails>;

export const Mismatch = z.object({
  id: z.number().int(),
  kind: MismatchKind,
  severity: MismatchSeverity,
  fingerprint: z.string(),
  club_id: z.number().int(),
  club_name: z.string(),
  guide_id: z.number().int().nullable(),
  guide_title: z.string().nullable(),
  course_id: z.number().int().nullable(),
  course_name: z.string().nullable(),
  hole_id: z.number().int().nullable(),
  /** The hole's number (1-based order in its course). */
  hole_number: z.number().int().nullable(),
  details: MismatchDetails,
});
export type Mismatch = z.infer<typeof Mismatch>;

/** One computation: when it ran and how many findings it stored. */
export const MismatchRun = z.object({
  id: z.number().int(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  found: z.number().int(),
});
export type MismatchRun = z.infer<typeof MismatchRun>;

/** A computation in the queue: its job's state and progress. */
export const MismatchComputation = z.object({
  job_id: z.string(),
  state: JobState,
  percent: z.number().int().min(0).max(100),
  error: z.string().nullable(),
});
export type MismatchComputation = z.infer<typeof MismatchComputation>;

/** GET admin/mismatches: the latest computation's findings, per guide (its own and its courses') or for all. */
export const MismatchListQuery = z.object({
  guide_id: IdParam.optional(),
  club_id: IdParam.optional(),
  severity: MismatchSeverity.optional(),
  limit: IntParam(1, MISMATCH_LIMITS.list).default(MISMATCH_LIMITS.defaultList),
});
export type MismatchListQuery = z.infer<typeof MismatchListQuery>;

export const MismatchList = z.object({
  /** The latest finished computation; null before the first. */
  run: MismatchRun.nullable(),
  /** Findings that match the filter, errors first; at most `limit`. */
  items: z.array(Mismatch),
  /** How many match the filter in all. */
  total: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
});
export type MismatchList = z.infer<typeof MismatchList>;

/** POST admin/mismatches/compute: queue a computation now (a second click answers the queued one). */
export const ComputeMismatchesResponse = z.object({ computation: MismatchComputation, existing: z.boolean() });
export type ComputeMismatchesResponse = z.infer<typeof ComputeMismatchesResponse>;

/** Route path parameters (names in the pattern, not wire fields: decision 0021). */
export const MismatchJobParams = z.object({ jobId: Uuid });
export const MismatchIdParams = z.object({ id: IdParam });

/** A guide of the picker, with its club. */
export const MismatchGuide = z.object({ id: z.number().int(), title: z.string(), club_id: z.number().int(), club_name: z.string() });
export type MismatchGuide = z.infer<typeof MismatchGuide>;
export const MismatchGuides = z.array(MismatchGuide);
