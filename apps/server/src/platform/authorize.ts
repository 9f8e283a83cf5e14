import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clubRuleRefusal, isAdmin, type ClubRule, type PermissionSubject } from '@golf/contract/permissions';
import { clubs } from '../db/schema/index';
import { bearerToken, type AuthContext, type SessionCache } from './auth';
import { changeTracker } from './database';
import type { Db } from './db-types';
import type { ServerErrorCode } from '@golf/contract/api/errors';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { INT32_MAX } from '@golf/contract/api/common';
import { verifyAppKey, type AppKeyContext } from './app-keys';
import { forbidden, notFound, unauthorized, type HttpError } from './errors';

/** Where a club-scoped route finds its club: a path parameter, or a query parameter. */
export type ClubIdFrom = 'clubId' | 'id' | { query: string };

/**
 * Who may call a route (declared in its `config.access`, enforced here, one order for all):
 * - `'public'`: no token needed (sign-in, password reset, translations);
 * - `'signed-in'`: any signed-in user; the handler answers only what is the user's own;
 * - `{ admin: true }`: platform admins;
 * - `{ club, roles?, management? }`: the contract's ClubRule in the club the route names;
 * - `{ app: 'clubId' }`: the golfers' app (issue 22), no console session: the request's app key
 *   (header X-App-Key, platform/app-keys.ts) must be a live key of the path's club. Only under
 *   /api/app/clubs/:clubId/ (APP_ROUTE_PREFIX); the verified key is `request.appKey`.
 * `denied` replaces the 403 message. One order for every route: no session (or app key) 401
 * (before the body is read), refused 403 (before the input is validated), bad input 400
 * (schema), a club that does not exist 404 (only an admin gets this far for one; an app key is
 * always of a club that exists, so for another one the app gets the 403), then the handler's own
 * 404 for ids that are not in the club.
 */
export type ApiAccess =
  | 'public'
  | 'signed-in'
  | { admin: true; denied?: ServerErrorCode }
  | ({ club: ClubIdFrom; denied?: ServerErrorCode } & ClubRule)
  | { app: 'clubId' };

/** Where every route of the app kind lives (with the /api prefix): one club's app-side calls. */
export const APP_ROUTE_PREFIX = '/api/app/clubs/:clubId/';

/** The OpenAPI security scheme of the app's calls (the X-App-Key header; app.ts declares it). */
export const APP_KEY_SECURITY_SCHEME = 'appKey';

/** Whether an access is the golfers' app's (`{ app: 'clubId' }`). */
export function isAppAccess(access: ApiAccess | undefined): access is { app: 'clubId' } {
  return typeof access === 'object' && 'app' in access;
}

/** The signed-in user's context; throws 401 when the request carries no valid session. */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The verified app key of a call of the golfers' app (`{ app: 'clubId' }` routes); throws 401 without one. */
export function requireAppKey(request: { appKey: AppKeyContext | null }): AppKeyContext {
  if (!request.appKey) throw unauthorized('appKeys.missing');
  return request.appKey;
}

const isApiRoute = (url: string | undefined) => !!url && url.startsWith('/api/') && !url.startsWith('/api/docs');

function clubIdOf(request: FastifyRequest, from: ClubIdFrom): number | null {
  const source = (typeof from === 'string' ? request.params : request.query) as Record<string, unknown> | undefined;
  const value = source?.[typeof from === 'string' ? from : from.query];
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** The club the request's route names by its access rule (`access.club`, or the app's `access.app`); null for a route of no club. */
export function requestClubId(request: FastifyRequest): number | null {
  const access = apiAccess(request);
  if (isAppAccess(access)) return clubIdOf(request, access.app);
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
  if (!app.hasRequestDecorator('appKey')) app.decorateRequest('appKey', null);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access, see platform/authorize.ts)`);
    if (isAppAccess(access) !== route.url.startsWith(APP_ROUTE_PREFIX)) {
      throw new Error(
        isAppAccess(access)
          ? `${String(route.method)} ${route.url} has the app's access but is not under ${APP_ROUTE_PREFIX} (platform/authorize.ts)`
          : `${String(route.method)} ${route.url} is under ${APP_ROUTE_PREFIX} but does not declare the app's access { app: 'clubId' } (platform/authorize.ts)`,
      );
    }
    // The OpenAPI document says how the app authenticates (the scheme is declared in app.ts).
    if (isAppAccess(access)) route.schema = { ...route.schema, security: [{ [APP_KEY_SECURITY_SCHEME]: [] }] };
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, access });
  });

  // 401 first, decided by the matched route (not the raw URL, which may be percent-encoded); a
  // path that matches no route goes on to the 404 answer.
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request.routeOptions.url)) return;
    if (isAppAccess(request.routeOptions.config?.access)) {
      // The app's calls carry a club's app key, never a console session (a bearer token is ignored).
      const key = request.headers[APP_KEY_HEADER];
      if (key === undefined || key === '') throw unauthorized('appKeys.missing');
      request.appKey = typeof key === 'string' ? await verifyAppKey(deps.db, key, (err) => request.log.warn({ err }, 'app key: last use not written')) : null;
      if (!request.appKey) throw unauthorized('appKeys.invalid');
      return;
    }
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
    if (isAppAccess(access)) {
      // A club id that is not an id (not decimal, 0, past the column's range) is the schema's to refuse (400).
      const clubId = clubIdOf(request, access.app);
      if (clubId !== null && clubId >= 1 && clubId <= INT32_MAX && clubId !== request.appKey?.clubId) throw forbidden('appKeys.otherClub');
      return;
    }
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
  // The requests that come while a club is being asked for wait for that answer instead of asking
  // again (after a change of the club's row, the next requests of the club all arrive at once),
  // when nothing of the club's row changed since that question was asked.
  const tracker = changeTracker(deps.db);
  const existing = new Map<number, number>();
  const asking = new Map<number, { since: number; exists: Promise<boolean> }>();
  const unchangedSince = (since: number, clubId: number) => tracker !== null && !tracker.changedSince(since, { club: clubId, tables: ['clubs'] });
  app.addHook('preHandler', async (request) => {
    const access = apiAccess(request);
    if (!access || typeof access === 'string' || !('club' in access) || !request.auth?.subject.admin) return;
    const clubId = clubIdOf(request, access.club);
    if (clubId === null) return;
    const seen = existing.get(clubId);
    if (seen !== undefined && unchangedSince(seen, clubId)) return;
    let question = asking.get(clubId);
    if (!question || !unchangedSince(question.since, clubId)) {
      const since = tracker?.now ?? 0;
      const exists = deps.db
        .select({ id: clubs.id })
        .from(clubs)
        .where(eq(clubs.id, clubId))
        .then(([row]) => {
          if (!row) existing.delete(clubId);
          else {
            if (existing.size >= MAX_CLUBS_REMEMBERED) existing.clear();
            existing.set(clubId, since);
          }
          return row !== undefined;
        })
        .finally(() => {
          if (asking.get(clubId) === question) asking.delete(clubId);
        });
      question = { since, exists };
      asking.set(clubId, question);
    }
    if (!(await question.exists)) throw notFound('clubs.notFound');
  });
}
