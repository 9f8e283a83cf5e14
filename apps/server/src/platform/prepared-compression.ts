import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed copies of prepared answers (docs/decisions/0012). An answer that is sent again and
 * again as the same bytes — a kept answer of the read cache, a drawing kept by its row version,
 * the graphics catalogue, the translations — is compressed once, in the background (zlib runs in
 * libuv's thread pool, not on the event loop), and from then on sent compressed to every client
 * that accepts it: brotli, else gzip. Until the copy is ready, and for a client that accepts
 * neither, the bytes go out as they are. Answers made per request are never compressed (the CPU
 * per answer would cost more than the bytes it saves on a LAN).
 *
 * The copies hang on the prepared bytes (a WeakMap), so they go when the bytes go. A compressed
 * answer carries `Content-Encoding`, `Vary: Accept-Encoding`, and its ETag made weak (RFC 9110:
 * another encoding is another representation); If-None-Match compares weakly, so either copy's
 * tag revalidates.
 */
const MIN_BYTES = 1024;
type Encoding = 'br' | 'gzip';

const reusable = new WeakSet<Buffer>();
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer | 'pending' | 'failed'>>>();
const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Marks `body` as sent again as it is: worth a compressed copy. Answers `body`. */
export function preparedBytes(body: Buffer): Buffer {
  if (body.length >= MIN_BYTES) reusable.add(body);
  return body;
}

/** True when `body` was marked by preparedBytes (its 200 varies by Accept-Encoding). */
export function isPrepared(body: Buffer): boolean {
  return reusable.has(body);
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/** The compressed copy of `body` when it is ready; otherwise starts making it and answers null. */
export function compressedCopy(body: Buffer, encoding: Encoding): Buffer | null {
  let entry = copies.get(body);
  if (!entry) copies.set(body, (entry = {}));
  const copy = entry[encoding];
  if (Buffer.isBuffer(copy)) return copy;
  if (copy === undefined) {
    entry[encoding] = 'pending';
    const held = entry;
    compress(body, encoding).then(
      (out) => {
        // A copy that is not smaller is of no use: mark it so it is not tried again.
        held[encoding] = out.length < body.length ? out : 'failed';
      },
      () => {
        held[encoding] = 'failed';
      },
    );
  }
  return null;
}

/** The encoding the request accepts that is worth sending, or null for the bytes as they are. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  const chosen = negotiator.negotiate(header);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Adds `Accept-Encoding` to the answer's Vary (once). */
export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Installs the hook that sends prepared answers compressed. Register it after the read cache. */
export function registerPreparedCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!Buffer.isBuffer(payload) || !reusable.has(payload) || reply.statusCode !== 200 || reply.getHeader('content-encoding') !== undefined) return payload;
    addVary(reply);
    const encoding = acceptedEncoding(request);
    if (!encoding) return payload;
    const copy = compressedCopy(payload, encoding);
    if (!copy) return payload;
    reply.header('content-encoding', encoding);
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    return copy;
  });
}
