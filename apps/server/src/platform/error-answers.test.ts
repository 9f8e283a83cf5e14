import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@golf/contract/api/common';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { conflict, notFound } from './errors';
import { localStorage } from './storage';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../test/test-app';

/**
 * Every refusal answers `{ error, code, params?, details? }`: the code of the contract's catalogue,
 * the values its text names, and the English text filled in (what the web app falls back to).
 */
describe(`error answers carry a code and its parameters (${testDatabaseKind})`, () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
    const config = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '', SESSION_CACHE_MS: '0' });
    const storage = localStorage(mkdtempSync(join(tmpdir(), 'golf-test-files-')));
    app = await buildApp({ db: t.database.db, config, mailer: { target: 'memory', async send() {} }, storage });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post('/refusals/full', { config: { access: 'public' }, schema: { response: { 409: ErrorResponse } } }, async () => {
      throw conflict('guides.capReached', { max: 30 });
    });
    typed.get('/refusals/missing', { config: { access: 'public' } }, async () => {
      throw notFound('sponsors.notFound', undefined, [{ path: 'sponsor_positions.0.sponsor_id', message: 'Sponsor 9 not found' }]);
    });
    typed.post('/refusals/checked', { config: { access: 'public' }, schema: { body: z.object({ n: z.number().int() }) } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers a refusal with its code, its parameters and its English text, through the response schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/refusals/full' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A club can have at most 30 guides. Delete some before adding more.', code: 'guides.capReached', params: { max: 30 } });
  });

  it('answers a code without parameters without `params`, with the field problems in `details`', async () => {
    const res = await app.inject({ method: 'GET', url: '/refusals/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Sponsor not found', code: 'sponsors.notFound', details: [{ path: 'sponsor_positions.0.sponsor_id', message: 'Sponsor 9 not found' }] });
  });

  it("codes Fastify's own refusals and the schema's: an unknown address, bad JSON, an invalid body", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route' })).json()).toEqual({ error: 'Not found', code: 'request.notFound' });
    const badJson = await app.inject({ method: 'POST', url: '/refusals/checked', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.json()).toEqual({ error: 'Request body is not valid JSON', code: 'request.invalidJson' });
    const invalid = await app.inject({ method: 'POST', url: '/refusals/checked', payload: { n: 1.5 } });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(body).toMatchObject({ code: 'request.invalid', params: { part: 'body', path: 'n' } });
    expect(body.error).toBe(`Invalid body: n — ${body.params.message}`);
    expect(body.details).toEqual([{ path: 'n', message: body.params.message }]);
  });
});
