import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { bearer, buildTestApp, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { APP_KEY_SECURITY_SCHEME } from '../../platform/authorize';
import { createAppKey } from '../clubs';

/**
 * Requests generated from the OpenAPI document, for every route and method in it: bad path ids,
 * bodies with a wrong value in each place (wrong types, NUL, huge and odd strings, numbers out of
 * the integer range), missing fields, wrong content types and bad query values. None may answer
 * a 5xx: bad input is the client's fault and answers 4xx. Deterministic (no randomness).
 */

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  additionalProperties?: Schema | boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  parameters?: Parameter[];
  /** The golfers' app's calls name the app key's scheme (platform/authorize.ts). */
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Path = (string | number)[];

interface Attempt {
  method: Method;
  url: string;
  /** What was sent, for the failure report. */
  what: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  token: string | null;
  /** The statuses the attempt may get, when they are known; otherwise anything below 500 passes. */
  expect?: number[];
}

/**
 * A refused path id: 400 from validation, or a refusal that comes before the id is read at all
 * (414 for a path over the length limit, 415 for an upload that is not multipart).
 */
const REFUSED_ID = [400, 414, 415];

/** Ids written in ways that must not be read as a number, and ids outside the column's range. */
const BAD_IDS = ['0x1', '+1', '1e0', '2.9999999999999999', '2147483648', '-1', 'abc', '%00', '0', '1.0', '%201', '9'.repeat(400)];
const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const BAD_STRINGS: unknown[] = [NUL, HUGE, '\u0000', 12345, null, ['a'], {}, '', '   ', '%00', '\uD800', '😀'.repeat(60), "'; drop table users; --"];
const BAD_NUMBERS: unknown[] = [2147483648, -2147483649, 1e308, -1, 0, 1.5, 2 ** 53, '1', '0x1', '1e0', '+1', null, true, [], NUL];
const BAD_BOOLEANS: unknown[] = ['true', 1, null, 'yes', NUL];
const BAD_ARRAYS: unknown[] = [{}, 'x', null, [null], [[]], [2147483648], [NUL]];
const BAD_OBJECTS: unknown[] = [[], 'x', null, 1, NUL];
const BAD_QUERY = [...BAD_IDS, '\u0000', 'a\u0000b', HUGE.slice(0, 5000), '', '%E0%A4%A', '%'];

/** Candidate strings for a valid example, the first that fits the schema is used. */
const STRING_CANDIDATES = [
  'fuzz',
  'fuzz-1',
  'fuzz@example.com',
  'fuzz-password',
  '#336699',
  '1234-5678',
  'dk',
  'DKK',
  '2030-01-01',
  '10:00',
  '00000000-0000-4000-8000-000000000000',
  // A reserved name that never resolves (RFC 6761): a route that fetches an address it is given
  // (communication's external feeds, push endpoints) never reaches the network from this test.
  'http://fuzz.invalid/',
  '2030-01-01T00:00:00.000Z',
  '1',
];

function variantsOf(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

function typeOf(schema: Schema): string | undefined {
  if (schema.type) return schema.type;
  if (schema.allOf) return schema.allOf.map(typeOf).find(Boolean);
  const branches = schema.anyOf ?? schema.oneOf;
  return branches?.map(typeOf).find(Boolean);
}

function patternsOf(schema: Schema): RegExp[] {
  const own = schema.pattern ? [new RegExp(schema.pattern, 'u')] : [];
  return [...own, ...(schema.allOf ?? []).flatMap(patternsOf)];
}

function fitsString(value: string, schema: Schema): boolean {
  const all = [schema, ...(schema.allOf ?? [])];
  for (const s of all) {
    if (s.minLength !== undefined && value.length < s.minLength) return false;
    if (s.maxLength !== undefined && value.length > s.maxLength) return false;
    if (s.format === 'email' && !value.includes('@')) return false;
  }
  return patternsOf(schema).every((p) => p.test(value));
}

/** Valid values by the name of the property or parameter that holds them: demo ids, catalogue names, dates. */
interface Known {
  numbers: Record<string, number | null>;
  strings: Record<string, string>;
}

let handles = 0;

/** A value that fits the schema, using real ids where the name says what the value is. */
function example(schema: Schema, key: string, known: Known): unknown {
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return example(branches.find((b) => !(b.enum?.length === 1 && b.enum[0] === null)) ?? branches[0], key, known);
  const type = typeOf(schema);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) out[name] = example(child, name, known);
      return out;
    }
    case 'array':
      return schema.items ? Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => example(schema.items!, key, known)) : [];
    case 'string': {
      if (known.strings[key] !== undefined) return known.strings[key];
      if (key === 'handle') return `fuzz-${++handles}`;
      if (/mail|username/i.test(key)) return 'fuzz@example.com';
      const found = STRING_CANDIDATES.find((c) => fitsString(c, schema));
      return found ?? 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'integer':
    case 'number': {
      if (key in known.numbers) return known.numbers[key];
      let low = schema.minimum ?? 1;
      if (schema.exclusiveMinimum === true) low += 1;
      const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(1, low), high);
    }
    case 'boolean':
      return true;
    default:
      return 'fuzz';
  }
}

/** Every place of the example with the schema that describes it (object properties, first array items, record values). */
function places(schema: Schema, value: unknown, path: Path, out: { path: Path; schema: Schema }[], depth = 0) {
  if (depth > 8) return;
  const branch = variantsOf(schema).find((b) => typeOf(b) === (Array.isArray(value) ? 'array' : typeof value === 'object' && value !== null ? 'object' : typeOf(b))) ?? schema;
  const type = typeOf(branch);
  if (path.length) out.push({ path, schema: branch });
  if (type === 'object' && value && typeof value === 'object') {
    for (const [name, child] of Object.entries(branch.properties ?? {})) places(child, (value as Record<string, unknown>)[name], [...path, name], out, depth + 1);
  } else if (type === 'array' && Array.isArray(value) && value.length && branch.items) {
    places(branch.items, value[0], [...path, 0], out, depth + 1);
  }
}

function badValuesFor(schema: Schema): unknown[] {
  switch (typeOf(schema)) {
    case 'string':
      return BAD_STRINGS;
    case 'integer':
    case 'number':
      return BAD_NUMBERS;
    case 'boolean':
      return BAD_BOOLEANS;
    case 'array':
      return BAD_ARRAYS;
    default: {
      const record = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
      const none = { numbers: {}, strings: {} };
      const keyed = record ? [{ 'k\u0000': example(record, 'k', none) }, { ['k'.repeat(10_000)]: example(record, 'k', none) }] : [];
      return [...BAD_OBJECTS, ...keyed];
    }
  }
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : Buffer.isBuffer(value) ? `<${value.length} bytes>` : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
};

function multipart(parts: { name: string; filename?: string; content: string | Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Real ids for the path parameters, by the path segment before the parameter and its name. */
function pathValue(route: string, name: string, segmentBefore: string, ids: DemoIds, known: Known): string {
  if (name === 'lang') return 'en';
  if (name === 'clubId') return String(ids.dkClubId);
  if (name === 'holeId') return String(known.numbers.holeId);
  if (name === 'pinSetupId') return String(known.numbers.pinSetupId);
  if (name === 'styleId') return '1';
  switch (segmentBefore) {
    case 'clubs':
      return String(ids.dkClubId);
    case 'users':
      // The admin's own profile; in a club's user list, the staff member (never the caller).
      return String(route.startsWith('/api/users/') ? ids.adminId : ids.staffId);
    case 'members':
      return String(known.numbers.memberId);
    case 'courses':
      return String(known.numbers.courseId);
    case 'tees':
      return String(known.numbers.teeId);
    case 'pin-setups':
      return String(known.numbers.pinSetupId);
    default:
      return '1';
  }
}

function fillPath(route: string, values: Record<string, string>): string {
  return route.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]);
}

function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function isNumeric(schema: Schema): boolean {
  const type = typeOf(schema);
  return type === 'integer' || type === 'number' || /\[0-9\]|\\d/.test(schema.pattern ?? '');
}

function attemptsFor(method: Method, route: string, op: Operation, ids: DemoIds, known: Known, admin: string): Attempt[] {
  const attempts: Attempt[] = [];
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const segments = route.split('/');
  const valid: Record<string, string> = {};
  for (const p of pathParams) valid[p.name] = pathValue(route, p.name, segments[segments.indexOf(`{${p.name}}`) - 1], ids, known);
  // Required query parameters get a valid value; the bad ones replace it.
  const query = queryParams.filter((p) => p.required).map((p) => `${p.name}=${example(p.schema, p.name, known) as string}`);
  const path = fillPath(route, valid);
  const url = query.length ? `${path}?${query.join('&')}` : path;
  const withQuery = (u: string, extra: string) => `${u}${u.includes('?') ? '&' : '?'}${extra}`;
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const base = jsonSchema ? example(jsonSchema, '', known) : undefined;
  const json = (body: unknown, what: string, extra: Partial<Attempt> = {}): Attempt => ({
    method,
    url,
    what,
    token: admin,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...extra,
  });
  const plain = (what: string, extra: Partial<Attempt> = {}): Attempt => ({ method, url, what, token: admin, ...(base !== undefined ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(base) } : {}), ...extra });

  // The valid-looking request itself, signed in and not.
  attempts.push(plain('valid example'));
  attempts.push(plain('valid example without a token', { token: null }));

  // Path parameters: each bad id in each place, the others valid. Always refused, never read.
  for (const p of pathParams) {
    for (const bad of BAD_IDS) {
      const u = url.replace(path, fillPath(route, { ...valid, [p.name]: bad }));
      // Refused, unless the parameter is a text these fit (the app's own ids of its users and rounds: 'abc', '0x1').
      const fits = typeOf(p.schema) === 'string' && !isNumeric(p.schema) && !p.schema.enum && fitsString(decodedPath(bad), p.schema);
      attempts.push(plain(`path ${p.name}=${bad.slice(0, 40)}`, { url: u, ...(fits ? {} : { expect: REFUSED_ID }) }));
    }
    attempts.push(plain(`path ${p.name}=0x1 without a token`, { url: url.replace(path, fillPath(route, { ...valid, [p.name]: '0x1' })), token: null }));
    if (p.name !== 'lang') attempts.push(plain(`path ${p.name} that does not exist`, { url: url.replace(path, fillPath(route, { ...valid, [p.name]: '2147483647' })) }));
  }

  // Query parameters: each bad value for each parameter; numbers and ids must be refused with 400.
  for (const p of queryParams) {
    for (const bad of BAD_QUERY) {
      const raw = bad === '%E0%A4%A' || bad === '%' || bad === '%00' || bad === '%201' ? bad : encodeURIComponent(bad);
      const numericBad = isNumeric(p.schema) && BAD_IDS.includes(bad);
      attempts.push(plain(`query ${p.name}=${show(bad)}`, { url: withQuery(path, `${p.name}=${raw}`), ...(numericBad ? { expect: [400] } : {}) }));
    }
    const good = example(p.schema, p.name, known) as string;
    attempts.push(plain(`query ${p.name}=${good}`, { url: withQuery(path, `${p.name}=${encodeURIComponent(good)}`) }));
    attempts.push(plain(`query ${p.name} twice`, { url: withQuery(path, `${p.name}=1&${p.name}=2`) }));
    attempts.push(plain(`query ${p.name}[]`, { url: withQuery(path, `${p.name}[]=1&${p.name}[x]=2`) }));
  }
  attempts.push(plain('unknown query with NUL', { url: withQuery(url, `x=%00&y=${'z'.repeat(3000)}`) }));

  if (method === 'GET' || method === 'DELETE') return attempts;

  if (jsonSchema) {
    // One bad value in one place at a time; many places share the budget so each gets a few values.
    const found: { path: Path; schema: Schema }[] = [];
    places(jsonSchema, base, [], found);
    const budget = 240;
    for (const [i, place] of found.entries()) {
      const values = badValuesFor(place.schema);
      const take = Math.max(4, Math.min(values.length, Math.floor(budget / Math.max(found.length, 1))));
      for (let k = 0; k < take; k++) {
        const bad = values[(i + k) % values.length];
        attempts.push(json(setAt(base, place.path, bad), `body ${place.path.join('.')}=${show(bad)}`));
      }
      attempts.push(json(setAt(base, place.path, undefined, true), `body without ${place.path.join('.')}`));
    }
    for (const whole of [{}, [], [base], 'x', 1, null, true]) attempts.push(json(whole, `body ${show(whole)}`));
    attempts.push(json(base, 'body without a token', { token: null }));
    attempts.push(json({ ...(base as object), [`k${NUL}`]: NUL }, 'body with a NUL key'));
  }

  // Raw bodies and content types.
  const raw = (payload: string | Buffer, type: string | undefined, what: string): Attempt => ({
    method,
    url,
    what,
    token: admin,
    payload,
    headers: type ? { 'content-type': type } : {},
  });
  attempts.push(raw('{', 'application/json', 'invalid JSON'));
  attempts.push(raw('', 'application/json', 'empty JSON body'));
  attempts.push(raw('{"__proto__":{"admin":true}}', 'application/json', '__proto__ body'));
  attempts.push(raw('{"constructor":{"prototype":{"admin":true}}}', 'application/json', 'constructor.prototype body'));
  attempts.push(raw('1e309', 'application/json', 'Infinity body'));
  attempts.push(raw(`${'['.repeat(20_000)}${']'.repeat(20_000)}`, 'application/json', 'deeply nested body'));
  attempts.push(raw(`"${'x'.repeat(300_000)}"`, 'application/json', 'body over the size limit'));
  attempts.push(raw('hello', 'text/plain', 'text/plain body'));
  attempts.push(raw('<a>1</a>', 'application/xml', 'application/xml body'));
  attempts.push(raw('a=1&b=%00', 'application/x-www-form-urlencoded', 'form body'));
  attempts.push(raw(JSON.stringify(base ?? {}), 'application/json; charset=utf-16', 'JSON as utf-16'));
  attempts.push(raw(JSON.stringify(base ?? {}), undefined, 'JSON without a content type'));
  attempts.push(raw('x', 'multipart/form-data', 'multipart without a boundary'));
  const noFile = multipart([{ name: 'field', content: 'value' }]);
  attempts.push(raw(noFile.payload, noFile.headers['content-type'], 'multipart without a file'));
  const junkName = multipart([{ name: 'data', filename: `a${'\u0000'}b.png`, content: 'not an image' }]);
  attempts.push(raw(junkName.payload, junkName.headers['content-type'], 'multipart file named with NUL'));
  for (const field of ['data', 'file', 'round_data']) {
    const junk = multipart([{ name: field, filename: 'junk.bin', content: Buffer.from([0, 1, 2, 3, 255, 254]) }]);
    attempts.push(raw(junk.payload, junk.headers['content-type'], `multipart junk file in ${field}`));
  }
  return attempts;
}

describe(`every route refuses bad input with a 4xx, never a 5xx (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  /** An app key of the Danish club: the app's calls are made with it where the others carry the admin's session. */
  let appKey: string;
  let known: Known;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    ({ admin } = await signInActors(t, ['admin']));
    appKey = (await createAppKey(t.database.db, { clubId: ids.dkClubId, name: 'Fuzz', createdBy: null })).key;
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const courses = (await get(`/api/clubs/${ids.dkClubId}/courses`)) as { id: number; holes: { id: number }[] }[];
    const tees = (await get(`/api/clubs/${ids.dkClubId}/tees?course_id=${courses[0].id}`)) as { id: number }[];
    const setups = (await get(`/api/clubs/${ids.dkClubId}/pin-setups`)) as { id: number }[];
    const members = (await get(`/api/clubs/${ids.dkClubId}/members`)) as { items: { id: number }[] };
    const graphics = (await get('/api/graphics')) as { groups: { name: string }[]; layers: { name: string }[]; attributeUnits: { name: string }[] };
    const courseId = courses[0].id;
    const holeId = courses[0].holes[0].id;
    known = {
      numbers: {
        clubId: ids.dkClubId,
        club_id: ids.dkClubId,
        courseId,
        course_id: courseId,
        holeId,
        hole_id: holeId,
        teeId: tees[0].id,
        tee_id: tees[0].id,
        pinSetupId: setups[0]?.id ?? 1,
        memberId: members.items[0]?.id ?? 1,
        ids: members.items[0]?.id ?? 1,
        region_ids: ids.dkRegionId,
        drawing_style_id: 6,
        admin_id: 0,
        tee: 0,
        par: 4,
        // A handicap is unique on a course; none is always valid.
        handicap: null,
        distance: 300,
        outMeters: 5,
        sideMeters: -3,
        coordinates: 10,
        // Columns of a members import.
        union_number: 0,
        email: 1,
        first_name: 2,
        last_name: 3,
        phone: 4,
        extra: 5,
      },
      strings: {
        club_id: String(ids.dkClubId),
        course_id: String(courseId),
        homepage: 'https://example.com/',
        booking_url: 'https://example.com/book',
        from: '2030-01-01',
        to: '2030-12-31',
        date: '2030-06-01',
        open: '08:00',
        close: '18:00',
        currency: 'DKK',
        element: 'tree',
        groupName: graphics.groups[0].name,
        layerName: graphics.layers[0].name,
        attributeUnitName: graphics.attributeUnits[0].name,
        lang: 'en',
      },
    };
  });
  afterAll(() => t?.close());

  it('documents every integer of a request with the range of an integer column, and every text refusing NUL', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<string, Record<string, Operation>>;
    const problems: string[] = [];
    const none: Known = { numbers: {}, strings: {} };
    const audit = (schema: Schema, where: string) => {
      for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) audit(branch, where);
      if (schema.type === 'integer' && !(schema.minimum !== undefined && schema.minimum >= -2_147_483_648 && schema.maximum !== undefined && schema.maximum <= 2_147_483_647)) {
        problems.push(`${where}: integer from ${schema.minimum} to ${schema.maximum}`);
      }
      if (schema.type === 'string' && !schema.enum) {
        const value = example(schema, '', none) as string;
        const withNul = [`\u0000${value}`, `${value}\u0000`, `${value.slice(0, 1)}\u0000${value.slice(1)}`];
        const patterns = patternsOf(schema);
        if (withNul.some((v) => patterns.every((p) => p.test(v)))) problems.push(`${where}: text that may hold NUL`);
      }
      for (const [name, child] of Object.entries(schema.properties ?? {})) audit(child, `${where}.${name}`);
      if (schema.items) audit(schema.items, `${where}[]`);
      if (typeof schema.additionalProperties === 'object') audit(schema.additionalProperties, `${where}{}`);
    };
    for (const [route, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) audit(p.schema, `${method.toUpperCase()} ${route} ${p.in} ${p.name}`);
        const body = op.requestBody?.content['application/json']?.schema;
        if (body) audit(body, `${method.toUpperCase()} ${route} body`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // The routes in the order they are sent (read by the first part, shared by the others), what the
  // parts found, and how many requests they sent. The run is cut into consecutive parts, each
  // with its own time limit: with every area's routes it sends over 5000 requests (about 200 s
  // on PGlite on a 2-core machine, 2026-11-28), past what one test should take.
  type RouteOp = { route: string; method: Method; op: Operation };
  let routes: RouteOp[] = [];
  const accepted = new Set<string>();
  let sent = 0;
  let sessionCheckedBeforeDeletes = false;
  const PARTS = 4;

  /** Destructive calls last, and signing out the very last: the rest needs the session. */
  const order = (r: { route: string; method: Method }): number => {
    if (r.route === '/api/token' && r.method === 'DELETE') return 3;
    // Revoking the app key before the app's own deletes (push subscriptions) would refuse them with 401.
    if (r.route === '/api/clubs/{clubId}/app-keys/{id}' && r.method === 'DELETE') return 2.5;
    if (r.method === 'DELETE') return 2;
    // Saving a course deletes the holes its body leaves out, so it goes with the destructive calls.
    return r.route === '/api/clubs/{clubId}/courses/{id}' && r.method === 'PUT' ? 1 : 0;
  };

  /** Sends every attempt of these routes; answers what was answered wrongly. */
  async function sendAll(part: RouteOp[]): Promise<string[]> {
    const failures: string[] = [];
    for (const { route, method, op } of part) {
      if (order({ route, method }) > 0 && !sessionCheckedBeforeDeletes) {
        // Still signed in: the requests above were really made as the admin.
        const profile = await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(admin) });
        expect(profile.statusCode).toBe(200);
        sessionCheckedBeforeDeletes = true;
      }
      for (const a of attemptsFor(method, route, op, ids, known, admin)) {
        const options: InjectOptions = {
          method: a.method,
          url: a.url,
          headers: { ...(a.token ? (op.security?.some((s) => APP_KEY_SECURITY_SCHEME in s) ? { [APP_KEY_HEADER]: appKey } : bearer(a.token)) : {}), ...a.headers },
          ...(a.payload !== undefined ? { payload: a.payload } : {}),
        };
        const res = await t.app.inject(options);
        sent++;
        const wrong = res.statusCode >= 500 || (a.expect !== undefined && !a.expect.includes(res.statusCode));
        if (a.what === 'valid example' && res.statusCode < 300) accepted.add(`${method} ${route}`);
        if (wrong) {
          failures.push(
            `${a.method} ${a.url.slice(0, 200)} [${a.what}]${a.token ? '' : ' (no token)'} payload=${a.payload === undefined ? '-' : show(a.payload.toString())} → ${res.statusCode}${a.expect ? ` (expected ${a.expect.join(' or ')})` : ''} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    return failures;
  }

  for (let part = 0; part < PARTS; part++) {
    it(`answers every generated request of every documented route with a status below 500 (part ${part + 1} of ${PARTS})`, async () => {
      if (part === 0) {
        const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
        expect(docs.statusCode).toBe(200);
        const paths = docs.json().paths as Record<string, Record<string, Operation>>;
        routes = Object.entries(paths).flatMap(([route, ops]) => Object.entries(ops).map(([method, op]) => ({ route, method: method.toUpperCase() as Method, op })));
        expect(routes.length).toBeGreaterThan(60);
        routes.sort((a, b) => order(a) - order(b));
      }
      expect(routes.length, 'the routes read by part 1').toBeGreaterThan(60);
      const size = Math.ceil(routes.length / PARTS);
      const before = sent;
      const failures = await sendAll(routes.slice(part * size, (part + 1) * size));
      expect(failures.length, `${failures.length} of ${sent - before} requests answered wrongly:\n${failures.join('\n')}`).toBe(0);
    }, 240_000);
  }

  it('sent them all, and the generated examples reach the handlers', () => {
    // Most routes accept their valid example.
    expect(accepted.size, [...accepted].join('\n')).toBeGreaterThan(routes.length / 2);
    expect(sent).toBeGreaterThan(3000);
    expect(sessionCheckedBeforeDeletes).toBe(true);
  });
});
