import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { MAX_HOLE_DISTANCE, MAX_HOLES, MAX_PAR, MAX_TEES_PER_COURSE, MIN_PAR } from '../api/courses';
import { HexColour, Text } from '../api/common';
import { Drawing } from '../api/drawings';
import {
  BORDER_STYLES,
  CUSTOM_PAGE_TYPES,
  GUIDE_LIMITS,
  HANDICAP_STYLES,
  HANDICAP_TABLE_FORMATS,
  IMAGE_OPTIONS,
  OVERVIEW_LABELS,
  OVERVIEW_ORIENTATIONS,
  OVERVIEW_PAGES,
  PRINT_LAYOUT_IDS,
  PRINT_LAYOUTS,
  TEE_STYLES,
  type CustomPageType,
  type HandicapTableFormat,
  type PrintLayout,
} from '../api/guides';
import { SIGNS_PER_HOLE_MAX, SPONSOR_FORMATS, SPONSORS_MAX } from '../api/sponsors';

/**
 * Everything a printed course guide needs, independent of how guides are stored: the server's
 * loader (courses, holes, tees, drawings, pins, theme) and the guide's own settings fill it, the
 * browser's preview and the server's PDF, PNG and WebP outputs read it through `layoutGuide`.
 * Distances are metres; colours '#RRGGBB'; geometry GeoJSON in longitude/latitude as drawings
 * store it (docs/decisions/0006).
 */

/**
 * The guide's own settings speak the vocabulary of the stored guides (api/guides.ts): print
 * layouts, handicap, border and tee styles, overview labels, orientation and pages, front image
 * options, custom page types and per-hole page toggles are the same ids, so a stored guide maps
 * onto this input one to one (snake_case there, camelCase here).
 */
export { BORDER_STYLES, CUSTOM_PAGE_TYPES, HANDICAP_STYLES, HANDICAP_TABLE_FORMATS, type HandicapTableFormat, IMAGE_OPTIONS, OVERVIEW_LABELS, OVERVIEW_ORIENTATIONS, OVERVIEW_PAGES, PRINT_LAYOUTS, PRINT_LAYOUT_IDS, TEE_STYLES };

/** Print layouts (PRINT_LAYOUTS): 'pocket' is 4.25 × 7 in, the size limit of the Rules of Golf 4.3; A6, A5 and A4 are the ISO sizes. */
export const GUIDE_LAYOUTS = PRINT_LAYOUT_IDS as [PrintLayout, ...PrintLayout[]];
export type GuideLayout = PrintLayout;

/** Millimetres as points, rounded to 1e-9 pt so that 107.95 mm is exactly 306 pt (4.25 in). */
const mmToPt = (mm: number) => Math.round(((mm * 72) / 25.4) * 1e9) / 1e9;

/** Trimmed page size in points per layout, from PRINT_LAYOUTS' millimetres. */
export const LAYOUT_SIZES_PT = Object.fromEntries(
  PRINT_LAYOUT_IDS.map((id) => [id, { width: mmToPt(PRINT_LAYOUTS[id].widthMm), height: mmToPt(PRINT_LAYOUTS[id].heightMm) }]),
) as Record<GuideLayout, { width: number; height: number }>;


const Name = Text.trim().min(1).max(100);
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

/**
 * A sponsor shown by the guide (Promotion): its name, web address and logo image reference
 * (resolved like every image: the PDF and PNG get its bytes, the preview and the digital guide its
 * URL). Holes refer to it by `key` (the sponsor's id as text).
 */
export const GuideSponsor = z.object({
  key: z.string().min(1).max(40),
  name: Name,
  url: Text.max(2000).default(''),
  logo: z.string().max(200).nullable().default(null),
  /** The logo's public URL (the browser's preview and the digital guide show it), or null. */
  logoUrl: z.string().max(2000).nullable().default(null),
});
export type GuideSponsor = z.infer<typeof GuideSponsor>;

/** The sponsors of a hole in the guide's sponsor setup: on its page in a sponsor format (full filled, full centred, bottom single, bottom double; §9), and its sponsor signs on the course. */
export const HoleSponsors = z.object({
  /** One sponsor, or two in 'bottom-double' (api/sponsors.ts pagePlacesProblem). */
  page: z.array(z.object({ sponsor: z.string().min(1).max(40), format: z.enum(SPONSOR_FORMATS) })).max(2).default([]),
  /** Sponsor signs: [longitude, latitude]. */
  signs: z.array(z.object({ sponsor: z.string().min(1).max(40), position: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) })).max(SIGNS_PER_HOLE_MAX).default([]),
});
export type HoleSponsors = z.infer<typeof HoleSponsors>;

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
  /** The hole's pro guideline, printed under the drawing when `proGuideline` is on. */
  notes: Text.max(1000).default(''),
  /** Hole page toggles (HOLE_PAGE_TOGGLES, every one on for a hole never set): the hole's page. */
  page: z.boolean().default(true),
  /** Its green page (the green to scale, facing the hole page). */
  green: z.boolean().default(true),
  /** The pin chart: the pin of the guide's pin setup on the green page (and the hole page). */
  pinChart: z.boolean().default(true),
  /** The pro guideline text (`notes`) on the hole page. */
  proGuideline: z.boolean().default(true),
  /** Where the guide's sponsor setup places sponsors on this hole. */
  sponsors: HoleSponsors.default({ page: [], signs: [] }),
});
export type GuideHole = z.infer<typeof GuideHole>;
export type GuideHoleInput = z.input<typeof GuideHole>;

export const GuideCourse = z.object({
  /** Stable key of the course within the guide (the course's id as text); the overview setup refers to it. */
  key: z.string().min(1).max(40).optional(),
  name: Name,
  /** The colour of this course's banners (print course colours); null for the guide's banner colour. */
  colour: HexColour.nullable().default(null),
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
  /** The print symbol (symbols.ts PRINT_SYMBOLS) point features are drawn with; none (or an unknown id) draws a circle. */
  icon: z.string().max(40).optional(),
});
export type ElementStyle = z.infer<typeof ElementStyle>;

export const GuideTheme = z.object({
  /** The graphics catalogue theme (drawing style) name, e.g. 'Standard' or 'Classic'. */
  name: Name,
  /** Resolved style per element name ('fairway', 'green', …); see theme.ts. */
  elements: z.record(z.string(), ElementStyle),
});
export type GuideTheme = z.infer<typeof GuideTheme>;

const Heading = Text.trim().max(GUIDE_LIMITS.heading);
const PageText = Text.max(GUIDE_LIMITS.text);

/** A custom page (CUSTOM_PAGE_TYPES: information, etiquette, notes): printed when enabled, its title or the type's name as heading. */
export const CustomPage = z.object({
  enabled: z.boolean().default(false),
  title: Heading.default(''),
  text: PageText.default(''),
  /** An image reference printed above the text, or null. */
  image: z.string().max(200).nullable().default(null),
});
export type CustomPage = z.infer<typeof CustomPage>;
const customPageDefault = { enabled: false, title: '', text: '', image: null };

/** Which pages the printed guide has: the print settings' page toggles (print.pages), and the handicap tables. */
export const GuidePages = z.object({
  frontPage: z.boolean().default(true),
  welcome: z.boolean().default(true),
  overview: z.boolean().default(true),
  holes: z.boolean().default(true),
  localRules: z.boolean().default(true),
  backPage: z.boolean().default(true),
  /** The handicap table pages per tee and sex (the renderer's own: not a stored toggle). */
  handicapTables: z.boolean().default(true),
});

export const GuideRenderSettings = z.object({
  /** The guide's name (footer, PDF title; the front page's title when that is empty). */
  title: Text.trim().min(1).max(GUIDE_LIMITS.title),
  layout: z.enum(GUIDE_LAYOUTS).default('pocket'),
  /** Language of the guide's own words ('Hole', 'Par', …). */
  language: z.enum(LANGUAGES).default('en'),
  /** Colour of the banners (page headers, front and back page); a course's own colour wins on its pages. */
  bannerColour: HexColour.default('#1b5e20'),
  borderStyle: z.enum(BORDER_STYLES).default('thin'),
  teeStyle: z.enum(TEE_STYLES).default('colour_and_name'),
  /** How a hole's stroke index is printed: 'Hcp 7', dots for the strokes received, or not at all. */
  handicapStyle: z.enum(HANDICAP_STYLES).default('number'),
  /** The format of the handicap table pages. */
  handicapTable: z.enum(HANDICAP_TABLE_FORMATS).default('ranges'),
  theme: GuideTheme,
  pages: GuidePages.default(GuidePages.parse({})),
  overview: z
    .object({
      /** Key of the course whose map is the overview; null (or a key not in `courses`) for the first course. */
      courseKey: z.string().max(40).nullable().default(null),
      /** Keys of the courses drawn on the overview; empty draws the overview course only. */
      courseKeys: z.array(z.string().max(40)).max(10).default([]),
      labels: z.enum(OVERVIEW_LABELS).default('numbers'),
      orientation: z.enum(OVERVIEW_ORIENTATIONS).default('portrait'),
      /** One page, or a spread across two facing pages. */
      pages: z.enum(OVERVIEW_PAGES).default('single'),
    })
    .default({ courseKey: null, courseKeys: [], labels: 'numbers', orientation: 'portrait', pages: 'single' }),
  frontPage: z
    .object({
      /** Empty prints the guide's title. */
      title: Heading.default(''),
      subtitle: Heading.default(''),
      text: PageText.default(''),
      /** A custom front page image reference; when set it fills the page and the texts are left out (§5). */
      image: z.string().max(200).nullable().default(null),
      imageOption: z.enum(IMAGE_OPTIONS).default('filled'),
    })
    .default({ title: '', subtitle: '', text: '', image: null, imageOption: 'filled' }),
  /** The club's logo reference, printed on the front and back page, or null. */
  logo: z.string().max(200).nullable().default(null),
  /** Printed when the text is not empty; an empty title prints 'Welcome' in the guide's language. */
  welcome: z.object({ title: Heading.default(''), text: PageText.default(''), signature: Heading.default('') }).default({ title: '', text: '', signature: '' }),
  localRules: z.object({ title: Heading.default(''), text: Text.max(GUIDE_LIMITS.localRules).default('') }).default({ title: '', text: '' }),
  backPage: z.object({ title: Heading.default(''), text: PageText.default('') }).default({ title: '', text: '' }),
  customPages: z
    .object(Object.fromEntries(CUSTOM_PAGE_TYPES.map((type) => [type, CustomPage.default(customPageDefault)])) as Record<CustomPageType, z.ZodDefault<typeof CustomPage>>)
    .default(Object.fromEntries(CUSTOM_PAGE_TYPES.map((type) => [type, customPageDefault])) as Record<CustomPageType, typeof customPageDefault>),
});
export type GuideRenderSettings = z.infer<typeof GuideRenderSettings>;

export const GuideRenderInput = z.object({
  club: z.object({ name: Name }),
  guide: GuideRenderSettings,
  /** The guide's active courses, in order. */
  courses: z.array(GuideCourse).min(1).max(10),
  /** The sponsors the holes refer to (the guide's sponsor setup); none without a setup. */
  sponsors: z.array(GuideSponsor).max(SPONSORS_MAX).default([]),
});
export type GuideRenderInput = z.infer<typeof GuideRenderInput>;
export type GuideRenderInputIn = z.input<typeof GuideRenderInput>;
