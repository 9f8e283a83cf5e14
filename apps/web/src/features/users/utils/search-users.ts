import Fuse from 'fuse.js';
import type { ClubUser } from '@golf/contract/api/users';

/** Fuzzy search threshold (§5, §9). */
export const SEARCH_THRESHOLD = 0.2;

/** The comma-separated terms of a search text (§5). */
export function searchTerms(query: string): string[] {
  return query
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
}

/**
 * Users matching any of the comma-separated terms, fuzzily (Fuse.js, threshold 0.2), by name,
 * email or role; the list keeps its order.
 */
export function searchUsers(users: readonly ClubUser[], query: string, roleLabel: (role: string) => string = (r) => r): ClubUser[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [...users];
  const fuse = new Fuse(
    users.map((user) => ({ user, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email, roles: user.roles.map(roleLabel) })),
    { keys: ['name', 'email', 'roles'], threshold: SEARCH_THRESHOLD, ignoreLocation: true },
  );
  const hits = new Set<number>();
  for (const term of terms) for (const result of fuse.search(term)) hits.add(result.item.user.id);
  return users.filter((u) => hits.has(u.id));
}
