import type { ClubUser } from '@golf/contract/api/users';
import { fuzzySearch } from '../../../lib/fuzzy-search';

export { searchTerms, SEARCH_THRESHOLD } from '../../../lib/fuzzy-search';

/** Users matching any of the comma-separated terms, fuzzily, by name, email or role (§5). */
export function searchUsers(users: readonly ClubUser[], query: string, roleLabel: (role: string) => string = (r) => r): ClubUser[] {
  return fuzzySearch(users, query, (user) => ({
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    roles: user.roles.map(roleLabel),
  }));
}
