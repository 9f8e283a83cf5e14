import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  csvSafeCell,
  FAILED_TO_SEND_MAILS,
  INVITATION_THROTTLE_MS,
  MEMBERS_IMPORT_LIMITS,
  mappedMemberRow,
  recentlyMailed,
  validateMemberRow,
  type DuplicateRow,
  type ImportBody,
  type ImportIssue,
  type ImportResult,
  type Member,
  type MemberFilter,
  type MembersQuery,
  type MembersResponse,
  type MemberRowValues,
  type SkipReason,
  type UploadResponse,
} from '@golf/contract/api/members';
import { clubMembers, clubs, importUploads } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { countryLanguage, memberInvitationMail } from '../../platform/mail-templates';
import type { FileStorage } from '../../platform/storage';
import { taskRunner } from '../../platform/worker-tasks';
import { suggestMapping } from './mapping';
import type { ParsedUpload, SheetRow } from './parse';
import { storedHeaders, storedRows } from './stored-rows';

/** Uploads not imported within this time are deleted. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** Rows per INSERT statement of an import. */
export const IMPORT_BATCH_ROWS = 2000;

export const UPLOAD_NOT_FOUND = 'This upload was not found or has expired. Choose the file again.';

/** Longest time reading one uploaded file may take. */
export const PARSE_TIMEOUT_MS = 60_000;

const sheetReader = taskRunner<{ data: Uint8Array; fileName: string }, ParsedUpload>({
  entry: 'sheet-worker',
  from: import.meta.url,
  timeoutMs: PARSE_TIMEOUT_MS,
  // Beside this, a worker holds the file, its unpacked pieces and the stored rows as buffers.
  maxHeapMb: 256,
  maxWorkers: 2,
  timeoutMessage: `The file took more than ${PARSE_TIMEOUT_MS / 1000} seconds to read. Split it into smaller files.`,
  memoryMessage: 'The file needs more memory to read than an upload may use. Split it into smaller files.',
});

/**
 * Reads an uploaded members file in a worker thread (parse.ts: parseUpload): the event loop stays
 * free, and a file that takes too long or too much memory stops its worker, not the server.
 */
export async function readUploadedSheet(data: Buffer, fileName: string): Promise<ParsedUpload> {
  const parsed = await sheetReader.run({ data, fileName });
  const stored = parsed.stored as Uint8Array;
  return { ...parsed, stored: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) };
}

/**
 * Beside the original file an upload keeps the rows already read (stored-rows.ts), so an import
 * reads no spreadsheet.
 */
const folder = (clubId: number) => `private/member-imports/${clubId}`;
const parsedKey = (fileKey: string) => fileKey.replace(/\.[a-z0-9]+$/, '-rows.json');

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * POST clubs/{clubId}/members/uploads: reads the file (so a file that cannot be imported is
 * refused at once), keeps it and the rows read from it in the private storage, and answers the
 * columns, the first rows and a suggested column mapping.
 */
export async function createUpload(
  deps: { db: Db; storage: FileStorage },
  input: { clubId: number; userId: number; fileName: string; data: Buffer },
): Promise<UploadResponse> {
  await purgeExpiredUploads(deps);
  const { sheet, sample, stored } = await readUploadedSheet(input.data, input.fileName);
  const id = randomUUID();
  const ext = sheet.format;
  const fileKey = `${folder(input.clubId)}/${id}.${ext}`;
  await deps.storage.put(fileKey, input.data, ext === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv');
  await deps.storage.put(parsedKey(fileKey), stored, 'application/json');
  const fileName = input.fileName.replace(/[\\/]/g, '_').slice(0, 255) || `members.${ext}`;
  await deps.db.insert(importUploads).values({ id, clubId: input.clubId, userId: input.userId, fileKey, fileName });
  return {
    upload_id: id,
    file_name: fileName,
    format: sheet.format,
    encoding: sheet.encoding,
    delimiter: sheet.delimiter,
    columns: sheet.headers.map((header, index) => ({ index, header })),
    sample: sample.map((r) => ({ row: r.row, cells: fit(r.cells, sheet.headers.length) })),
    row_count: sheet.rowCount,
    suggested_mapping: suggestMapping(sheet.headers),
  };
}

function fit(cells: string[], width: number): string[] {
  return Array.from({ length: width }, (_, i) => (cells[i] ?? '').slice(0, MEMBERS_IMPORT_LIMITS.maxCellLength));
}

/** Deletes uploads older than a day, with their files. */
export async function purgeExpiredUploads(deps: { db: DbOrTx; storage: FileStorage }): Promise<number> {
  const expired = await deps.db
    .delete(importUploads)
    .where(lt(importUploads.createdAt, new Date(Date.now() - UPLOAD_TTL_MS)))
    .returning({ fileKey: importUploads.fileKey });
  for (const { fileKey } of expired) await deleteFiles(deps.storage, fileKey);
  return expired.length;
}

async function deleteFiles(storage: FileStorage, fileKey: string): Promise<void> {
  await storage.delete(fileKey);
  await storage.delete(parsedKey(fileKey));
}

export interface PreparedRow extends MemberRowValues {
  row: number;
}

/**
 * Checks rows one by one (§5) and drops repeated ones: a row equal to an earlier one with the same
 * union number is a duplicate; the same union number with other data, or the same email under
 * another union number, fails. Keeps only what it needs to recognise repeats, and at most
 * `maxIssues` issues (the counts cover all).
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
  if (!upload || upload.createdAt.getTime() < Date.now() - UPLOAD_TTL_MS) throw notFound(UPLOAD_NOT_FOUND);
  const stored = await readAll(deps.storage, parsedKey(upload.fileKey));
  if (!stored) throw notFound(UPLOAD_NOT_FOUND);
  const text = stored.toString('utf8');
  const headers = storedHeaders(text);
  const mapped = [body.mapping.union_number, body.mapping.email, body.mapping.first_name, body.mapping.last_name, body.mapping.phone];
  if (mapped.some((i) => i !== null && i !== undefined && i >= headers.length)) {
    throw badRequest(`The file has ${headers.length} columns; choose columns that exist`);
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

const STATUS_OF_FILTER: Record<Exclude<MemberFilter, 'all'>, string> = { members: 'member', invited: 'invited', banned: 'banned' };

function searchCondition(search: string): SQL | undefined {
  const terms = search
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (terms.length === 0) return undefined;
  const parts = terms.map((term) => {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${clubMembers.unionNumber} ilike ${like} or ${clubMembers.email} ilike ${like} or ${clubMembers.firstName} ilike ${like}
      or ${clubMembers.lastName} ilike ${like} or (${clubMembers.firstName} || ' ' || ${clubMembers.lastName}) ilike ${like})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

function toMember(row: typeof clubMembers.$inferSelect, now: number): Member {
  const invitedAt = row.lastInvitedAt;
  return {
    id: row.id,
    union_number: row.unionNumber,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    details: (row.details ?? {}) as Record<string, string>,
    status: row.status as Member['status'],
    last_invited_at: invitedAt ? invitedAt.toISOString() : null,
    recently_mailed: recentlyMailed(invitedAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

function listConditions(clubId: number, query: { filter: MemberFilter; search: string }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(clubMembers.clubId, clubId), searchCondition(query.search)];
  if (query.filter !== 'all') conditions.push(eq(clubMembers.status, STATUS_OF_FILTER[query.filter]));
  return and(...conditions);
}

/** GET clubs/{clubId}/members: one page of the club's imported members, filtered and searched. */
export async function listMembers(db: DbOrTx, clubId: number, query: z.output<typeof MembersQuery>): Promise<MembersResponse> {
  const where = listConditions(clubId, query);
  const items = await db
    .select()
    .from(clubMembers)
    .where(where)
    .orderBy(sql`lower(${clubMembers.lastName})`, sql`lower(${clubMembers.firstName})`, clubMembers.id)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [counts] = (
    await db.execute<{ all: number; members: number; invited: number; banned: number; total: number }>(sql`
      select count(*)::int as all,
        count(*) filter (where status = 'member')::int as members,
        count(*) filter (where status = 'invited')::int as invited,
        count(*) filter (where status = 'banned')::int as banned,
        count(*) filter (where ${where ?? sql`true`})::int as total
      from club_members where club_id = ${clubId}`)
  ).rows;
  const now = Date.now();
  return {
    items: items.map((row) => toMember(row, now)),
    total: counts.total,
    counts: { all: counts.all, members: counts.members, invited: counts.invited, banned: counts.banned },
  };
}

/** The member list as CSV (semicolon-separated, UTF-8 with BOM for spreadsheet programs). */
export async function exportMembersCsv(db: DbOrTx, clubId: number, query: { filter: MemberFilter; search: string }): Promise<string> {
  const rows = await db
    .select()
    .from(clubMembers)
    .where(listConditions(clubId, query))
    .orderBy(sql`lower(${clubMembers.lastName})`, sql`lower(${clubMembers.firstName})`, clubMembers.id);
  const extraHeaders = [...new Set(rows.flatMap((r) => Object.keys((r.details ?? {}) as Record<string, string>)))];
  const quote = (value: string) => {
    const safe = csvSafeCell(value);
    return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['Union number', 'Email', 'First name', 'Last name', 'Phone', 'Status', 'Last invited', ...extraHeaders].map(quote).join(';')];
  for (const r of rows) {
    const details = (r.details ?? {}) as Record<string, string>;
    lines.push(
      [r.unionNumber, r.email, r.firstName, r.lastName, r.phone, r.status, r.lastInvitedAt?.toISOString() ?? '', ...extraHeaders.map((h) => details[h] ?? '')]
        .map(quote)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- invitations, removal, ban

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string;
  union_number: string;
  old_status: string;
  old_invited_at: Date | null;
}

/**
 * POST clubs/{clubId}/members/invitations: mails the chosen members who have not joined and were
 * not mailed in the last 24 hours (§5, §9). The rows are claimed first (status 'invited', mailed
 * now) so two requests never mail the same member twice; a mail that fails is put back.
 */
export async function inviteMembers(
  deps: { db: Db; mailer: Mailer; log: (err: unknown) => void },
  clubId: number,
  ids: number[],
): Promise<{ sent: number; skipped: { id: number; reason: SkipReason }[] }> {
  const unique = [...new Set(ids)];
  const [club] = await deps.db.select({ name: clubs.name, countryCode: clubs.countryCode }).from(clubs).where(eq(clubs.id, clubId));
  const throttle = new Date(Date.now() - INVITATION_THROTTLE_MS);
  const claimed = (
    await deps.db.execute<ClaimedRow>(sql`
      -- the members invitationRefusal (contract) answers null for: not joined, not banned, not recently mailed
      with target as (
        select id, status as old_status, last_invited_at as old_invited_at from club_members
        where club_id = ${clubId} and id = any(${sql.param(unique)}::int[])
          and status in ('imported', 'invited') and (last_invited_at is null or last_invited_at <= ${throttle})
        for update)
      update club_members m set status = 'invited', last_invited_at = now(), updated_at = now()
      from target where m.id = target.id
      returning m.id, m.email, m.first_name, m.union_number, target.old_status, target.old_invited_at`)
  ).rows;
  const claimedIds = new Set(claimed.map((r) => r.id));
  const others = unique.filter((id) => !claimedIds.has(id));
  const skipped: { id: number; reason: SkipReason }[] = [];
  if (others.length) {
    const rows = await deps.db
      .select({ id: clubMembers.id, status: clubMembers.status })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.id, others)));
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of others) {
      const s = status.get(id);
      skipped.push({ id, reason: s === undefined ? 'not_found' : s === 'member' ? 'joined' : s === 'banned' ? 'banned' : 'recently_mailed' });
    }
  }
  let sent = 0;
  // Members have no language of their own: they get the language of the club's country (dk: Danish,
  // se: Swedish), else English. A claimed member means the club exists (club_members.club_id).
  const language = countryLanguage(club?.countryCode);
  for (const member of claimed) {
    try {
      const mail = memberInvitationMail(language, {
        name: member.first_name || member.email,
        club: club?.name ?? '',
        email: member.email,
        unionNumber: member.union_number,
      });
      await deps.mailer.send({ to: member.email, ...mail });
      sent++;
    } catch (err) {
      deps.log(err);
      skipped.push({ id: member.id, reason: 'mail_failed' });
      await deps.db
        .update(clubMembers)
        .set({ status: member.old_status, lastInvitedAt: member.old_invited_at ? new Date(member.old_invited_at) : null })
        .where(eq(clubMembers.id, member.id));
    }
  }
  if (claimed.length > 0 && sent === 0) throw new HttpError(502, FAILED_TO_SEND_MAILS);
  return { sent, skipped };
}

/** POST clubs/{clubId}/members/removals. */
export async function removeMembers(db: DbOrTx, clubId: number, ids: number[]): Promise<number> {
  const removed = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.id, [...new Set(ids)])))
    .returning({ id: clubMembers.id });
  return removed.length;
}

/** PUT clubs/{clubId}/members/{id}: ban, or lift a ban (back to 'member' when they had joined). */
export async function setMemberStatus(db: DbOrTx, clubId: number, id: number, status: 'banned' | 'imported'): Promise<Member> {
  const next = status === 'banned' ? sql`'banned'` : sql`case when ${clubMembers.userId} is not null then 'member' else 'imported' end`;
  const [row] = await db
    .update(clubMembers)
    .set({ status: next, updatedAt: new Date() })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.id, id)))
    .returning();
  if (!row) throw notFound('Member not found');
  return toMember(row, Date.now());
}
