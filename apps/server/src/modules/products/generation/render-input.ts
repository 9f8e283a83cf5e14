/**
 * A stored guide as the renderer's input (GuideRenderInput): the guide's settings (api/guides.ts
 * GuideSettings, snake_case) map one to one onto the render settings (print/input.ts, camelCase);
 * the courses, holes, tees and drawings come from the course tables (render/load.ts), and the
 * guide adds its ratings, distance markers, hole page toggles, tees shown and course colours.
 * The generation jobs render it, and GET guides/{id}/print-input gives it to the browser's live
 * preview, which draws the pages with the same layout.
 */
import { eq } from 'drizzle-orm';
import type { Guide } from '@golf/contract/api/guides';
import { GuideRenderInput, type GuideCourse, type TeeRating } from '@golf/contract/print/input';
import { drawingStyles } from '../../../db/schema/index';
import type { DbOrTx } from '../../../platform/database';
import { countryLanguage } from '../../../platform/mail-templates';
import type { FileStorage } from '../../../platform/storage';
import { clubs } from '../../../db/schema/index';
import { guideFileKey } from '../files';
import { loadClubForGuide, loadGuideCourses, loadGuideTheme } from '../render/load';
import { getGuide, guideOfClub } from '../service';

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

/** The courses of the course tables with what the guide adds to them. */
export function withGuideData(guide: Guide, courses: GuideCourse[]): GuideCourse[] {
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
      holes: course.holes.map((hole) => {
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
    theme,
    pages: {
      frontPage: p.front_page,
      welcome: p.welcome,
      overview: p.overview,
      holes: p.holes,
      localRules: p.local_rules,
      backPage: p.back_page,
      handicapTables: guide.ratings.length > 0,
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
  const courses = withGuideData(guide, await loadGuideCourses(db, clubId, guide.courses.map((c) => c.course_id)));
  const front = await readFile(storage, guideFileKey(clubId, guideId, row.frontPageImageFileName));
  const images: Record<string, Uint8Array> = front ? { [FRONT_PAGE_IMAGE]: front } : {};
  const input = GuideRenderInput.parse({
    club: { name: club.name },
    guide: renderSettings(guide, countryLanguage(country?.code), theme, front !== null),
    courses,
  });
  return { input, images, version: guide.version };
}
