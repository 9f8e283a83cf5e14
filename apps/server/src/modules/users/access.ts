import type { ApiAccess } from '../../platform/authorize';

/**
 * Users and members of a club are managed with the 'user-management' role there (§6), or as
 * admin. Everybody else gets the same 403, whether or not the club exists; an admin asking for a
 * club that does not exist gets 404 (platform/authorize.ts).
 */
export const USER_MANAGEMENT = {
  club: 'clubId',
  roles: ['user-management'],
  denied: 'users.noAccess',
} as const satisfies ApiAccess;
