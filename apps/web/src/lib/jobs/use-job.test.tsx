import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Job } from '@golf/contract/api/jobs';
import { jsonResponse } from '../../testing/fake-xhr';
import { renderWithProviders } from '../../testing/render';
import { JobProgress } from './job-progress';
import { JOB_POLL_MS, pollWhileRunning, useJob } from './use-job';

const JOB: Job = {
  id: '3f0b8a9e-2c1d-4e5f-8a7b-1c2d3e4f5a6b',
  kind: 'guide.pdf',
  state: 'active',
  percent: 40,
  message: 'Generating PDF Guide',
  attempts: 1,
  createdAt: '2030-05-01T10:00:00.000Z',
  startedAt: '2030-05-01T10:00:01.000Z',
  finishedAt: null,
  result: null,
  error: null,
  clubId: 1,
  guideId: 7,
  guideTitle: 'Fjordvang Links – Yardage book',
  requestId: 'click-1',
};

function Follow({ jobId }: { jobId: string | null }) {
  const job = useJob(1, jobId);
  return job.data ? <JobProgress job={job.data} label="PDF" /> : <p>no job</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useJob and <JobProgress>', () => {
  it('polls while the job runs, shows its progress and message, and stops once it is done', async () => {
    const answers: Job[] = [JOB, { ...JOB, percent: 80, message: 'Drawing hole 14' }, { ...JOB, state: 'completed', percent: 100, finishedAt: '2030-05-01T10:00:03.000Z', result: { location: '/files/guide.pdf' } }];
    const fetch = vi.fn(async (url: string) => {
      expect(url).toContain(`/api/clubs/1/events/jobs/${JOB.id}`);
      return jsonResponse(answers[Math.min(fetch.mock.calls.length - 1, answers.length - 1)]);
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Follow jobId={JOB.id} />);

    expect(await screen.findByText('Generating PDF Guide')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'PDF' })).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText('Drawing hole 14', undefined, { timeout: 3 * JOB_POLL_MS })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'PDF' })).toHaveAttribute('aria-valuenow', '100'), { timeout: 3 * JOB_POLL_MS });
    const calls = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2 * JOB_POLL_MS));
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('asks for nothing without a job id', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Follow jobId={null} />);
    expect(screen.getByText('no job')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
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
