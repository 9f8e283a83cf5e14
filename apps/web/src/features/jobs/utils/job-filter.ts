import { JobKind, JobState } from '@golf/contract/api/jobs';
import type { JobFilter } from '../api/get-jobs';

/**
 * The jobs screen's filter as kept in the address (`?kind=guide.pdf&state=failed&club=2&periodic=1`),
 * so a reload or the queue screen's link opens the same list. A value the contract would refuse
 * reads as no filter.
 */
export function filterFromParams(params: URLSearchParams): JobFilter {
  const kind = JobKind.safeParse(params.get('kind') ?? undefined);
  const state = JobState.safeParse(params.get('state') ?? undefined);
  const club = params.get('club');
  const clubId = club !== null && /^[1-9][0-9]{0,9}$/.test(club) && Number(club) <= 2_147_483_647 ? Number(club) : null;
  return {
    kind: kind.success ? kind.data : null,
    state: state.success ? state.data : null,
    clubId,
    periodic: params.get('periodic') === '1',
  };
}

export function paramsOfFilter(filter: JobFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.kind !== null) params.set('kind', filter.kind);
  if (filter.state !== null) params.set('state', filter.state);
  if (filter.clubId !== null) params.set('club', String(filter.clubId));
  if (filter.periodic) params.set('periodic', '1');
  return params;
}
