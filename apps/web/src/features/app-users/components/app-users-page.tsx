import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { AppUserSummary } from '@golf/contract/api/app-users';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { downloadAppUsersCsv, useAppUsers } from '../api/app-users';
import { appUsersCsvName, PAGE_SIZES } from '../utils/app-users';
import { ErasuresSection } from './erasures-section';

/**
 * /:clubId/admin/events/guide-users — the users of the digital guide's app (issue 26, admins):
 * searched by the app's id on the server, paged, with their clubs, the clubs they follow, their
 * downloads and rounds; the list's CSV export; each opens the user's page. Below, the record of
 * the erasures made on request.
 */
export function AppUsersPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const users = useAppUsers({ search: deferred, page: page + 1, pageSize });
  const items = users.data?.items ?? [];
  const date = (at: string) => new Date(at).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const followed = (u: AppUserSummary) =>
    u.clubs
      .filter((c) => c.following)
      .map((c) => c.name)
      .join(', ') || t('appUsers.noneFollowed');

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAppUsersCsv(deferred, appUsersCsvName(new Date()));
    } catch (error) {
      snackbar.error(t('appUsers.exportFailed'), errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography color="text.secondary">{t('appUsers.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          label={t('appUsers.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flex: '1 1 240px', maxWidth: { md: 420 } }}
          slotProps={{
            htmlInput: { maxLength: 64, spellCheck: false, autoCapitalize: 'off' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting || !users.data || users.data.total === 0} sx={{ ml: { md: 'auto' } }}>
          {t('appUsers.exportCsv')}
        </Button>
      </Box>

      <ListStates
        query={users}
        errorTitle={t('appUsers.loadFailed')}
        loadingRows={6}
        empty={
          users.data?.total === 0 ? <EmptyState title={deferred ? t('appUsers.noMatch', { query: deferred }) : t('appUsers.empty')} /> : null
        }
      >
        {() => (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('appUsers.count', { count: users.data?.total ?? 0 })}
            </Typography>
            <Paper variant="outlined" sx={{ minWidth: 0, opacity: users.isPlaceholderData ? 0.6 : 1 }}>
              {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it. */}
              <TableContainer tabIndex={0} role="region" aria-label={t('appUsers.listLabel')}>
                <Table size="small" aria-label={t('appUsers.listLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('appUsers.columns.appId')}</TableCell>
                      <TableCell>{t('appUsers.columns.clubs')}</TableCell>
                      <TableCell>{t('appUsers.columns.following')}</TableCell>
                      <TableCell align="right">{t('appUsers.columns.downloads')}</TableCell>
                      <TableCell align="right">{t('appUsers.columns.rounds')}</TableCell>
                      <TableCell>{t('appUsers.columns.lastSeen')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((u) => (
                      <TableRow key={u.app_id} hover>
                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 140 }}>
                          <Link component={RouterLink} to={screenHref('appUser', clubId, { userId: u.app_id })} aria-label={t('appUsers.open', { appId: u.app_id })}>
                            {u.app_id}
                          </Link>
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>{u.clubs.map((c) => c.name).join(', ')}</TableCell>
                        <TableCell sx={{ minWidth: 120 }}>{followed(u)}</TableCell>
                        <TableCell align="right">{u.downloads}</TableCell>
                        <TableCell align="right">{u.rounds}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(u.last_seen)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={users.data?.total ?? 0}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onRowsPerPageChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={t('appUsers.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) => t('appUsers.displayedRows', { from, to, count })}
                getItemAriaLabel={(type) => t(`appUsers.page.${type}`)}
              />
            </Paper>
          </>
        )}
      </ListStates>

      <ErasuresSection />
    </Box>
  );
}
