import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { ClubHandleTarget } from '@golf/contract/api/management';
import { ErrorState } from '../../components/ui/error-state';
import { Splash } from '../../components/ui/splash';
import { api, isApiError } from '../../lib/api-client';
import { NotFound } from './not-found';
import { useTitleInPlace } from './root-layout';

/** A first path segment that may be a club's handle (issue 27): URL-safe, with a letter (digits alone are a club id). */
export function looksLikeHandle(segment: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,62}$/i.test(segment) && /[a-z]/i.test(segment);
}

/** The same address with the club's id in place of its handle: /{handle}/rest?query#hash → /{clubId}/rest?query#hash. */
export function clubAddress(pathname: string, search: string, hash: string, clubId: number): string {
  const rest = pathname.replace(/^\/[^/]*/, '');
  return `/${clubId}${rest === '' ? '/home' : rest}${search}${hash}`;
}

/**
 * /{handle}/… (issue 27): a club's handle, current or former, in place of its id leads to the same
 * screen of the club (the address is replaced, so Back does not return to the handle). A handle no
 * club has, or one of a club the user may not open, is the usual "not found".
 */
export function HandleRedirect({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const target = useQuery({
    queryKey: ['management', 'club-handles', handle.toLowerCase()],
    queryFn: ({ signal }) => api.get<ClubHandleTarget>(`club-handles/${encodeURIComponent(handle.toLowerCase())}`, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
  // Until the club is known the path is no screen's: the title says it is loading, not "unknown".
  useTitleInPlace(target.isPending ? t('common.loading') : null);
  if (target.isPending) return <Splash label={t('common.loading')} />;
  if (target.isError) {
    if (isApiError(target.error) && (target.error.status === 404 || target.error.status === 403 || target.error.status === 400)) return <NotFound />;
    return (
      <Splash busy={false}>
        <Box sx={{ maxWidth: 480, width: '100%', textAlign: 'left' }}>
          <ErrorState error={target.error} onRetry={() => void target.refetch()} />
        </Box>
      </Splash>
    );
  }
  return <Navigate replace to={clubAddress(location.pathname, location.search, location.hash, target.data.club_id)} />;
}
