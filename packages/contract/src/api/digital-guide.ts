/**
 * The digital guide (§1 Products: digital): one versioned JSON document with everything the
 * golfers' app needs to show a guide — its courses, holes with their geometry, distances per tee,
 * distance markers, tees with their ratings — made by the guide's 'json' product and served with
 * an ETag. `digitalGuideJsonSchema()` describes it as JSON Schema for the app's developers
 * (GET /api/digital-guide.schema.json).
 */
import { z } from 'zod';
import { GuideCourse, GuideSponsor } from '../print/input';

export const DIGITAL_GUIDE_SCHEMA_VERSION = 1;

export const DigitalGuide = z.object({
  schema_version: z.literal(DIGITAL_GUIDE_SCHEMA_VERSION),
  guide_id: z.number().int(),
  /** The guide's version when it was made (goes up with every save). */
  version: z.number().int(),
  generated_at: z.iso.datetime(),
  title: z.string(),
  club: z.object({ id: z.number().int(), name: z.string() }),
  /** Language of the guide's own texts. */
  language: z.string(),
  /** The guide's courses in order: holes (number, name, par, stroke index, distances per tee key, drawing as GeoJSON in lon/lat, pin, distance markers in metres from the green front) and tees (key, name, colour, ratings for men and women). */
  courses: z.array(GuideCourse),
  /** The sponsors of the guide's sponsor setup (key, name, web address, logo URL); each hole's `sponsors` refers to them by key: its page sponsors with their format and its sponsor signs as [longitude, latitude]. Absent in guides made before sponsors. */
  sponsors: z.array(GuideSponsor).default([]),
});
export type DigitalGuide = z.infer<typeof DigitalGuide>;

/** The JSON Schema of the digital guide (draft 2020-12). */
export function digitalGuideJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(DigitalGuide, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}
