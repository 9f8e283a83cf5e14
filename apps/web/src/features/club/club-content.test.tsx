import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '@golf/contract/api/clubs';
import { apiError, deferred, fakeApi } from '../../testing/api';
import { club as clubRecord } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { imageFileProblem } from '../../lib/image-file';
import { ClubAppPage } from './components/club-app-page';
import { ClubInformationPage } from './components/club-information-page';
import { logoToSend, NO_LOGO, selectionState } from './utils/logo-selection';

const baseClub = clubRecord();

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/:clubId/club', element: <ClubInformationPage /> },
      { path: '/:clubId/club/club-app', element: <ClubAppPage /> },
    ],
    path,
  );

/** The server holding one club: GET club, countries, PUT clubs/1. */
function clubServer(options: { failPut?: boolean } = {}) {
  let club = { ...baseClub };
  fakeApi.get('countries', [{ code: 'dk', name: 'Denmark' }]);
  fakeApi.get('clubs/1/club', () => club);
  fakeApi.put('clubs/1', ({ body }) => {
    if (options.failPut) return apiError(400, 'Internal server error');
    club = { ...club, ...(body as Partial<Club>), updated_at: new Date().toISOString() };
    return club;
  });
  return { club: () => club, setClub: (c: Club) => (club = c) };
}

describe('logo selection (§4)', () => {
  const round = new File(['r'], 'round.png', { type: 'image/png' });
  const rect = new File(['w'], 'wide.png', { type: 'image/png' });

  it('is none, round or rectangular; save sends the round logo if present, else the rectangular', () => {
    expect(selectionState(NO_LOGO)).toBe('none');
    expect(logoToSend(NO_LOGO)).toBeNull();
    expect(logoToSend({ round: null, rectangular: rect })).toEqual({ shape: 'rectangular', file: rect });
    expect(logoToSend({ round, rectangular: rect })).toEqual({ shape: 'round', file: round });
    expect(selectionState({ round, rectangular: null })).toBe('round');
  });

  it('turns away plainly wrong files before sending', () => {
    expect(imageFileProblem({ name: 'logo.png', size: 1000, type: 'image/png' })).toBeNull();
    expect(imageFileProblem({ name: 'blob', size: 1000, type: '' })).toBeNull();
    expect(imageFileProblem({ name: 'members.xlsx', size: 1000, type: 'image/png' })).toBe('notImage');
    expect(imageFileProblem({ name: 'logo.svg', size: 1000, type: 'image/svg+xml' })).toBe('notImage');
    expect(imageFileProblem({ name: 'huge.jpg', size: 21 * 1024 * 1024, type: 'image/jpeg' })).toBe('tooLarge');
  });
});

describe('<ClubInformationPage>', { timeout: 20_000 }, () => {
  it('saves phone, homepage and booking link', async () => {
    clubServer();
    renderAt('/1/club');
    const phone = await screen.findByLabelText('Phone');
    await userEvent.type(phone, '+45 75 12 34 56');
    await userEvent.type(screen.getByLabelText('Homepage'), 'fjordvang.dk');
    await userEvent.type(screen.getByLabelText('Booking link'), 'https://booking.example.com/fjordvang');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    expect(fakeApi.sent('PUT')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Homepage'));
    await userEvent.type(screen.getByLabelText('Homepage'), 'https://fjordvang.dk');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Club saved')).toBeInTheDocument();
    const [put] = fakeApi.sent('PUT');
    expect(put.url).toBe('/api/clubs/1');
    expect(put.body).toMatchObject({
      phone: '+45 75 12 34 56',
      homepage: 'https://fjordvang.dk',
      booking_url: 'https://booking.example.com/fjordvang',
    });
    expect(await screen.findByDisplayValue('+45 75 12 34 56')).toBeInTheDocument();
  });

  it("says 'Saving club has failed' when the save fails", async () => {
    clubServer({ failPut: true });
    renderAt('/1/club');
    await userEvent.type(await screen.findByLabelText('Phone'), '70 00 00 00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving club has failed')).toBeInTheDocument();
  });

  it('uploads a round logo with a progress bar, reloads the club and closes the dialog', async () => {
    const api = clubServer();
    // The upload is answered once the test has seen its progress bar.
    const answer = deferred();
    fakeApi.post('clubs/1/logo', async () => {
      await answer.promise;
      const updated = { ...api.club(), logo_file_name: 'abc.png', logo_url: '/files/public/clubs/1/logo/abc.png?v=abc', logo_shape: 'round' as const };
      api.setClub(updated);
      return updated;
    });
    renderAt('/1/club');
    await userEvent.click(await screen.findByRole('button', { name: 'Add logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Club logo' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'members.xlsx', { type: 'application/vnd.ms-excel' }), { applyAccept: false });
    expect(within(dialog).getByText('“members.xlsx” is not an image. Choose a JPEG, PNG, WebP or GIF file.')).toBeInTheDocument();
    await userEvent.upload(input, new File(['png'], 'crest.png', { type: 'image/png' }));
    expect(within(dialog).getByTestId('logo-file-name')).toHaveTextContent('crest.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fakeApi.sent('POST');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/clubs/1/logo');
    expect(((sent[0].body as FormData).get('round_data') as File).name).toBe('crest.png');
    expect((sent[0].body as FormData).get('rectangular_data')).toBeNull();
    expect(await screen.findByRole('img', { name: 'Logo of Fjordvang Golfklub' })).toHaveAttribute('src', '/files/public/clubs/1/logo/abc.png?v=abc');
    // The club was loaded again after the upload.
    expect(fakeApi.sent('GET', '/api/clubs/1/club').length).toBeGreaterThanOrEqual(2);
  });

  it('sends a rectangular logo in rectangular_data', async () => {
    clubServer();
    fakeApi.post('clubs/1/logo', { ...baseClub, logo_shape: 'rectangular' });
    renderAt('/1/club');
    await userEvent.click(await screen.findByRole('button', { name: 'Add logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Club logo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rectangular' }));
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['png'], 'banner.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.sent('POST')).toHaveLength(1));
    const form = fakeApi.sent('POST')[0].body as FormData;
    expect((form.get('rectangular_data') as File).name).toBe('banner.png');
    expect(form.get('round_data')).toBeNull();
  });
});

describe('<ClubAppPage>', { timeout: 20_000 }, () => {
  it('previews the teaser as the app shows it, counts characters and saves it', async () => {
    const api = clubServer();
    api.setClub({ ...baseClub, booking_url: 'https://booking.example.com', logo_url: '/files/public/clubs/1/logo/a.png?v=a', logo_shape: 'round' });
    renderAt('/1/club/club-app');
    const preview = await screen.findByRole('figure', { name: 'Preview of the club in the golfers’ app' });
    expect(within(preview).getByText('Fjordvang Golfklub')).toBeInTheDocument();
    expect(within(preview).getByText('Book')).toBeInTheDocument();
    expect(within(preview).queryByText('Call')).toBeNull();
    await userEvent.type(screen.getByLabelText('Teaser text'), 'Links by the fjord');
    expect(within(preview).getByTestId('app-preview-teaser')).toHaveTextContent('Links by the fjord');
    expect(screen.getByText('18 / 300 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Club app saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT')[0].body).toEqual({ app_teaser: 'Links by the fjord' });
  });
});
