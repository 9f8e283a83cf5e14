import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { postInTwoWrites } from '../../test/uploads';
import { fileTooLarge, readMultipartFile, registerUploads } from './uploads';

const LIMIT = 64 * 1024;

const send = (port: number, first: number, rest: number) =>
  postInTwoWrites({ port, path: '/upload', field: 'file', filename: 'big.csv', data: Buffer.alloc(first + rest, 'a'), splitAt: first });

describe('readMultipartFile', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler((err, _request, reply) => {
      if (err instanceof HttpError) return reply.status(err.statusCode).send(err.toBody());
      return reply.status(500).send({ error: String(err) });
    });
    await app.register(async (scope) => {
      await registerUploads(scope, { maxBytes: LIMIT });
      scope.post('/upload', async (request) => {
        const file = await readMultipartFile(request, { fields: ['file'], noun: 'file', tooLarge: () => fileTooLarge(LIMIT) });
        return { bytes: file.buffer.length };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app?.close());

  it('refuses a file cut at the limit with 413 even when the parser raises no error', async () => {
    const res = await send(port, LIMIT, 10);
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is larger than 64 KB', code: 'uploads.tooLarge', params: { limit: '64 KB' } });
  });

  it('takes a file of exactly the limit', async () => {
    const res = await send(port, LIMIT - 10, 10);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ bytes: LIMIT });
  });

  it('refuses a file over the limit that arrives in one piece', async () => {
    const res = await send(port, LIMIT + 100, 0);
    expect(res.status).toBe(413);
  });
});
