import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clubRuleRefusal, isAdmin, type ClubRule, type PermissionSubject } from '@golf/contract/permissions';
import { clubs } from '../db/schema/index';
import { bearerToken, type AuthContext, type SessionCache } from './auth';
import { changeTracker } from './database';
import type { Db } from './db-types';
import type { ServerErrorCode } from '@golf/contract/api/errors';
import { forbidden, notFound, unauthorized, type HttpError } from './errors';

/** Where a club-scoped route finds its club: a path parameter, or a query parameter. */
export type ClubIdFrom = 'clubId' | 'id' | { query: string };

/**
 * Who may call a route (declared in its `config.access`, enforced here, one order for all):
 * - `'public'`: no token needed (sign-in, password reset, translations);
 * - `'signed-in'`: any signed-in user; the handler answers only what is the user's own;
 * - `{ admin: true }`: platform admins;
 * - `{ club, roles?, management? }`: the contract's ClubRule in the club the route names.
 * `denied` replaces the 403 message. One order for every route: no session 401 (before the body
 * is read), refused 403 (before the input is validated), bad input 400 (schema), a club that does
 * not exist 404 (only an admin gets this far for one), then the handler's own 404 for ids that
 * are not in the club.
 */
export type ApiAccess =
  | 'public'
  | 'signed-in'
  | { admin: true; denied?: ServerErrorCode }
  | ({ club: ClubIdFrom; denied?: ServerErrorCode } & ClubRule);

/** The signed-in user's context; throws 401 when the request carries no valid session. */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

const isApiRoute = (url: string | undefined) => !!url && url.startsWith('/api/') && !url.startsWith('/api/docs');

function clubIdOf(request: FastifyRequest, from: ClubIdFrom): number | null {
  const source = (typeof from === 'string' ? request.params : request.query) as Record<string, unknown> | undefined;
  const value = source?.[typeof from === 'string' ? from : from.query];
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** The club the request's route names by its access rule (`access.club`); null for a route of no club. */
export function requestClubId(request: FastifyRequest): number | null {
  const access = apiAccess(request);
  return access && typeof access === 'object' && 'club' in access ? clubIdOf(request, access.club) : null;
}

function apiAccess(request: FastifyRequest): ApiAccess | undefined {
  return isApiRoute(request.routeOptions.url) ? request.routeOptions.config?.access : undefined;
}

function roleError(roles: readonly string[]): HttpError {
  return roles.length === 1 ? forbidden('auth.needsRole', { role: roles[0] }) : forbidden('auth.needsOneOfRoles', { roles: roles.join(', ') });
}

/**
 * The 403 of a ClubRule the subject does not meet in the club, with the API's messages, and why
 * (`club`: no role there at all); null when the rule is met. The route check above uses it, and
 * so does GraphQL (modules/graphql), whose calls name a guide rather than its club.
 */
export function clubRuleError(
  subject: PermissionSubject,
  clubId: number,
  access: { denied?: ServerErrorCode } & ClubRule,
): { refusal: 'club' | 'role' | 'management'; error: HttpError } | null {
  const refusal = clubRuleRefusal(subject, clubId, access);
  if (!refusal) return null;
  // A route's own refusal (`denied`) replaces the general one.
  const error = access.denied
    ? forbidden(access.denied)
    : refusal === 'club'
      ? forbidden('auth.noClubAccess')
      : refusal === 'role'
        ? roleError(access.roles ?? [])
        : forbidden('auth.needsManagement');
  return { refusal, error };
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  access: ApiAccess;
}

const routeLists = new WeakMap<FastifyInstance, ApiRouteInfo[]>();

/** Every /api route the app registered, with its declared access (from Fastify's onRoute). */
export function apiRoutes(app: FastifyInstance): readonly ApiRouteInfo[] {
  return routeLists.get(app) ?? [];
}

/** How many clubs an admin's 404 check remembers as existing (a platform has far fewer). */
const MAX_CLUBS_REMEMBERED = 100_000;

/** Installs the one access check of the API. Registering an /api route without `access` throws. */
export function registerAuthorization(app: FastifyInstance, deps: { db: Db; sessions: SessionCache }): void {
  const list: ApiRouteInfo[] = [];
  routeLists.set(app, list);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access, see platform/authorize.ts)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, access });
  });

  // 401 first, decided by the matched route (not the raw URL, which may be percent-encoded); a
  // path that matches no route goes on to the 404 answer.
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request.routeOptions.url)) return;
    const token = bearerToken(request.headers.authorization);
    if (token) request.auth = await deps.sessions.get(deps.db, token);
    if (request.routeOptions.config?.access !== 'public' && !request.auth) {
      throw unauthorized(token ? 'auth.sessionExpired' : 'auth.notSignedIn');
    }
  });

  // 403 before the input is validated (a caller without access learns nothing about the input).
  app.addHook('preValidation', async (request) => {
    const access = apiAccess(request);
    if (!access || access === 'public' || access === 'signed-in') return;
    const { subject } = requireAuth(request);
    if ('admin' in access) {
      if (!isAdmin(subject)) throw forbidden(access.denied ?? 'auth.adminOnly');
      return;
    }
    // A club id that is not a decimal number is the schema's to refuse (400).
    const clubId = clubIdOf(request, access.club);
    if (clubId === null) return;
    const refused = clubRuleError(subject, clubId, access);
    if (refused) throw refused.error;
  });

  // 404 for a club that does not exist, once the input is valid. Everyone but an admin holds a
  // role in (or manages) the club the route names, so only an admin's request can get here. A
  // club seen to exist is not asked again until its row changes (the change tracker, decision
  // 0022: a deletion by this process or, heard as a notification, by another), so an admin's
  // kept answers cost no query.
  const tracker = changeTracker(deps.db);
  const existing = new Map<number, number>();
  app.addHook('preHandler', async (request) => {
    const access = apiAccess(request);
    if (!access || typeof access === 'string' || !('club' in access) || !request.auth?.subject.admin) return;
    const clubId = clubIdOf(request, access.club);
    if (clubId === null) return;
    const seen = existing.get(clubId);
    if (tracker && seen !== undefined && !tracker.changedSince(seen, { club: clubId, tables: ['clubs'] })) return;
    const since = tracker?.now ?? 0;
    const [row] = await deps.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!row) {
      existing.delete(clubId);
      throw notFound('clubs.notFound');
    }
    if (existing.size >= MAX_CLUBS_REMEMBERED) existing.clear();
    existing.set(clubId, since);
  });
}
