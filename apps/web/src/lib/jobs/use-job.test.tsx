import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Job } from '@golf/contract/api/jobs';
import { fakeApi } from '../../testing/api';
import { job } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { JobProgress } from './job-progress';
import { JOB_POLL_MS, pollWhileRunning, useJob } from './use-job';

const JOB = job({ requestId: 'click-1' });

function Follow({ jobId }: { jobId: string | null }) {
  const job = useJob(1, jobId);
  return job.data ? <JobProgress job={job.data} label="PDF" /> : <p>no job</p>;
}

describe('useJob and <JobProgress>', () => {
  it('polls while the job runs, shows its progress and message, and stops once it is done', async () => {
    const answers: Job[] = [JOB, { ...JOB, percent: 80, message: 'Drawing hole 14' }, { ...JOB, state: 'completed', percent: 100, finishedAt: '2030-05-01T10:00:03.000Z', result: { location: '/files/guide.pdf' } }];
    let asked = 0;
    fakeApi.get(`clubs/1/events/jobs/${JOB.id}`, () => answers[Math.min(asked++, answers.length - 1)]);
    renderWithProviders(<Follow jobId={JOB.id} />);

    expect(await screen.findByText('Generating PDF Guide')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'PDF' })).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText('Drawing hole 14', undefined, { timeout: 3 * JOB_POLL_MS })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'PDF' })).toHaveAttribute('aria-valuenow', '100'), { timeout: 3 * JOB_POLL_MS });
    const calls = fakeApi.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2 * JOB_POLL_MS));
    expect(fakeApi.requests.length).toBe(calls);
    expect(fakeApi.calls().every((c) => c === `GET /api/clubs/1/events/jobs/${JOB.id}`)).toBe(true);
  });

  it('asks for nothing without a job id', async () => {
    renderWithProviders(<Follow jobId={null} />);
    expect(screen.getByText('no job')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No route is faked: any request would also fail the test.
    expect(fakeApi.requests).toEqual([]);
  });

  it('says why a job failed, and that an interrupted one runs again', () => {
    renderWithProviders(
      <>
        <JobProgress job={{ ...JOB, state: 'failed', error: 'The drawing of hole 7 is missing' }} />
        <JobProgress job={{ ...JOB, state: 'queued', message: null, error: 'The process running this job stopped before it finished' }} />
      </>,
    );
    expect(screen.getByText('Failed: The drawing of hole 7 is missing')).toBeInTheDocument();
    expect(screen.getByText('Runs again (attempt 2): The process running this job stopped before it finished')).toBeInTheDocument();
    expect(screen.getByText('Waiting to start')).toBeInTheDocument();
  });

  it('polls a list while any job is queued or running', () => {
    expect(pollWhileRunning({ state: { data: [JOB, { ...JOB, state: 'completed' }] } })).toBe(JOB_POLL_MS);
    expect(pollWhileRunning({ state: { data: [{ ...JOB, state: 'queued' }] } })).toBe(JOB_POLL_MS);
    expect(pollWhileRunning({ state: { data: [{ ...JOB, state: 'failed' }, { ...JOB, state: 'cancelled' }] } })).toBe(false);
    expect(pollWhileRunning({ state: { data: undefined } })).toBe(false);
  });
});
