import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE, type Drawing } from '@golf/contract/api/drawings';
import {
  DEFAULT_PIN_ROTATION,
  type PinRotation,
  type PinRotationSettings,
  type PinSuggestion,
  type PlayedDay,
  type PlayedSpot,
  type RotationGreen,
  type SaveSuggestionBody,
  type SuggestedPin,
} from '@golf/contract/api/greenkeeper';
import { dayNumberOf, suggestPin, ZONE_SPREAD_DAYS, type RotationHistorySpot } from '@golf/contract/geo/pin-rotation';
import { pinFrame, type PinFrame } from '@golf/contract/geo/pins';
import { EL } from '@golf/contract/graphics-catalogue';
import { pinRotationDays, pinRotationSettings, pinRotationSpots } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, notFound } from '../../platform/errors';
import { savedDrawings } from '../courses';
import { createPinSetupWithPositions, findPinSetup, listPinPositions } from '../pins';
import { courseOfClubOr404, dateOf } from './areas-service';

/**
 * Pin rotation (issue 25): the club's rules (defaults in the contract), the spots played on each
 * green, suggestions by the contract's rules (geo/pin-rotation.ts), and saving a suggestion as a
 * normal pin setup through the pins area. A day of play copies its setup's positions into
 * pin_rotation_spots, so the history stays when the setup is edited or deleted.
 */

/** Days of history the rotation screen shows. */
export const HISTORY_DAYS = 60;

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => dayNumberOf(to) - dayNumberOf(from);

/** Stored as `real`: back to the two decimals a person enters. */
const decimals = (v: number) => Math.round(v * 100) / 100;

/** GET clubs/{clubId}/pin-rotation/settings: the club's rules, the contract's defaults until it saves its own. */
export async function getRotationSettings(db: DbOrTx, clubId: number): Promise<PinRotationSettings> {
  const [row] = await db.select().from(pinRotationSettings).where(eq(pinRotationSettings.clubId, clubId));
  if (!row) return { ...DEFAULT_PIN_ROTATION };
  return { edgeDistance: decimals(row.edgeDistance), blockedRadius: decimals(row.blockedRadius), reuseDays: row.reuseDays };
}

/** PUT clubs/{clubId}/pin-rotation/settings. */
export async function saveRotationSettings(db: DbOrTx, clubId: number, input: PinRotationSettings): Promise<PinRotationSettings> {
  const values = { edgeDistance: input.edgeDistance, blockedRadius: input.blockedRadius, reuseDays: input.reuseDays };
  await db
    .insert(pinRotationSettings)
    .values({ clubId, ...values })
    .onConflictDoUpdate({ target: pinRotationSettings.clubId, set: { ...values, updatedAt: new Date() } });
  return getRotationSettings(db, clubId);
}

interface GreenOfHole {
  holeId: number;
  order: number;
  green: number[][][] | null;
  frame: PinFrame | null;
}

/** The first green polygon of a drawing (the one pinFrame measures from). */
function greenOf(drawing: Drawing | undefined): number[][][] | null {
  const f = drawing?.features.find((x) => x.properties.element === EL.green && x.geometry.type === 'Polygon' && (x.geometry.coordinates[0]?.length ?? 0) >= 3);
  return f && f.geometry.type === 'Polygon' ? f.geometry.coordinates : null;
}

async function greensOf(db: DbOrTx, course: Course): Promise<GreenOfHole[]> {
  const drawings = await savedDrawings(
    db,
    course.holes.map((h) => h.id),
    EDIT_DRAWING_STYLE,
  );
  return course.holes.map((h) => {
    const drawing = drawings.get(h.id);
    return { holeId: h.id, order: h.order, green: greenOf(drawing), frame: drawing ? pinFrame(drawing) : null };
  });
}

interface StoredSpot {
  date: string;
  holeId: number;
  outMeters: number;
  sideMeters: number;
  position: [number, number] | null;
}

/** The spots played on a course between two dates (inclusive), newest first. */
async function spotsBetween(db: DbOrTx, clubId: number, courseId: number, from: string, to: string): Promise<StoredSpot[]> {
  const rows = await db
    .select({
      date: pinRotationDays.playedOn,
      holeId: pinRotationSpots.holeId,
      outMeters: pinRotationSpots.outMeters,
      sideMeters: pinRotationSpots.sideMeters,
      longitude: pinRotationSpots.longitude,
      latitude: pinRotationSpots.latitude,
    })
    .from(pinRotationSpots)
    .innerJoin(pinRotationDays, eq(pinRotationDays.id, pinRotationSpots.dayId))
    .where(and(eq(pinRotationDays.clubId, clubId), eq(pinRotationDays.courseId, courseId), gte(pinRotationDays.playedOn, from), lte(pinRotationDays.playedOn, to)))
    .orderBy(desc(pinRotationDays.playedOn), asc(pinRotationSpots.holeId));
  return rows.map((r) => ({
    date: r.date,
    holeId: r.holeId,
    outMeters: r.outMeters,
    sideMeters: r.sideMeters,
    position: r.longitude === null || r.latitude === null ? null : [r.longitude, r.latitude],
  }));
}

function presentDay(row: { playedOn: string; pinSetupId: number | null; pinSetupName: string | null }): PlayedDay {
  return { date: row.playedOn, pinSetupId: row.pinSetupId, pinSetupName: row.pinSetupName };
}

/**
 * GET clubs/{clubId}/courses/{courseId}/pin-rotation: the rules, each green with its outline,
 * its pin frame and the spots played in the last 60 days (newest first), and the days recorded.
 */
export async function getRotation(db: DbOrTx, clubId: number, courseId: number, today = dateOf(new Date())): Promise<PinRotation> {
  const course = await courseOfClubOr404(db, clubId, courseId);
  const settings = await getRotationSettings(db, clubId);
  const greens = await greensOf(db, course);
  const spots = await spotsBetween(db, clubId, course.id, addDays(today, -HISTORY_DAYS), today);
  const days = await db
    .select({ playedOn: pinRotationDays.playedOn, pinSetupId: pinRotationDays.pinSetupId, pinSetupName: pinRotationDays.pinSetupName })
    .from(pinRotationDays)
    .where(and(eq(pinRotationDays.clubId, clubId), eq(pinRotationDays.courseId, course.id)))
    .orderBy(desc(pinRotationDays.playedOn))
    .limit(HISTORY_DAYS);
  const rotationGreens: RotationGreen[] = greens.map((g) => ({
    holeId: g.holeId,
    order: g.order,
    green: g.green,
    frame: g.frame,
    history: spots
      .filter((s) => s.holeId === g.holeId)
      .map(
        (s): PlayedSpot => ({ date: s.date, daysAgo: daysBetween(s.date, today), outMeters: s.outMeters, sideMeters: s.sideMeters, position: s.position }),
      ),
  }));
  return { courseId: course.id, settings, greens: rotationGreens, days: days.map(presentDay) };
}

/**
 * POST clubs/{clubId}/courses/{courseId}/pin-rotation/suggestion: a pin for every green on `date`
 * by the club's rules and the spots played before that date; nothing is stored.
 */
export async function suggestSetup(db: DbOrTx, clubId: number, courseId: number, date: string): Promise<PinSuggestion> {
  const course = await courseOfClubOr404(db, clubId, courseId);
  const settings = await getRotationSettings(db, clubId);
  const greens = await greensOf(db, course);
  const lookBack = Math.max(settings.reuseDays, ZONE_SPREAD_DAYS);
  const spots = await spotsBetween(db, clubId, course.id, addDays(date, -lookBack), addDays(date, -1));
  const dayNumber = dayNumberOf(date);
  const pins: SuggestedPin[] = [];
  const problems: PinSuggestion['problems'] = [];
  for (const g of greens) {
    if (!g.green) {
      problems.push({ holeId: g.holeId, code: 'noGreen' });
      continue;
    }
    if (!g.frame) {
      problems.push({ holeId: g.holeId, code: 'noFrame' });
      continue;
    }
    const history: RotationHistorySpot[] = spots
      .filter((s) => s.holeId === g.holeId)
      .map((s) => ({ daysAgo: daysBetween(s.date, date), outMeters: s.outMeters, sideMeters: s.sideMeters }));
    const pin = suggestPin({ green: g.green, frame: g.frame, history, settings, dayNumber, holeOrder: g.order });
    if (!pin) problems.push({ holeId: g.holeId, code: 'noSpot' });
    else pins.push({ holeId: g.holeId, ...pin });
  }
  return { date, pins, problems };
}

/**
 * Records `pinSetupId` as the setup in play on `date` (replacing what that day had): the day's
 * row and a copy of the setup's positions, in the caller's transaction.
 */
async function writeDay(tx: DbOrTx, clubId: number, courseId: number, date: string, setup: { id: number; name: string }): Promise<PlayedDay> {
  const positions = await listPinPositions(tx, clubId, setup.id);
  const [day] = await tx
    .insert(pinRotationDays)
    .values({ clubId, courseId, playedOn: date, pinSetupId: setup.id, pinSetupName: setup.name })
    .onConflictDoUpdate({ target: [pinRotationDays.courseId, pinRotationDays.playedOn], set: { pinSetupId: setup.id, pinSetupName: setup.name, createdAt: new Date() } })
    .returning();
  await tx.delete(pinRotationSpots).where(eq(pinRotationSpots.dayId, day.id));
  if (positions.length > 0) {
    await tx.insert(pinRotationSpots).values(
      positions.map((p) => ({
        dayId: day.id,
        holeId: p.holeId,
        outMeters: p.outMeters,
        sideMeters: p.sideMeters,
        longitude: p.position?.coordinates[0] ?? null,
        latitude: p.position?.coordinates[1] ?? null,
      })),
    );
  }
  return presentDay(day);
}

/**
 * POST clubs/{clubId}/courses/{courseId}/pin-rotation/setups: the (adjusted) suggestion as a
 * normal pin setup with its positions, made by the pins area, and with markPlayed the day's
 * record, all in one transaction. A hole of another course is refused (400), one pin per hole.
 */
export async function saveSuggestedSetup(db: DbOrTx, clubId: number, courseId: number, body: SaveSuggestionBody): Promise<{ pinSetupId: number; name: string; date: string }> {
  return db.transaction(async (tx) => {
    const course = await courseOfClubOr404(tx, clubId, courseId);
    const holeIds = new Set(course.holes.map((h) => h.id));
    const seen = new Set<number>();
    for (const [i, pin] of body.pins.entries()) {
      if (!holeIds.has(pin.holeId)) throw badRequest('greenkeeper.holeOtherCourse', { holeId: pin.holeId }, [{ path: `pins.${i}.holeId`, message: 'Not a hole of this course' }]);
      if (seen.has(pin.holeId)) throw badRequest('request.invalid', { part: 'body', path: `pins.${i}.holeId`, message: 'One pin per hole' });
      seen.add(pin.holeId);
    }
    const { setup } = await createPinSetupWithPositions(tx, clubId, { courseId: course.id, name: body.name, positions: body.pins });
    if (body.markPlayed) await writeDay(tx, clubId, course.id, body.date, setup);
    return { pinSetupId: setup.id, name: setup.name, date: body.date };
  });
}

/**
 * A day of play whose pins are a suggestion's, without a pin setup (the demo's earlier days, whose
 * setups were replaced long since): the day's row and its spots, replacing what the day had.
 */
export async function recordSuggestedDay(db: DbOrTx, clubId: number, courseId: number, suggestion: PinSuggestion): Promise<PlayedDay> {
  return db.transaction(async (tx) => {
    const course = await courseOfClubOr404(tx, clubId, courseId);
    const holeIds = new Set(course.holes.map((h) => h.id));
    const [day] = await tx
      .insert(pinRotationDays)
      .values({ clubId, courseId: course.id, playedOn: suggestion.date, pinSetupId: null, pinSetupName: null })
      .onConflictDoUpdate({ target: [pinRotationDays.courseId, pinRotationDays.playedOn], set: { pinSetupId: null, pinSetupName: null, createdAt: new Date() } })
      .returning();
    await tx.delete(pinRotationSpots).where(eq(pinRotationSpots.dayId, day.id));
    const spots = suggestion.pins.filter((p) => holeIds.has(p.holeId));
    if (spots.length > 0) {
      await tx.insert(pinRotationSpots).values(
        spots.map((p) => ({ dayId: day.id, holeId: p.holeId, outMeters: p.outMeters, sideMeters: p.sideMeters, longitude: p.position[0], latitude: p.position[1] })),
      );
    }
    return presentDay(day);
  });
}

/** PUT clubs/{clubId}/courses/{courseId}/pin-rotation/days/{date}: the setup in play that day. */
export async function recordPlayedDay(db: DbOrTx, clubId: number, courseId: number, date: string, pinSetupId: number): Promise<PlayedDay> {
  return db.transaction(async (tx) => {
    const course = await courseOfClubOr404(tx, clubId, courseId);
    const setup = await findPinSetup(tx, clubId, pinSetupId);
    if (!setup) throw notFound('greenkeeper.pinSetupNotFound');
    if (setup.courseId !== course.id) throw badRequest('greenkeeper.pinSetupOtherCourse');
    return writeDay(tx, clubId, course.id, date, setup);
  });
}

/** DELETE clubs/{clubId}/courses/{courseId}/pin-rotation/days/{date}: the day and its spots. */
export async function deletePlayedDay(db: DbOrTx, clubId: number, courseId: number, date: string): Promise<void> {
  const course = await courseOfClubOr404(db, clubId, courseId);
  const deleted = await db
    .delete(pinRotationDays)
    .where(and(eq(pinRotationDays.clubId, clubId), eq(pinRotationDays.courseId, course.id), eq(pinRotationDays.playedOn, date)))
    .returning({ id: pinRotationDays.id });
  if (deleted.length === 0) throw notFound('greenkeeper.dayNotFound', { date });
}
