import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { MAX_HOLE_DISTANCE, MAX_HOLES, MAX_PAR, MAX_TEES_PER_COURSE, MIN_PAR } from '../api/courses';
import { HexColour, Text } from '../api/common';
import { Drawing } from '../api/drawings';

/**
 * Everything a printed course guide needs, independent of how guides are stored: the server's
 * loader (courses, holes, tees, drawings, pins, theme) and the guide's own settings fill it, the
 * browser's preview and the server's PDF, PNG and WebP outputs read it through `layoutGuide`.
 * Distances are metres; colours '#RRGGBB'; geometry GeoJSON in longitude/latitude as drawings
 * store it (docs/decisions/0006).
 */

/** Print layouts: 'pocket' is 4.25 × 7 in, the size limit of the Rules of Golf 4.3; A5 and A4 are the ISO sizes. */
export const GUIDE_LAYOUTS = ['pocket', 'a5', 'a4'] as const;
export type GuideLayout = (typeof GUIDE_LAYOUTS)[number];

/** Trimmed page size in points per layout. */
export const LAYOUT_SIZES_PT: Record<GuideLayout, { width: number; height: number }> = {
  pocket: { width: 4.25 * 72, height: 7 * 72 },
  a5: { width: (148 * 72) / 25.4, height: (210 * 72) / 25.4 },
  a4: { width: (210 * 72) / 25.4, height: (297 * 72) / 25.4 },
};

/** How tees are shown in the distance tables: a coloured dot with the name, or a band in the tee's colour. */
export const TEE_STYLES = ['dots', 'bands'] as const;
/** Handicap tables: index ranges per course handicap ('ranges'), or the course handicap for every whole index ('whole'). */
export const HANDICAP_STYLES = ['ranges', 'whole'] as const;
/** Page borders: none, a thin frame, or a frame with rounded corners. */
export const BORDER_STYLES = ['none', 'thin', 'rounded'] as const;
/** How an image fills its box (§9 image options). */
export const IMAGE_FITS = ['centered', 'filled'] as const;

const Name = Text.trim().min(1).max(100);
const LongText = Text.max(5000);
const Metres = z.number().int().min(0).max(MAX_HOLE_DISTANCE);

/** Course rating, slope rating and par of one tee for one sex (WHS). */
export const TeeRating = z.object({
  /** Course rating, strokes with one decimal (e.g. 71.3). */
  courseRating: z.number().min(40).max(90),
  /** Slope rating 55..155 (113 is a course of standard difficulty). */
  slope: z.number().int().min(55).max(155),
  /** Par of the course from this tee for this sex. */
  par: z.number().int().min(27).max(80),
});
export type TeeRating = z.infer<typeof TeeRating>;

export const GuideTee = z.object({
  /** Stable key of the tee within the course (the tee's id as text); hole distances refer to it. */
  key: z.string().min(1).max(40),
  /** Name printed in the tables ('Hvid', 'Yellow', …). */
  name: Name,
  /** The tee's colour (#RRGGBB), used for its dot or band. */
  colour: HexColour,
  /** Ratings for men and women; a sex without ratings gets no handicap table. */
  men: TeeRating.nullable().default(null),
  women: TeeRating.nullable().default(null),
  /** False hides the tee from the guide (tees shown, §2). */
  shown: z.boolean().default(true),
});
export type GuideTee = z.infer<typeof GuideTee>;

export const GuideHole = z.object({
  /** The hole's number on the course (1-based, its order). */
  number: z.number().int().min(1).max(MAX_HOLES),
  /** The hole's name ('' when it has none). */
  name: Text.max(100).default(''),
  par: z.number().int().min(MIN_PAR).max(MAX_PAR),
  /** Stroke index (handicap) 1..18, or null when not set. */
  strokeIndex: z.number().int().min(1).max(MAX_HOLES).nullable().default(null),
  /** Metres from each tee to the green, by tee key; a tee without a distance shows '–'. */
  distances: z.record(z.string(), Metres).default({}),
  /**
   * The hole's drawing as stored (style 1): tees, fairway, green, bunkers, water, trees, … by
   * graphics element. Its 'play line' feature gives the line of play and its legs (tee → landing
   * area(s) → green), its 'T-point' feature the point pins are measured from.
   */
  drawing: Drawing,
  /** The pin of the guide's pin setup: metres in from the T-point and to the side (right positive), or null. */
  pin: z.object({ outMeters: z.number().min(-100).max(200), sideMeters: z.number().min(-100).max(100) }).nullable().default(null),
  /** Distance markers: metres from the front of the green, drawn as marks across the fairway. */
  distanceMarkers: z.array(Metres).max(20).default([]),
  /** The hole's own text (pro guideline), printed under the drawing when set. */
  notes: Text.max(1000).default(''),
  /** False leaves the hole's pages out (hole page toggles). */
  included: z.boolean().default(true),
});
export type GuideHole = z.infer<typeof GuideHole>;
export type GuideHoleInput = z.input<typeof GuideHole>;

export const GuideCourse = z.object({
  name: Name,
  /** Holes in playing order. */
  holes: z.array(GuideHole).min(1).max(MAX_HOLES),
  /** Tees from the back to the front (the order of the distance columns). */
  tees: z.array(GuideTee).max(MAX_TEES_PER_COURSE),
  /** Attribution the course's map data requires (e.g. '© OpenStreetMap contributors'), printed on the overview. */
  attribution: Text.max(200).nullable().default(null),
});
export type GuideCourse = z.infer<typeof GuideCourse>;

/** The drawing style of one graphics element in the guide's theme (the catalogue's attributes, resolved). */
export const ElementStyle = z.object({
  fill: HexColour.optional(),
  stroke: HexColour.optional(),
  /** Stroke width in the catalogue's pixels (at 96 px per inch; the layout scales them). */
  strokeWidth: z.number().min(0).max(50).default(1),
  /** 0..1. */
  opacity: z.number().min(0).max(1).default(1),
  /** Dash length in pixels, 0 for a solid line. */
  dash: z.number().min(0).max(100).default(0),
  /** Radius of point symbols in pixels. */
  radius: z.number().min(0).max(100).default(4),
  /** Layer order: higher is drawn later (on top). */
  zIndex: z.number().int().default(0),
});
export type ElementStyle = z.infer<typeof ElementStyle>;

export const GuideTheme = z.object({
  /** The graphics catalogue theme (drawing style) name, e.g. 'Standard' or 'Classic'. */
  name: Name,
  /** Resolved style per element name ('fairway', 'green', …); see theme.ts. */
  elements: z.record(z.string(), ElementStyle),
});
export type GuideTheme = z.infer<typeof GuideTheme>;

export const CustomPage = z.object({
  title: Text.max(100),
  text: LongText,
  /** An image reference printed above the text, or null. */
  image: z.string().max(200).nullable().default(null),
});

/** Which pages the printed guide has (§1 Printed guide: pages). */
export const GuidePages = z.object({
  front: z.boolean().default(true),
  welcome: z.boolean().default(true),
  localRules: z.boolean().default(true),
  holes: z.boolean().default(true),
  /** A green page (the green to scale) after each hole page. */
  greens: z.boolean().default(true),
  handicap: z.boolean().default(true),
  overview: z.boolean().default(true),
  back: z.boolean().default(true),
});

export const GuideSettings = z.object({
  title: Name,
  layout: z.enum(GUIDE_LAYOUTS).default('pocket'),
  /** Language of the guide's own words ('Hole', 'Par', …). */
  language: z.enum(LANGUAGES).default('en'),
  /** Colour of the banners (page headers, front and back page). */
  bannerColour: HexColour.default('#1f5f3a'),
  borders: z.enum(BORDER_STYLES).default('thin'),
  teeStyle: z.enum(TEE_STYLES).default('dots'),
  handicapStyle: z.enum(HANDICAP_STYLES).default('ranges'),
  theme: GuideTheme,
  pages: GuidePages.default(GuidePages.parse({})),
  /** The overview on one page, or across two facing pages. */
  overview: z.enum(['single', 'double']).default('single'),
  front: z
    .object({
      /** Lines under the title (e.g. the club's address); ignored when `image` is set (§5). */
      subtitle: Text.max(200).default(''),
      text: Text.max(1000).default(''),
      /** A custom front page image reference; when set it fills the front page and the texts are left out. */
      image: z.string().max(200).nullable().default(null),
      imageFit: z.enum(IMAGE_FITS).default('filled'),
    })
    .default({ subtitle: '', text: '', image: null, imageFit: 'filled' }),
  /** The club's logo reference, printed on the front and back page, or null. */
  logo: z.string().max(200).nullable().default(null),
  welcome: LongText.default(''),
  localRules: LongText.default(''),
  back: LongText.default(''),
  customPages: z.array(CustomPage).max(10).default([]),
});
export type GuideSettings = z.infer<typeof GuideSettings>;

export const GuideRenderInput = z.object({
  club: z.object({ name: Name }),
  guide: GuideSettings,
  /** The guide's active courses, in order. */
  courses: z.array(GuideCourse).min(1).max(10),
});
export type GuideRenderInput = z.infer<typeof GuideRenderInput>;
export type GuideRenderInputIn = z.input<typeof GuideRenderInput>;
