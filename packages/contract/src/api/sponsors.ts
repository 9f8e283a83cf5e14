import { z } from 'zod';
import { IdParam, PositiveInt32, Text } from './common';

/**
 * Promotion (§1, §3 Sponsor and Sponsor setup, §4, §7 'Gallery and sponsors', §9 sponsor formats).
 * Every call is under the club: clubs/{clubId}/sponsors[/{id}[/logo]] and
 * clubs/{clubId}/sponsor-setups[/{id}], role `promotion`.
 *
 * A sponsor setup belongs to one course. Its positions place a sponsor of the same club on a hole
 * of that course in one of two ways (decision 0016):
 * - `page`: on the hole's page of the guide (and its tee sign and web image), in one of the four
 *   sponsor formats (§9):
 *   'full-filled' and 'full-centered' give the sponsor a full-width band at the foot of the page,
 *   the logo filling the band or centred in it beside the name; 'bottom-single' is a slim strip at
 *   the foot with one sponsor, 'bottom-double' the same strip shared by two sponsors side by side.
 * - `sign`: a sponsor sign on the course (the catalogue's 'sponsor sign' element), a point inside
 *   the hole's boundary, drawn on the hole's page and listed in the digital guide.
 */

/** The multipart field of POST clubs/{clubId}/sponsors/{id}/logo (§7 'POST sponsors/{id}/logo (data)'). */
export const SPONSOR_LOGO_FIELD = 'data';

/** At most this many sponsors per club, and positions per setup (18 holes × a page place and signs). */
export const SPONSORS_MAX = 200;
export const SPONSOR_POSITIONS_MAX = 400;
/** Sponsor signs on one hole. */
export const SIGNS_PER_HOLE_MAX = 10;

/** §9: full filled, full centered, bottom single, bottom double. */
export const SPONSOR_FORMATS = ['full-filled', 'full-centered', 'bottom-single', 'bottom-double'] as const;
export type SponsorFormat = (typeof SPONSOR_FORMATS)[number];
export const SPONSOR_PLACEMENTS = ['page', 'sign'] as const;
export type SponsorPlacement = (typeof SPONSOR_PLACEMENTS)[number];

export const URL_MESSAGE = 'The web address must start with http:// or https://';

/** True for '' (no web address) or an absolute http(s) URL with a host. */
export function isSponsorUrl(value: string): boolean {
  if (value === '') return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const SponsorName = Text.trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters');
const SponsorUrl = Text.trim().max(2000, 'The web address is at most 2000 characters').refine(isSponsorUrl, URL_MESSAGE);

/** A sponsor (§3): `logo` is the public URL of the re-encoded logo with a cache-busting `v`, or null. */
export const Sponsor = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  name: z.string(),
  /** '' when the sponsor has no web address. */
  url: z.string(),
  logo: z.string().nullable(),
  logo_file_name: z.string().nullable(),
  /** When the sponsor or its logo last changed (ISO). */
  timestamp: z.iso.datetime(),
});
export type Sponsor = z.infer<typeof Sponsor>;

/** POST clubs/{clubId}/sponsors and PUT clubs/{clubId}/sponsors/{id}: the logo is uploaded after (§4). */
export const SaveSponsorBody = z.object({
  name: SponsorName,
  url: SponsorUrl.default(''),
});
export type SaveSponsorBody = z.infer<typeof SaveSponsorBody>;

export const SponsorParams = z.object({ clubId: IdParam, id: IdParam });

/** A geographic point (SRID 4326). */
export const LonLat = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});
export type LonLat = z.infer<typeof LonLat>;

/** One place of a sponsor in a setup. `format` only for `page`, `position` only for `sign`. */
export const SponsorPosition = z.object({
  id: z.number().int(),
  sponsor_setup_id: z.number().int(),
  sponsor_id: z.number().int(),
  hole_id: z.number().int(),
  placement: z.enum(SPONSOR_PLACEMENTS),
  format: z.enum(SPONSOR_FORMATS).nullable(),
  position: LonLat.nullable(),
});
export type SponsorPosition = z.infer<typeof SponsorPosition>;

/** A sponsor setup (§3): one course's placing of the club's sponsors. */
export const SponsorSetup = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  sponsor_positions: z.array(SponsorPosition),
  updated_at: z.iso.datetime(),
});
export type SponsorSetup = z.infer<typeof SponsorSetup>;

/** A position as sent on save: what the server stores (ids of the setup and the row are its own). */
export const SponsorPositionInput = z
  .object({
    sponsor_id: PositiveInt32,
    hole_id: PositiveInt32,
    placement: z.enum(SPONSOR_PLACEMENTS, { error: "Placement must be 'page' or 'sign'" }),
    format: z.enum(SPONSOR_FORMATS, { error: `Format must be one of ${SPONSOR_FORMATS.join(', ')}` }).nullable().default(null),
    position: LonLat.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.placement === 'page' && p.format === null) ctx.addIssue({ code: 'custom', path: ['format'], message: 'A place on the hole page needs a format' });
    if (p.placement === 'page' && p.position !== null) ctx.addIssue({ code: 'custom', path: ['position'], message: 'A place on the hole page has no point on the course' });
    if (p.placement === 'sign' && p.position === null) ctx.addIssue({ code: 'custom', path: ['position'], message: 'A sponsor sign needs its point on the course' });
    if (p.placement === 'sign' && p.format !== null) ctx.addIssue({ code: 'custom', path: ['format'], message: 'A sponsor sign has no page format' });
  });
export type SponsorPositionInput = z.input<typeof SponsorPositionInput>;

/**
 * The page places of one hole that fit together: none; one sponsor in 'full-filled',
 * 'full-centered' or 'bottom-single'; or one or two in 'bottom-double'. Answers the problem in
 * words, or null. Shared by the editor (to offer only what fits) and the server (to refuse).
 */
export function pagePlacesProblem(formats: SponsorFormat[]): string | null {
  if (formats.length <= 1) return null;
  if (formats.every((f) => f === 'bottom-double')) return formats.length <= 2 ? null : 'A hole page has room for two sponsors in bottom double';
  return 'A hole page has one sponsor, or two in bottom double';
}

/** Problems of a setup's positions that need no database: page places per hole, signs per hole, one sponsor once per hole page. */
export function positionProblems(positions: z.output<typeof SponsorPositionInput>[]): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const pages = new Map<number, { index: number; format: SponsorFormat; sponsor: number }[]>();
  const signs = new Map<number, number>();
  positions.forEach((p, index) => {
    if (p.placement === 'page' && p.format) {
      const list = pages.get(p.hole_id) ?? pages.set(p.hole_id, []).get(p.hole_id)!;
      if (list.some((q) => q.sponsor === p.sponsor_id)) problems.push({ path: `sponsor_positions.${index}.sponsor_id`, message: 'This sponsor is already on this hole page' });
      const before = pagePlacesProblem(list.map((q) => q.format));
      list.push({ index, format: p.format, sponsor: p.sponsor_id });
      const problem = pagePlacesProblem(list.map((q) => q.format));
      // Said once per hole, at the place that made the page overfull.
      if (problem && !before) problems.push({ path: `sponsor_positions.${index}.format`, message: problem });
    } else if (p.placement === 'sign') {
      const n = (signs.get(p.hole_id) ?? 0) + 1;
      signs.set(p.hole_id, n);
      if (n === SIGNS_PER_HOLE_MAX + 1) problems.push({ path: `sponsor_positions.${index}`, message: `A hole has at most ${SIGNS_PER_HOLE_MAX} sponsor signs` });
    }
  });
  return problems;
}

/** POST clubs/{clubId}/sponsor-setups and PUT clubs/{clubId}/sponsor-setups/{id} (§4: create with no positions, then update with them). */
export const SaveSponsorSetupBody = z.object({
  name: Text.trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  course_id: PositiveInt32,
  sponsor_positions: z.array(SponsorPositionInput).max(SPONSOR_POSITIONS_MAX, `A setup has at most ${SPONSOR_POSITIONS_MAX} sponsor places`).default([]),
});
export type SaveSponsorSetupBody = z.input<typeof SaveSponsorSetupBody>;

export const SponsorSetupParams = z.object({ clubId: IdParam, id: IdParam });
/** GET clubs/{clubId}/sponsor-setups?course_id=: every setup of the club, or one course's. */
export const SponsorSetupsQuery = z.object({ course_id: IdParam.optional() });

/** What deleting a sponsor takes with it (asked before DELETE: 'used in 2 setups on 5 holes'). */
export const SponsorUsage = z.object({
  setups: z.array(z.object({ id: z.number().int(), name: z.string(), course_id: z.number().int(), positions: z.number().int() })),
  guides: z.array(z.object({ guide_id: z.number().int(), title: z.string() })),
});
export type SponsorUsage = z.infer<typeof SponsorUsage>;

/** The guide products that show sponsors (the print products and the digital guide), in the report's order. */
export const SPONSORED_PRODUCTS = ['pdf', 'tee_signs', 'web_images', 'json'] as const;
export type SponsoredProduct = (typeof SPONSORED_PRODUCTS)[number];

/**
 * GET clubs/{clubId}/guides/{id}/sponsor-report (beyond the spec): for the club to send to its
 * sponsors, which holes and products of the guide show each sponsor of its setup. A product's
 * `generated_at` is when it was last made (null: not yet), `current` whether that was after the
 * guide and the setup last changed (so it shows the places listed here).
 */
export const SponsorReport = z.object({
  guide_id: z.number().int(),
  title: z.string(),
  setup: z.object({ id: z.number().int(), name: z.string(), course_id: z.number().int(), course_name: z.string(), updated_at: z.iso.datetime() }).nullable(),
  products: z.array(z.object({ product: z.enum(SPONSORED_PRODUCTS), generated_at: z.iso.datetime().nullable(), current: z.boolean() })),
  sponsors: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      logo: z.string().nullable(),
      places: z.array(z.object({ hole_number: z.number().int(), placement: z.enum(SPONSOR_PLACEMENTS), format: z.enum(SPONSOR_FORMATS).nullable(), on_printed_page: z.boolean() })),
      products: z.array(z.enum(SPONSORED_PRODUCTS)),
    }),
  ),
});
export type SponsorReport = z.infer<typeof SponsorReport>;
