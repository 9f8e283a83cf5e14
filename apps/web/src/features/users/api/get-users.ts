import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClubUser, ClubUsersResponse } from '@golf/contract/api/users';
import { api, clubPath } from '../../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  list: (clubId: number) => ['users', clubId] as const,
};

/** The users as a list, by name. */
export function sortUsers(users: ClubUsersResponse): ClubUser[] {
  return Object.values(users).sort(
    (a, b) =>
      a.first_name.localeCompare(b.first_name) || a.last_name.localeCompare(b.last_name) || a.email.localeCompare(b.email) || a.id - b.id,
  );
}

/** GET clubs/{clubId}/users (keyed by id, §7). */
export const usersQueryOptions = (clubId: number) =>
  queryOptions({
    queryKey: userKeys.list(clubId),
    queryFn: ({ signal }) => api.get<ClubUsersResponse>(clubPath('users', clubId), { signal }),
    select: sortUsers,
  });

export function useUsers(clubId: number) {
  return useQuery(usersQueryOptions(clubId));
}
