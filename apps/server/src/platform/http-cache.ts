import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { addVary, preparedBytes } from './prepared-compression';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A strong ETag of a body: the first 16 hex digits of its SHA-1. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
}

/**
 * True when the request's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for
 * If-None-Match) or is `*`: the client's copy is current and the answer is 304.
 */
export function clientHasCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Answers JSON serialized beforehand and kept by the caller, to be sent again as the same bytes (a
 * cached catalogue, a drawing kept by its version): the bytes go out as they are, no serializer
 * runs (compressed once a copy is made, platform/prepared-compression.ts). With `once`, bytes
 * this answer is the first to send (a save's answer, kept for the GETs after it): sent as they
 * are, not yet worth a compressed copy (the first GET that sends them again marks them). With
 * `checked` (tests) the bytes must parse to exactly what the route's schema answers for them, as
 * platform/serializer.ts checks every other answer.
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer, check: { schema: $ZodType; checked: boolean; once?: boolean }): FastifyReply {
  if (check.checked) {
    const data = JSON.parse(body.toString('utf8')) as unknown;
    const encoded = safeEncode(check.schema, data);
    if (!encoded.success) throw new Error(`${reply.request.method} ${reply.request.url}: the prepared answer does not match its schema: ${encoded.error.message}`);
    if (!isDeepStrictEqual(encoded.data, data)) throw new Error(`${reply.request.method} ${reply.request.url}: the prepared answer has more than its schema says`);
  }
  return reply.type(JSON_TYPE).send(check.once ? body : preparedBytes(body));
}

/**
 * Answers 304 with the validators of the current copy. Its 200 is prepared bytes (sendJsonBytes),
 * which vary by Accept-Encoding: so does the 304 (RFC 9110 §15.4.5).
 */
export function sendNotModified(reply: FastifyReply, etag: string): FastifyReply {
  addVary(reply);
  return reply.code(304).header('ETag', etag).send();
}
