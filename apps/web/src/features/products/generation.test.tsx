import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUIDE_PRODUCTS, type Guide, type GuideProduct } from '@golf/contract/api/guides';
import type { GuideFilesResponse } from '@golf/contract/api/guide-generation';
import type { Job } from '@golf/contract/api/jobs';
import { JOB_POLL_MS } from '../../lib/jobs/use-job';
import { fakeApi } from '../../testing/api';
import { job as jobRecord } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { CLUB, GUIDE_ID, guide } from './guide-fixture.test-support';
import { useGuide } from './api/guides';
import { OverviewSection } from './components/overview-section';
import { ReleaseDialog } from './components/release-dialog';
import { mainFiles } from './utils/generation';
import { formatFileSize } from '../../lib/image-file';
import { pageAfterKey, previewImageHref, previewStartPage } from './utils/preview';

const JOB_ID = '3f0b8a9e-2c1d-4e5f-8a7b-1c2d3e4f5a6b';

const job = (change: Partial<Job>): Job => jobRecord({ id: JOB_ID, clubId: CLUB, guideId: GUIDE_ID, ...change });

const noFiles = Object.fromEntries(GUIDE_PRODUCTS.map((p) => [p, { location: null, generated_at: null, files: [] }])) as unknown as GuideFilesResponse;
const pdfFiles: GuideFilesResponse = {
  ...noFiles,
  pdf: {
    location: '/files/clubs/1/guides/7/pdf/guide.pdf?v=2',
    generated_at: '2030-05-01T10:00:04.000Z',
    files: [
      { name: 'guide.pdf', url: '/files/clubs/1/guides/7/pdf/guide.pdf?v=2', content_type: 'application/pdf', bytes: 2_400_000 },
      { name: 'print-shop.pdf', url: '/files/clubs/1/guides/7/pdf/print-shop.pdf?v=2', content_type: 'application/pdf', bytes: 2_600_000 },
      { name: 'booklet.pdf', url: '/files/clubs/1/guides/7/pdf/booklet.pdf?v=2', content_type: 'application/pdf', bytes: 2_500_000 },
    ],
  },
};

/** The server as the screen sees it: the guide, its files, the generate call and the job's answers in turn. */
function server(state: { guide: Guide; files: GuideFilesResponse; jobs: Job[]; list?: Job[]; onDone?: () => void }) {
  let polled = 0;
  fakeApi.post(`clubs/${CLUB}/guides/${GUIDE_ID}/generate_pdf`, () => {
    const requested_at = '2030-05-01T10:00:00.000Z';
    state.guide = { ...state.guide, requested_at_pdf: requested_at };
    return { job_id: JOB_ID, existing: false, requested_at };
  });
  fakeApi.get(`clubs/${CLUB}/events/jobs/${JOB_ID}`, () => {
    const answer = state.jobs[Math.min(polled++, state.jobs.length - 1)];
    if (!(answer.state === 'queued' || answer.state === 'active')) state.onDone?.();
    return answer;
  });
  fakeApi.get(`clubs/${CLUB}/events/jobs`, () => state.list ?? []);
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}/files`, () => state.files);
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}`, () => state.guide);
  fakeApi.get(`clubs/${CLUB}/guides`, () => [state.guide]);
  fakeApi.get('drawing_styles', [{ id: 1, name: 'Standard' }]);
  fakeApi.get(`clubs/${CLUB}/sponsor-setups`, []);
  fakeApi.get(`clubs/${CLUB}/pin-setups`, []);
  return fakeApi.requests;
}

function Screen() {
  const loaded = useGuide(CLUB, GUIDE_ID);
  return loaded.data ? <OverviewSection clubId={CLUB} guide={loaded.data} /> : <p>loading</p>;
}

const show = () => renderRoutes([{ path: '/:clubId/products/:guideId', element: <Screen /> }], `/${CLUB}/products/${GUIDE_ID}`);
const pdfRow = async () => within(await screen.findByTestId('generate-pdf'));

// The screens render slowly on a loaded machine: each test has 20 s.
describe('generating a product on the guide page', { timeout: 20_000 }, () => {
  it('idle: a Generate button per product, no progress', async () => {
    server({ guide: guide(), files: noFiles, jobs: [] });
    show();
    const row = await pdfRow();
    expect(row.getByRole('button', { name: 'Generate PDF guide' })).toBeEnabled();
    expect(row.queryByRole('progressbar')).toBeNull();
    for (const product of ['Digital guide', 'Overview', 'Tee signs', 'Web images', 'Green drawings']) {
      expect(screen.getByRole('button', { name: `Generate ${product}` })).toBeInTheDocument();
    }
  });

  it('running: the §4 message and the percent, one click only; done: the files with their cache-busting links and a snackbar', async () => {
    const state = { guide: guide(), files: noFiles, jobs: [job({ percent: 40 }), job({ percent: 85 }), job({ state: 'completed', percent: 100, finishedAt: '2030-05-01T10:00:04.000Z' })] } as Parameters<typeof server>[0];
    state.onDone = () => {
      state.guide = { ...state.guide, generated_at_pdf: '2030-05-01T10:00:04.000Z' };
      state.files = pdfFiles;
    };
    const calls = server(state);
    show();
    const row = await pdfRow();
    await userEvent.click(row.getByRole('button', { name: 'Generate PDF guide' }));

    expect(await row.findByText('Generating PDF Guide')).toBeInTheDocument();
    expect(row.getByText('40%')).toBeInTheDocument();
    expect(row.getByRole('progressbar', { name: 'Progress of PDF guide' })).toHaveAttribute('aria-valuenow', '40');
    // While it runs the button is off: a second click starts nothing.
    expect(row.getByRole('button', { name: 'Generate PDF guide' })).toBeDisabled();
    expect(await row.findByText('85%', undefined, { timeout: 3 * JOB_POLL_MS })).toBeInTheDocument();

    expect(await screen.findByText('PDF guide is generated', undefined, { timeout: 3 * JOB_POLL_MS })).toBeInTheDocument();
    const open = await row.findByRole('link', { name: /Open the PDF/ });
    expect(open).toHaveAttribute('href', '/files/clubs/1/guides/7/pdf/guide.pdf?v=2');
    expect(open).toHaveAttribute('target', '_blank');
    expect(row.getByRole('link', { name: /Print-shop PDF/ })).toHaveAttribute('href', '/files/clubs/1/guides/7/pdf/print-shop.pdf?v=2');
    expect(row.getByRole('link', { name: /Booklet/ })).toHaveAttribute('href', '/files/clubs/1/guides/7/pdf/booklet.pdf?v=2');
    expect(row.getByRole('button', { name: 'Generate again: PDF guide' })).toBeEnabled();
    expect(row.queryByRole('progressbar')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('failed: the job’s reason shows, and a snackbar says it failed', async () => {
    const state = { guide: guide(), files: noFiles, jobs: [job({ percent: 20 }), job({ state: 'failed', percent: 20, error: 'The drawing of hole 7 is missing' })] } as Parameters<typeof server>[0];
    state.onDone = () => {
      state.guide = { ...state.guide, requested_at_pdf: null };
    };
    server(state);
    show();
    const row = await pdfRow();
    await userEvent.click(row.getByRole('button', { name: 'Generate PDF guide' }));
    expect(await row.findByText('Failed: The drawing of hole 7 is missing', undefined, { timeout: 3 * JOB_POLL_MS })).toBeInTheDocument();
    expect(await screen.findByText('Generating PDF guide has failed')).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('button', { name: 'Generate PDF guide' })).toBeEnabled());
  });

  it('after a reload: the guide says it runs, and the job is found in the club’s job list', async () => {
    const running = job({ percent: 60 });
    server({ guide: guide({ requested_at_pdf: '2030-05-01T10:00:00.000Z' }), files: noFiles, jobs: [running], list: [job({ id: 'other', guideId: 8 }), running] });
    show();
    const row = await pdfRow();
    expect(await row.findByText('60%')).toBeInTheDocument();
    expect(row.getByText('Generating PDF Guide')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Generate PDF guide' })).toBeDisabled();
  });
});

describe('release', { timeout: 20_000 }, () => {
  it('sends the chosen products and names them in the snackbar; none chosen is refused', async () => {
    const release = vi.fn(async (body: { side_effects?: GuideProduct[] }) => ({ jobs: [], side_effects: body.side_effects ?? [] }));
    const close = vi.fn();
    renderRoutes([{ path: '/', element: <ReleaseDialog title="Release all guides" hint="hint" release={release} busy={false} onClose={close} /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Release all guides' });
    for (const name of ['Digital guide', 'Overview', 'PDF guide', 'Tee signs', 'Web images', 'Green drawings']) expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    for (const name of ['Digital guide', 'Overview', 'Tee signs', 'Web images', 'Green drawings', 'PDF guide']) await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('Choose at least one product')).toBeInTheDocument();
    expect(release).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'PDF guide' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tee signs' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(release).toHaveBeenCalledWith({ side_effects: ['pdf', 'tee_signs'] });
    expect(await screen.findByText('Started generate all flow: PDF guide, Tee signs')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
  });

  it('says "Failed starting generate all flow" when the call fails', async () => {
    const release = vi.fn(async () => {
      throw new Error('Service unavailable');
    });
    renderRoutes([{ path: '/', element: <ReleaseDialog title="Release all guides" hint="hint" release={release} busy={false} onClose={() => undefined} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Failed starting generate all flow')).toBeInTheDocument();
    expect(release).toHaveBeenCalledWith({ side_effects: [...GUIDE_PRODUCTS] });
  });
});

describe('generation and preview helpers', () => {
  it('picks the main files and sizes them', () => {
    expect(mainFiles('pdf', pdfFiles.pdf.files).map((f) => f.name)).toEqual(['guide.pdf', 'print-shop.pdf', 'booklet.pdf']);
    const images = [1, 2].map((n) => ({ name: `hole-${n}.png`, url: `/f/hole-${n}.png?v=1`, content_type: 'image/png', bytes: 10 }));
    expect(mainFiles('web_images', images)).toEqual([]);
    // In the interface language (the file links of a product).
    expect(formatFileSize(5300, 'en')).toBe('5.2 kB');
    expect(formatFileSize(2_400_000, 'en')).toBe('2.3 MB');
    expect(formatFileSize(2_400_000, 'da')).toBe('2,3 MB');
  });

  it('opens the preview on the tab’s page and turns pages by key', () => {
    const pages = [{ kind: 'front' }, { kind: 'welcome' }, { kind: 'blank' }, { kind: 'hole' }, { kind: 'green' }, { kind: 'back' }] as const;
    expect(previewStartPage(pages, 'welcome')).toBe(1);
    expect(previewStartPage(pages, 'holes')).toBe(3);
    expect(previewStartPage(pages, 'backpage')).toBe(5);
    expect(previewStartPage(pages, 'localRules')).toBe(0);
    expect(previewStartPage(pages, 'overview')).toBe(0);
    expect(pageAfterKey('ArrowRight', 0, 6)).toBe(1);
    expect(pageAfterKey('PageUp', 0, 6)).toBe(0);
    expect(pageAfterKey('End', 2, 6)).toBe(5);
    expect(pageAfterKey('Home', 4, 6)).toBe(0);
    expect(pageAfterKey('ArrowDown', 5, 6)).toBe(5);
    expect(pageAfterKey('a', 2, 6)).toBeNull();
  });

  it('lets the preview load only the front page image and the server’s own image URLs', () => {
    expect(previewImageHref('front-page', '/files/clubs/1/guides/7/front.jpg?v=3')).toBe('/files/clubs/1/guides/7/front.jpg?v=3');
    expect(previewImageHref('front-page', null)).toBeNull();
    expect(previewImageHref('/files/logo.png?v=1', null)).toBe('/files/logo.png?v=1');
    expect(previewImageHref('//evil.example/x.png', null)).toBeNull();
    expect(previewImageHref('javascript:alert(1)', null)).toBeNull();
    expect(previewImageHref('data:image/svg+xml;base64,AAAA', null)).toBeNull();
  });
});
