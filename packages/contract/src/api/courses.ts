import { z } from 'zod';
import { HexColour, IdParam, PositiveInt32, Text, wholeNumberInput } from './common';

/**
 * Courses, holes, tees and hole-tee distances (§3, §7 "Courses, holes, tees").
 * Field names are snake_case on the wire, as the spec shows them (`course_id`, `pro_guideline`).
 */

/** Tee colour palette (§3). A tee's colour is any #RRGGBB; the palette is what the form offers. */
export const TEE_PALETTE = {
  red: '#d32f2f',
  green: '#2e7d32',
  blue: '#1565c0',
  yellow: '#fbc02d',
  orange: '#ef6c00',
  white: '#ffffff',
  black: '#000000',
} as const;
export type TeePaletteName = keyof typeof TEE_PALETTE;

export const MAX_HOLES = 27;
export const MAX_TEES_PER_COURSE = 12;
export const MAX_PAR = 7;
export const MIN_PAR = 3;
/** Metres; the longest hole in the world is under 1,000 m. */
export const MAX_HOLE_DISTANCE = 1500;

const Name = Text.trim().min(1, 'Name is required').max(100, 'Name is too long');

export const Hole = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  /** 1-based position of the hole on the course. */
  order: z.number().int(),
  /** Name of the hole ("Tea Olive"); may be empty. */
  name: z.string(),
  par: z.number().int(),
  /** Stroke index, unique per course. Null until set. */
  handicap: z.number().int().nullable(),
  /** Pro guideline: the club's advice on how to play the hole. */
  pro_guideline: z.string(),
  /** Whether the hole has a saved drawing. */
  has_drawing: z.boolean(),
});
export type Hole = z.infer<typeof Hole>;

export const Course = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  name: z.string(),
  holes: z.array(Hole),
  /** Attribution its map data requires, shown with the drawings (an OpenStreetMap import); null for the club's own drawings. */
  attribution: z.string().nullable(),
  updated_at: z.string(),
});
export type Course = z.infer<typeof Course>;
export const CoursesResponse = z.array(Course);

export const Tee = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  color: HexColour,
  /** Metres of the first nine holes (the "out" nine) from this tee; 0 when none are entered. */
  distance: z.number().int(),
  /** Metres of all holes from this tee. */
  total_distance: z.number().int(),
});
export type Tee = z.infer<typeof Tee>;
export const TeesResponse = z.array(Tee);

/** Hole-tee link with the distance in metres from that tee to the green (§3). */
export const HoleTee = z.object({ hole_id: z.number().int(), tee_id: z.number().int(), distance: z.number().int() });
export type HoleTee = z.infer<typeof HoleTee>;
export const HolesTeesResponse = z.array(HoleTee);
export const HolesTeesQuery = z.object({ course_id: IdParam.optional() });

/** Par, handicap and distance are numbers, or decimal digits in a string (form values). */
const PAR_RANGE = `Par is ${MIN_PAR} to ${MAX_PAR}`;
const Par = wholeNumberInput(z.number().int(PAR_RANGE).min(MIN_PAR, PAR_RANGE).max(MAX_PAR, PAR_RANGE), PAR_RANGE);
const Handicap = wholeNumberInput(
  z.number().int('Handicap is a whole number').min(1, 'Handicap is 1 or more').max(MAX_HOLES, 'Handicap is too large'),
  'Handicap is a whole number',
).nullable();
const Distance = wholeNumberInput(
  z.number().int('Distance is whole metres').min(0, 'Distance cannot be negative').max(MAX_HOLE_DISTANCE, `Distance is at most ${MAX_HOLE_DISTANCE} m`),
  'Distance is whole metres',
);
const ProGuideline = Text.max(2000, 'Pro guideline is too long').default('');
const HoleName = Text.trim().max(100);

export const TeeInput = z.object({ name: Name, color: HexColour });
export type TeeInput = z.infer<typeof TeeInput>;

/** Create: the course, its tees and holes with distances, in one transaction (§4 course create). */
export const CreateCourseBody = z.object({
  name: Name,
  tees: z.array(TeeInput).max(MAX_TEES_PER_COURSE).default([]),
  holes: z
    .array(
      z.object({
        name: HoleName.default(''),
        par: Par,
        handicap: Handicap.default(null),
        pro_guideline: ProGuideline,
        /** Distance per tee, by the tee's index in `tees`. */
        distances: z.array(z.object({ tee: z.number().int().min(0).max(MAX_TEES_PER_COURSE - 1), distance: Distance })).default([]),
      }),
    )
    .min(1, 'A course has at least one hole')
    .max(MAX_HOLES, `A course has at most ${MAX_HOLES} holes`),
});
export type CreateCourseBody = z.input<typeof CreateCourseBody>;

/**
 * Save: name and every hole in order. Holes with an id are updated, holes without one are added
 * at the end, holes of the course left out are deleted with their drawings. Distances are per
 * tee id. One transaction.
 */
export const UpdateCourseBody = z.object({
  name: Name,
  holes: z
    .array(
      z.object({
        id: PositiveInt32.optional(),
        name: HoleName.default(''),
        par: Par,
        handicap: Handicap.default(null),
        pro_guideline: ProGuideline,
        distances: z.array(z.object({ tee_id: PositiveInt32, distance: Distance })).default([]),
      }),
    )
    .min(1, 'A course has at least one hole')
    .max(MAX_HOLES, `A course has at most ${MAX_HOLES} holes`),
});
export type UpdateCourseBody = z.input<typeof UpdateCourseBody>;

export const CreateTeeBody = TeeInput.extend({ course_id: PositiveInt32 });
export type CreateTeeBody = z.infer<typeof CreateTeeBody>;
export const UpdateTeeBody = TeeInput;

/** PUT holes/{id}: one hole's fields and distances; `club_id` is added by the client (§7). */
export const UpdateHoleBody = z.object({
  club_id: PositiveInt32,
  name: HoleName.optional(),
  par: Par,
  handicap: Handicap,
  pro_guideline: ProGuideline,
  distances: z.array(z.object({ tee_id: PositiveInt32, distance: Distance })).default([]),
});
export type UpdateHoleBody = z.input<typeof UpdateHoleBody>;

export const CourseIdParams = z.object({ clubId: IdParam, id: IdParam });
export const HoleIdParams = z.object({ clubId: IdParam, holeId: IdParam });
