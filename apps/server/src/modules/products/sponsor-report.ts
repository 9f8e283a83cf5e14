import { asc, eq } from 'drizzle-orm';
import { SPONSORED_PRODUCTS, type SponsoredProduct, type SponsorReport } from '@golf/contract/api/sponsors';
import { courses, holes, sponsorSetups } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { HttpError } from '../../platform/errors';
import { loadSponsorPlacements, sponsorLogoUrlOfKey } from '../sponsors';
import { getGuide } from './guide-rows';

/**
 * GET clubs/{clubId}/guides/{id}/sponsor-report (issue 11, beyond the spec): each sponsor of the
 * guide's setup with the holes it is placed on and the products that show it. A page place shows
 * in every sponsored product when the printed guide has the hole's page (the PDF only then); a
 * sign shows on the hole's drawing, so in the same products. A product counts as current when it
 * was made after the guide and the setup last changed.
 */
export async function sponsorReport(db: DbOrTx, clubId: number, guideId: number): Promise<SponsorReport> {
  const guide = await getGuide(db, clubId, guideId);
  const setupId = guide.settings.sponsor_setup_id;
  const setup = setupId === null ? null : await loadSponsorPlacements(db, clubId, setupId).catch(notFoundAsNull);
  const [setupRow] = setup && setupId !== null ? await db.select({ updatedAt: sponsorSetups.updatedAt }).from(sponsorSetups).where(eq(sponsorSetups.id, setupId)) : [];
  const changedAt = Math.max(Date.parse(guide.updated_at), setupRow ? setupRow.updatedAt.getTime() : 0);
  const products = SPONSORED_PRODUCTS.map((product) => {
    const at = guide[`generated_at_${product}`];
    return { product, generated_at: at, current: at !== null && Date.parse(at) >= changedAt };
  });
  if (!setup || setupId === null || !setupRow) return { guide_id: guide.guide_id, title: guide.title, setup: null, products, sponsors: [] };

  const [course] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, setup.courseId));
  const holeRows = await db.select({ id: holes.id, order: holes.order }).from(holes).where(eq(holes.courseId, setup.courseId)).orderBy(asc(holes.order));
  const numberOf = new Map(holeRows.map((h) => [h.id, h.order]));
  const shown = guide.courses.some((c) => c.course_id === setup.courseId);
  const pageOn = new Map(guide.holes.map((h) => [h.hole_id, h.page]));
  const printedHoles = guide.settings.print.pages.holes;

  const sponsors = setup.sponsors.map((sponsor) => {
    const places = setup.positions
      .filter((p) => p.sponsorId === sponsor.id && numberOf.has(p.holeId))
      .map((p) => ({
        hole_number: numberOf.get(p.holeId)!,
        placement: p.placement,
        format: p.format,
        on_printed_page: shown && printedHoles && (pageOn.get(p.holeId) ?? true),
      }))
      .sort((a, b) => a.hole_number - b.hole_number || a.placement.localeCompare(b.placement));
    const shownIn: SponsoredProduct[] = !shown || places.length === 0 ? [] : SPONSORED_PRODUCTS.filter((p) => p !== 'pdf' || places.some((x) => x.on_printed_page));
    return { id: sponsor.id, name: sponsor.name, url: sponsor.url, logo: sponsorLogoUrlOfKey(sponsor.logoKey), places, products: shownIn };
  });
  return {
    guide_id: guide.guide_id,
    title: guide.title,
    setup: { id: setupId, name: setup.name, course_id: setup.courseId, course_name: course?.name ?? '', updated_at: setupRow.updatedAt.toISOString() },
    products,
    sponsors,
  };
}

function notFoundAsNull(err: unknown): null {
  if (err instanceof HttpError && err.statusCode === 404) return null;
  throw err;
}
