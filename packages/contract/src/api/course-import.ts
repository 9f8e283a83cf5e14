import { z } from 'zod';
import { Text } from './common';
import { Drawing } from './drawings';

/**
 * Course import from GeoJSON or an OpenStreetMap export (.osm XML). The server parses the file,
 * matches features to holes and answers a plan; the console previews it on the map; confirming
 * posts the same file again and the server creates the course from its own reading.
 */

/** Bytes of an import file. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const ImportedHole = z.object({
  ref: z.number().int(),
  name: z.string(),
  par: z.number().int(),
  handicap: z.number().int().nullable(),
  drawing: Drawing,
  /** Counts of features matched to this hole by element name. */
  counts: z.record(z.string(), z.number().int()),
});
export type ImportedHole = z.infer<typeof ImportedHole>;

export const ImportPlan = z.object({
  name: z.string(),
  holes: z.array(ImportedHole),
  /** Features that could not be given to a hole, by element. */
  unmatched: z.record(z.string(), z.number().int()),
  /** The course boundary, when the file has one (leisure=golf_course). */
  boundary: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }).nullable(),
  warnings: z.array(z.string()),
  /** Attribution the data requires, e.g. '© OpenStreetMap contributors, ODbL'. */
  attribution: z.string().nullable(),
});
export type ImportPlan = z.infer<typeof ImportPlan>;

/** Query of the confirming call: the course's name (default: the plan's). */
export const ImportCourseQuery = z.object({ name: Text.trim().min(1).max(100).optional() });
