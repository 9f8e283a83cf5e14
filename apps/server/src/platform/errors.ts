/** An error with an HTTP status whose message is safe to show to the user. */
export class HttpError extends Error {
  /** Sent as Retry-After (a 503 or 429 the client should repeat later). */
  retryAfterSeconds?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new HttpError(400, message, details);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** PostgreSQL unique violation, for turning races into 409s. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The SQLSTATE of a PostgreSQL error, also when drizzle wraps it (DrizzleQueryError's `cause`).
 * A server's error carries a severity; Node's errors (code 'EPIPE' and the like) do not.
 */
export function sqlState(err: unknown): string | null {
  let e = err as { code?: unknown; severity?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && typeof e.severity === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** Messages of the data exceptions (SQLSTATE class 22) a request can cause. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'Text is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22021': 'Text contains a character that cannot be stored',
  '22P02': 'A value has the wrong format',
  '22P05': 'Text contains a character that cannot be stored',
};

/**
 * The client's fault among database errors, as the answer to give: data exceptions (class 22:
 * out of range, bad characters, too long) and integrity constraint violations (class 23: a
 * duplicate, a reference to something missing or still in use, a missing or refused value).
 * Null for every other error: that is a fault of the server and stays a 500.
 */
export function clientDatabaseError(err: unknown): HttpError | null {
  const code = sqlState(err);
  if (!code) return null;
  if (code.startsWith('22')) return badRequest(DATA_EXCEPTIONS[code] ?? 'A value in the request cannot be stored');
  switch (code) {
    case '23505':
      return conflict('Something with this value exists already');
    case '23503':
      return referencedElsewhere(err)
        ? conflict('This is still in use and cannot be removed')
        : badRequest('The request refers to something that does not exist');
    case '23502':
      return badRequest('A required value is missing');
    case '23514':
      return badRequest('A value is not allowed');
    case '23P01':
      return conflict('This conflicts with something stored already');
    case '23001':
      return conflict('This is still in use and cannot be removed');
  }
  if (code.startsWith('23')) return badRequest('The request breaks a rule of the stored data');
  return null;
}

/** A foreign-key violation by a delete or update of the referenced row (not by a missing one). */
function referencedElsewhere(err: unknown): boolean {
  let e = err as { detail?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.detail === 'string') return /is still referenced/.test(e.detail);
    e = e.cause as typeof e;
  }
  return false;
}
