import { describe, expect, it } from 'vitest';
import { CreateClubBody, Position } from './clubs';

describe('club schemas', () => {
  it('parses longitude and latitude given as numbers or numeric strings (§5)', () => {
    expect(Position.parse({ longitude: '9.5357', latitude: 55.7113 })).toEqual({ longitude: 9.5357, latitude: 55.7113 });
    expect(Position.parse({ longitude: ' -82.02 ', latitude: '+33.5' })).toEqual({ longitude: -82.02, latitude: 33.5 });
  });

  it('refuses blank, null, boolean and out-of-range coordinates instead of turning them into 0 or 1', () => {
    for (const bad of ['', '  ', null, true, 'abc', '1e3', 181, '-181']) {
      expect(Position.safeParse({ longitude: bad, latitude: 0 }).success, String(bad)).toBe(false);
      expect(Position.safeParse({ longitude: 0, latitude: bad }).success, String(bad)).toBe(false);
    }
  });

  it('fills the new-club defaults (§3, §9)', () => {
    expect(CreateClubBody.parse({ name: 'Test', handle: 'test' })).toMatchObject({
      active: false,
      admin_id: 0,
      drawing_style_id: 6,
      region_ids: [],
      position: null,
      address: { country_code: 'dk' },
    });
  });
});
