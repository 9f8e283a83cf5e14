import { sql } from 'drizzle-orm';
import { effectiveClubRoles, type PermissionSubject } from '@golf/contract/permissions';
import type { Profile } from '@golf/contract/api/session';
import { LANGUAGES, type Language } from '@golf/contract/constants';
import type { DbOrTx } from './database';
import { hashToken } from './tokens';

export interface AuthContext {
  userId: number;
  sessionId: number;
  expiresAt: Date;
  profile: Profile;
  /** The permission view of the profile, read by the contract's rules. */
  subject: PermissionSubject;
}

interface SessionRow {
  session_id: number;
  expires_at: Date;
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  admin: boolean;
  photo_file_name: string | null;
  club_roles: { club_id: number; role: string }[];
  region_roles: { region_id: number; role: string }[];
  owned_club_ids: number[];
  first_club_id: number | null;
}

/** Loads a live session and its user's profile in one query; null when unknown, expired or revoked. */
export async function loadSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  const result = await db.execute<SessionRow & Record<string, unknown>>(sql`
    select s.id as session_id, s.expires_at, u.id, u.email, u.first_name, u.last_name, u.language,
      u.admin, u.photo_file_name,
      coalesce((select json_agg(json_build_object('club_id', r.club_id, 'role', r.role))
        from club_user_roles r where r.user_id = u.id), '[]'::json) as club_roles,
      coalesce((select json_agg(json_build_object('region_id', ru.region_id, 'role', ru.role))
        from region_users ru where ru.user_id = u.id), '[]'::json) as region_roles,
      coalesce((select json_agg(distinct cr.club_id) from club_regions cr
        join region_users ru on ru.region_id = cr.region_id and ru.role = 'owner'
        where ru.user_id = u.id), '[]'::json) as owned_club_ids,
      (select min(c.id) from clubs c) as first_club_id
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${hashToken(token)} and s.revoked_at is null and s.expires_at > now()
  `);
  const row = result.rows[0];
  if (!row) return null;
  return toAuthContext(row);
}

function toAuthContext(row: SessionRow): AuthContext {
  const direct: Record<string, string[]> = {};
  for (const { club_id, role } of row.club_roles) (direct[String(club_id)] ??= []).push(role);
  const regionRoles: Record<string, string[]> = {};
  for (const { region_id, role } of row.region_roles) (regionRoles[String(region_id)] ??= []).push(role);
  const roles = effectiveClubRoles(direct, row.owned_club_ids);
  const clubIds = Object.keys(roles)
    .map(Number)
    .sort((a, b) => a - b);
  const language = (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en';
  const profile: Profile = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    admin: row.admin,
    roles,
    regionRoles,
    photoFileName: row.photo_file_name,
    language,
    defaultClubId: clubIds[0] ?? (row.admin ? row.first_club_id : null),
  };
  return {
    userId: row.id,
    sessionId: row.session_id,
    expiresAt: new Date(row.expires_at),
    profile,
    subject: { admin: profile.admin, roles: profile.roles, regionRoles: profile.regionRoles },
  };
}

/** The token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : null;
}
