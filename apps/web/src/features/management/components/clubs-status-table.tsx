import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { useClubsStatus } from '../api/management';
import { clubsView, type ClubSortKey, type SortDirection } from '../utils/status';

const PAGE_SIZE = 25;
/** The state column gives way on a phone (an inactive club says so under its name). */
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Sortable columns and the direction each starts in (the most failing first, the newest drawing first). */
const FIRST_DIRECTION: Record<ClubSortKey, SortDirection> = { name: 'asc', holes_failing: 'desc', holes_drawn: 'desc', last_drawing_at: 'desc' };

/**
 * Every club the user manages (issue 27: a region owner's clubs, an admin's all) with its mapping
 * counts from the stored status checks; searchable by name or handle, sortable, each leading to
 * its own status screen.
 */
export function ClubsStatusTable({ clubId }: { clubId: number }) {
  const { t, i18n } = useTranslation();
  const clubs = useClubsStatus();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<{ key: ClubSortKey; direction: SortDirection }>({ key: 'holes_failing', direction: 'desc' });
  const [page, setPage] = useState(0);

  const sortBy = (key: ClubSortKey) => {
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: FIRST_DIRECTION[key] }));
    setPage(0);
  };
  const header = (key: ClubSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <TableCell align={align} sortDirection={sort.key === key ? sort.direction : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key ? sort.direction : FIRST_DIRECTION[key]} onClick={() => sortBy(key)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
        {t('management.clubs.intro')}
      </Typography>
      <ListStates
        query={clubs}
        errorTitle={t('management.clubs.loadFailed')}
        loadingRows={6}
        empty={
          clubs.data?.clubs.length === 0 ? (
            <EmptyState title={t('management.clubs.empty')}>
              <Typography variant="body2">{t('management.clubs.emptyHint')}</Typography>
            </EmptyState>
          ) : null
        }
      >
        {() => {
          const all = clubs.data!.clubs;
          const shown = clubsView(all, deferredQuery, sort.key, sort.direction, i18n.language);
          const lastPage = Math.max(0, Math.ceil(shown.length / PAGE_SIZE) - 1);
          const current = Math.min(page, lastPage);
          const rows = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
          const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
          const failingClubs = all.filter((c) => c.holes_failing > 0).length;
          return (
            <>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <TextField
                  type="search"
                  size="small"
                  label={t('management.clubs.search')}
                  value={query}
                  onChange={(e) => {
                    setQuery(e.target.value);
                    setPage(0);
                  }}
                  slotProps={{
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                  sx={{ flex: '1 1 240px', maxWidth: 420 }}
                />
                <Typography variant="body2" color="text.secondary" role="status" data-testid="clubs-count">
                  {t('management.clubs.count', { count: all.length, failing: failingClubs })}
                </Typography>
              </Box>
              {clubs.data!.truncated && <Alert severity="warning">{t('management.clubs.truncated', { count: all.length })}</Alert>}
              {shown.length === 0 ? (
                <Paper variant="outlined">
                  <EmptyState title={t('management.clubs.noMatch', { query: deferredQuery })} />
                </Paper>
              ) : (
                <Paper variant="outlined" sx={{ minWidth: 0 }}>
                  <TableContainer tabIndex={0} role="region" aria-label={t('management.clubs.tableLabel')}>
                    <Table size="small" aria-label={t('management.clubs.tableLabel')}>
                      <TableHead>
                        <TableRow>
                          {header('name', t('management.clubs.columns.name'))}
                          <TableCell sx={NARROW_HIDDEN}>{t('management.clubs.columns.state')}</TableCell>
                          {header('holes_drawn', t('management.clubs.columns.drawn'), 'right')}
                          {header('holes_failing', t('management.clubs.columns.failing'), 'right')}
                          {header('last_drawing_at', t('management.clubs.columns.lastDrawing'))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {rows.map((club) => (
                          <TableRow key={club.club_id} data-testid="club-status-row" hover selected={club.club_id === clubId}>
                            <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                              <Link component={RouterLink} to={screenHref('clubStatus', club.club_id)} sx={{ fontWeight: 600 }}>
                                {club.name}
                              </Link>
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                {club.club_id === clubId ? t('management.clubs.handleThis', { handle: club.handle }) : club.handle}
                                {!club.active && (
                                  <Box component="span" sx={{ display: { sm: 'none' } }}>
                                    {` · ${t('management.clubs.inactive')}`}
                                  </Box>
                                )}
                              </Typography>
                            </TableCell>
                            <TableCell sx={NARROW_HIDDEN}>
                              <Chip size="small" variant="outlined" color={club.active ? 'success' : 'default'} label={club.active ? t('management.clubs.active') : t('management.clubs.inactive')} />
                            </TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {t('management.counts.ofHoles', { drawn: club.holes_drawn, holes: club.holes })}
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                {t('management.clubs.courses', { count: club.courses })}
                              </Typography>
                            </TableCell>
                            <TableCell align="right">
                              <Typography variant="body2" sx={{ fontWeight: club.holes_failing > 0 ? 700 : 400, color: club.holes_failing > 0 ? 'error.main' : 'text.primary' }}>
                                {club.holes_failing}
                              </Typography>
                            </TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{club.last_drawing_at ? dates.format(new Date(club.last_drawing_at)) : t('management.clubs.never')}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                  {shown.length > PAGE_SIZE && (
                    <TablePagination
                      component="div"
                      count={shown.length}
                      page={current}
                      onPageChange={(_, p) => setPage(p)}
                      rowsPerPage={PAGE_SIZE}
                      rowsPerPageOptions={[PAGE_SIZE]}
                      labelDisplayedRows={({ from, to, count }) => t('management.clubs.pageRows', { from, to, count })}
                      getItemAriaLabel={(type) => t(`management.clubs.page.${type}`)}
                    />
                  )}
                </Paper>
              )}
            </>
          );
        }}
      </ListStates>
    </Box>
  );
}
