import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema, type JSONSchema } from 'zod/v4/core';

type RouteSchema = Parameters<FastifySerializerCompiler<$ZodType>>[0];

/**
 * The JSON Schema of what a zod schema answers (its output), in the form fast-json-stringify
 * reads (draft-07; dates as date-time strings, as fastify-type-provider-zod documents them).
 */
export function outputJsonSchema(schema: $ZodType): JSONSchema.BaseSchema {
  return toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override(ctx) {
      const type = ctx.zodSchema._zod.def.type;
      if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      if (type === 'undefined') ctx.jsonSchema.type = 'null';
    },
  });
}

function fastSerializer(schema: $ZodType): (data: unknown) => string {
  return fastJson(outputJsonSchema(schema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** The route's zod schema; null for a plain JSON Schema (a plugin's route, e.g. GraphQL). */
function zodSchemaOf(route: RouteSchema): $ZodType | null {
  const s = route.schema as unknown;
  if (s instanceof $ZodType) return s;
  if (s && typeof s === 'object' && 'properties' in s && (s as { properties: unknown }).properties instanceof $ZodType) {
    return (s as { properties: $ZodType }).properties;
  }
  return null;
}

/** A fast serializer that wrote something else than the schema's own answer (checked mode only). */
export class SerializerMismatchError extends Error {
  constructor(
    method: string,
    url: string,
    readonly fast: unknown,
    readonly expected: unknown,
  ) {
    super(`${method} ${url}: the compiled serializer's answer differs from the zod schema's`);
    this.name = 'SerializerMismatchError';
  }
}

/**
 * Serializes answers with fast-json-stringify compiled once per route and status from the JSON
 * Schema of the route's zod response schema (the same schema the OpenAPI document shows). Like
 * zod's output, it writes only the properties the schema names, so a database row with more
 * columns never leaks them. It does not validate (zod did on every answer: about 11 % of the
 * server's time under the console's mix of reads, issue 12, docs/decisions/0012).
 *
 * `checked` (tests and development): every answer is also validated and serialized by zod, as
 * before; an answer that does not match its schema is a ResponseSerializationError (500), and a
 * compiled serializer that writes anything else than zod's answer is a SerializerMismatchError.
 * The answer sent is the compiled serializer's, so tests see what production sends.
 */
export function responseSerializerCompiler(opts: { checked: boolean }): FastifySerializerCompiler<$ZodType> {
  return (route) => {
    const zodSchema = zodSchemaOf(route);
    // A plain JSON Schema is compiled as Fastify's own serializer would.
    if (!zodSchema) return fastJson(route.schema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    const fast = fastSerializer(zodSchema);
    if (!opts.checked) return fast;
    const zodSerialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return (data) => {
      const expected = zodSerialize(data);
      const written = fast(data);
      if (written !== expected) {
        const [a, b] = [JSON.parse(written) as unknown, JSON.parse(expected) as unknown];
        if (!isDeepStrictEqual(a, b)) throw new SerializerMismatchError(route.method, route.url, a, b);
      }
      return written;
    };
  };
}
