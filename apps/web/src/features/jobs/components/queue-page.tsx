import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QueueKind } from '@golf/contract/api/jobs';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { useClubId } from '../../../lib/use-club-id';
import { useQueueDepth } from '../api/get-jobs';
import { jobKindLabelKey } from '../utils/job-kind';
import { paramsOfFilter } from '../utils/job-filter';
import { waitedFor } from '../utils/waited';

/**
 * /:clubId/admin/queue — the job queue now (admins): per kind of job, how many wait and run and
 * since when the oldest waits, refreshed every few seconds; each kind links to its jobs.
 */
export function QueuePage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const queue = useQueueDepth();
  const label = (k: QueueKind) => t(jobKindLabelKey(k.kind), { defaultValue: k.kind });
  const jobsOf = (k: QueueKind) => `${screenHref('jobs', clubId)}?${paramsOfFilter({ kind: k.kind, state: null, clubId: null, periodic: k.periodic })}`;
  const kinds = [...(queue.data?.kinds ?? [])].sort((a, b) => b.waiting + b.running - (a.waiting + a.running) || label(a).localeCompare(label(b), i18n.language));
  const waiting = kinds.reduce((n, k) => n + k.waiting, 0);
  const running = kinds.reduce((n, k) => n + k.running, 0);
  const since = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', maxWidth: 720 }}>
          {t('jobs.queue.intro')}
        </Typography>
        <Link component={RouterLink} to={screenHref('jobs', clubId)} variant="body2">
          {t('jobs.queue.backToJobs')}
        </Link>
      </Box>
      {queue.data && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} data-testid="queue-totals">
            {t('jobs.queue.totals', { waiting, running })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('jobs.queue.updated', { at: new Date(queue.data.at).toLocaleTimeString(i18n.language) })}
          </Typography>
        </Box>
      )}
      <ListStates query={queue} errorTitle={t('jobs.queue.loadFailed')} loadingRows={6} empty={queue.data && kinds.length === 0 ? <EmptyState title={t('jobs.queue.empty')} /> : null}>
        {() => (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            <TableContainer tabIndex={0} role="region" aria-label={t('jobs.queue.listLabel')}>
              <Table size="small" aria-label={t('jobs.queue.listLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('jobs.queue.columns.kind')}</TableCell>
                    <TableCell align="right">{t('jobs.queue.columns.waiting')}</TableCell>
                    <TableCell align="right">{t('jobs.queue.columns.running')}</TableCell>
                    <TableCell>{t('jobs.queue.columns.oldest')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {kinds.map((k) => (
                    <TableRow key={k.kind} data-testid="queue-kind" hover>
                      <TableCell sx={{ minWidth: 220 }}>
                        <Link component={RouterLink} to={jobsOf(k)} aria-label={t('jobs.queue.showJobsOf', { kind: label(k) })} sx={{ fontWeight: 600 }}>
                          {label(k)}
                        </Link>
                        <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                            {k.kind}
                          </Typography>
                          {k.periodic && <Chip size="small" variant="outlined" label={t('jobs.queue.periodic')} />}
                          {k.requestable && <Chip size="small" variant="outlined" label={t('jobs.queue.requestable')} />}
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: k.waiting > 0 ? 600 : undefined }}>
                        {k.waiting}
                      </TableCell>
                      <TableCell align="right">{k.running}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {k.oldestWaitingSince ? (
                          <>
                            <Typography variant="body2">{since(k.oldestWaitingSince)}</Typography>
                            <Typography variant="caption" color="text.secondary">
                              {waitedFor(k.oldestWaitingSince, queue.data!.at, t)}
                            </Typography>
                          </>
                        ) : (
                          t('jobs.queue.none')
                        )}
                      </TableCell>
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
