import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { clientDatabaseError, HttpError, isForeignKeyViolation, sqlState } from './errors';

/** An error as node-postgres raises it for a server's ErrorResponse. */
function pgError(code: string, detail?: string): Error {
  const e = Object.assign(new pg.DatabaseError('server said no', 100, 'error'), { code, severity: 'ERROR', detail });
  return e;
}

/** drizzle wraps the driver's error: DrizzleQueryError('Failed query: …', { cause }). */
function wrapped(cause: Error): Error {
  return new Error('Failed query: insert into "clubs" …', { cause });
}

describe('database errors that are the client\'s fault', () => {
  it('reads the SQLSTATE from the error or from the cause drizzle wraps it in', () => {
    expect(sqlState(pgError('22003'))).toBe('22003');
    expect(sqlState(wrapped(pgError('22021')))).toBe('22021');
    expect(sqlState(wrapped(wrapped(pgError('23505'))))).toBe('23505');
    // Node's own errors have codes too, but no severity: they are no database answer.
    expect(sqlState(Object.assign(new Error('broken pipe'), { code: 'EPIPE' }))).toBeNull();
    expect(sqlState(new Error('plain'))).toBeNull();
    expect(sqlState(null)).toBeNull();
    expect(sqlState('22003')).toBeNull();
  });

  it.each([
    ['22003', 400, 'A number is out of range'],
    ['22021', 400, 'Text contains a character that cannot be stored'],
    ['22P05', 400, 'Text contains a character that cannot be stored'],
    ['22001', 400, 'Text is too long'],
    ['22P02', 400, 'A value has the wrong format'],
    ['22007', 400, 'A date or time is not valid'],
    ['22008', 400, 'A date or time is out of range'],
    ['22012', 400, 'A value in the request cannot be stored'],
    ['23505', 409, 'Something with this value exists already'],
    ['23502', 400, 'A required value is missing'],
    ['23514', 400, 'A value is not allowed'],
    ['23P01', 409, 'This conflicts with something stored already'],
    ['23001', 409, 'This is still in use and cannot be removed'],
    ['23000', 400, 'The request breaks a rule of the stored data'],
  ])('answers SQLSTATE %s with %i "%s", wrapped or not', (code, status, message) => {
    for (const err of [pgError(code), wrapped(pgError(code))]) {
      const answer = clientDatabaseError(err);
      expect(answer).toBeInstanceOf(HttpError);
      expect(answer?.statusCode).toBe(status);
      expect(answer?.message).toBe(message);
    }
  });

  it('tells a foreign-key violation, however deep the driver wrapped it, from any other error', () => {
    expect(isForeignKeyViolation(pgError('23503'))).toBe(true);
    expect(isForeignKeyViolation(wrapped(wrapped(pgError('23503'))))).toBe(true);
    expect(isForeignKeyViolation(wrapped(pgError('23505')))).toBe(false);
    expect(isForeignKeyViolation(Object.assign(new Error('not from the database'), { code: '23503' }))).toBe(false);
    expect(isForeignKeyViolation(null)).toBe(false);
  });

  it('tells a reference to a missing row (400) from a row that is still referenced (409)', () => {
    const missing = pgError('23503', 'Key (region_id)=(99) is not present in table "regions".');
    const inUse = pgError('23503', 'Key (id)=(1) is still referenced from table "club_regions".');
    expect(clientDatabaseError(wrapped(missing))).toMatchObject({ statusCode: 400, message: 'The request refers to something that does not exist' });
    expect(clientDatabaseError(wrapped(inUse))).toMatchObject({ statusCode: 409, message: 'This is still in use and cannot be removed' });
    expect(clientDatabaseError(pgError('23503'))).toMatchObject({ statusCode: 400 });
  });

  it('leaves every other error to be a logged 500: server faults are not hidden', () => {
    for (const code of ['42P01', '42703', '40001', '40P01', '53300', '57P01', '08006', 'XX000', '54000', '25P02']) {
      expect(clientDatabaseError(pgError(code)), code).toBeNull();
      expect(clientDatabaseError(wrapped(pgError(code))), code).toBeNull();
    }
    expect(clientDatabaseError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(clientDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeNull();
  });
});
