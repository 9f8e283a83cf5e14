import { describe, expect, it } from 'vitest';
import { jobListQuery } from '../api/get-jobs';
import { filterFromParams, paramsOfFilter } from './job-filter';

describe('the jobs screen’s filter in the address', () => {
  it('reads kind, state, club and the periodic switch, and writes them back', () => {
    const filter = filterFromParams(new URLSearchParams('kind=guide.pdf&state=failed&club=2&periodic=1'));
    expect(filter).toEqual({ kind: 'guide.pdf', state: 'failed', clubId: 2, periodic: true });
    expect(paramsOfFilter(filter).toString()).toBe('kind=guide.pdf&state=failed&club=2&periodic=1');
    expect(jobListQuery(filter)).toBe('limit=200&clubId=2&kind=guide.pdf&state=failed&periodic=true');
  });

  it('reads a value the server would refuse as no filter', () => {
    expect(filterFromParams(new URLSearchParams('kind=Not+a+kind&state=broken&club=0&periodic=yes'))).toEqual({ kind: null, state: null, clubId: null, periodic: false });
    expect(filterFromParams(new URLSearchParams('club=99999999999'))).toMatchObject({ clubId: null });
    expect(paramsOfFilter({ kind: null, state: null, clubId: null, periodic: false }).toString()).toBe('');
    expect(jobListQuery({ kind: null, state: null, clubId: null, periodic: false })).toBe('limit=200');
  });
});
