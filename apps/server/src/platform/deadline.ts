import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverErrorText } from '@golf/contract/api/errors';
import { errorBody } from './errors';

export const DEADLINE_MESSAGE = serverErrorText('server.deadline');

const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * Every request gets an answer within its deadline: past it, 503 with Retry-After, and the
 * connection is closed (whatever the handler still does is discarded). Uploads (multipart) have
 * their own, longer deadline, since their body arrives while the handler runs. Together with the
 * database's limits (platform/database.ts) no request waits forever on a stuck one.
 */
export function registerDeadlines(app: FastifyInstance, opts: { requestTimeoutMs: number; uploadTimeoutMs: number }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const upload = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    const ms = upload ? opts.uploadTimeoutMs : opts.requestTimeoutMs;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ url: request.url, ms }, 'request passed its deadline');
      reply.code(503).header('Retry-After', '5').header('Connection', 'close').send(errorBody('server.deadline'));
    }, ms);
    timer.unref();
    timers.set(request, timer);
    done();
  });
  const clear = (request: FastifyRequest) => {
    clearTimeout(timers.get(request));
    timers.delete(request);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    clear(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    clear(request);
    done();
  });
}
