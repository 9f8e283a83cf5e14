import { z } from 'zod';
import { IdParam, PositiveInt32, Text, wholeNumberInput } from './common';

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
  id: PositiveInt32.nullable(),
  name: Text.trim().min(1, 'Name is required').max(100, 'Name is too long'),
  courseId: PositiveInt32,
  clubId: PositiveInt32,
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

const IN_WHOLE = "'in' must be a whole number of metres";
const SIDE_WHOLE = "'side' must be a whole number of metres (right positive, left negative)";

/** POST clubs/{clubId}/pin-setups/{pinSetupId}: one call per hole (§4); 'in' and 'side' as numbers or base-10 digits. */
export const SavePinPositionBody = z.object({
  holeId: PositiveInt32,
  outMeters: wholeNumberInput(
    z.number().int(IN_WHOLE).min(0, "'in' cannot be negative").max(MAX_PIN_METRES, `'in' is at most ${MAX_PIN_METRES} m`),
    IN_WHOLE,
  ),
  sideMeters: wholeNumberInput(
    z
      .number()
      .int(SIDE_WHOLE)
      .min(-MAX_PIN_METRES, `'side' is at most ${MAX_PIN_METRES} m to the left`)
      .max(MAX_PIN_METRES, `'side' is at most ${MAX_PIN_METRES} m to the right`),
    SIDE_WHOLE,
  ),
});
export type SavePinPositionBody = z.infer<typeof SavePinPositionBody>;

export const PinSetupParams = z.object({ clubId: IdParam, id: IdParam });
export const PinSetupPositionParams = z.object({ clubId: IdParam, pinSetupId: IdParam });
