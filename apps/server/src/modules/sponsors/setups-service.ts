import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import {
  positionProblems,
  type SaveSponsorSetupBody,
  type SponsorFormat,
  type SponsorPlacement,
  type SponsorPosition,
  type SponsorPositionInput,
  type SponsorSetup,
} from '@golf/contract/api/sponsors';
import { insideHoleBoundary } from '@golf/contract/geo/boundary';
import { courses, holes, sponsorPositions, sponsors, sponsorSetups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, notFound, problemsError } from '../../platform/errors';
import { courseOfClub, savedDrawings } from '../courses';
import { sponsorLogoKey } from './sponsors-service';

/*
 * Promotion (issue 11), the sponsor setups: they place a club's sponsors on the holes of one
 * course, on the hole's page (in one of the four sponsor formats of §9: full filled, full centred,
 * bottom single, bottom double) or as a sign inside the hole's boundary. Every query filters by
 * the path's club: another club's ids answer 404. A guide refers to the setup it shows by its
 * foreign key guides.sponsor_setup_id (on delete set null) and reads its placements through the
 * area's entry (loadSponsorPlacements).
 */

type SetupRow = typeof sponsorSetups.$inferSelect;
type PositionRow = typeof sponsorPositions.$inferSelect;
type PositionInput = z.output<typeof SponsorPositionInput>;
type SetupInput = z.output<typeof SaveSponsorSetupBody>;

function presentPosition(row: PositionRow): SponsorPosition {
  return {
    id: row.id,
    sponsor_setup_id: row.sponsorSetupId,
    sponsor_id: row.sponsorId,
    hole_id: row.holeId,
    placement: row.placement as SponsorPlacement,
    format: row.format as SponsorFormat | null,
    position: row.longitude === null || row.latitude === null ? null : { longitude: row.longitude, latitude: row.latitude },
  };
}

function presentSetup(row: SetupRow, positions: PositionRow[]): SponsorSetup {
  return {
    id: row.id,
    club_id: row.clubId,
    course_id: row.courseId,
    name: row.name,
    sponsor_positions: positions.map(presentPosition),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The positions of the setups, by setup, in the order they were saved. */
async function positionsOf(db: DbOrTx, setupIds: number[]): Promise<Map<number, PositionRow[]>> {
  const bySetup = new Map<number, PositionRow[]>(setupIds.map((id) => [id, []]));
  if (setupIds.length === 0) return bySetup;
  const rows = await db.select().from(sponsorPositions).where(inArray(sponsorPositions.sponsorSetupId, setupIds)).orderBy(asc(sponsorPositions.id));
  for (const row of rows) bySetup.get(row.sponsorSetupId)?.push(row);
  return bySetup;
}

async function setupOfClub(db: DbOrTx, clubId: number, id: number, lock = false): Promise<SetupRow> {
  const query = db.select().from(sponsorSetups).where(and(eq(sponsorSetups.id, id), eq(sponsorSetups.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('sponsorSetups.notFound');
  return row;
}

/** GET clubs/{clubId}/sponsor-setups[?course_id=]: the club's setups (of one of its courses), each with its positions. */
export async function listSponsorSetups(db: DbOrTx, clubId: number, courseId?: number): Promise<SponsorSetup[]> {
  if (courseId !== undefined) await courseOfClub(db, clubId, courseId);
  const rows = await db
    .select()
    .from(sponsorSetups)
    .where(courseId === undefined ? eq(sponsorSetups.clubId, clubId) : and(eq(sponsorSetups.clubId, clubId), eq(sponsorSetups.courseId, courseId)))
    .orderBy(asc(sponsorSetups.courseId), sql`lower(${sponsorSetups.name})`, asc(sponsorSetups.id));
  const positions = await positionsOf(db, rows.map((r) => r.id));
  return rows.map((row) => presentSetup(row, positions.get(row.id) ?? []));
}

/** GET clubs/{clubId}/sponsor-setups/{id}. */
export async function getSponsorSetup(db: DbOrTx, clubId: number, id: number): Promise<SponsorSetup> {
  const row = await setupOfClub(db, clubId, id);
  const positions = await positionsOf(db, [row.id]);
  return presentSetup(row, positions.get(row.id) ?? []);
}

type Problem = { path: string; message: string };

/**
 * The rules of a setup's positions on the course `courseId` of the club: every sponsor is the
 * club's and every hole on one of its courses (404 otherwise, as for ids in a path); then, all
 * answered together in one 400, a hole of another course, the contract's positionProblems (page
 * places that do not fit together, too many signs), and a sign outside its hole's boundary or on
 * a hole with no boundary drawn.
 */
async function checkPositions(tx: DbOrTx, clubId: number, courseId: number, positions: PositionInput[]): Promise<void> {
  if (positions.length === 0) return;
  const sponsorIds = [...new Set(positions.map((p) => p.sponsor_id))];
  const known = new Set(
    (await tx.select({ id: sponsors.id }).from(sponsors).where(and(eq(sponsors.clubId, clubId), inArray(sponsors.id, sponsorIds)))).map((r) => r.id),
  );
  const unknownSponsors = positions.flatMap((p, i) => (known.has(p.sponsor_id) ? [] : [{ path: `sponsor_positions.${i}.sponsor_id`, message: `Sponsor ${p.sponsor_id} not found` }]));
  if (unknownSponsors.length) throw notFound('sponsors.notFound', undefined, unknownSponsors);

  const holeIds = [...new Set(positions.map((p) => p.hole_id))];
  const holeRows = await tx
    .select({ id: holes.id, courseId: holes.courseId, order: holes.order })
    .from(holes)
    .innerJoin(courses, eq(courses.id, holes.courseId))
    .where(and(eq(courses.clubId, clubId), inArray(holes.id, holeIds)));
  const holeById = new Map(holeRows.map((h) => [h.id, h]));
  const unknownHoles = positions.flatMap((p, i) => (holeById.has(p.hole_id) ? [] : [{ path: `sponsor_positions.${i}.hole_id`, message: `Hole ${p.hole_id} not found` }]));
  if (unknownHoles.length) throw notFound('holes.notFound', undefined, unknownHoles);

  const problems: Problem[] = [];
  positions.forEach((p, i) => {
    const hole = holeById.get(p.hole_id)!;
    if (hole.courseId !== courseId) problems.push({ path: `sponsor_positions.${i}.hole_id`, message: `Hole ${hole.order} of another course` });
  });
  problems.push(...positionProblems(positions));

  const signHoles = [...new Set(positions.filter((p) => p.placement === 'sign' && holeById.get(p.hole_id)!.courseId === courseId).map((p) => p.hole_id))];
  const drawings = await savedDrawings(tx, signHoles, EDIT_DRAWING_STYLE);
  positions.forEach((p, i) => {
    const hole = holeById.get(p.hole_id)!;
    if (p.placement !== 'sign' || !p.position || hole.courseId !== courseId) return;
    const inside = insideHoleBoundary(drawings.get(hole.id), [p.position.longitude, p.position.latitude]);
    if (inside === null) problems.push({ path: `sponsor_positions.${i}.position`, message: `Hole ${hole.order} has no boundary drawn; draw it before placing a sign` });
    else if (!inside) problems.push({ path: `sponsor_positions.${i}.position`, message: `The sign is outside the boundary of hole ${hole.order}` });
  });
  if (problems.length) throw problemsError(problems);
}

async function insertPositions(tx: DbOrTx, setupId: number, positions: PositionInput[]): Promise<void> {
  if (positions.length === 0) return;
  await tx.insert(sponsorPositions).values(
    positions.map((p) => ({
      sponsorSetupId: setupId,
      sponsorId: p.sponsor_id,
      holeId: p.hole_id,
      placement: p.placement,
      format: p.placement === 'page' ? p.format : null,
      longitude: p.placement === 'sign' ? (p.position?.longitude ?? null) : null,
      latitude: p.placement === 'sign' ? (p.position?.latitude ?? null) : null,
    })),
  );
}

/** POST clubs/{clubId}/sponsor-setups: a setup on one of the club's courses, with its positions (often none yet, §4). */
export async function createSponsorSetup(db: Db, clubId: number, input: SetupInput): Promise<SponsorSetup> {
  const id = await db.transaction(async (tx) => {
    await courseOfClub(tx, clubId, input.course_id);
    await checkPositions(tx, clubId, input.course_id, input.sponsor_positions);
    const [row] = await tx.insert(sponsorSetups).values({ clubId, courseId: input.course_id, name: input.name }).returning({ id: sponsorSetups.id });
    await insertPositions(tx, row.id, input.sponsor_positions);
    return row.id;
  });
  return getSponsorSetup(db, clubId, id);
}

/**
 * PUT clubs/{clubId}/sponsor-setups/{id}: the name and every position, replaced in one
 * transaction with the setup row locked (two saves at once do not mix their positions). A setup
 * stays on its course.
 */
export async function updateSponsorSetup(db: Db, clubId: number, id: number, input: SetupInput): Promise<SponsorSetup> {
  await db.transaction(async (tx) => {
    const setup = await setupOfClub(tx, clubId, id, true);
    if (input.course_id !== setup.courseId) {
      throw badRequest('sponsorSetups.courseFixed', undefined, [{ path: 'course_id', message: 'A sponsor setup stays on its course' }]);
    }
    await checkPositions(tx, clubId, setup.courseId, input.sponsor_positions);
    await tx
      .update(sponsorSetups)
      .set({ name: input.name, updatedAt: sql`now()` as unknown as Date })
      .where(eq(sponsorSetups.id, id));
    await tx.delete(sponsorPositions).where(eq(sponsorPositions.sponsorSetupId, id));
    await insertPositions(tx, id, input.sponsor_positions);
  });
  return getSponsorSetup(db, clubId, id);
}

/**
 * DELETE clubs/{clubId}/sponsor-setups/{id}: the setup and its positions. The guides that showed
 * it show no sponsors afterwards: their foreign key (guides.sponsor_setup_id, on delete set null)
 * becomes null and the database's trigger makes that a new guide version (migration 0011); this
 * area never writes the guides' rows.
 */
export async function deleteSponsorSetup(db: Db, clubId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(sponsorSetups)
    .where(and(eq(sponsorSetups.id, id), eq(sponsorSetups.clubId, clubId)))
    .returning({ id: sponsorSetups.id });
  if (deleted.length === 0) throw notFound('sponsorSetups.notFound');
}

/* ---------------------------------------------------------------- for the guides */

export interface SponsorPlacements {
  courseId: number;
  name: string;
  sponsors: { id: number; name: string; url: string; logoKey: string | null }[];
  positions: {
    sponsorId: number;
    holeId: number;
    placement: 'page' | 'sign';
    format: SponsorFormat | null;
    position: { longitude: number; latitude: number } | null;
  }[];
}

/**
 * What a guide shows of its sponsor setup (products rendering): the setup's course and name, the
 * sponsors it places (logoKey: the storage key of the logo file, null without one) and its
 * positions in the order saved. 404 for a setup that is not the club's.
 */
export async function loadSponsorPlacements(db: DbOrTx, clubId: number, setupId: number): Promise<SponsorPlacements> {
  const setup = await setupOfClub(db, clubId, setupId);
  const rows = (await positionsOf(db, [setup.id])).get(setup.id) ?? [];
  const sponsorIds = [...new Set(rows.map((r) => r.sponsorId))];
  const sponsorRows = sponsorIds.length
    ? await db
        .select()
        .from(sponsors)
        .where(and(eq(sponsors.clubId, clubId), inArray(sponsors.id, sponsorIds)))
        .orderBy(sql`lower(${sponsors.name})`, asc(sponsors.id))
    : [];
  return {
    courseId: setup.courseId,
    name: setup.name,
    sponsors: sponsorRows.map((s) => ({ id: s.id, name: s.name, url: s.url, logoKey: sponsorLogoKey(s.clubId, s.logoFileName) })),
    positions: rows.map((r) => {
      const p = presentPosition(r);
      return { sponsorId: p.sponsor_id, holeId: p.hole_id, placement: p.placement, format: p.format, position: p.position };
    }),
  };
}
