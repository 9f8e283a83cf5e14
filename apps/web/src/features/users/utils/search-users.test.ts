import { describe, expect, it } from 'vitest';
import type { ClubUser } from '@golf/contract/api/users';
import { searchTerms, searchUsers } from './search-users';

const user = (id: number, first_name: string, last_name: string, email: string, roles: string[] = []): ClubUser => ({
  id,
  first_name,
  last_name,
  email,
  roles,
  language: 'en',
  admin: false,
  pending: false,
  last_login: null,
});

const USERS = [
  user(1, 'Ole', 'Ejer', 'owner@example.com', ['products', 'user-management']),
  user(2, 'Sam', 'Staff', 'staff@example.com', ['club-info']),
  user(3, 'Søren', 'Ærø', 'soren@example.dk', ['areas']),
];

describe('searchUsers', () => {
  it('splits the search text on commas', () => {
    expect(searchTerms(' ole , ,staff ')).toEqual(['ole', 'staff']);
  });

  it('keeps the whole list for an empty search', () => {
    expect(searchUsers(USERS, '  ')).toEqual(USERS);
  });

  it('matches any of the comma-separated terms, in list order', () => {
    expect(searchUsers(USERS, 'staff, ejer').map((u) => u.id)).toEqual([1, 2]);
  });

  it('forgives a small typo (threshold 0.2) but not a different word', () => {
    expect(searchUsers(USERS, 'Stafff').map((u) => u.id)).toEqual([2]);
    expect(searchUsers(USERS, 'zebra')).toEqual([]);
  });

  it('finds users by email and by the label of a role', () => {
    expect(searchUsers(USERS, 'soren@example').map((u) => u.id)).toEqual([3]);
    expect(searchUsers(USERS, 'Areas', (r) => (r === 'areas' ? 'Areas' : r)).map((u) => u.id)).toEqual([3]);
  });
});
