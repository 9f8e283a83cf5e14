import { describe, expect, it } from 'vitest';
import { invitationRefusal, mappedMemberRow, mappingComplete, recentlyMailed, REQUIRED_MEMBER_FIELDS, validateMemberRow, INVITATION_THROTTLE_MS } from './members';

describe('member import rules', () => {
  it('reads a sheet row through a mapping: mapped cells, extra columns as details, normalized', () => {
    const headers = ['Nr', 'Mail', 'Fornavn', 'Hcp', 'Note'];
    const row = mappedMemberRow([' 1234-5678 ', ' A@Example.COM', 'Ada', ' 12.4 ', ''], headers, {
      union_number: 0,
      email: 1,
      first_name: 2,
      last_name: null,
      extra: [3, 4, 9],
    });
    expect(row).toEqual({ union_number: '1234-5678', email: 'a@example.com', first_name: 'Ada', last_name: '', phone: '', details: { Hcp: '12.4' } });
  });

  it('requires the same fields in a mapping and in a row', () => {
    expect(mappingComplete({ union_number: 0, email: 1 })).toBe(true);
    expect(mappingComplete({ union_number: 0, email: null })).toBe(false);
    expect(mappingComplete({ email: 1 })).toBe(false);
    const empty = { union_number: '', email: '', first_name: '', last_name: '', phone: '', details: {} };
    const required = validateMemberRow(empty).filter((i) => i.code === 'required').map((i) => i.field);
    expect(required).toEqual([...REQUIRED_MEMBER_FIELDS]);
  });

  it('invites members who have not joined, are not banned and were not mailed in the last 24 hours', () => {
    expect(invitationRefusal({ status: 'imported', recently_mailed: false })).toBeNull();
    expect(invitationRefusal({ status: 'invited', recently_mailed: false })).toBeNull();
    expect(invitationRefusal({ status: 'invited', recently_mailed: true })).toBe('recently_mailed');
    expect(invitationRefusal({ status: 'member', recently_mailed: false })).toBe('joined');
    expect(invitationRefusal({ status: 'banned', recently_mailed: false })).toBe('banned');
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(recentlyMailed(null, now)).toBe(false);
    expect(recentlyMailed(new Date(now - INVITATION_THROTTLE_MS + 1000), now)).toBe(true);
    expect(recentlyMailed(new Date(now - INVITATION_THROTTLE_MS).toISOString(), now)).toBe(false);
  });
});
