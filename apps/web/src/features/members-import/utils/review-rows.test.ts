import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '@golf/contract/api/members';
import { mappingComplete, reviewRows, toColumnMapping, withServerIssues } from './review-rows';

const upload: Pick<UploadResponse, 'sample' | 'columns'> = {
  columns: ['Medlemsnummer', 'E-mail', 'Fornavn', 'Note'].map((header, index) => ({ index, header })),
  sample: [
    { row: 2, cells: ['1234-5678', ' Ane@Example.DK ', 'Ane', 'x'] },
    { row: 3, cells: ['1234-567', 'not-an-email', 'Bo', ''] },
    { row: 4, cells: ['2345-6789', 'ane@example.dk', 'Ane B', ''] },
  ],
};
const mapping = { union_number: 0, email: 1, first_name: 2, last_name: null, phone: null, extra: [3] };

describe('the review of the first rows', () => {
  it('takes the mapped columns, normalised as the server stores them', () => {
    const [first] = reviewRows(upload, mapping);
    expect(first).toEqual({
      row: 2,
      values: { union_number: '1234-5678', email: 'ane@example.dk', first_name: 'Ane', last_name: '', phone: '' },
      issues: {},
    });
  });

  it('marks the fields that fail the rules of §5', () => {
    const rows = reviewRows(upload, mapping);
    expect(rows[1].issues).toEqual({
      union_number: { code: 'union_number', value: '1234-567' },
      email: { code: 'email', value: 'not-an-email' },
    });
  });

  it('adds what only the server knows, such as a repeated email', () => {
    const rows = withServerIssues(reviewRows(upload, mapping), [
      { row: 4, field: 'email', code: 'duplicate_email', value: 'ane@example.dk', message: 'Email ane@example.dk is already used in row 2' },
    ]);
    expect(rows[2].issues).toEqual({ email: { code: 'duplicate_email', value: 'ane@example.dk' } });
    expect(rows[0].issues).toEqual({});
  });

  it('needs a column for union number and email before the import', () => {
    expect(mappingComplete(mapping)).toBe(true);
    expect(mappingComplete({ ...mapping, email: null })).toBe(false);
    expect(() => toColumnMapping({ ...mapping, union_number: null })).toThrow();
    expect(toColumnMapping(mapping)).toEqual(mapping);
  });
});
