import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import { CANCELLABLE_STATES, JOB_STATES, jobRunning, RETRYABLE_STATES, type Job, type JobState } from '@golf/contract/api/jobs';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { useClubId } from '../../../lib/use-club-id';
import { errorText } from '../../../lib/error-text';
import { JobProgress } from '../../../lib/jobs/job-progress';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubNames } from '../api/get-club-names';
import { useAdminJobs, useJobAction, useQueueDepth, type JobFilter } from '../api/get-jobs';
import { jobKindLabelKey } from '../utils/job-kind';
import { filterFromParams, paramsOfFilter } from '../utils/job-filter';

const STATE_COLOURS: Record<JobState, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  queued: 'default',
  active: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/**
 * /:clubId/admin/events/jobs — every job of the queue (admins): newest first, filtered by club,
 * kind and state (kept in the address, so the queue screen links to one kind's jobs), refreshed
 * while any runs; retry a failed or cancelled job, stop a queued or running one. The periodic
 * maintenance jobs are hidden unless the switch shows them (they run every minute).
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const consoleClubId = useClubId();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  // Shown at once on a change; kept in the address too (a reload, a link from the queue screen,
  // going back), which follows in a transition.
  const inAddress = params.toString();
  const [filter, setFilterNow] = useState(() => filterFromParams(params));
  const [seenAddress, setSeenAddress] = useState(inAddress);
  if (seenAddress !== inAddress) {
    setSeenAddress(inAddress);
    setFilterNow(filterFromParams(params));
  }
  const { clubId } = filter;
  const setFilter = (change: Partial<JobFilter>) => {
    const next = { ...filter, ...change };
    setFilterNow(next);
    setParams(paramsOfFilter(next), { replace: true });
  };
  const jobs = useAdminJobs(filter);
  const kinds = useQueueDepth({ poll: false });
  const clubs = useClubNames();
  const retry = useJobAction('retry');
  const cancel = useJobAction('cancel');
  const [stopping, setStopping] = useState<Job | null>(null);
  const clubName = (id: number | null) => (id === null ? t('jobs.platform') : (clubs.data?.find((c) => c.id === id)?.name ?? `#${id}`));
  // The day once (when queued); the start and end as times of day when they fall on that day.
  const time = (at: string, sameDayAs?: string) =>
    sameDayAs && new Date(at).toDateString() === new Date(sameDayAs).toDateString()
      ? new Date(at).toLocaleTimeString(i18n.language)
      : new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const kind = (job: Job) => t(jobKindLabelKey(job.kind), { defaultValue: job.kind });
  const running = jobs.data?.filter((j) => jobRunning(j.state)).length ?? 0;
  const filtered = filter.kind !== null || filter.state !== null;
  const periodicKinds = new Set((kinds.data?.kinds ?? []).filter((k) => k.periodic).map((k) => k.kind));
  const kindOptions = [...(kinds.data?.kinds ?? []).map((k) => k.kind), ...(filter.kind && !kinds.data?.kinds.some((k) => k.kind === filter.kind) ? [filter.kind] : [])]
    .filter((k) => filter.periodic || !periodicKinds.has(k) || k === filter.kind)
    .map((k) => ({ kind: k, label: t(jobKindLabelKey(k), { defaultValue: k }) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const doRetry = async (job: Job) => {
    try {
      await retry.mutateAsync(job.id);
      snackbar.confirm(t('jobs.retried', { kind: kind(job) }));
    } catch (error) {
      snackbar.error(t('jobs.retryFailed'), errorText(error, t));
    }
  };
  const doCancel = async () => {
    if (!stopping) return;
    try {
      await cancel.mutateAsync(stopping.id);
      snackbar.confirm(t('jobs.cancelledDone', { kind: kind(stopping) }));
      setStopping(null);
    } catch (error) {
      snackbar.error(t('jobs.cancelFailed'), errorText(error, t));
      setStopping(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
          {running > 0 ? t('jobs.runningCount', { count: running }) : ''}
        </Typography>
        <Link component={RouterLink} to={screenHref('queue', consoleClubId)} variant="body2">
          {t('jobs.queueLink')}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('jobs.kindFilter')}
          value={filter.kind ?? ''}
          onChange={(event) => setFilter({ kind: event.target.value === '' ? null : event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">{t('jobs.allKinds')}</MenuItem>
          {kindOptions.map((k) => (
            <MenuItem key={k.kind} value={k.kind}>
              {k.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('jobs.stateFilter')}
          value={filter.state ?? ''}
          onChange={(event) => setFilter({ state: event.target.value === '' ? null : (event.target.value as JobState) })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t('jobs.allStates')}</MenuItem>
          {JOB_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`jobs.states.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('jobs.clubFilter')}
          value={clubId === null ? '' : String(clubId)}
          onChange={(event) => setFilter({ clubId: event.target.value === '' ? null : Number(event.target.value) })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        >
          <MenuItem value="">{t('jobs.allClubs')}</MenuItem>
          {(clubs.data ?? []).map((club) => (
            <MenuItem key={club.id} value={String(club.id)}>
              {club.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={filter.periodic} onChange={(event) => setFilter({ periodic: event.target.checked })} />}
          label={<Typography variant="body2">{t('jobs.showPeriodic')}</Typography>}
        />
      </Box>
      <ListStates
        query={jobs}
        errorTitle={t('jobs.loadFailed')}
        loadingRows={5}
        empty={
          jobs.data?.length === 0 ? (
            <EmptyState title={filtered ? t('jobs.emptyFiltered') : clubId === null ? t('jobs.empty') : t('jobs.emptyClub', { club: clubName(clubId) })}>
              {!filter.periodic && <Typography variant="body2">{t('jobs.periodicHidden')}</Typography>}
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it. */}
            <TableContainer tabIndex={0} role="region" aria-label={t('jobs.listLabel')}>
              <Table size="small" aria-label={t('jobs.listLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('jobs.columns.kind')}</TableCell>
                    <TableCell>{t('jobs.columns.club')}</TableCell>
                    <TableCell>{t('jobs.columns.guide')}</TableCell>
                    <TableCell>{t('jobs.columns.state')}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>{t('jobs.columns.progress')}</TableCell>
                    <TableCell>{t('jobs.columns.times')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {jobs.data!.map((job) => (
                    <TableRow key={job.id} data-testid="job-row" hover>
                      <TableCell sx={{ minWidth: 180 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {kind(job)}
                        </Typography>
                        {job.requestId && (
                          <Typography variant="caption" color="text.secondary">
                            {t('jobs.request', { id: job.requestId })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{clubName(job.clubId)}</TableCell>
                      <TableCell>{job.guideId === null ? '–' : (job.guideTitle ?? t('jobs.guideNumber', { id: job.guideId }))}</TableCell>
                      <TableCell>
                        <Chip size="small" label={t(`jobs.states.${job.state}`)} color={STATE_COLOURS[job.state]} variant={job.state === 'queued' ? 'outlined' : 'filled'} />
                        {job.attempts > 1 && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {t('jobs.attempts', { count: job.attempts })}
                          </Typography>
                        )}
                        {(RETRYABLE_STATES.includes(job.state) || CANCELLABLE_STATES.includes(job.state)) && (
                          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, mt: 0.5 }}>
                            {RETRYABLE_STATES.includes(job.state) && (
                              <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={retry.isPending} onClick={() => void doRetry(job)} aria-label={t('jobs.retryNamed', { kind: kind(job) })}>
                                {t('jobs.retry')}
                              </Button>
                            )}
                            {CANCELLABLE_STATES.includes(job.state) && (
                              <Button size="small" color="error" startIcon={<StopIcon />} onClick={() => setStopping(job)} aria-label={t('jobs.cancelNamed', { kind: kind(job) })}>
                                {t('jobs.cancel')}
                              </Button>
                            )}
                          </Box>
                        )}
                      </TableCell>
                      <TableCell>
                        <JobProgress job={job} label={t('jobs.progressOf', { kind: kind(job) })} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Typography variant="body2">{t('jobs.times.created', { at: time(job.createdAt) })}</Typography>
                        {(['started', 'finished'] as const).map((step) => {
                          const at = step === 'started' ? job.startedAt : job.finishedAt;
                          return (
                            at && (
                              <Typography key={step} variant="body2" color="text.secondary">
                                {t(`jobs.times.${step}`, { at: time(at, job.createdAt) })}
                              </Typography>
                            )
                          );
                        })}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ListStates>
      <ConfirmDialog
        open={stopping !== null}
        title={t('jobs.cancelTitle', { kind: stopping ? kind(stopping) : '' })}
        confirmLabel={t('jobs.cancelConfirm')}
        busy={cancel.isPending}
        onConfirm={() => void doCancel()}
        onCancel={() => setStopping(null)}
      >
        {t('jobs.cancelText')}
      </ConfirmDialog>
    </Box>
  );
}
