import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './database';
import type { DbOrTx } from './db-types';
import type { Mailer } from './mail';
import type { FileStorage } from './storage';
import type { AuthContext, SessionCache } from './auth';
import type { ApiAccess } from './authorize';
import type { AppKeyContext } from './app-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the request's Bearer token; null without one (platform/authorize.ts). */
    auth: AuthContext | null;
    /** The verified app key of a call of the golfers' app (`{ app: 'clubId' }`); null otherwise (platform/authorize.ts). */
    appKey: AppKeyContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route: every route under /api declares it (platform/authorize.ts). */
    access?: ApiAccess;
    /**
     * A GET whose 200 answer the embedded database's read cache may keep (platform/read-cache.ts):
     * it depends on nothing but the data, the caller's permissions and the address (and the
     * clock only through `readCacheUntil`).
     */
    readCache?: boolean;
    /**
     * For a route with `readCache`: the keyed tables (ROW_KEYS, platform/data-changes.ts) of which
     * its answer reads only the rows of one key, with that key taken from the request (the drawing
     * of one hole: `{ hole_drawings: holeId }`). Its kept answer is then ended by changes of those
     * rows only, not by every change of the club's rows of that table. Called after validation.
     */
    readCacheRows?: (request: FastifyRequest) => Readonly<Record<string, number>>;
  }
}

/** What every area module receives: the platform's services. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  sessions: SessionCache;
}

/** The Fastify instance area modules register their routes on (zod schemas of the contract). */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** An area of the API: registers its routes (their paths below /api) with their access. */
export type AreaModule = (app: TypedApp, deps: AppDeps) => void;

/**
 * What the demo holds when an area's own demo data is written (seed/seed.ts `seedDemo`): the
 * transaction the whole demo is written in, the Danish demo club with its generated course and
 * owner, and the Swedish demo club. An area's demo adds its rows for these through its own
 * services; it runs after the demo's clubs, users, courses, sponsors and guide exist.
 */
export interface DemoContext {
  tx: DbOrTx;
  clubId: number;
  courseId: number;
  ownerUserId: number;
  secondClubId: number;
}

/** An area's demo data: `modules/<area>/demo.ts`, listed in AREA_DEMOS (modules/index.ts). */
export type AreaDemo = (demo: DemoContext) => Promise<void>;
