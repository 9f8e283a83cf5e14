import { z } from 'zod';

/** Every failure answers `{ error }`, with field problems in `details` when there are some. */
export const ErrorResponse = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const ClubIdParams = z.object({ clubId: Id });
export const IdParams = z.object({ id: Id });

/** Generic UUID check (§5). */
export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);

/** Six-digit hex colour with a leading hash (§5). */
export const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #RRGGBB');

export const OkResponse = z.object({ ok: z.literal(true) });
