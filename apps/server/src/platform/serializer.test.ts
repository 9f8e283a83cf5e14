// Answers are serialized by fast-json-stringify compiled from the routes' zod schemas; tests check
// every answer against zod as well (issue 12, docs/decisions/0012). This file checks the
// serializer itself and that production answers (no checks) are the ones the checked tests see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { Club, ClubListItem, Country, DrawingStyle, Region, RoleInfo } from '@golf/contract/api/clubs';
import { CoursesResponse, HolesTeesResponse, TeesResponse } from '@golf/contract/api/courses';
import { DrawingResponse } from '@golf/contract/api/drawings';
import { GalleryImage } from '@golf/contract/api/gallery';
import { ClubContextsResponse, ElementForEdit, GraphicsResponse } from '@golf/contract/api/graphics';
import { HoursResponse } from '@golf/contract/api/hours';
import { MembersResponse } from '@golf/contract/api/members';
import { PinSetupsResponse } from '@golf/contract/api/pins';
import { Profile } from '@golf/contract/api/session';
import { BoundarySelfIntersectionsResponse, GreensWithinBoundaryResponse, SelfIntersectionsResponse } from '@golf/contract/api/status';
import { ClubUsersResponse } from '@golf/contract/api/users';
import { buildTestApp, call, DEMO, demoIds, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';
import { loadConfig } from './config';
import { responseSerializerCompiler, SerializerMismatchError } from './serializer';

const compile = (schema: z.ZodType, checked: boolean) =>
  responseSerializerCompiler({ checked })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('responseSerializerCompiler', () => {
  const User = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()), at: z.string().nullable(), extra: z.record(z.string(), z.unknown()).optional() });

  it('writes only what the schema names, so a row with more columns never leaks them', () => {
    const row = { id: 1, name: 'Ann "A" \u2028', tags: ['x'], at: null, password_hash: 'secret', extra: { a: [1, { b: 2 }] } };
    for (const checked of [false, true]) {
      const json = compile(User, checked)(row);
      expect(JSON.parse(json)).toEqual({ id: 1, name: 'Ann "A" \u2028', tags: ['x'], at: null, extra: { a: [1, { b: 2 }] } });
      expect(json).not.toContain('secret');
    }
  });

  it('checked: an answer that does not match its schema is refused', () => {
    expect(() => compile(User, true)({ id: 'one', name: 'Ann', tags: [], at: null })).toThrow(ResponseSerializationError);
    expect(() => compile(User, true)({ id: 1.5, name: 'Ann', tags: [], at: null })).toThrow(ResponseSerializationError);
  });

  it('compiles a plain JSON Schema (a plugin route) as Fastify would', () => {
    const serialize = responseSerializerCompiler({ checked: true })({
      schema: { type: 'object', properties: { data: { type: 'object', additionalProperties: true } } },
      method: 'POST',
      url: '/graphql',
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    expect(JSON.parse(serialize({ data: { a: 1 }, other: 2 }))).toEqual({ data: { a: 1 } });
  });

  it("checked: a compiled serializer that writes something else than zod's answer is refused", () => {
    // zod's output trims; the JSON Schema cannot say so.
    const Trimmed = z.object({ name: z.string().trim() });
    expect(() => compile(Trimmed, true)({ name: ' Ann ' })).toThrow(SerializerMismatchError);
    expect(compile(Trimmed, true)({ name: 'Ann' })).toBe('{"name":"Ann"}');
  });
});

describe(`answers without checks still match their schemas (${testDatabaseKind})`, () => {
  // The app as production runs it: no zod on the answers (RESPONSE_CHECKS=false).
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RESPONSE_CHECKS: 'false' } });
    expect(loadConfig({ RESPONSE_CHECKS: 'false' }).responseChecks).toBe(false);
    expect(loadConfig({}).responseChecks).toBe(true); // tests run with NODE_ENV=test
  });
  afterAll(() => t?.close());

  it('for every everyday read of the console: exactly what the schema answers, nothing more', async () => {
    const ids = await demoIds(t);
    const owner = await signIn(t.app, ...DEMO.owner);
    const admin = await signIn(t.app, ...DEMO.admin);
    const [course] = CoursesResponse.parse((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: owner })).json());
    const c = `/api/clubs/${ids.dkClubId}`;
    const reads: [string, z.ZodType][] = [
      [`${c}/club`, Club],
      [`${c}/courses`, CoursesResponse],
      [`${c}/tees?course_id=${course.id}`, TeesResponse],
      [`${c}/holes_tees?course_id=${course.id}`, HolesTeesResponse],
      [`${c}/pin-setups?course_id=${course.id}`, PinSetupsResponse],
      [`${c}/users`, ClubUsersResponse],
      [`${c}/hours`, HoursResponse],
      [`${c}/members`, MembersResponse],
      [`${c}/gallery`, z.array(GalleryImage)],
      [`${c}/holes/${course.holes[0].id}/drawing/1`, DrawingResponse],
      [`${c}/status/self-intersections?course_id=${course.id}`, SelfIntersectionsResponse],
      [`${c}/status/boundary-self-intersections`, BoundarySelfIntersectionsResponse],
      [`${c}/status/greens-within-boundary?course_id=${course.id}`, GreensWithinBoundaryResponse],
      ['/api/regions', z.array(Region)],
      ['/api/clubs', z.array(Club)],
      ['/api/clubs-list', z.array(ClubListItem)],
      ['/api/countries', z.array(Country)],
      ['/api/drawing_styles', z.array(DrawingStyle)],
      ['/api/roles', z.array(RoleInfo)],
      ['/api/graphics', GraphicsResponse],
      [`/api/graphics/elements-for-edit?club_id=${ids.dkClubId}`, z.array(ElementForEdit)],
      [`/api/graphics/contexts/${ids.dkClubId}`, ClubContextsResponse],
    ];
    for (const token of [owner, admin]) {
      for (const [url, schema] of reads) {
        const res = await call(t.app, 'GET', url, { token });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        const body = res.json() as unknown;
        expect(z.encode(schema, schema.parse(body)), url).toEqual(body);
      }
      const profile = (await call(t.app, 'PUT', '/api/authenticated', { token })).json() as unknown;
      expect(Profile.parse(profile)).toEqual(profile);
    }
  });
});
