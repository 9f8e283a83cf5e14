import { z } from 'zod';
import { IdParam, IntParam, PositiveInt32, Text } from './common';

/**
 * Limits of a members import (file size, rows, columns, cell length). An XLSX file is a ZIP
 * archive: what it may unpack to is capped too, checked while it is unpacked (a 20 MB file of
 * 100,000 plain rows unpacks to about 60 MB; a zip bomb to gigabytes).
 */
export const MEMBERS_IMPORT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  /** Columns read; a value further right is refused with its row and column. */
  maxColumns: 100,
  /** Parts (ZIP entries) of an XLSX file. */
  maxXlsxParts: 1000,
  /** Unpacked bytes of one part of an XLSX file, and of all parts together. */
  maxXlsxPartBytes: 200 * 1024 * 1024,
  maxXlsxUnpackedBytes: 300 * 1024 * 1024,
  /** Different texts (shared strings) of an XLSX file, and the bytes they unpack to. */
  maxXlsxTexts: 1_000_000,
  maxXlsxTextsBytes: 64 * 1024 * 1024,
  /** Characters of all cells read (kept for the import): cells of an XLSX file may repeat one long text. */
  maxTextLength: 64_000_000,
  /** Any cell; longer cells make their row fail. */
  maxCellLength: 1000,
  maxHeaderLength: 200,
  sampleRows: 20,
  /** Issues listed in one answer; the counts cover all of them. */
  maxIssues: 1000,
} as const;

export const FIELD_MAX_LENGTH = { union_number: 9, email: 254, first_name: 100, last_name: 100, phone: 40 } as const;

/** A member's union number looks like 1234-5678 (§5). */
export const UNION_NUMBER_PATTERN = /^\d{4}-\d{4}$/;

export const MEMBER_FIELDS = ['union_number', 'email', 'first_name', 'last_name', 'phone'] as const;

/** The fields every imported row needs, so the fields a column mapping must give a column (§5). */
export const REQUIRED_MEMBER_FIELDS = ['union_number', 'email'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

export const MEMBER_STATUSES = ['imported', 'invited', 'member', 'banned'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_FILTERS = ['all', 'members', 'invited', 'banned'] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

/** Invitation mail throttle (§9): a member mailed this recently is flagged and not mailed again. */
export const INVITATION_THROTTLE_MS = 24 * 60 * 60_000;

export const ISSUE_CODES = ['required', 'union_number', 'email', 'too_long', 'duplicate_union_number', 'duplicate_email'] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** One row's values, already taken from the mapped columns. */
export interface MemberRowValues {
  union_number: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  /** Extra columns: header to cell text. */
  details: Record<string, string>;
}

export interface RowIssue {
  field: MemberField | 'details';
  code: IssueCode;
  message: string;
  value: string;
}

const FIELD_LABELS: Record<MemberField | 'details', string> = {
  union_number: 'Union ID',
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  phone: 'Phone',
  details: 'Extra column',
};

/** zod's email rule, used as a plain pattern: it runs for every row of large files. */
const EMAIL_PATTERN = z.regexes.email;

/** Trims the cells, lowercases the email; what is stored and what is checked. */
export function normalizeMemberRow(values: MemberRowValues): MemberRowValues {
  return {
    union_number: values.union_number.trim(),
    email: values.email.trim().toLowerCase(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone.trim(),
    details: values.details,
  };
}

/**
 * The validation of §5 for one normalized row: union number like 1234-5678, a valid email, and
 * the length caps. Server and web use the same rules and messages.
 */
export function validateMemberRow(row: MemberRowValues): RowIssue[] {
  const issues: RowIssue[] = [];
  const tooLong = (field: MemberField | 'details', value: string, max: number) =>
    issues.push({ field, code: 'too_long', value: value.slice(0, 60), message: `${FIELD_LABELS[field]} is too long (at most ${max} characters)` });

  // The required fields (REQUIRED_MEMBER_FIELDS) are missing, else checked for their format.
  const missing = (field: (typeof REQUIRED_MEMBER_FIELDS)[number]) =>
    issues.push({ field, code: 'required', value: '', message: `${FIELD_LABELS[field]} is missing` });
  if (!row.union_number) {
    missing('union_number');
  } else if (!UNION_NUMBER_PATTERN.test(row.union_number)) {
    issues.push({ field: 'union_number', code: 'union_number', value: row.union_number.slice(0, 60), message: 'Invalid Union ID format (e.g. 1234-5678)' });
  }
  if (!row.email) {
    missing('email');
  } else if (row.email.length > FIELD_MAX_LENGTH.email) {
    tooLong('email', row.email, FIELD_MAX_LENGTH.email);
  } else if (!EMAIL_PATTERN.test(row.email)) {
    issues.push({ field: 'email', code: 'email', value: row.email.slice(0, 100), message: `Invalid email format (e.g. ${row.email.slice(0, 100)})` });
  }
  for (const field of ['first_name', 'last_name', 'phone'] as const) {
    if (row[field].length > FIELD_MAX_LENGTH[field]) tooLong(field, row[field], FIELD_MAX_LENGTH[field]);
  }
  for (const value of Object.values(row.details)) {
    if (value.length > MEMBERS_IMPORT_LIMITS.maxCellLength) {
      tooLong('details', value, MEMBERS_IMPORT_LIMITS.maxCellLength);
      break;
    }
  }
  return issues;
}

/**
 * One sheet row as a member row, through a column mapping: the mapped cells (a field without a
 * column is empty), the extra columns as details under their header (empty cells left out),
 * normalized. The server's import and the web's review both read rows with this.
 */
export function mappedMemberRow(
  cells: readonly string[],
  headers: readonly (string | undefined)[],
  mapping: { union_number?: number | null; email?: number | null; first_name?: number | null; last_name?: number | null; phone?: number | null; extra: readonly number[] },
): MemberRowValues {
  const cell = (index: number | null | undefined) => (index === null || index === undefined ? '' : (cells[index] ?? ''));
  const details: Record<string, string> = {};
  for (const i of mapping.extra) {
    if (i >= headers.length) continue;
    const value = (cells[i] ?? '').trim();
    if (value !== '') details[headers[i] ?? String(i)] = value;
  }
  return normalizeMemberRow({
    union_number: cell(mapping.union_number),
    email: cell(mapping.email),
    first_name: cell(mapping.first_name),
    last_name: cell(mapping.last_name),
    phone: cell(mapping.phone),
    details,
  });
}

/** A mapping that gives every required field a column. */
export function mappingComplete(mapping: Partial<Record<MemberField, number | null | undefined>>): boolean {
  return REQUIRED_MEMBER_FIELDS.every((field) => mapping[field] !== null && mapping[field] !== undefined);
}

const ColumnIndex = z.number().int().min(0).max(MEMBERS_IMPORT_LIMITS.maxColumns - 1);

/** Which column holds each field; `extra` columns are kept as member details. */
export const ColumnMapping = z
  .object({
    union_number: ColumnIndex,
    email: ColumnIndex,
    first_name: ColumnIndex.nullable().optional(),
    last_name: ColumnIndex.nullable().optional(),
    phone: ColumnIndex.nullable().optional(),
    extra: z.array(ColumnIndex).max(MEMBERS_IMPORT_LIMITS.maxColumns).default([]),
  })
  .refine(
    (m) => {
      const used = [m.union_number, m.email, m.first_name, m.last_name, m.phone, ...m.extra].filter((v) => v !== null && v !== undefined);
      return new Set(used).size === used.length;
    },
    { message: 'Each column can hold one field only', path: ['extra'] },
  );
export type ColumnMapping = z.input<typeof ColumnMapping>;

export const SuggestedMapping = z.object({
  union_number: z.number().int().nullable(),
  email: z.number().int().nullable(),
  first_name: z.number().int().nullable(),
  last_name: z.number().int().nullable(),
  phone: z.number().int().nullable(),
  extra: z.array(z.number().int()),
});
export type SuggestedMapping = z.infer<typeof SuggestedMapping>;

/** POST clubs/{clubId}/members/uploads answers what the file holds. */
export const UploadResponse = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** CSV only: the text encoding and the separator found. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  columns: z.array(z.object({ index: z.number().int(), header: z.string() })),
  /** The first data rows (cells as text, one per column). */
  sample: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  row_count: z.number().int(),
  suggested_mapping: SuggestedMapping,
});
export type UploadResponse = z.infer<typeof UploadResponse>;

export const CONSENT_REQUIRED = 'Tick "I have consent to upload this data" to import the members';

/** POST clubs/{clubId}/members/imports. `dry_run` checks the rows and writes nothing. */
export const ImportBody = z
  .object({
    upload_id: z.string().regex(/^[0-9a-f-]{36}$/i, 'Unknown upload'),
    mapping: ColumnMapping,
    consent: z.boolean().default(false),
    dry_run: z.boolean().default(false),
  })
  .refine((b) => b.dry_run || b.consent, { message: CONSENT_REQUIRED, path: ['consent'] });
export type ImportBody = z.input<typeof ImportBody>;

export const ImportIssue = z.object({
  /** The row number as the spreadsheet shows it. */
  row: z.number().int(),
  field: z.string(),
  code: z.enum(ISSUE_CODES),
  message: z.string(),
  value: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

export const DuplicateRow = z.object({
  row: z.number().int(),
  /** The earlier row it repeats. */
  first_row: z.number().int(),
  /** 'row': the same member again; 'union_number' / 'email': the same value with other data. */
  field: z.enum(['row', 'union_number', 'email']),
  value: z.string(),
});
export type DuplicateRow = z.infer<typeof DuplicateRow>;

export const ImportResult = z.object({
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  /** New members (in a dry run: rows that would be written). */
  imported: z.number().int(),
  /** Known union numbers whose data changed. */
  updated: z.number().int(),
  /** Known union numbers with the same data. */
  unchanged: z.number().int(),
  /** Rows that could not be imported (invalid, or conflicting with an earlier row). */
  failed: z.number().int(),
  errors: z.array(ImportIssue),
  duplicates: z.array(DuplicateRow),
  /** More issues than listed. */
  truncated: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const Member = z.object({
  id: z.number().int(),
  union_number: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  details: z.record(z.string(), z.string()),
  status: z.enum(MEMBER_STATUSES),
  last_invited_at: z.iso.datetime().nullable(),
  /** Mailed within the last 24 hours (§5): flagged, and not mailed again. */
  recently_mailed: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Member = z.infer<typeof Member>;

/**
 * Why a member gets no invitation (§5, §9), or null when they get one: joined ('member') and
 * banned members never, a member mailed within INVITATION_THROTTLE_MS not again. The server's
 * claim query (modules/members, inviteMembers) selects exactly the members this gives null;
 * a test holds the two together.
 */
export function invitationRefusal(member: Pick<Member, 'status' | 'recently_mailed'>): 'joined' | 'banned' | 'recently_mailed' | null {
  if (member.status === 'member') return 'joined';
  if (member.status === 'banned') return 'banned';
  if (member.recently_mailed) return 'recently_mailed';
  return null;
}

/** Mailed within the last INVITATION_THROTTLE_MS (24 hours): not mailed again yet. */
export function recentlyMailed(lastInvitedAt: Date | string | null, now = Date.now()): boolean {
  if (!lastInvitedAt) return false;
  return now - (lastInvitedAt instanceof Date ? lastInvitedAt.getTime() : Date.parse(lastInvitedAt)) < INVITATION_THROTTLE_MS;
}

export const MembersQuery = z.object({
  filter: z.enum(MEMBER_FILTERS).default('all'),
  search: Text.trim().max(200).default(''),
  page: IntParam(1, 100_000).default(1),
  page_size: IntParam(1, 500).default(50),
});
export type MembersQuery = z.input<typeof MembersQuery>;

export const MembersResponse = z.object({
  items: z.array(Member),
  total: z.number().int(),
  /** Members per filter, for the filter labels. */
  counts: z.object({ all: z.number().int(), members: z.number().int(), invited: z.number().int(), banned: z.number().int() }),
});
export type MembersResponse = z.infer<typeof MembersResponse>;

export const MemberIdsBody = z.object({ ids: z.array(PositiveInt32).min(1).max(5000) });
export type MemberIdsBody = z.input<typeof MemberIdsBody>;

export const SKIP_REASONS = ['joined', 'banned', 'recently_mailed', 'not_found', 'mail_failed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const InvitationsResponse = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(SKIP_REASONS) })),
});
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;

export const RemovalsResponse = z.object({ removed: z.number().int() });

export const MemberStatusBody = z.object({ status: z.enum(['banned', 'imported']) });
export type MemberStatusBody = z.input<typeof MemberStatusBody>;

export const MemberParams = z.object({ clubId: IdParam, id: IdParam });

export const FAILED_TO_SEND_MAILS = 'Failed to send mails';

/**
 * A cell that a spreadsheet program would read as a formula (=, +, -, @, and tab or carriage
 * return at the start) is written with a leading single quote in a CSV export.
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
