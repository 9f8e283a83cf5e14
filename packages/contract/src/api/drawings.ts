import { z } from 'zod';
import { IdParam, NonNegativeInt32, PositiveInt32, Text } from './common';

/**
 * Hole drawings: a GeoJSON FeatureCollection (RFC 7946) in longitude/latitude (EPSG:4326).
 * Every feature names its graphics element (§3 graphics catalogue) in `properties.element`.
 * The play line ('play line' element) may carry a height in metres as the third coordinate of
 * each vertex; that is what the elevation editor and the height profiles read.
 */

/** Limits of one drawing; the server refuses a drawing that exceeds them. */
export const DRAWING_LIMITS = {
  features: 2000,
  verticesPerFeature: 20000,
  vertices: 100000,
  ringsPerPolygon: 200,
  labelLength: 200,
  /** Bytes of the request body of save_drawing. */
  bodyBytes: 8 * 1024 * 1024,
} as const;

/** The drawing style fetched by the console (§9: "Drawing is fetched for style 1"). */
export const EDIT_DRAWING_STYLE = 1;

const Position = z.array(z.number()).min(2).max(3);
export const PointGeometry = z.object({ type: z.literal('Point'), coordinates: Position });
export const LineGeometry = z.object({ type: z.literal('LineString'), coordinates: z.array(Position) });
export const PolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) });
export const DrawingGeometry = z.discriminatedUnion('type', [PointGeometry, LineGeometry, PolygonGeometry]);
export type DrawingGeometry = z.infer<typeof DrawingGeometry>;

export const DrawingFeatureProperties = z
  .object({
    /** Name of the graphics element ('green', 'bunker', 'play line', ...). */
    element: Text.min(1).max(100),
    /** Text of a label, or the caption of an icon. */
    label: Text.max(DRAWING_LIMITS.labelLength).optional(),
    /** Icon name for 'icon' features. */
    icon: Text.max(100).optional(),
    /** Element attributes set on this feature (e.g. rotation), by attribute name. */
    attributes: z.record(Text.max(100), z.union([Text.max(200), z.number()])).optional(),
  })
  .strict();
export type DrawingFeatureProperties = z.infer<typeof DrawingFeatureProperties>;

export const DrawingFeature = z.object({
  type: z.literal('Feature'),
  /** Stable id of the feature inside the drawing (the editor uses UUIDs; imports use e.g. 'way/123'). */
  id: Text.min(1).max(100),
  geometry: DrawingGeometry,
  properties: DrawingFeatureProperties,
});
export type DrawingFeature = z.infer<typeof DrawingFeature>;

export const Drawing = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(DrawingFeature).max(DRAWING_LIMITS.features, `A drawing has at most ${DRAWING_LIMITS.features} features`),
});
export type Drawing = z.infer<typeof Drawing>;

export const emptyDrawing = (): Drawing => ({ type: 'FeatureCollection', features: [] });

/** GET holes/{id}/drawing/1 and the answer of save_drawing. */
export const DrawingResponse = z.object({
  hole_id: z.number().int(),
  course_id: z.number().int(),
  style_id: z.number().int(),
  drawing: Drawing,
  /** Increases with every save; send it back to detect a save made meanwhile by someone else. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type DrawingResponse = z.infer<typeof DrawingResponse>;

/** POST holes/{holeId}/save_drawing. */
export const SaveDrawingBody = z.object({
  drawing: Drawing,
  /** The version the edit started from; a newer saved version answers 409. */
  version: NonNegativeInt32.optional(),
});
export type SaveDrawingBody = z.infer<typeof SaveDrawingBody>;

/**
 * One problem found in a drawing by the server's validation: the feature's id ('' for the drawing
 * as a whole), the problem's code (DRAWING_PROBLEMS in ../geo/drawing-problems: a newer server may
 * send one an older client lacks) and the values its text names, and its English message (logs,
 * scripts, old clients). The web app shows the code's text in the reader's language.
 */
export const DrawingProblem = z.object({
  feature: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type DrawingProblem = z.infer<typeof DrawingProblem>;

/**
 * POST clubs/{clubId}/courses/{courseId}/drawings (issue 27, the course-wide mapping of /metamap
 * and /admin/atla): the changed holes of one course saved together. Each hole is saved as
 * save_drawing saves it — its own version check, validation and catalogue rules, its own
 * transaction — so a hole changed meanwhile by someone else is refused by name while the others
 * are saved; nothing of the other session's is overwritten.
 */
export const COURSE_DRAWINGS_LIMITS = {
  /** Holes in one save. */
  holes: 100,
  /** Bytes of the request body (every hole's drawing). */
  bodyBytes: 32 * 1024 * 1024,
} as const;

export const CourseDrawingsParams = z.object({ clubId: IdParam, courseId: IdParam });

export const SaveCourseDrawingsBody = z.object({
  holes: z
    .array(z.object({ hole_id: PositiveInt32, drawing: Drawing, version: NonNegativeInt32 }))
    .min(1, 'Nothing to save')
    .max(COURSE_DRAWINGS_LIMITS.holes, `At most ${COURSE_DRAWINGS_LIMITS.holes} holes in one save`)
    .refine((holes) => new Set(holes.map((h) => h.hole_id)).size === holes.length, 'A hole is given twice'),
});
export type SaveCourseDrawingsBody = z.infer<typeof SaveCourseDrawingsBody>;

/** What happened to each hole of a course-wide save. */
export const SaveCourseDrawingsResponse = z.object({
  /** Saved: the new stored drawing and version of each. */
  saved: z.array(DrawingResponse),
  /** Changed meanwhile by someone else (the version sent is older): nothing of this hole was written. */
  conflicts: z.array(z.object({ hole_id: z.number().int(), order: z.number().int(), version: z.number().int(), updated_at: z.string().nullable() })),
  /** Refused by the validation or the catalogue's rules: nothing of this hole was written. */
  invalid: z.array(
    z.object({
      hole_id: z.number().int(),
      order: z.number().int(),
      /** The refusal in English ("The drawing has 2 problems"), and as a server error code with its parameters (SERVER_ERRORS). */
      message: z.string(),
      code: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      problems: z.array(DrawingProblem),
    }),
  ),
});
export type SaveCourseDrawingsResponse = z.infer<typeof SaveCourseDrawingsResponse>;
