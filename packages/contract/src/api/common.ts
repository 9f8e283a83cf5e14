import { z } from 'zod';

/**
 * Every failure answers `{ error, code, params? }`: `code` names the refusal (SERVER_ERRORS in
 * ./errors), `params` are the values its text names, `error` is its English text filled in; field
 * problems are in `details` when there are some (a problem of a drawing with its own `code` and
 * `params`). The web app shows the text of `code` in the reader's language.
 */
export const ErrorResponse = z.object({
  error: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        /** A problem with a code of its own (a drawing's: DRAWING_PROBLEMS) and the values its text names, for the reader's language. */
        code: z.string().optional(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * Building blocks for what a request may carry. Every integer the server stores goes into a
 * PostgreSQL `integer` column (32 bits), so every integer of a request has that range; every
 * string refuses the NUL character, which PostgreSQL cannot store in text; ids in a path or a
 * query string are decimal digits only, so '0x1', '+1', '1e0' or '2.9999999999999999' are
 * refused instead of being read as 1, 1, 1 and 3.
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A whole number that fits an `integer` column. */
export const Int32 = z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A whole number from 0 that fits an `integer` column. */
export const NonNegativeInt32 = z.number().int().min(0).max(INT32_MAX);
/** A whole number from 1 that fits an `integer` column; the ids of a JSON body. */
export const PositiveInt32 = z.number().int().min(1).max(INT32_MAX);

export const NUL_MESSAGE = 'Text must not contain the NUL character';
// The NUL character is exactly what this pattern is about (no-control-regex flags it).
// eslint-disable-next-line no-control-regex
export const NO_NUL_PATTERN = /^[^\u0000]*$/;

export const UNICODE_MESSAGE = 'Text must be valid Unicode';
/** Half of a surrogate pair without its other half: JSON can carry it, PostgreSQL cannot store it. */
const LONE_SURROGATE = /(?<![\ud800-\udbff])[\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])/;

/** The checks of every text of a request: no NUL character, no broken Unicode. */
export function storable(schema: z.ZodString): z.ZodString {
  return schema.regex(NO_NUL_PATTERN, NUL_MESSAGE).refine((v) => !LONE_SURROGATE.test(v), UNICODE_MESSAGE);
}

/** A string PostgreSQL can store: the start of every text field of a request (`Text.trim().max(100)`). */
export const Text = storable(z.string());

export const DIGITS_MESSAGE = 'Must be a whole number written with the digits 0-9 only';

/**
 * A whole number from `min` to `max` written in a path or a query string: decimal digits only
 * (leading zeros are allowed: '007' is 7), never a sign, a fraction, an exponent or hex.
 */
export function IntParam(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,20}$/, DIGITS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be from ${min} to ${max}`).max(max, `Must be from ${min} to ${max}`));
}

/** An id in a path or a query string: 1 to 2147483647 in decimal digits. */
export const IdParam = IntParam(1, INT32_MAX);

export const ClubIdParams = z.object({ clubId: IdParam });
export const IdParams = z.object({ id: IdParam });

/** Generic UUID check (§5). */
export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);

/** Six-digit hex colour with a leading hash (§5). */
export const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #RRGGBB');

export const OkResponse = z.object({ ok: z.literal(true) });

/**
 * A whole number in `range`, sent as a JSON number or as decimal digits in a string (a form
 * value): '5' and ' -3 ' are read as 5 and -3; '0x5', '5e0', '+5', '' and null are refused with
 * `message`, a number outside the range with the range's own message.
 */
export function wholeNumberInput(range: z.ZodNumber, message: string) {
  return z.union([range, z.string().trim().regex(/^-?[0-9]{1,10}$/).transform(Number).pipe(range)], { error: message });
}
