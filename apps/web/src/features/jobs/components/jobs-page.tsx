import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobRunning, type Job, type JobState } from '@golf/contract/api/jobs';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { JobProgress } from '../../../lib/jobs/job-progress';
import { useClubNames } from '../api/get-club-names';
import { useAdminJobs } from '../api/get-jobs';
import { jobKindLabelKey } from '../utils/job-kind';

const STATE_COLOURS: Record<JobState, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  queued: 'default',
  active: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** /:clubId/admin/events/jobs — every job of the queue (admins): newest first, by club, refreshed while any runs. */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const [clubId, setClubId] = useState<number | null>(null);
  const jobs = useAdminJobs(clubId);
  const clubs = useClubNames();
  const clubName = (id: number | null) => (id === null ? t('jobs.platform') : (clubs.data?.find((c) => c.id === id)?.name ?? `#${id}`));
  // The day once (when queued); the start and end as times of day when they fall on that day.
  const time = (at: string, sameDayAs?: string) =>
    sameDayAs && new Date(at).toDateString() === new Date(sameDayAs).toDateString()
      ? new Date(at).toLocaleTimeString(i18n.language)
      : new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const kind = (job: Job) => t(jobKindLabelKey(job.kind), { defaultValue: job.kind });
  const running = jobs.data?.filter((j) => jobRunning(j.state)).length ?? 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
          {running > 0 ? t('jobs.runningCount', { count: running }) : ''}
        </Typography>
        <TextField
          select
          size="small"
          label={t('jobs.clubFilter')}
          value={clubId === null ? '' : String(clubId)}
          onChange={(event) => setClubId(event.target.value === '' ? null : Number(event.target.value))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: 280 }}
        >
          <MenuItem value="">{t('jobs.allClubs')}</MenuItem>
          {(clubs.data ?? []).map((club) => (
            <MenuItem key={club.id} value={String(club.id)}>
              {club.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListStates
        query={jobs}
        errorTitle={t('jobs.loadFailed')}
        loadingRows={5}
        empty={jobs.data?.length === 0 ? <EmptyState title={clubId === null ? t('jobs.empty') : t('jobs.emptyClub', { club: clubName(clubId) })} /> : null}
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
    </Box>
  );
}
