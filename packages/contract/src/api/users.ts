import { z } from 'zod';
import { CLUB_ROLES } from '../roles';
import { IdParam, Text } from './common';
import { Email, Language } from './session';

/** The message of §6/§8 when a role change is refused (403). */
export const ROLES_REFUSED = "You can't change this user's roles";

/** A user with roles in a club, as GET clubs/{clubId}/users lists them (keyed by id, §7). */
export const ClubUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: Language,
  /** The club roles held in this club. */
  roles: z.array(z.string()),
  admin: z.boolean(),
  /** No password set yet: the invitation has not been used. */
  pending: z.boolean(),
  last_login: z.iso.datetime().nullable(),
});
export type ClubUser = z.infer<typeof ClubUser>;

export const ClubUsersResponse = z.record(z.string(), ClubUser);
export type ClubUsersResponse = z.infer<typeof ClubUsersResponse>;

/** Club roles of a request: known names only, each once, at least one. */
export const RoleList = z
  .array(z.enum(CLUB_ROLES, { message: 'Unknown role' }))
  .min(1, 'Choose at least one role')
  .max(CLUB_ROLES.length)
  .transform((roles) => CLUB_ROLES.filter((r) => roles.includes(r)));

const Name = (required: boolean) =>
  required ? Text.trim().min(1, 'First name is required').max(100) : Text.trim().max(100);

/** POST clubs/{clubId}/users: a new user (an invitation mail is sent), or roles for an existing account. */
export const CreateUserBody = z.object({
  email: Email,
  first_name: Name(true),
  last_name: Name(false).default(''),
  language: Language.default('en'),
  roles: RoleList,
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

/**
 * The same for a new email and for one that has an account already (which gets the roles in this
 * club): nothing tells a club's manager that the email had an account elsewhere.
 */
export const CreateUserResponse = z.object({
  user: ClubUser,
  /** True when the mail telling the person about their access (an invitation) was sent. */
  invited: z.boolean(),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

/** PUT clubs/{clubId}/users/{id}/roles: the complete list of the user's roles in the club. */
export const UpdateRolesBody = z.object({ roles: RoleList });
export type UpdateRolesBody = z.input<typeof UpdateRolesBody>;

export const ClubUserParams = z.object({ clubId: IdParam, id: IdParam });

/** PUT users/{id} on someone else's account answers the parts a manager may see and change. */
export const UserSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: Language,
});
export type UserSummary = z.infer<typeof UserSummary>;
