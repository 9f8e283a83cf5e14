import { Position } from '@golf/contract/api/clubs';

export type PositionField = 'longitude' | 'latitude';

export type PositionResult =
  | { ok: true; value: { longitude: number; latitude: number } | null }
  | { ok: false; field: PositionField; messageKey: string };

const toNumber = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * Longitude and latitude typed as text (§5: parsed as numbers). Both empty means no position;
 * one without the other, or a value out of range, is an error naming the field.
 */
export function parsePosition(longitude: string, latitude: string): PositionResult {
  const lon = longitude.trim();
  const lat = latitude.trim();
  if (!lon && !lat) return { ok: true, value: null };
  if (!lon) return { ok: false, field: 'longitude', messageKey: 'validation.positionBoth' };
  if (!lat) return { ok: false, field: 'latitude', messageKey: 'validation.positionBoth' };
  const value = { longitude: toNumber(lon), latitude: toNumber(lat) };
  if (!Number.isFinite(value.longitude) || Math.abs(value.longitude) > 180) {
    return { ok: false, field: 'longitude', messageKey: 'validation.longitude' };
  }
  if (!Number.isFinite(value.latitude) || Math.abs(value.latitude) > 90) {
    return { ok: false, field: 'latitude', messageKey: 'validation.latitude' };
  }
  const parsed = Position.safeParse(value);
  if (!parsed.success) return { ok: false, field: 'longitude', messageKey: 'validation.longitude' };
  return { ok: true, value: parsed.data };
}

/** The refinement both club forms add to their schema: the position pair, with the field named. */
export function refinePosition(values: { longitude: string; latitude: string }, ctx: { addIssue: (issue: { code: 'custom'; path: PositionField[]; message: string }) => void }) {
  const position = parsePosition(values.longitude, values.latitude);
  if (!position.ok) ctx.addIssue({ code: 'custom', path: [position.field], message: position.messageKey });
}
