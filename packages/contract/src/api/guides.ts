import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { HexColour, IdParam, PositiveInt32, Text } from './common';

/**
 * Products: the club's course guides (§1 Products, §2 Products screens, §3 Guide, §4 guide save and
 * generation, §7 Guides, §9 Print). A guide is a yardage book of one or more of the club's
 * courses: its settings (theme, styles, overview, printed pages), ratings per tee, distance
 * markers and per-hole choices; the products generated from it carry their times.
 * Wire names are snake_case, as the spec shows them (`guide_id`, `generated_at_pdf`).
 */

/** The products made from a guide (§2 'generated (digital, overview, PDF, tee signs, web images, green drawings)'). */
export const GUIDE_PRODUCTS = ['json', 'overview', 'pdf', 'tee_signs', 'web_images', 'green_drawings'] as const;
export type GuideProduct = (typeof GUIDE_PRODUCTS)[number];

export const GUIDE_LIMITS = {
  title: 120,
  courses: 6,
  /** Distance markers per hole. */
  markersPerHole: 8,
  /** Texts of the printed pages. */
  heading: 120,
  text: 4000,
  localRules: 8000,
  /**
   * Guides of one club: creating or copying one more is refused (409). PUT app-orders lists every
   * guide of the club, so it takes exactly this many at most: the two limits are this one number.
   */
  guides: 100,
} as const;

/**
 * Distance markers are metres from the front of the green (100/150/200 m markers). A marker is at
 * least 10 m out and at most 600 m: no hole needs one further out, and more is a typing slip.
 * The server also refuses one at or beyond the hole's length (its longest tee).
 */
export const MARKER_DISTANCE = { min: 10, max: 600 } as const;

/** Course rating (strokes, one decimal) and slope rating of the World Handicap System. */
export const RATING_LIMITS = { courseRating: { min: 50, max: 90 }, slope: { min: 55, max: 155 } } as const;
export const SEXES = ['men', 'women'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * Printed book sizes. A book a player carries in a round must stay within 4.25 × 7 in (Rules of
 * Golf, Rule 4.3, the size limit of a green-reading or yardage book): 'pocket' is exactly that.
 */
export const PRINT_LAYOUTS = {
  pocket: { widthMm: 107.95, heightMm: 177.8, pocket: true },
  a6: { widthMm: 105, heightMm: 148, pocket: true },
  a5: { widthMm: 148, heightMm: 210, pocket: false },
  a4: { widthMm: 210, heightMm: 297, pocket: false },
} as const;
export type PrintLayout = keyof typeof PRINT_LAYOUTS;
export const PRINT_LAYOUT_IDS = Object.keys(PRINT_LAYOUTS) as PrintLayout[];

/** How the hole's stroke index is printed: 'Hcp 7', as dots for the strokes received, or not at all. */
export const HANDICAP_STYLES = ['number', 'dots', 'hidden'] as const;
/**
 * The handicap TABLE pages (course handicap per handicap index, per tee and sex): index ranges per
 * course handicap ('ranges'), or the course handicap for every whole index ('whole'). Not the
 * guide's handicap style (HANDICAP_STYLES), which is how a hole's stroke index is printed.
 */
export const HANDICAP_TABLE_FORMATS = ['ranges', 'whole'] as const;
export type HandicapTableFormat = (typeof HANDICAP_TABLE_FORMATS)[number];

/** The frame of the drawings on a page. */
export const BORDER_STYLES = ['none', 'thin', 'thick', 'rounded'] as const;
/** How a tee is shown beside its distance: its colour, its name, or both. */
export const TEE_STYLES = ['colour', 'name', 'colour_and_name'] as const;
/** The overview map: one page or a double-page spread (§9), upright or across, and its labels. */
export const OVERVIEW_PAGES = ['single', 'double'] as const;
export const OVERVIEW_ORIENTATIONS = ['portrait', 'landscape'] as const;
export const OVERVIEW_LABELS = ['numbers', 'numbers_and_par', 'none'] as const;
/** A page image is centred on the page or fills it (§9 image options). */
export const IMAGE_OPTIONS = ['centered', 'filled'] as const;
/** The optional pages of the printed guide, each at /products/:guideId/custom/:type. */
export const CUSTOM_PAGE_TYPES = ['information', 'etiquette', 'notes'] as const;
export type CustomPageType = (typeof CUSTOM_PAGE_TYPES)[number];
/** What a hole's page shows: the page itself, the green drawing, the pin chart, the pro guideline. */
export const HOLE_PAGE_TOGGLES = ['page', 'green', 'pin_chart', 'pro_guideline'] as const;
export type HolePageToggle = (typeof HOLE_PAGE_TOGGLES)[number];

const heading = Text.trim().max(GUIDE_LIMITS.heading, `At most ${GUIDE_LIMITS.heading} characters`);
const pageText = Text.max(GUIDE_LIMITS.text, `At most ${GUIDE_LIMITS.text} characters`);
const flag = z.boolean();

export const GuideTitle = Text.trim().min(1, 'Title is required').max(GUIDE_LIMITS.title, `Title: at most ${GUIDE_LIMITS.title} characters`);
export const CourseIds = z
  .array(PositiveInt32)
  .min(1, 'Choose at least one course')
  .max(GUIDE_LIMITS.courses, `At most ${GUIDE_LIMITS.courses} courses`)
  .refine((ids) => new Set(ids).size === ids.length, 'A course is chosen twice');

const uniqueIds = (max: number, what: string) =>
  z
    .array(PositiveInt32)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `${what} listed twice`);

/** The settings of a guide (§2 Products capabilities), stored as one validated document. */
export const GuideSettings = z.object({
  /** The graphical theme: a drawing style of GET drawing_styles. */
  drawing_style_id: PositiveInt32,
  handicap_style: z.enum(HANDICAP_STYLES),
  border_style: z.enum(BORDER_STYLES),
  tee_style: z.enum(TEE_STYLES),
  /** The tees shown in the guide, in order; empty shows every tee of its courses. */
  tee_ids: uniqueIds(60, 'A tee is'),
  overview: z.object({
    /** The course whose map is the overview; null for the first course of the guide. */
    course_id: PositiveInt32.nullable(),
    /** The courses drawn on the overview; empty draws the overview course only. */
    course_ids: uniqueIds(GUIDE_LIMITS.courses, 'A course is'),
    labels: z.enum(OVERVIEW_LABELS),
    orientation: z.enum(OVERVIEW_ORIENTATIONS),
    pages: z.enum(OVERVIEW_PAGES),
  }),
  print: z.object({
    layout: z.enum(PRINT_LAYOUT_IDS as [PrintLayout, ...PrintLayout[]]),
    banner_colour: HexColour,
    /** The colour of each course's banner where the guide has several; the banner colour otherwise. */
    course_colours: z
      .array(z.object({ course_id: PositiveInt32, colour: HexColour }))
      .max(GUIDE_LIMITS.courses)
      .refine((list) => new Set(list.map((c) => c.course_id)).size === list.length, 'A course has two colours'),
    pages: z.object({
      front_page: flag,
      welcome: flag,
      overview: flag,
      holes: flag,
      local_rules: flag,
      back_page: flag,
      /** The handicap table pages (of the tees with ratings); stored guides from before it have them on. */
      handicap_tables: flag.default(true),
    }),
    /** The format of the handicap table pages. */
    handicap_table: z.enum(HANDICAP_TABLE_FORMATS).default('ranges'),
  }),
  front_page: z.object({
    title: heading,
    subtitle: heading,
    text: pageText,
    /** How the custom front page image is placed; with an image the texts are not printed (§5). */
    image_option: z.enum(IMAGE_OPTIONS),
  }),
  welcome: z.object({ title: heading, text: pageText, signature: heading }),
  local_rules: z.object({
    title: heading,
    text: Text.max(GUIDE_LIMITS.localRules, `At most ${GUIDE_LIMITS.localRules} characters`),
  }),
  back_page: z.object({ title: heading, text: pageText }),
  custom_pages: z.object(
    Object.fromEntries(CUSTOM_PAGE_TYPES.map((type) => [type, z.object({ enabled: flag, title: heading, text: pageText })])) as Record<
      CustomPageType,
      z.ZodObject<{ enabled: z.ZodBoolean; title: typeof heading; text: typeof pageText }>
    >,
  ),
  /** The sponsor setup whose sponsors the guide shows (Promotion); null for none. */
  sponsor_setup_id: PositiveInt32.nullable(),
  /** The pin setup whose pins the hole and green pages show (one of a guide course's); null for none. */
  pin_setup_id: PositiveInt32.nullable().default(null),
  /** The language of the guide's own words ('Hole', 'Par', …); null: the language of the club's country. */
  language: z.enum(LANGUAGES).nullable().default(null),
});
export type GuideSettings = z.infer<typeof GuideSettings>;

/** The settings of a new guide: pocket book, every page on, the club's drawing style. */
export function defaultGuideSettings(drawingStyleId: number, title = ''): GuideSettings {
  const custom = (t: string) => ({ enabled: false, title: t, text: '' });
  return {
    drawing_style_id: drawingStyleId,
    handicap_style: 'number',
    border_style: 'thin',
    tee_style: 'colour_and_name',
    tee_ids: [],
    overview: { course_id: null, course_ids: [], labels: 'numbers', orientation: 'portrait', pages: 'single' },
    print: {
      layout: 'pocket',
      banner_colour: '#1b5e20',
      course_colours: [],
      pages: { front_page: true, welcome: true, overview: true, holes: true, local_rules: true, back_page: true, handicap_tables: true },
      handicap_table: 'ranges',
    },
    front_page: { title, subtitle: '', text: '', image_option: 'filled' },
    welcome: { title: '', text: '', signature: '' },
    local_rules: { title: '', text: '' },
    back_page: { title: '', text: '' },
    custom_pages: { information: custom(''), etiquette: custom(''), notes: custom('') },
    sponsor_setup_id: null,
    pin_setup_id: null,
    language: null,
  };
}

/** A rating of one tee for men or women, typed or picked from an organisation's list. */
export const GuideRating = z.object({
  tee_id: PositiveInt32,
  sex: z.enum(SEXES),
  course_rating: z
    .number({ error: 'Course rating is a number like 71.2' })
    .min(RATING_LIMITS.courseRating.min, `Course rating is ${RATING_LIMITS.courseRating.min} to ${RATING_LIMITS.courseRating.max}`)
    .max(RATING_LIMITS.courseRating.max, `Course rating is ${RATING_LIMITS.courseRating.min} to ${RATING_LIMITS.courseRating.max}`)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, 'Course rating has one decimal'),
  slope: z
    .number({ error: 'Slope is a whole number like 128' })
    .int('Slope is a whole number like 128')
    .min(RATING_LIMITS.slope.min, `Slope is ${RATING_LIMITS.slope.min} to ${RATING_LIMITS.slope.max}`)
    .max(RATING_LIMITS.slope.max, `Slope is ${RATING_LIMITS.slope.min} to ${RATING_LIMITS.slope.max}`),
});
export type GuideRating = z.infer<typeof GuideRating>;
export const GuideRatings = z
  .array(GuideRating)
  .max(120)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      const key = `${r.tee_id}:${r.sex}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'tee_id'], message: 'This tee is rated twice for the same sex' });
      seen.add(key);
    });
  });

/** What a hole's page shows (§2 'hole page toggles'); every toggle is on for a hole never set. */
export const GuideHoleSettings = z.object({
  hole_id: PositiveInt32,
  page: flag,
  green: flag,
  pin_chart: flag,
  pro_guideline: flag,
});
export type GuideHoleSettings = z.infer<typeof GuideHoleSettings>;
export const DEFAULT_HOLE_TOGGLES = { page: true, green: true, pin_chart: true, pro_guideline: true } as const satisfies Record<HolePageToggle, boolean>;

export type MarkerProblem =
  | { code: 'whole' }
  | { code: 'min'; min: number }
  | { code: 'max'; max: number }
  | { code: 'beyondHole'; length: number }
  | { code: 'duplicate'; distance: number }
  | { code: 'tooMany'; max: number };

export const englishMarkerMessages = (p: MarkerProblem): string => {
  switch (p.code) {
    case 'whole':
      return 'A marker is a whole number of metres';
    case 'min':
      return `A marker is at least ${p.min} m from the green`;
    case 'max':
      return `A marker is at most ${p.max} m from the green`;
    case 'beyondHole':
      return `A marker must be closer to the green than the hole is long (${p.length} m)`;
    case 'duplicate':
      return `${p.distance} m is listed twice`;
    case 'tooMany':
      return `At most ${p.max} markers per hole`;
  }
};

/**
 * The problems of one hole's distance markers, the first per marker (index) and for the list
 * (index -1). `holeLength` is the hole's longest tee distance, null when no distance is entered.
 */
export function markerProblems(distances: readonly number[], holeLength: number | null): { index: number; problem: MarkerProblem }[] {
  const out: { index: number; problem: MarkerProblem }[] = [];
  if (distances.length > GUIDE_LIMITS.markersPerHole) out.push({ index: -1, problem: { code: 'tooMany', max: GUIDE_LIMITS.markersPerHole } });
  distances.forEach((d, index) => {
    const problem: MarkerProblem | null = !Number.isInteger(d)
      ? { code: 'whole' }
      : d < MARKER_DISTANCE.min
        ? { code: 'min', min: MARKER_DISTANCE.min }
        : d > MARKER_DISTANCE.max
          ? { code: 'max', max: MARKER_DISTANCE.max }
          : holeLength !== null && holeLength > 0 && d >= holeLength
            ? { code: 'beyondHole', length: holeLength }
            : distances.indexOf(d) < index
              ? { code: 'duplicate', distance: d }
              : null;
    if (problem) out.push({ index, problem });
  });
  return out;
}

/** POST guides/{id}/holes/{holeId}/distance_markers: the hole's markers, replaced (§7 'array of distances'). */
export const DistanceMarkersBody = z
  .array(z.number({ error: englishMarkerMessages({ code: 'whole' }) }))
  .superRefine((list, ctx) => {
    for (const { index, problem } of markerProblems(list, null)) {
      ctx.addIssue({ code: 'custom', path: index >= 0 ? [index] : [], message: englishMarkerMessages(problem) });
    }
  });
export type DistanceMarkersBody = z.infer<typeof DistanceMarkersBody>;

/** Markers sorted from the green out, as every answer lists them. */
export function sortMarkers(distances: readonly number[]): number[] {
  return [...distances].sort((a, b) => a - b);
}

const Timestamp = z.iso.datetime().nullable();
const productTimes = <P extends string>(prefix: P) =>
  Object.fromEntries(GUIDE_PRODUCTS.map((p) => [`${prefix}${p}`, Timestamp])) as Record<`${P}${GuideProduct}`, typeof Timestamp>;

/** A guide as every call answers it (§3 Guide). */
export const Guide = z.object({
  guide_id: z.number().int(),
  club_id: z.number().int(),
  title: z.string(),
  /** The active courses, in the guide's order. */
  courses: z.array(z.object({ course_id: z.number().int(), name: z.string() })),
  /** Distance markers of the holes that have some, metres from the green front. */
  distances: z.array(z.object({ hole_id: z.number().int(), distances: z.array(z.number().int()) })),
  /** Page toggles and override image of every hole of the guide's courses, in course and hole order. */
  holes: z.array(
    GuideHoleSettings.extend({
      hole_id: z.number().int(),
      course_id: z.number().int(),
      order: z.number().int(),
      par: z.number().int(),
      /** Metres from the hole's longest tee; null without distances. */
      length: z.number().int().nullable(),
      override_image_url: z.string().nullable(),
    }),
  ),
  ratings: z.array(GuideRating.extend({ tee_id: z.number().int() })),
  settings: GuideSettings,
  front_page_image_url: z.string().nullable(),
  ...productTimes('generated_at_'),
  ...productTimes('requested_at_'),
  /**
   * When what the products are made from last changed: the guide itself (its update time) or one
   * of its courses (the course, its holes with their distances, its tees, its hole drawings). A
   * product made before this is out of date.
   */
  inputs_changed_at: z.iso.datetime(),
  icon_file_name: z.string().nullable(),
  /** The icon's public URL with a cache-busting `v` (§9); null without an icon. */
  icon_url: z.string().nullable(),
  /** 1-based position of the guide in the golfers' app. */
  app_order: z.number().int(),
  updated_at: z.iso.datetime(),
  /** Goes up with every save: a save names the version it edited (409 when another save came first). */
  version: z.number().int(),
});
export type Guide = z.infer<typeof Guide>;
export const GuidesResponse = z.array(Guide);

/** When a product was last made and last asked for. */
export function productTimesOf(guide: Pick<Guide, `generated_at_${GuideProduct}` | `requested_at_${GuideProduct}`>, product: GuideProduct) {
  return { generatedAt: guide[`generated_at_${product}`], requestedAt: guide[`requested_at_${product}`] };
}

/** A product against its guide now: never made, made before the guide or a course last changed, or made since. */
export type ProductFreshness = 'missing' | 'out_of_date' | 'current';

export function productFreshness(
  guide: Pick<Guide, `generated_at_${GuideProduct}` | 'inputs_changed_at'>,
  product: GuideProduct,
): ProductFreshness {
  const generatedAt = guide[`generated_at_${product}`];
  if (!generatedAt) return 'missing';
  return Date.parse(generatedAt) < Date.parse(guide.inputs_changed_at) ? 'out_of_date' : 'current';
}

/** §4: a generation is in progress while the request time is later than the time last generated. */
export function generationInProgress(guide: Pick<Guide, `generated_at_${GuideProduct}` | `requested_at_${GuideProduct}`>, product: GuideProduct): boolean {
  const { generatedAt, requestedAt } = productTimesOf(guide, product);
  if (!requestedAt) return false;
  return !generatedAt || Date.parse(requestedAt) > Date.parse(generatedAt);
}

/** POST guides: a guide without guide_id is created (§4) on the given courses, with default settings unless given. */
export const CreateGuideBody = z.object({
  title: GuideTitle,
  course_ids: CourseIds,
  settings: GuideSettings.optional(),
});
export type CreateGuideBody = z.input<typeof CreateGuideBody>;

/**
 * PUT guides/{id}: the parts a page saves, each replaced whole; `version` is the version the page
 * edited. Ratings and hole toggles list the guide's complete set.
 */
export const UpdateGuideBody = z.object({
  version: PositiveInt32,
  title: GuideTitle.optional(),
  course_ids: CourseIds.optional(),
  settings: GuideSettings.optional(),
  ratings: GuideRatings.optional(),
  holes: z
    .array(GuideHoleSettings)
    .max(200)
    .refine((list) => new Set(list.map((h) => h.hole_id)).size === list.length, 'A hole is listed twice')
    .optional(),
});
export type UpdateGuideBody = z.input<typeof UpdateGuideBody>;

/** POST guides/{id}/copy (§7: guide_id, title): settings, courses, ratings, markers, hole toggles and images. */
export const CopyGuideBody = z.object({ guide_id: PositiveInt32, title: GuideTitle });
export type CopyGuideBody = z.infer<typeof CopyGuideBody>;

/** GET guides/{id}/overrides: the holes with an override image, keyed by hole id (§3 'overrides keyed by id'). */
export const GuideOverride = z.object({ hole_id: z.number().int(), image_url: z.string(), updated_at: z.iso.datetime() });
export const GuideOverridesResponse = z.record(z.string(), GuideOverride);
export type GuideOverridesResponse = z.infer<typeof GuideOverridesResponse>;

/** GET guides/{id}/data (§3 Guide data): the holes with their drawing data for the renderer and the app. */
export const GuideDataResponse = z.object({
  guide_id: z.number().int(),
  title: z.string(),
  holes: z.array(
    z.object({
      hole_id: z.number().int(),
      course_id: z.number().int(),
      order: z.number().int(),
      par: z.number().int(),
      handicap: z.number().int().nullable(),
      drawing_data: z.object({ distances: z.array(z.number().int()), override_image: z.string().nullable() }),
    }),
  ),
});
export type GuideDataResponse = z.infer<typeof GuideDataResponse>;

/** GET and PUT app-orders (§7 'orders'): the order of the club's guides in the golfers' app. */
export const AppOrders = z.object({
  orders: z
    .array(z.object({ guide_id: PositiveInt32, order: PositiveInt32 }))
    .max(GUIDE_LIMITS.guides)
    .superRefine((list, ctx) => {
      const guides = new Set<number>();
      const orders = new Set<number>();
      list.forEach((o, i) => {
        if (guides.has(o.guide_id)) ctx.addIssue({ code: 'custom', path: [i, 'guide_id'], message: 'A guide is listed twice' });
        if (orders.has(o.order)) ctx.addIssue({ code: 'custom', path: [i, 'order'], message: 'Two guides have the same place' });
        guides.add(o.guide_id);
        orders.add(o.order);
      });
    }),
});
export type AppOrders = z.infer<typeof AppOrders>;

/** Moves the item at `index` one place up (-1) or down (+1); the list as it was at either end. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const out = [...list];
  [out[index], out[target]] = [out[target], out[index]];
  return out;
}

/** A national golf organisation whose course and slope ratings a guide may take (§3 orgs). */
export const Org = z.object({ id: z.number().int(), name: z.string(), country_code: z.string() });
export type Org = z.infer<typeof Org>;
/** One rated tee of an organisation's list (§3 orgs-courses-tees). */
export const OrgCourseTee = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  club_name: z.string(),
  course_name: z.string(),
  tee_name: z.string(),
  sex: z.enum(SEXES),
  par: z.number().int(),
  course_rating: z.number(),
  slope: z.number().int(),
});
export type OrgCourseTee = z.infer<typeof OrgCourseTee>;
/** GET orgs-courses-tees: grouped by org_id (§3). */
export const OrgsCoursesTeesResponse = z.record(z.string(), z.array(OrgCourseTee));
export type OrgsCoursesTeesResponse = z.infer<typeof OrgsCoursesTeesResponse>;
export const OrgsCoursesTeesQuery = z.object({ org_id: IdParam.optional() });

export const GuideParams = z.object({ clubId: IdParam, id: IdParam });
export const GuideHoleParams = z.object({ clubId: IdParam, id: IdParam, holeId: IdParam });

/** The multipart field of every guide image upload (icon, front page image, override image; §7 'icon (data)'). */
export const GUIDE_IMAGE_FIELD = 'data';
