import type { ClubUser } from '@golf/contract/api/users';

/** A user's name as the users screens show it: first and last name, else the email. */
export const fullName = (user: Pick<ClubUser, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;
