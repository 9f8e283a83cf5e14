import { describe, expect, it } from 'vitest';
import { parsePosition } from './position';

describe('parsePosition', () => {
  it('parses numbers, accepting a decimal comma', () => {
    expect(parsePosition('9.5357', '55,7113')).toEqual({ ok: true, value: { longitude: 9.5357, latitude: 55.7113 } });
  });
  it('treats two empty fields as no position', () => {
    expect(parsePosition(' ', '')).toEqual({ ok: true, value: null });
  });
  it('names the missing or wrong field', () => {
    expect(parsePosition('10', '')).toMatchObject({ ok: false, field: 'latitude', messageKey: 'validation.positionBoth' });
    expect(parsePosition('', '10')).toMatchObject({ ok: false, field: 'longitude' });
    expect(parsePosition('181', '10')).toMatchObject({ ok: false, field: 'longitude', messageKey: 'validation.longitude' });
    expect(parsePosition('10', '-91')).toMatchObject({ ok: false, field: 'latitude', messageKey: 'validation.latitude' });
    expect(parsePosition('abc', '10')).toMatchObject({ ok: false, field: 'longitude' });
  });
});
