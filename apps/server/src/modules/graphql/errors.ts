import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GRAPHQL_ERROR_STATUS, type GraphQLErrorCode, type GraphQLErrorEntry } from '@golf/contract/api/guide-holes-graphql';
import { isDatabaseUnavailable } from '../../platform/database';
import { serverErrorText, type ServerErrorCode } from '@golf/contract/api/errors';
import { clientDatabaseError, HttpError } from '../../platform/errors';

/**
 * How the GraphQL endpoint answers failures (decision 0014): always `{ data, errors }` with a
 * code in `errors[].extensions.code`, never a stack or a database message. A request that never
 * reached execution (no session, bad JSON, a document that does not parse or validate) answers its
 * HTTP status; an execution whose only field failed (data null) answers the status of that error,
 * as the REST call would; partial data answers 200 (GraphQL over HTTP).
 */

const STATUS_CODES = Object.entries(GRAPHQL_ERROR_STATUS) as [GraphQLErrorCode, number][];
/** The code of an HTTP status (the first code listed with it; 4xx without one are BAD_REQUEST). */
export function codeOfStatus(status: number): GraphQLErrorCode {
  if (status === 400) return 'BAD_USER_INPUT';
  const found = STATUS_CODES.find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
}

interface Failure {
  status: number;
  entry: GraphQLErrorEntry;
}

const INTERNAL: Failure = {
  status: 500,
  entry: { message: serverErrorText('server.internal'), extensions: { code: 'INTERNAL_SERVER_ERROR', error_code: 'server.internal' } },
};

/** An error a resolver threw (HttpError from the services, database errors) as code and status. */
function causeFailure(cause: unknown, log: FastifyBaseLogger): Failure {
  if (isDatabaseUnavailable(cause)) {
    log.warn({ err: cause }, 'database unavailable');
    return {
      status: 503,
      entry: { message: serverErrorText('server.databaseBusy'), extensions: { code: 'SERVICE_UNAVAILABLE', error_code: 'server.databaseBusy' } },
    };
  }
  const known = cause instanceof HttpError ? cause : clientDatabaseError(cause);
  if (known) {
    if (!(cause instanceof HttpError)) log.warn({ err: cause }, "the database refused the request's data");
    const code = codeOfStatus(known.statusCode);
    return {
      status: GRAPHQL_ERROR_STATUS[code],
      entry: {
        message: known.message,
        extensions: { code, ...(known.details ? { details: known.details } : {}), error_code: known.code, ...(known.params ? { params: known.params } : {}) },
      },
    };
  }
  log.error({ err: cause }, 'GraphQL resolver failed');
  return INTERNAL;
}

/** A document error of graphql-js (parse, validation, variables) as code; always 400. */
function documentFailure(error: GraphQLError | Error): Failure {
  const message = error.message;
  const code: GraphQLErrorCode = message.startsWith('Syntax Error')
    ? 'GRAPHQL_PARSE_FAILED'
    : message.startsWith('Variable "$')
      ? 'BAD_USER_INPUT'
      : 'GRAPHQL_VALIDATION_FAILED';
  const locations = error instanceof GraphQLError ? error.locations : undefined;
  return { status: 400, entry: { message, ...(locations ? { locations: [...locations] } : {}), extensions: { code } } };
}

/** One error of an execution result. */
function executionFailure(error: GraphQLError, log: FastifyBaseLogger): Failure {
  if (error.originalError && !(error.originalError instanceof GraphQLError)) {
    const failure = causeFailure(error.originalError, log);
    return { ...failure, entry: { ...failure.entry, ...(error.path ? { path: [...error.path] } : {}) } };
  }
  // graphql-js's own: a variable that does not fit its type (400); anything else in execution is ours.
  if (!error.path) return documentFailure(error);
  log.error({ err: error }, 'GraphQL execution failed');
  return { ...INTERNAL, entry: { ...INTERNAL.entry, path: [...error.path] } };
}

/** mercurius' errorFormatter: the answer and status of an execution with errors. */
export function formatExecution(execution: ExecutionResult & { errors: readonly GraphQLError[] }, log: FastifyBaseLogger): { statusCode: number; response: ExecutionResult } {
  const failures = execution.errors.map((e) => executionFailure(e, log));
  const statusCode = execution.data ? 200 : Math.max(...failures.map((f) => f.status));
  return { statusCode, response: { data: execution.data ?? null, errors: failures.map((f) => f.entry as unknown as GraphQLError) } };
}

const FRAMEWORK_CODES: Record<string, ServerErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyBody',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.sendJson',
};

/** A failure before or outside execution: no session, the body, the document, the database. */
export function requestFailures(error: FastifyError & { errors?: unknown }, log: FastifyBaseLogger): Failure[] {
  // mercurius' MER_ERR_GQL_VALIDATION: the document does not parse, validate, or fit its variables.
  if (error.code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(error.errors)) return (error.errors as Error[]).map(documentFailure);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body', message: v.message ?? 'Invalid value' }));
    const params = { part: 'request', path: details[0].path, message: details[0].message };
    return [{ status: 400, entry: { message: serverErrorText('request.invalid', params), extensions: { code: 'BAD_REQUEST', details, error_code: 'request.invalid', params } } }];
  }
  if (error instanceof HttpError || isDatabaseUnavailable(error) || clientDatabaseError(error)) return [causeFailure(error, log)];
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    log.error({ err: error }, 'GraphQL request failed');
    return [INTERNAL];
  }
  const code = status === 400 ? 'BAD_REQUEST' : codeOfStatus(status);
  const known = FRAMEWORK_CODES[error.code];
  return [{ status, entry: { message: known ? serverErrorText(known) : error.message, extensions: { code, ...(known ? { error_code: known } : {}) } } }];
}

/** The scope's error handler: every failure of POST /graphql in GraphQL's shape. */
export function graphqlErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failures = requestFailures(error, request.log);
  if (failures.some((f) => f.status === 503)) void reply.header('Retry-After', '5');
  return reply.status(Math.max(...failures.map((f) => f.status))).send({ data: null, errors: failures.map((f) => f.entry) });
}
