/** Members import, step 2: the rows are checked (union number, email; §5) and written in batches, in one transaction. */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MEMBERS_IMPORT_LIMITS,
  mappedMemberRow,
  validateMemberRow,
  type DuplicateRow,
  type ImportBody,
  type ImportIssue,
  type ImportResult,
  type MemberRowValues,
} from '@golf/contract/api/members';
import { importUploads } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import type { SheetRow } from './parse';
import { storedHeaders, storedRows } from './stored-rows';
import { deleteFiles, parsedKey, readAll, UPLOAD_TTL_MS } from './upload-service';

/** Rows per INSERT statement of an import. */
export const IMPORT_BATCH_ROWS = 2000;

export interface PreparedRow extends MemberRowValues {
  row: number;
}

/**
 * Checks rows one by one (a union number like 1234-5678, a valid email; §5) and drops repeated
 * ones: a row equal to an earlier one with the same union number is a duplicate; the same union
 * number with other data, or the same email under another union number, fails. Keeps only what it
 * needs to recognise repeats, and at most `maxIssues` issues (the counts cover all).
 */
export class RowChecker {
  readonly issues: ImportIssue[] = [];
  readonly duplicates: DuplicateRow[] = [];
  failedRows = 0;
  truncated = false;
  private readonly byUnion = new Map<string, { row: number; key: string }>();
  private readonly byEmail = new Map<string, number>();

  constructor(
    private readonly headers: string[],
    private readonly mapping: z.output<typeof ImportBody>['mapping'],
  ) {}

  private issue(issue: ImportIssue) {
    if (this.issues.length < MEMBERS_IMPORT_LIMITS.maxIssues) this.issues.push(issue);
    else this.truncated = true;
  }

  private duplicate(duplicate: DuplicateRow) {
    if (this.duplicates.length < MEMBERS_IMPORT_LIMITS.maxIssues) this.duplicates.push(duplicate);
    else this.truncated = true;
  }

  /** The row to write, or null when it fails or repeats an earlier one. */
  check({ row, cells }: SheetRow): PreparedRow | null {
    const values = mappedMemberRow(cells, this.headers, this.mapping);
    const rowIssues = validateMemberRow(values);
    if (rowIssues.length) {
      this.failedRows++;
      for (const issue of rowIssues) this.issue({ row, ...issue });
      return null;
    }
    const key = createHash('sha1')
      .update(JSON.stringify([values.email, values.first_name, values.last_name, values.phone, values.details]))
      .digest('base64');
    const sameUnion = this.byUnion.get(values.union_number);
    if (sameUnion) {
      if (sameUnion.key === key) {
        this.duplicate({ row, first_row: sameUnion.row, field: 'row', value: values.union_number });
      } else {
        this.failedRows++;
        this.duplicate({ row, first_row: sameUnion.row, field: 'union_number', value: values.union_number });
        this.issue({
          row,
          field: 'union_number',
          code: 'duplicate_union_number',
          value: values.union_number,
          message: `Union ID ${values.union_number} is already used in row ${sameUnion.row}`,
        });
      }
      return null;
    }
    const sameEmail = this.byEmail.get(values.email);
    if (sameEmail !== undefined) {
      this.failedRows++;
      this.duplicate({ row, first_row: sameEmail, field: 'email', value: values.email });
      this.issue({ row, field: 'email', code: 'duplicate_email', value: values.email, message: `Email ${values.email} is already used in row ${sameEmail}` });
      return null;
    }
    this.byUnion.set(values.union_number, { row, key });
    this.byEmail.set(values.email, row);
    return { row, ...values };
  }
}

/**
 * POST clubs/{clubId}/members/imports: validates every row and, unless it is a dry run, writes
 * the valid ones in one transaction (the union number identifies a member in a club: known ones
 * are updated, so importing a file twice adds nobody twice). The rows stream from the stored
 * upload to the database in batches. On success the upload is deleted.
 */
export async function importMembers(
  deps: { db: Db; storage: FileStorage },
  clubId: number,
  body: z.output<typeof ImportBody>,
): Promise<ImportResult> {
  const [upload] = await deps.db
    .select()
    .from(importUploads)
    .where(and(eq(importUploads.id, body.upload_id.toLowerCase()), eq(importUploads.clubId, clubId)));
  if (!upload || upload.createdAt.getTime() < Date.now() - UPLOAD_TTL_MS) throw notFound('members.uploadNotFound');
  const stored = await readAll(deps.storage, parsedKey(upload.fileKey));
  if (!stored) throw notFound('members.uploadNotFound');
  const text = stored.toString('utf8');
  const headers = storedHeaders(text);
  const mapped = [body.mapping.union_number, body.mapping.email, body.mapping.first_name, body.mapping.last_name, body.mapping.phone];
  if (mapped.some((i) => i !== null && i !== undefined && i >= headers.length)) {
    throw badRequest('members.unknownColumns', { columns: headers.length });
  }
  const checker = new RowChecker(headers, body.mapping);
  let total = 0;
  let valid = 0;
  let inserted = 0;
  let updated = 0;

  if (body.dry_run) {
    const unionNumbers: string[] = [];
    for (const row of storedRows(text)) {
      total++;
      const ok = checker.check(row);
      if (ok) unionNumbers.push(ok.union_number);
    }
    valid = unionNumbers.length;
    updated = await countKnown(deps.db, clubId, unionNumbers);
    inserted = valid - updated;
  } else {
    await deps.db.transaction(async (tx) => {
      let batch: PreparedRow[] = [];
      const flush = async () => {
        const written = await upsertBatch(tx, clubId, batch);
        inserted += written.inserted;
        updated += written.updated;
        batch = [];
      };
      for (const row of storedRows(text)) {
        total++;
        const ok = checker.check(row);
        if (!ok) continue;
        valid++;
        batch.push(ok);
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
      if (batch.length) await flush();
      await tx.delete(importUploads).where(eq(importUploads.id, upload.id));
    });
    await deleteFiles(deps.storage, upload.fileKey);
  }
  return {
    dry_run: body.dry_run,
    total_rows: total,
    imported: inserted,
    updated,
    unchanged: body.dry_run ? 0 : valid - inserted - updated,
    failed: checker.failedRows,
    errors: checker.issues,
    duplicates: checker.duplicates,
    truncated: checker.truncated,
  };
}

async function countKnown(db: DbOrTx, clubId: number, unionNumbers: string[]): Promise<number> {
  let known = 0;
  for (let i = 0; i < unionNumbers.length; i += 10_000) {
    const chunk = unionNumbers.slice(i, i + 10_000);
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from club_members where club_id = ${clubId} and union_number = any(${sql.param(chunk)}::text[])`,
    );
    known += Number(rows.rows[0].n);
  }
  return known;
}

/**
 * One statement per batch: the rows travel as one array per column (so the statement has seven
 * parameters whatever the batch size). Rows whose data did not change are left alone.
 */
async function upsertBatch(tx: DbOrTx, clubId: number, batch: PreparedRow[]): Promise<{ inserted: number; updated: number }> {
  const column = (pick: (r: PreparedRow) => string) => sql.param(batch.map(pick));
  const result = await tx.execute<{ inserted: boolean }>(sql`
    insert into club_members (club_id, union_number, email, first_name, last_name, phone, details)
    select ${clubId}, t.u, t.e, t.f, t.l, t.p, t.d::jsonb
    from unnest(${column((r) => r.union_number)}::text[], ${column((r) => r.email)}::text[], ${column((r) => r.first_name)}::text[],
      ${column((r) => r.last_name)}::text[], ${column((r) => r.phone)}::text[], ${column((r) => JSON.stringify(r.details))}::text[])
      as t(u, e, f, l, p, d)
    on conflict (club_id, union_number) do update set
      email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
      phone = excluded.phone, details = excluded.details, updated_at = now()
    where (club_members.email, club_members.first_name, club_members.last_name, club_members.phone, club_members.details)
      is distinct from (excluded.email, excluded.first_name, excluded.last_name, excluded.phone, excluded.details)
    returning (xmax = 0) as inserted`);
  const inserted = result.rows.filter((r) => r.inserted).length;
  return { inserted, updated: result.rows.length - inserted };
}

// ---------------------------------------------------------------- lists
