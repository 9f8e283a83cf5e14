import {
  serverErrorText,
  type AnyServerErrorParams,
  type ServerErrorArgs,
  type ServerErrorCode,
  type ServerErrorMessage,
} from '@golf/contract/api/errors';

export type ErrorDetail = { path: string; message: string };

/**
 * An error with an HTTP status that the user may read: a code of the contract's catalogue
 * (SERVER_ERRORS) and the values its text names, never a free text, so every refusal can be shown
 * in the reader's language. `message` is the English text (answered as `error`, and logged).
 */
export class HttpError<C extends ServerErrorCode = ServerErrorCode> extends Error {
  /** Sent as Retry-After (a 503 or 429 the client should repeat later). */
  retryAfterSeconds?: number;
  readonly params?: AnyServerErrorParams;
  readonly details?: ErrorDetail[];
  constructor(
    readonly statusCode: number,
    readonly code: C,
    ...[params, details]: ServerErrorArgs<C, [details: ErrorDetail[]]>
  ) {
    super(serverErrorText(code, params as AnyServerErrorParams | undefined));
    if (params && Object.keys(params).length > 0) this.params = params as AnyServerErrorParams;
    if (details) this.details = details;
  }

  /** The error for a code and parameters that travel together (options, a worker's answer). */
  static of(statusCode: number, message: ServerErrorMessage, details?: ErrorDetail[]): HttpError {
    return new HttpError<ServerErrorCode>(statusCode, message.code, message.params, details);
  }

  /** The answer's body: `{ error, code, params?, details? }` (the contract's ErrorResponse). */
  toBody(): { error: string; code: ServerErrorCode; params?: AnyServerErrorParams; details?: ErrorDetail[] } {
    return {
      error: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** The body of an answer with a code (for the few answers sent without throwing). */
export function errorBody<C extends ServerErrorCode>(code: C, ...args: ServerErrorArgs<C, [details: ErrorDetail[]]>) {
  return new HttpError<C>(0, code, ...args).toBody();
}

export const badRequest = <C extends ServerErrorCode>(code: C, ...args: ServerErrorArgs<C, [details: ErrorDetail[]]>) =>
  new HttpError<C>(400, code, ...args);
export const unauthorized = <C extends ServerErrorCode = 'auth.notSignedIn'>(code = 'auth.notSignedIn' as C, ...args: ServerErrorArgs<C>) =>
  new HttpError<C>(401, code, ...args);
export const forbidden = <C extends ServerErrorCode = 'auth.noAccess'>(code = 'auth.noAccess' as C, ...args: ServerErrorArgs<C>) =>
  new HttpError<C>(403, code, ...args);
export const notFound = <C extends ServerErrorCode = 'request.notFound'>(code = 'request.notFound' as C, ...args: ServerErrorArgs<C, [details: ErrorDetail[]]>) =>
  new HttpError<C>(404, code, ...args);
export const conflict = <C extends ServerErrorCode>(code: C, ...args: ServerErrorArgs<C>) => new HttpError<C>(409, code, ...args);
export const tooManyRequests = <C extends ServerErrorCode>(code: C, ...args: ServerErrorArgs<C>) => new HttpError<C>(429, code, ...args);

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

/** A foreign-key violation (SQLSTATE 23503), on either database, however the driver wrapped it. */
export function isForeignKeyViolation(err: unknown): boolean {
  return sqlState(err) === '23503';
}

/** The codes of the data exceptions (SQLSTATE class 22) a request can cause. */
const DATA_EXCEPTIONS: Record<string, ServerErrorCode> = {
  '22001': 'db.textTooLong',
  '22003': 'db.numberOutOfRange',
  '22007': 'db.invalidDate',
  '22008': 'db.dateOutOfRange',
  '22021': 'db.badCharacter',
  '22P02': 'db.wrongFormat',
  '22P05': 'db.badCharacter',
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
  if (code.startsWith('22')) return badRequest(DATA_EXCEPTIONS[code] ?? 'db.cannotStore');
  switch (code) {
    case '23505':
      return conflict('db.duplicate');
    case '23503':
      return referencedElsewhere(err) ? conflict('db.stillInUse') : badRequest('db.missingReference');
    case '23502':
      return badRequest('db.requiredValue');
    case '23514':
      return badRequest('db.notAllowed');
    case '23P01':
      return conflict('db.conflict');
    case '23001':
      return conflict('db.stillInUse');
  }
  if (code.startsWith('23')) return badRequest('db.ruleBroken');
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

/**
 * One 400 for every problem found: the first problem's text in the message, with how many more
 * there are, and all of them in `details`.
 */
export function problemsError(problems: ErrorDetail[]): HttpError {
  const problem = problems[0].message;
  if (problems.length === 1) return badRequest('request.problem', { problem }, problems);
  if (problems.length === 2) return badRequest('request.problemAndOneMore', { problem }, problems);
  return badRequest('request.problemAndMore', { problem, more: problems.length - 1 }, problems);
}
