import { z } from 'zod';
import { Id } from './common';

/** Pin setups and pin positions (§3, §5, §7 "pin setups"). */

export const PinSetup = z.object({
  id: z.number().int(),
  name: z.string(),
  courseId: z.number().int(),
  clubId: z.number().int(),
  updatedAt: z.string(),
});
export type PinSetup = z.infer<typeof PinSetup>;
export const PinSetupsResponse = z.array(PinSetup);

/** POST clubs/{clubId}/pin-setups: id null creates, an id renames (§4). clubId is added on save. */
export const SavePinSetupBody = z.object({
  id: Id.nullable(),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  courseId: Id,
  clubId: Id,
});
export type SavePinSetupBody = z.infer<typeof SavePinSetupBody>;

/** Metres; no green is deeper or wider than this. */
export const MAX_PIN_METRES = 100;

/** 'in' and 'side' are parsed as base-10 integers (§5); side: right positive, left negative. */
export function parsePinMetres(value: string | number): number | null {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value).trim(), 10);
  return Number.isFinite(n) ? n : null;
}

export const PinPosition = z.object({
  pinSetupId: z.number().int(),
  holeId: z.number().int(),
  outMeters: z.number().int(),
  sideMeters: z.number().int(),
  /** Geographic point (SRID 4326) computed from the hole's T-point; null when the hole has no green drawing. */
  position: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
});
export type PinPosition = z.infer<typeof PinPosition>;
export const PinPositionsResponse = z.array(PinPosition);

/** POST clubs/{clubId}/pin-setups/{pinSetupId}: one call per hole (§4). */
export const SavePinPositionBody = z.object({
  holeId: Id,
  outMeters: z.coerce
    .number({ error: "'in' must be a whole number of metres" })
    .int("'in' must be a whole number of metres")
    .min(0, "'in' cannot be negative")
    .max(MAX_PIN_METRES, `'in' is at most ${MAX_PIN_METRES} m`),
  sideMeters: z.coerce
    .number({ error: "'side' must be a whole number of metres (right positive, left negative)" })
    .int("'side' must be a whole number of metres (right positive, left negative)")
    .min(-MAX_PIN_METRES, `'side' is at most ${MAX_PIN_METRES} m to the left`)
    .max(MAX_PIN_METRES, `'side' is at most ${MAX_PIN_METRES} m to the right`),
});
export type SavePinPositionBody = z.infer<typeof SavePinPositionBody>;

export const PinSetupParams = z.object({ clubId: Id, id: Id });
export const PinSetupPositionParams = z.object({ clubId: Id, pinSetupId: Id });
