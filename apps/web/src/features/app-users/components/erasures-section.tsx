import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { useAppUserErasures } from '../api/app-users';
import { erasureSummary } from '../utils/app-users';

/** The record of the erasures made on request: when, by whom, the app id's fingerprint and what went. */
export function ErasuresSection() {
  const { t, i18n } = useTranslation();
  const erasures = useAppUserErasures();
  return (
    <Box component="section" aria-labelledby="app-user-erasures-title" sx={{ display: 'grid', gap: 1, mt: 2, minWidth: 0 }}>
      <Typography id="app-user-erasures-title" variant="h6" component="h2">
        {t('appUsers.erasures.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('appUsers.erasures.hint')}
      </Typography>
      <ListStates
        query={erasures}
        errorTitle={t('appUsers.erasures.loadFailed')}
        loadingRows={2}
        empty={erasures.data?.length === 0 ? <EmptyState title={t('appUsers.erasures.empty')} /> : null}
      >
        {() => (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            <TableContainer tabIndex={0} role="region" aria-label={t('appUsers.erasures.listLabel')}>
              <Table size="small" aria-label={t('appUsers.erasures.listLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('appUsers.erasures.when')}</TableCell>
                    <TableCell>{t('appUsers.erasures.by')}</TableCell>
                    <TableCell>{t('appUsers.erasures.fingerprint')}</TableCell>
                    <TableCell>{t('appUsers.erasures.removed')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(erasures.data ?? []).map((e) => (
                    <TableRow key={e.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.erased_at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}</TableCell>
                      <TableCell>{e.erased_by ?? t('appUsers.erasures.unknownUser')}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }} title={e.app_id_sha256}>
                        {e.app_id_sha256.slice(0, 16)}…
                      </TableCell>
                      <TableCell sx={{ minWidth: 200 }}>{t('appUsers.erasures.summary', erasureSummary(e.counts))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ListStates>
    </Box>
  );
}
