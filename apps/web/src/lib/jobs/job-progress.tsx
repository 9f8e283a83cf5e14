import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Job } from '@golf/contract/api/jobs';

/**
 * A job's progress: a bar (moving while the job waits, filled to its percent while it runs), its
 * message ('Generating PDF Guide') and percent, or why it failed. Used by the admin job list and
 * by the products screens with `useJob`.
 */
export function JobProgress({ job, label }: { job: Pick<Job, 'state' | 'percent' | 'message' | 'error' | 'attempts'>; label?: string }) {
  const { t } = useTranslation();
  const state = t(`jobs.states.${job.state}`);
  const text = job.message ?? (job.state === 'queued' ? t('jobs.waiting') : state);
  const name = label ?? t('jobs.progressLabel');
  const color = job.state === 'failed' ? 'error' : job.state === 'completed' ? 'success' : job.state === 'cancelled' ? 'inherit' : 'primary';
  return (
    <Box sx={{ minWidth: 160 }}>
      {job.state === 'queued' ? (
        <LinearProgress aria-label={`${name}: ${state}`} />
      ) : (
        <LinearProgress
          variant="determinate"
          value={job.state === 'completed' ? 100 : job.percent}
          color={color}
          aria-label={name}
          aria-valuetext={`${job.percent}% · ${text}`}
        />
      )}
      <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', gap: 1, justifyContent: 'space-between' }}>
        <span>{text}</span>
        {job.state === 'active' && <span>{job.percent}%</span>}
      </Typography>
      {job.error && (
        <Typography variant="body2" color={job.state === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {job.state === 'failed' ? t('jobs.failedBecause', { error: job.error }) : t('jobs.retrying', { attempt: job.attempts + 1, error: job.error })}
        </Typography>
      )}
    </Box>
  );
}
