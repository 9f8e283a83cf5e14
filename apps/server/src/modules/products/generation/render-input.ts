/**
 * A stored guide as the renderer's input (GuideRenderInput): the guide's settings (api/guides.ts
 * GuideSettings, snake_case) map one to one onto the render settings (print/input.ts, camelCase);
 * the courses, holes, tees and drawings come from the course tables (render/load.ts), and the
 * guide adds its ratings, distance markers, hole page toggles, tees shown and course colours.
 * The generation jobs render it, and GET guides/{id}/print-input gives it to the browser's live
 * preview, which draws the pages with the same layout.
 */
import { and, eq } from 'drizzle-orm';
import type { GuideSponsor, HoleSponsors } from '@golf/contract/print/input';
import type { Guide } from '@golf/contract/api/guides';
import { GuideRenderInput, type GuideCourse, type TeeRating } from '@golf/contract/print/input';
import { drawingStyles } from '../../../db/schema/index';
import type { DbOrTx } from '../../../platform/database';
import { countryLanguage } from '../../../platform/mail-templates';
import type { FileStorage } from '../../../platform/storage';
import { clubs, holes, pinSetups } from '../../../db/schema/index';
import { HttpError } from '../../../platform/errors';
import { loadSponsorPlacements, sponsorLogoUrlOfKey } from '../../sponsors';
import { guideFileKey } from '../files';
import { loadClubForGuide, loadGuideCourses, loadGuideTheme } from '../render/load';
import { getGuide, guideOfClub } from '../guide-rows';

/** The reference of the custom front page image in the render input's images. */
export const FRONT_PAGE_IMAGE = 'front-page';

async function themeName(db: DbOrTx, drawingStyleId: number, fallback: string): Promise<string> {
  const [row] = await db.select({ name: drawingStyles.name }).from(drawingStyles).where(eq(drawingStyles.id, drawingStyleId));
  return row?.name ?? fallback;
}

async function readFile(storage: FileStorage, key: string | null): Promise<Uint8Array | null> {
  if (!key) return null;
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

async function pinSetupOfClub(db: DbOrTx, clubId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: pinSetups.id }).from(pinSetups).where(and(eq(pinSetups.id, id), eq(pinSetups.clubId, clubId)));
  return row !== undefined;
}

/** The image reference of a sponsor's logo in the render input. */
export function sponsorLogoRef(sponsorId: number): string {
  return `sponsor-${sponsorId}`;
}

interface GuideSponsors {
  sponsors: GuideSponsor[];
  /** Each hole's places by course key and hole number ('12:7'). */
  holes: Map<string, HoleSponsors>;
  images: Record<string, Uint8Array>;
}

/**
 * The guide's sponsor setup as render input (decision 0016): the sponsors it places, each logo as
 * the image 'sponsor-{id}' (its bytes for the PDF and images, its public URL for the preview and
 * the digital guide), and each hole's page places and signs. A setup on a course the guide does
 * not show places nothing.
 */
export async function loadGuideSponsors(db: DbOrTx, storage: FileStorage, clubId: number, setupId: number | null): Promise<GuideSponsors> {
  const none: GuideSponsors = { sponsors: [], holes: new Map(), images: {} };
  if (setupId === null) return none;
  // A setup deleted since the guide chose it places nothing (deleting one also clears it from the guides).
  const setup = await loadSponsorPlacements(db, clubId, setupId).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  });
  if (!setup) return none;
  if (setup.positions.length === 0) return none;
  const holeRows = await db.select({ id: holes.id, order: holes.order }).from(holes).where(eq(holes.courseId, setup.courseId));
  const numberOf = new Map(holeRows.map((h) => [h.id, h.order]));
  const used = new Set(setup.positions.map((p) => p.sponsorId));
  const sponsors: GuideSponsor[] = [];
  const images: Record<string, Uint8Array> = {};
  for (const sponsor of setup.sponsors.filter((s) => used.has(s.id))) {
    const bytes = await readFile(storage, sponsor.logoKey);
    const ref = bytes ? sponsorLogoRef(sponsor.id) : null;
    if (bytes && ref) images[ref] = bytes;
    const logoUrl = bytes ? sponsorLogoUrlOfKey(sponsor.logoKey) : null;
    sponsors.push({ key: String(sponsor.id), name: sponsor.name, url: sponsor.url, logo: ref, logoUrl });
  }
  const byHole = new Map<string, HoleSponsors>();
  for (const p of setup.positions) {
    const number = numberOf.get(p.holeId);
    if (number === undefined) continue;
    const key = `${setup.courseId}:${number}`;
    const places = byHole.get(key) ?? byHole.set(key, { page: [], signs: [] }).get(key)!;
    if (p.placement === 'page' && p.format) places.page.push({ sponsor: String(p.sponsorId), format: p.format });
    if (p.placement === 'sign' && p.position) places.signs.push({ sponsor: String(p.sponsorId), position: [p.position.longitude, p.position.latitude] });
  }
  return { sponsors, holes: byHole, images };
}

/** The courses of the course tables with what the guide adds to them. */
export function withGuideData(guide: Guide, courses: GuideCourse[], sponsorsOf: Map<string, HoleSponsors> = new Map()): GuideCourse[] {
  const shownTees = new Set(guide.settings.tee_ids);
  const colourOf = new Map(guide.settings.print.course_colours.map((c) => [String(c.course_id), c.colour]));
  const holeOf = new Map(guide.holes.map((h) => [`${h.course_id}:${h.order}`, h]));
  const markersOf = new Map(guide.distances.map((d) => [d.hole_id, d.distances]));
  return courses.map((course, index) => {
    const courseId = guide.courses[index].course_id;
    const par = course.holes.reduce((sum, h) => sum + h.par, 0);
    const rating = (teeId: number, sex: 'men' | 'women'): TeeRating | null => {
      const r = guide.ratings.find((x) => x.tee_id === teeId && x.sex === sex);
      return r && par >= 27 && par <= 80 ? { courseRating: r.course_rating, slope: r.slope, par } : null;
    };
    return {
      ...course,
      colour: colourOf.get(String(courseId)) ?? null,
      tees: course.tees.map((tee) => ({
        ...tee,
        shown: shownTees.size === 0 || shownTees.has(Number(tee.key)),
        men: rating(Number(tee.key), 'men'),
        women: rating(Number(tee.key), 'women'),
      })),
      holes: course.holes.map((withoutSponsors) => {
        const sponsors = sponsorsOf.get(`${courseId}:${withoutSponsors.number}`);
        const hole = sponsors ? { ...withoutSponsors, sponsors } : withoutSponsors;
        const settings = holeOf.get(`${courseId}:${hole.number}`);
        if (!settings) return hole;
        return {
          ...hole,
          distanceMarkers: markersOf.get(settings.hole_id) ?? [],
          page: settings.page,
          green: settings.green,
          pinChart: settings.pin_chart,
          proGuideline: settings.pro_guideline,
        };
      }),
    };
  });
}

/** The render settings of a guide: its stored settings in the renderer's words. */
export function renderSettings(guide: Guide, language: GuideRenderInput['guide']['language'], theme: GuideRenderInput['guide']['theme'], hasFrontImage: boolean) {
  const s = guide.settings;
  const p = s.print.pages;
  return {
    title: guide.title,
    layout: s.print.layout,
    language,
    bannerColour: s.print.banner_colour,
    borderStyle: s.border_style,
    teeStyle: s.tee_style,
    handicapStyle: s.handicap_style,
    handicapTable: s.print.handicap_table,
    theme,
    pages: {
      frontPage: p.front_page,
      welcome: p.welcome,
      overview: p.overview,
      holes: p.holes,
      localRules: p.local_rules,
      backPage: p.back_page,
      handicapTables: p.handicap_tables && guide.ratings.length > 0,
    },
    overview: {
      courseKey: s.overview.course_id === null ? null : String(s.overview.course_id),
      courseKeys: s.overview.course_ids.map(String),
      labels: s.overview.labels,
      orientation: s.overview.orientation,
      pages: s.overview.pages,
    },
    frontPage: {
      title: s.front_page.title,
      subtitle: s.front_page.subtitle,
      text: s.front_page.text,
      image: hasFrontImage ? FRONT_PAGE_IMAGE : null,
      imageOption: s.front_page.image_option,
    },
    welcome: { title: s.welcome.title, text: s.welcome.text, signature: s.welcome.signature },
    localRules: { title: s.local_rules.title, text: s.local_rules.text },
    backPage: { title: s.back_page.title, text: s.back_page.text },
    customPages: Object.fromEntries(Object.entries(s.custom_pages).map(([type, page]) => [type, { enabled: page.enabled, title: page.title, text: page.text, image: null }])),
  };
}

/** The guide as the renderer reads it, with the bytes of the images it refers to and the guide's version. */
export async function buildGuideRenderInput(
  db: DbOrTx,
  storage: FileStorage,
  clubId: number,
  guideId: number,
): Promise<{ input: GuideRenderInput; images: Record<string, Uint8Array>; version: number }> {
  const [guide, row] = await Promise.all([getGuide(db, clubId, guideId), guideOfClub(db, clubId, guideId)]);
  const club = await loadClubForGuide(db, clubId);
  const [country] = await db.select({ code: clubs.countryCode }).from(clubs).where(eq(clubs.id, clubId));
  const theme = await loadGuideTheme(db, await themeName(db, guide.settings.drawing_style_id, club.themeName));
  const sponsors = await loadGuideSponsors(db, storage, clubId, guide.settings.sponsor_setup_id);
  // A pin setup deleted since the guide chose it shows no pins (loadGuideCourses answers 404 for it).
  const pinSetupId = guide.settings.pin_setup_id !== null && (await pinSetupOfClub(db, clubId, guide.settings.pin_setup_id)) ? guide.settings.pin_setup_id : null;
  const courses = withGuideData(guide, await loadGuideCourses(db, clubId, guide.courses.map((c) => c.course_id), { pinSetupId }), sponsors.holes);
  const front = await readFile(storage, guideFileKey(clubId, guideId, row.frontPageImageFileName));
  const images: Record<string, Uint8Array> = { ...sponsors.images, ...(front ? { [FRONT_PAGE_IMAGE]: front } : {}) };
  const input = GuideRenderInput.parse({
    club: { name: club.name },
    guide: renderSettings(guide, guide.settings.language ?? countryLanguage(country?.code), theme, front !== null),
    courses,
    sponsors: sponsors.sponsors,
  });
  return { input, images, version: guide.version };
}
