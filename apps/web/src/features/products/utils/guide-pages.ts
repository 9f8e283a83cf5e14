import { CUSTOM_PAGE_TYPES, GUIDE_PRODUCTS, RATING_LIMITS, type CustomPageType, type Guide, type GuideProduct, type GuideRating, type Sex } from '@golf/contract/api/guides';
import type { Tee } from '@golf/contract/api/courses';

/** The pages of a guide (§2: /products/:guideId and the pages under it), in the order the navigation lists them. */
export const GUIDE_PAGES = [
  { key: 'overview', screen: 'guide' },
  { key: 'setupCourses', screen: 'guideSetupCourses' },
  { key: 'setupRatings', screen: 'guideSetupRatings' },
  { key: 'setupTees', screen: 'guideSetupTees' },
  { key: 'setupDistanceMarkers', screen: 'guideSetupDistanceMarkers' },
  { key: 'frontpage', screen: 'guideFrontpage' },
  { key: 'welcome', screen: 'guideWelcome' },
  { key: 'localRules', screen: 'guideLocalRules' },
  { key: 'holes', screen: 'guideHoles' },
  ...CUSTOM_PAGE_TYPES.map((type) => ({ key: `custom.${type}` as const, screen: 'guideCustom' as const, type })),
  { key: 'backpage', screen: 'guideBackpage' },
] as const satisfies readonly { key: string; screen: string; type?: CustomPageType }[];

export type GuidePage = (typeof GUIDE_PAGES)[number];

/** The page a path shows: the segment after the guide id ('' for the guide itself), and the custom type. */
export function guidePageOf(pathname: string): GuidePage | null {
  const m = /\/products\/[^/]+(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  if (!m) return null;
  const [, segment = '', type] = m;
  const bySegment: Record<string, GuidePage['key']> = {
    '': 'overview',
    'setup-courses': 'setupCourses',
    'setup-ratings': 'setupRatings',
    'setup-tees': 'setupTees',
    'setup-distance-markers': 'setupDistanceMarkers',
    frontpage: 'frontpage',
    backpage: 'backpage',
    welcome: 'welcome',
    'local-rules': 'localRules',
    holes: 'holes',
  };
  if (segment === 'custom') return GUIDE_PAGES.find((p) => 'type' in p && p.type === type) ?? null;
  const key = bySegment[segment];
  return key ? (GUIDE_PAGES.find((p) => p.key === key) ?? null) : null;
}

/** The rating form keeps what people type; a row per tee of the guide and sex. */
export interface RatingRow {
  tee_id: number;
  sex: Sex;
  course_rating: string;
  slope: string;
}

export type RatingProblem = 'courseRating' | 'slope' | 'bothOrNeither' | null;

/** "71,2" and "71.2" → 71.2; blank → null; anything else → NaN. */
export function parseDecimal(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return null;
  return /^\d{1,3}(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** What is wrong with one row: a rating needs both numbers in their ranges (one decimal, a whole slope), or neither. */
export function ratingProblem(row: RatingRow): { courseRating: RatingProblem; slope: RatingProblem } {
  const cr = parseDecimal(row.course_rating);
  const slope = parseDecimal(row.slope);
  if (cr === null && slope === null) return { courseRating: null, slope: null };
  const crOk =
    cr !== null && !Number.isNaN(cr) && cr >= RATING_LIMITS.courseRating.min && cr <= RATING_LIMITS.courseRating.max && Math.abs(cr * 10 - Math.round(cr * 10)) < 1e-6;
  const slopeOk = slope !== null && Number.isInteger(slope) && slope >= RATING_LIMITS.slope.min && slope <= RATING_LIMITS.slope.max;
  return {
    courseRating: cr === null ? 'bothOrNeither' : crOk ? null : 'courseRating',
    slope: slope === null ? 'bothOrNeither' : slopeOk ? null : 'slope',
  };
}

/** One row per tee shown and sex, filled from the saved ratings. */
export function ratingRows(tees: readonly Pick<Tee, 'id'>[], saved: readonly GuideRating[]): RatingRow[] {
  return tees.flatMap((tee) =>
    (['men', 'women'] as const).map((sex) => {
      const r = saved.find((s) => s.tee_id === tee.id && s.sex === sex);
      return { tee_id: tee.id, sex, course_rating: r ? r.course_rating.toFixed(1) : '', slope: r ? String(r.slope) : '' };
    }),
  );
}

/** The rows that hold a rating, as the server takes them (only valid rows are passed). */
export function ratingsOf(rows: readonly RatingRow[]): GuideRating[] {
  return rows
    .filter((r) => parseDecimal(r.course_rating) !== null && parseDecimal(r.slope) !== null)
    .map((r) => ({ tee_id: r.tee_id, sex: r.sex, course_rating: parseDecimal(r.course_rating)!, slope: parseDecimal(r.slope)! }));
}

/** The tees a guide shows: those chosen, in their order, else every tee of its courses in course order. */
export function teesOfGuide(guide: Pick<Guide, 'courses' | 'settings'>, tees: readonly Tee[]): Tee[] {
  const ofCourses = guide.courses.flatMap((c) => tees.filter((t) => t.course_id === c.course_id));
  if (guide.settings.tee_ids.length === 0) return ofCourses;
  return guide.settings.tee_ids.map((id) => ofCourses.find((t) => t.id === id)).filter((t): t is Tee => !!t);
}

/** "100, 150 200" → [100, 150, 200]; a word that is not a whole number gives NaN (the rules then say why). */
export function parseMarkerInput(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** The product made last and when, or null when nothing was generated yet. */
export function lastGenerated(guide: Guide): { product: GuideProduct; at: string } | null {
  let best: { product: GuideProduct; at: string } | null = null;
  for (const product of GUIDE_PRODUCTS) {
    const at = guide[`generated_at_${product}`];
    if (at && (!best || Date.parse(at) > Date.parse(best.at))) best = { product, at };
  }
  return best;
}
