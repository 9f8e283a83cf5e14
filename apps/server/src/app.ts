import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_VERSION } from '@golf/contract/constants';
import { databaseAnsweredWithin, isDatabaseUnavailable } from './platform/database';
import { registerDeadlines } from './platform/deadline';
import { SessionCache } from './platform/auth';
import type { AppDeps } from './platform/app-types';
import { APP_KEY_SECURITY_SCHEME, registerAuthorization } from './platform/authorize';
import { registerPreparedCompression } from './platform/prepared-compression';
import { registerReadCache } from './platform/read-cache';
import { responseSerializerCompiler } from './platform/serializer';
import type { ServerErrorCode } from '@golf/contract/api/errors';
import { clientDatabaseError, errorBody, HttpError } from './platform/errors';
import { frameworkErrorAnswer, registerSecurityHeaders } from './platform/security-headers';
import { AREA_MODULES } from './modules/index';
import { fileRoutes } from './modules/files';
import { graphqlRoutes } from './modules/graphql';

export type { AppDeps, TypedApp } from './platform/app-types';
export type App = FastifyInstance;

/** How long GET /api/ready waits for the database's answer before it says the database is not there. */
const READY_DATABASE_TIMEOUT_MS = 2_000;

/** The apps that were told to drain (main.ts, on a stop signal). */
const drainingApps = new WeakSet<FastifyInstance>();

/**
 * From now on the app says it is not ready (GET /api/ready 503 "draining"), and every answer
 * carries `Connection: close`, so a proxy's kept-alive connections end after their answer; it goes
 * on serving what comes meanwhile (main.ts waits DRAIN_SECONDS, then closes it).
 */
export function startDraining(app: FastifyInstance): void {
  drainingApps.add(app);
}

/**
 * The database answers: it answered a statement within READY_DATABASE_TIMEOUT_MS (under load the
 * pool's queue may be longer than that, and a statement of the check's own would wait in it: a
 * busy instance would be taken out of the proxy, and its load would fall on the others), else one
 * trivial statement is answered within READY_DATABASE_TIMEOUT_MS.
 */
async function databaseAnswers(db: AppDeps['db']): Promise<boolean> {
  if (databaseAnsweredWithin(db, READY_DATABASE_TIMEOUT_MS)) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DATABASE_TIMEOUT_MS)));
  const query = db.$client.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function buildApp(
  input: Omit<AppDeps, 'sessions'> & { sessions?: SessionCache },
  opts: { logger?: boolean | object } = {},
): Promise<FastifyInstance> {
  const deps: AppDeps = { ...input, sessions: input.sessions ?? new SessionCache(input.config.sessionCacheMs) };
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 256 * 1024,
    // Who may say what the client's address is (X-Forwarded-For): TRUST_PROXY, see config.ts.
    trustProxy: input.config.trustProxy,
    frameworkErrors: frameworkErrorAnswer({ mapTileUrl: input.config.mapTileUrl, publicUrl: input.config.publicUrl }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: input.config.responseChecks }));
  app.decorateRequest('auth', null);
  registerDeadlines(app, deps.config);
  // While draining (startDraining), every answer closes its connection after it is sent.
  app.addHook('onRequest', async (_request, reply) => {
    if (drainingApps.has(app)) void reply.header('Connection', 'close');
  });
  // First of all hooks: every answer, including rejections and 404s, carries the headers.
  await registerSecurityHeaders(app, { mapTileUrl: deps.config.mapTileUrl, publicUrl: deps.config.publicUrl });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Golf club console API', version: PRODUCT_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The golfers' app's calls (/api/app/clubs/{clubId}/...): a club's app key (platform/authorize.ts).
          [APP_KEY_SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body',
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      return reply.status(400).send(errorBody('request.invalid', { part: error.validationContext ?? 'request', path: first.path, message: first.message }, details));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send(errorBody('server.databaseBusy'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorBody('server.internal'));
    }
    // Data the database refused (a number out of range, a character it cannot store, a duplicate,
    // a missing reference): the client's fault, so a 4xx; logged, as the contract should have caught it.
    const refused = clientDatabaseError(error);
    if (refused) {
      request.log.warn({ err: error }, 'the database refused the request\'s data');
      return reply.status(refused.statusCode).send(refused.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('server.internal'));
    }
    // Fastify's own refusals of a request (body too large, not JSON, empty, an unsupported type)
    // get codes of their own; any other 4xx of a plugin passes its English text on as a parameter.
    const codes: Record<string, ServerErrorCode> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
      FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalidJson',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyBody',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
    };
    const code = codes[error.code];
    return reply.status(status).send(code ? errorBody(code) : errorBody('request.refused', { message: error.message }));
  });

  // Who may call what: every /api route declares its access, one hook enforces it.
  registerAuthorization(app, deps);
  // Then the read cache: a kept answer is given only after the access check.
  registerReadCache(app, deps, deps.config.readCache, deps.config.databaseDirectUrl);
  // Answers sent again as the same bytes go out compressed once a compressed copy is made.
  registerPreparedCompression(app);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      for (const area of AREA_MODULES) area(typed, deps);
      typed.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ ok: true }));
      // Readiness, for a proxy's health check (deploy/haproxy.cfg): this process serves and its
      // database answers. /api/health stays the liveness check (the process answers at all).
      typed.get('/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        if (drainingApps.has(app)) return reply.status(503).send({ ready: false, reason: 'draining' });
        if (!(await databaseAnswers(deps.db))) return reply.status(503).send({ ready: false, reason: 'database' });
        return { ready: true };
      });
    },
    { prefix: '/api' },
  );

  fileRoutes(app, deps);
  // POST /graphql (§7 SaveGuideHoles): outside /api, with its own session check and caps (decision 0014).
  await graphqlRoutes(app, deps);

  const webDir = deps.config.webDir;
  const hasWeb = !!webDir && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyCompress, { threshold: 1024 });
    await app.register(fastifyStatic, {
      root: webDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send(errorBody('request.notFound'));
    }
    // The single-page app answers every other path.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app;
}
