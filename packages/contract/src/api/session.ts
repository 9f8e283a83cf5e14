import { z } from 'zod';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { PositiveInt32, Text } from './common';

/** Emails are lowercased before login or reset request (§5). */
export const Email = Text.trim()
  .max(254)
  .transform((v) => v.toLowerCase())
  .pipe(z.email({ message: 'Invalid email address' }));

export const NewPassword = Text.min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const Language = z.enum(LANGUAGES);

export const AuthenticateBody = z.object({
  username: Text.trim().min(1).max(254).transform((v) => v.toLowerCase()),
  password: Text.min(1).max(PASSWORD_MAX_LENGTH),
});
export type AuthenticateBody = z.input<typeof AuthenticateBody>;

export const AuthenticateResponse = z.object({
  token: z.string(),
  expired_at: z.iso.datetime(),
});
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

export const TokenResponse = z.object({ expired_at: z.iso.datetime() });

/** The profile (§3: camel-case keys). `roles` are the effective club roles keyed by club id. */
export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admin: z.boolean(),
  roles: z.record(z.string(), z.array(z.string())),
  regionRoles: z.record(z.string(), z.array(z.string())),
  /** The clubs of the regions the user owns: the clubs they manage (§6). The server always sends it. */
  managedClubIds: z.array(z.number().int()).optional(),
  photoFileName: z.string().nullable(),
  language: Language,
  /** The club opened after sign-in when no path is remembered. */
  defaultClubId: z.number().int().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** PUT users/{id}: the whole profile with its id; only the editable parts are read. */
export const ProfileUpdateBody = z
  .object({
    id: PositiveInt32,
    firstName: Text.trim().min(1, 'First name is required').max(100),
    lastName: Text.trim().max(100),
    language: Language,
    currentPassword: Text.max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: NewPassword.optional(),
  })
  .refine((b) => !b.newPassword || !!b.currentPassword, {
    message: 'Enter your current password to set a new one',
    path: ['currentPassword'],
  });
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

export const ResetRequestBody = z.object({ email: Email });
export const ResetBody = z.object({
  email: Email,
  password: NewPassword,
  token: Text.min(16).max(200),
});
export type ResetBody = z.input<typeof ResetBody>;
