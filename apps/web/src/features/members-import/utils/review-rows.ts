import {
  MEMBER_FIELDS,
  mappedMemberRow,
  mappingComplete as requiredFieldsMapped,
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

/** The sample rows with the mapped fields, checked with the rules the server uses (a union number like 1234-5678, a valid email; §5). */
export function reviewRows(upload: Pick<UploadResponse, 'sample' | 'columns'>, mapping: Mapping): ReviewRow[] {
  const headers = upload.columns.map((c) => c.header);
  return upload.sample.map(({ row, cells }) => {
    const values = mappedMemberRow(cells, headers, mapping);
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

/** A mapping is complete when every required field (union number, email) has a column. */
export function mappingComplete(mapping: Mapping): boolean {
  return requiredFieldsMapped(mapping);
}

/** The mapping as the import call takes it; only for a complete mapping. */
export function toColumnMapping(mapping: Mapping): ColumnMapping {
  if (mapping.union_number === null || mapping.email === null) throw new Error('Union number and email need a column');
  return { ...mapping, union_number: mapping.union_number, email: mapping.email };
}
