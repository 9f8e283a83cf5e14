import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PinPosition, PinSetup, SavePinPositionBody, SavePinSetupBody } from '@golf/contract/api/pins';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { pinFrame, pinPoint, type PinFrame } from '@golf/contract/geo/pins';
import { holeDrawings, holes, pinPositions, pinSetups } from '../../db/schema/index';
import { changeTracker, type Db, type DbOrTx } from '../../platform/database';
import { badRequest, isForeignKeyViolation, notFound } from '../../platform/errors';
import { BoundedCache } from '../../platform/bounded-cache';
import { preparedQuery } from '../../platform/prepared';
import { courseOfClub, readDocument, savedDrawings, selectedCourseIds } from '../courses';

type SetupRow = typeof pinSetups.$inferSelect;
type PositionRow = typeof pinPositions.$inferSelect;

function presentSetup(row: SetupRow): PinSetup {
  return { id: row.id, name: row.name, courseId: row.courseId, clubId: row.clubId, updatedAt: row.updatedAt.toISOString() };
}

function presentPosition(row: PositionRow): PinPosition {
  return {
    pinSetupId: row.pinSetupId,
    holeId: row.holeId,
    outMeters: row.outMeters,
    sideMeters: row.sideMeters,
    position: row.longitude === null || row.latitude === null ? null : { type: 'Point', coordinates: [row.longitude, row.latitude] },
  };
}

async function setupOfClub(db: DbOrTx, clubId: number, setupId: number): Promise<SetupRow> {
  const [row] = await db.select().from(pinSetups).where(and(eq(pinSetups.id, setupId), eq(pinSetups.clubId, clubId)));
  if (!row) throw notFound('pins.setupNotFound');
  return row;
}

/** The club's pin setup, or null when there is none of that id in the club (other areas ask through this). */
export async function findPinSetup(db: DbOrTx, clubId: number, setupId: number): Promise<PinSetup | null> {
  const [row] = await db.select().from(pinSetups).where(and(eq(pinSetups.id, setupId), eq(pinSetups.clubId, clubId)));
  return row ? presentSetup(row) : null;
}

/** GET clubs/{clubId}/pin-setups: the club's setups, of one course when course_id is given. */
const setupsWhere = (where: SQL | undefined) => (db: DbOrTx) =>
  db.select().from(pinSetups).where(where).orderBy(asc(pinSetups.courseId), asc(pinSetups.name), asc(pinSetups.id));
const clubSetups = preparedQuery('club_pin_setups', setupsWhere(eq(pinSetups.clubId, sql.placeholder('clubId'))));
const courseSetups = preparedQuery('course_pin_setups', setupsWhere(and(eq(pinSetups.clubId, sql.placeholder('clubId')), eq(pinSetups.courseId, sql.placeholder('courseId')))));

export async function listPinSetups(db: DbOrTx, clubId: number, courseId?: number): Promise<PinSetup[]> {
  const rows = courseId === undefined ? await clubSetups(db).execute({ clubId }) : await courseSetups(db).execute({ clubId, courseId });
  // None for a course: it has no setups, or it is not the club's (404).
  if (rows.length === 0 && courseId !== undefined) await selectedCourseIds(db, clubId, courseId);
  return rows.map(presentSetup);
}

/** POST clubs/{clubId}/pin-setups: id null creates a setup on one of the club's courses, an id renames. */
export async function savePinSetup(db: DbOrTx, clubId: number, input: SavePinSetupBody): Promise<{ created: boolean; setup: PinSetup }> {
  if (input.clubId !== clubId) throw badRequest('pins.clubMismatch', undefined, [{ path: 'clubId', message: 'Not the club of the path' }]);
  await courseOfClub(db, clubId, input.courseId);
  if (input.id === null) {
    const [row] = await db.insert(pinSetups).values({ clubId, courseId: input.courseId, name: input.name }).returning();
    return { created: true, setup: presentSetup(row) };
  }
  const existing = await setupOfClub(db, clubId, input.id);
  if (existing.courseId !== input.courseId) {
    throw badRequest('pins.courseFixed', undefined, [{ path: 'courseId', message: 'A pin setup stays on its course' }]);
  }
  const [row] = await db.update(pinSetups).set({ name: input.name, updatedAt: sql`now()` }).where(eq(pinSetups.id, existing.id)).returning();
  return { created: false, setup: presentSetup(row) };
}

/** DELETE clubs/{clubId}/pin-setups/{id}: the setup and its positions. */
export async function deletePinSetup(db: DbOrTx, clubId: number, setupId: number): Promise<void> {
  const deleted = await db.delete(pinSetups).where(and(eq(pinSetups.id, setupId), eq(pinSetups.clubId, clubId))).returning({ id: pinSetups.id });
  if (deleted.length === 0) throw notFound('pins.setupNotFound');
}

/** GET clubs/{clubId}/pin-setups/{id}: the positions of the holes that have one, in hole order. */
export async function listPinPositions(db: DbOrTx, clubId: number, setupId: number): Promise<PinPosition[]> {
  await setupOfClub(db, clubId, setupId);
  const rows = await db
    .select({ position: pinPositions })
    .from(pinPositions)
    .innerJoin(holes, eq(holes.id, pinPositions.holeId))
    .where(eq(pinPositions.pinSetupId, setupId))
    .orderBy(asc(holes.order), asc(holes.id));
  return rows.map((r) => presentPosition(r.position));
}

/** The identity of a stored drawing row: its version and its tuple's transaction id (as the drawing cache names it). */
const drawingRow = sql<string | null>`${holeDrawings.version}::text || '/' || ${holeDrawings}.xmin::text`;

/**
 * What a pin save reads when it has no frame for the hole or the hole's drawing changed, in one
 * query: the setup's course when the setup is the club's (no row otherwise), the hole when it is
 * on that course (null otherwise), and the hole's drawing row: its identity, and its document
 * unless that identity is `known` (the row the kept frame was computed from).
 */
const pinSaveHead = preparedQuery('pin_save_head', (db) =>
  db
    .select({
      courseId: pinSetups.courseId,
      holeId: holes.id,
      row: drawingRow,
      document: sql<unknown>`case when ${drawingRow} = ${sql.placeholder('known')} then null else ${holeDrawings.document} end`,
    })
    .from(pinSetups)
    .leftJoin(holes, and(eq(holes.id, sql.placeholder('holeId')), eq(holes.courseId, pinSetups.courseId)))
    .leftJoin(holeDrawings, and(eq(holeDrawings.holeId, holes.id), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)))
    .where(and(eq(pinSetups.id, sql.placeholder('setupId')), eq(pinSetups.clubId, sql.placeholder('clubId')))),
);

/**
 * Each hole's pin frame by the drawing row it was computed from, per database handle: a pin save
 * of a hole whose drawing did not change since the last one reads neither its document nor parses
 * it (a drawing is some 20 kB of JSON). At most 4 MB (about 20,000 holes).
 */
interface KeptFrame {
  /** The drawing row it was computed from. */
  row: string;
  frame: PinFrame | null;
  /** The change tracker's moment when that row was last seen to be the hole's drawing. */
  seen: number;
}
const keptFrames = new WeakMap<object, BoundedCache<number, KeptFrame>>();
function framesOf(db: DbOrTx): BoundedCache<number, KeptFrame> {
  let frames = keptFrames.get(db);
  if (!frames) keptFrames.set(db, (frames = new BoundedCache(4 * 1024 * 1024)));
  return frames;
}

/**
 * POST clubs/{clubId}/pin-setups/{pinSetupId}: one hole's pin, 'in' metres from the T-point and
 * 'side' metres across (right positive). The geographic point is computed from the hole's saved
 * drawing; null while the hole has no green to measure from. No transaction:
 * - the everyday save (a frame is kept for the hole, and no drawing of the club is known to have
 *   changed since its row was seen) is one statement: the point computed from the kept frame, and
 *   a write that happens only when the setup is the club's, the hole is on its course and the
 *   hole's drawing is still the row the frame was computed from;
 * - otherwise, or when that write did not happen, two: one read (setup, hole, drawing), the point
 *   computed without holding a connection, then the write, which marks the setup changed (locking
 *   its row) and stores the position only when the setup is still there, so a setup deleted
 *   meanwhile answers 404 rather than failing on its foreign key; a hole deleted meanwhile answers 404 too.
 */
export async function savePinPosition(db: Db, clubId: number, setupId: number, input: SavePinPositionBody): Promise<PinPosition> {
  const frames = framesOf(db);
  const kept = frames.get(input.holeId);
  // The write on the kept frame is tried when the hole's drawing is not known to have changed
  // since its row was seen (a hint: the write itself checks the row).
  const tracker = changeTracker(db);
  if (kept && tracker && !tracker.changedSince(kept.seen, { club: clubId, tables: ['hole_drawings'], rows: { hole_drawings: input.holeId } })) {
    const written = await writePosition(db, clubId, setupId, input.holeId, pinValues(kept.frame, input), kept.row);
    if (written) return presentPosition(written);
  }
  const seen = tracker?.now ?? 0;
  const [head] = await pinSaveHead(db).execute({ clubId, setupId, holeId: input.holeId, known: kept?.row ?? '' });
  if (!head) throw notFound('pins.setupNotFound');
  if (head.holeId === null) throw notFound('pins.holeNotFound');
  let frame: PinFrame | null = null;
  if (head.row !== null) {
    frame = kept && kept.row === head.row ? kept.frame : pinFrame(readDocument(head.document, head.holeId));
    frames.set(head.holeId, { row: head.row, frame, seen }, 200);
  }
  const written = await writePosition(db, clubId, setupId, head.holeId, pinValues(frame, input), null);
  if (!written) throw notFound('pins.setupNotFound');
  return presentPosition(written);
}

/** The stored values of a pin: its metres, and its point when the hole has a frame to measure from. */
function pinValues(frame: PinFrame | null, input: SavePinPositionBody) {
  const point = frame ? pinPoint(frame, input.outMeters, input.sideMeters) : null;
  return { outMeters: input.outMeters, sideMeters: input.sideMeters, longitude: point ? point[0] : null, latitude: point ? point[1] : null };
}

/**
 * Writes a pin in one statement: marks the setup changed and stores the position, when the setup
 * is the club's; with `drawnAs`, only when the hole is also on the setup's course and its drawing
 * is that row (the identity the point was computed from). Nothing written: undefined.
 */
async function writePosition(db: Db, clubId: number, setupId: number, holeId: number, values: ReturnType<typeof pinValues>, drawnAs: string | null): Promise<PositionRow | undefined> {
  const conditions = [eq(pinSetups.id, setupId), eq(pinSetups.clubId, clubId)];
  if (drawnAs !== null) {
    conditions.push(
      sql`exists (select 1 from ${holes} h where h.id = ${holeId} and h.course_id = ${pinSetups}.course_id)`,
      sql`(${sql`select ${drawingRow} from ${holeDrawings} where ${holeDrawings.holeId} = ${holeId} and ${holeDrawings.styleId} = ${EDIT_DRAWING_STYLE}`}) = ${drawnAs}`,
    );
  }
  const setup = db.$with('setup').as(
    db
      .update(pinSetups)
      .set({ updatedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: pinSetups.id }),
  );
  try {
    const [row] = await db
      .with(setup)
      .insert(pinPositions)
      .select(
        db
          .select({
            pinSetupId: setup.id,
            holeId: sql<number>`${holeId}::int`.as('hole_id'),
            outMeters: sql<number>`${values.outMeters}::int`.as('out_meters'),
            sideMeters: sql<number>`${values.sideMeters}::int`.as('side_meters'),
            longitude: sql<number | null>`${values.longitude}::double precision`.as('longitude'),
            latitude: sql<number | null>`${values.latitude}::double precision`.as('latitude'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(setup),
      )
      .onConflictDoUpdate({ target: [pinPositions.pinSetupId, pinPositions.holeId], set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return row;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('pins.holeNotFound');
    throw err;
  }
}

export interface NewPinSetup {
  courseId: number;
  name: string;
  positions: { holeId: number; outMeters: number; sideMeters: number }[];
}

/**
 * A new pin setup on one of the club's courses with a pin on each given hole (one per hole), its
 * points computed from the holes' saved drawings as savePinPosition does. Runs in the caller's
 * transaction (pin rotation saves a suggestion with it and records the day in the same one).
 * A hole that is not on the course answers 404.
 */
export async function createPinSetupWithPositions(tx: DbOrTx, clubId: number, input: NewPinSetup): Promise<{ setup: PinSetup; positions: PinPosition[] }> {
  await courseOfClub(tx, clubId, input.courseId);
  const holeIds = [...new Set(input.positions.map((p) => p.holeId))];
  if (holeIds.length !== input.positions.length) throw badRequest('request.invalid', { part: 'body', path: 'positions', message: 'One pin per hole' });
  if (holeIds.length > 0) {
    const found = await tx.select({ id: holes.id }).from(holes).where(and(inArray(holes.id, holeIds), eq(holes.courseId, input.courseId)));
    if (found.length !== holeIds.length) throw notFound('pins.holeNotFound');
  }
  const drawings = await savedDrawings(tx, holeIds, EDIT_DRAWING_STYLE);
  const [setupRow] = await tx.insert(pinSetups).values({ clubId, courseId: input.courseId, name: input.name }).returning();
  if (input.positions.length === 0) return { setup: presentSetup(setupRow), positions: [] };
  const values = input.positions.map((p) => {
    const drawing = drawings.get(p.holeId);
    const frame = drawing ? pinFrame(drawing) : null;
    const point = frame ? pinPoint(frame, p.outMeters, p.sideMeters) : null;
    return { pinSetupId: setupRow.id, holeId: p.holeId, outMeters: p.outMeters, sideMeters: p.sideMeters, longitude: point?.[0] ?? null, latitude: point?.[1] ?? null };
  });
  const rows = await tx.insert(pinPositions).values(values).returning();
  return { setup: presentSetup(setupRow), positions: rows.map(presentPosition) };
}
