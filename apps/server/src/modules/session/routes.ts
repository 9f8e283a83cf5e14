import {
  AuthenticateBody,
  AuthenticateResponse,
  Profile,
  ResetBody,
  ResetRequestBody,
  TokenResponse,
} from '@golf/contract/api/session';
import { ErrorResponse, OkResponse } from '@golf/contract/api/common';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { bearerToken } from '../../platform/auth';
import { TooManyAttempts } from '../../platform/rate-limit';
import { authenticate, renewSession, requestPasswordReset, resetPassword, revokeSession } from './service';

const tags = ['session'];

export function sessionRoutes(app: TypedApp, { db, config, mailer, sessions }: AppDeps) {
  const sessionLife = { ttlMs: config.tokenTtlMs, maxAgeMs: config.sessionMaxMs };

  app.post(
    '/authenticate',
    {
      config: { access: 'public' },
      schema: { tags, security: [], body: AuthenticateBody, response: { 200: AuthenticateResponse, 401: ErrorResponse, 429: ErrorResponse } },
    },
    async (request, reply) => {
      try {
        const { token, expiresAt } = await authenticate(db, { ...request.body, ip: request.ip, ...sessionLife });
        return { token, expired_at: expiresAt.toISOString() };
      } catch (err) {
        if (err instanceof TooManyAttempts) reply.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.put('/authenticated', { config: { access: 'signed-in' }, schema: { tags, response: { 200: Profile } } }, async (request) => requireAuth(request).profile);

  app.post('/token', { config: { access: 'signed-in' }, schema: { tags, response: { 200: TokenResponse, 401: ErrorResponse } } }, async (request) => {
    const auth = requireAuth(request);
    const expiresAt = await renewSession(db, auth.sessionId, sessionLife);
    sessions.setExpiry(bearerToken(request.headers.authorization) ?? '', expiresAt);
    return { expired_at: expiresAt.toISOString() };
  });

  // Sign-out revokes the token on the server too.
  app.delete('/token', { config: { access: 'signed-in' }, schema: { tags, response: { 200: OkResponse } } }, async (request) => {
    await revokeSession(db, requireAuth(request).sessionId);
    sessions.forgetToken(bearerToken(request.headers.authorization) ?? '');
    return { ok: true as const };
  });

  app.post(
    '/reset_password',
    { config: { access: 'public' }, schema: { tags, security: [], body: ResetRequestBody, response: { 200: OkResponse, 429: ErrorResponse } } },
    async (request) => {
      await requestPasswordReset(db, mailer, { email: request.body.email, publicUrl: config.publicUrl, ttlMs: config.resetTtlMs });
      return { ok: true as const };
    },
  );

  app.put(
    '/reset_password',
    { config: { access: 'public' }, schema: { tags, security: [], body: ResetBody, response: { 200: OkResponse, 400: ErrorResponse } } },
    async (request) => {
      const userId = await resetPassword(db, request.body);
      sessions.forgetUser(userId);
      return { ok: true as const };
    },
  );
}

