import { effectiveClubRoles, type PermissionSubject } from '@golf/contract/permissions';
import type { Profile } from '@golf/contract/api/session';
import { LANGUAGES, type Language } from '@golf/contract/constants';
import { supportsNamedStatements, type Db } from './database';
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

const SESSION_QUERY = `
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
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`;

/**
 * Loads a live session and its user's profile in one query (prepared once per connection on
 * PostgreSQL: it runs on every request); null when unknown, expired or revoked.
 */
export async function loadSession(db: Db, token: string): Promise<AuthContext | null> {
  const name = supportsNamedStatements(db) ? 'load_session' : undefined;
  const result = await db.$client.query<SessionRow>({ name, text: SESSION_QUERY, values: [hashToken(token)] });
  const row = result.rows[0];
  return row ? toAuthContext(row) : null;
}

/**
 * A short-lived, per-process cache of session lookups keyed by token hash. Every API call reads
 * the session; on the embedded database that read is serialized, so without the cache 50 busy
 * clients queue behind each other. Writes that change a session or a user's profile or roles
 * call `forgetUser`/`forgetToken` here; other server instances see such a change within `ttlMs`.
 * `ttlMs` 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, { at: number; auth: AuthContext | null }>();
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(db: Db, token: string): Promise<AuthContext | null> {
    if (this.ttlMs <= 0) return loadSession(db, token);
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && (!hit.auth || hit.auth.expiresAt.getTime() > now)) return hit.auth;
    const auth = await loadSession(db, token);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, auth });
    return auth;
  }

  forgetToken(token: string): void {
    this.entries.delete(hashToken(token));
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.auth?.userId === userId) this.entries.delete(key);
  }

  /** After renewal the cached expiry is stale. */
  setExpiry(token: string, expiresAt: Date): void {
    const hit = this.entries.get(hashToken(token));
    if (hit?.auth) hit.auth = { ...hit.auth, expiresAt };
  }
}

function toAuthContext(row: SessionRow): AuthContext {
  const direct: Record<string, string[]> = {};
  for (const { club_id, role } of row.club_roles) (direct[String(club_id)] ??= []).push(role);
  const regionRoles: Record<string, string[]> = {};
  for (const { region_id, role } of row.region_roles) (regionRoles[String(region_id)] ??= []).push(role);
  // Stored role names that are no club role (retired ones) are dropped; a club left without any
  // role must not be listed, as canAccessClub refuses it.
  const roles = Object.fromEntries(
    Object.entries(effectiveClubRoles(direct, row.owned_club_ids)).filter(([, r]) => r.length > 0),
  );
  const managedClubIds = [...row.owned_club_ids].sort((a, b) => a - b);
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
    managedClubIds,
    photoFileName: row.photo_file_name,
    language,
    defaultClubId: clubIds[0] ?? (row.admin ? row.first_club_id : null),
  };
  return {
    userId: row.id,
    sessionId: row.session_id,
    expiresAt: new Date(row.expires_at),
    profile,
    subject: { admin: profile.admin, roles: profile.roles, regionRoles: profile.regionRoles, managedClubIds },
  };
}

/** The token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : null;
}
