import {
  MEMBER_FIELDS,
  normalizeMemberRow,
  validateMemberRow,
  type ColumnMapping,
  type ImportIssue,
  type IssueCode,
  type MemberField,
  type SuggestedMapping,
  type UploadResponse,
} from '@golf/contract/api/members';

/** The column chosen for each field; null for none. */
export type Mapping = SuggestedMapping;

export interface ReviewRow {
  row: number;
  values: Record<MemberField, string>;
  /** Problems by field: translation key and its values. */
  issues: Partial<Record<MemberField | 'details', { code: IssueCode; value: string }>>;
}

/** The sample rows with the mapped fields, checked with the rules the server uses (§5). */
export function reviewRows(upload: Pick<UploadResponse, 'sample' | 'columns'>, mapping: Mapping): ReviewRow[] {
  const cell = (cells: string[], index: number | null) => (index === null ? '' : (cells[index] ?? ''));
  return upload.sample.map(({ row, cells }) => {
    const details: Record<string, string> = {};
    for (const i of mapping.extra) if (cells[i]?.trim()) details[upload.columns[i]?.header ?? String(i)] = cells[i].trim();
    const values = normalizeMemberRow({
      union_number: cell(cells, mapping.union_number),
      email: cell(cells, mapping.email),
      first_name: cell(cells, mapping.first_name),
      last_name: cell(cells, mapping.last_name),
      phone: cell(cells, mapping.phone),
      details,
    });
    const issues: ReviewRow['issues'] = {};
    for (const issue of validateMemberRow(values)) issues[issue.field] ??= { code: issue.code, value: issue.value };
    const { details: _details, ...fields } = values;
    return { row, values: fields, issues };
  });
}

/** Server issues merged into the sample rows (duplicates are only known to the server). */
export function withServerIssues(rows: ReviewRow[], issues: readonly ImportIssue[]): ReviewRow[] {
  const byRow = new Map<number, ImportIssue[]>();
  for (const issue of issues) byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), issue]);
  return rows.map((r) => {
    const extra = byRow.get(r.row);
    if (!extra) return r;
    const merged = { ...r.issues };
    for (const issue of extra) {
      const field = (MEMBER_FIELDS as readonly string[]).includes(issue.field) ? (issue.field as MemberField) : 'details';
      merged[field] ??= { code: issue.code, value: issue.value };
    }
    return { ...r, issues: merged };
  });
}

/** The translation key of an issue code. */
export const issueKey = (code: IssueCode) => `membersImport.issues.${code}`;

/** A mapping is complete when union number and email have a column. */
export function mappingComplete(mapping: Mapping): boolean {
  return mapping.union_number !== null && mapping.email !== null;
}

/** The mapping as the import call takes it; only for a complete mapping. */
export function toColumnMapping(mapping: Mapping): ColumnMapping {
  if (mapping.union_number === null || mapping.email === null) throw new Error('Union number and email need a column');
  return { ...mapping, union_number: mapping.union_number, email: mapping.email };
}
