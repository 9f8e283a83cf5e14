import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Club } from '@golf/contract/api/clubs';
import { renderWithProviders } from '../../testing/render';
import { fakeXhrClass, jsonResponse } from '../../testing/fake-xhr';
import { imageFileProblem } from '../../lib/image-file';
import { ClubAppPage } from './components/club-app-page';
import { ClubInformationPage } from './components/club-information-page';
import { logoToSend, NO_LOGO, selectionState } from './utils/logo-selection';

const baseClub: Club = {
  id: 1,
  name: 'Fjordvang Golfklub',
  handle: 'fjordvang',
  srid: 4326,
  region_ids: [1],
  position: { longitude: 9.5357, latitude: 55.7113 },
  active: true,
  admin_id: 0,
  address: { street: 'Fjordvej 12', city: 'Vejle', zip: '7100', country_code: 'dk' },
  drawing_style_id: 6,
  logo_file_name: null,
  logo_url: null,
  logo_shape: null,
  phone: '',
  homepage: '',
  booking_url: '',
  app_teaser: '',
  updated_at: '2030-01-01T00:00:00.000Z',
};

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/:clubId/club" element={<ClubInformationPage />} />
      <Route path="/:clubId/club/club-app" element={<ClubAppPage />} />
    </Routes>,
    { path },
  );
}

/** A fake API holding one club: GET club, countries, PUT clubs/1. */
function fakeApi(options: { failPut?: boolean } = {}) {
  let club = { ...baseClub };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/countries')) return jsonResponse([{ code: 'dk', name: 'Denmark' }]);
    if (init?.method === 'PUT') {
      if (options.failPut) return jsonResponse({ error: 'Internal server error' }, 400);
      club = { ...club, ...JSON.parse(init.body as string), updated_at: new Date().toISOString() };
      return jsonResponse(club);
    }
    return jsonResponse(club);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, club: () => club, setClub: (c: Club) => (club = c) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const api = fakeApi();
    renderAt('/1/club');
    const phone = await screen.findByLabelText('Phone');
    await userEvent.type(phone, '+45 75 12 34 56');
    await userEvent.type(screen.getByLabelText('Homepage'), 'fjordvang.dk');
    await userEvent.type(screen.getByLabelText('Booking link'), 'https://booking.example.com/fjordvang');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Homepage'));
    await userEvent.type(screen.getByLabelText('Homepage'), 'https://fjordvang.dk');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Club saved')).toBeInTheDocument();
    const put = api.fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/clubs/1');
    expect(JSON.parse(put?.[1]?.body as string)).toMatchObject({
      phone: '+45 75 12 34 56',
      homepage: 'https://fjordvang.dk',
      booking_url: 'https://booking.example.com/fjordvang',
    });
    expect(await screen.findByDisplayValue('+45 75 12 34 56')).toBeInTheDocument();
  });

  it("says 'Saving club has failed' when the save fails", async () => {
    fakeApi({ failPut: true });
    renderAt('/1/club');
    await userEvent.type(await screen.findByLabelText('Phone'), '70 00 00 00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving club has failed')).toBeInTheDocument();
  });

  it('uploads a round logo with a progress bar, reloads the club and closes the dialog', async () => {
    const api = fakeApi();
    const sent: { method: string; url: string; body: FormData }[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhrClass(
        () => {
          const updated = { ...api.club(), logo_file_name: 'abc.png', logo_url: '/files/public/clubs/1/logo/abc.png?v=abc', logo_shape: 'round' as const };
          api.setClub(updated);
          return { status: 200, body: updated };
        },
        sent,
        200,
      ),
    );
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
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/clubs/1/logo');
    expect((sent[0].body.get('round_data') as File).name).toBe('crest.png');
    expect(sent[0].body.get('rectangular_data')).toBeNull();
    expect(await screen.findByRole('img', { name: 'Logo of Fjordvang Golfklub' })).toHaveAttribute('src', '/files/public/clubs/1/logo/abc.png?v=abc');
    // The club was loaded again after the upload.
    expect(api.fetch.mock.calls.filter(([url]) => url === '/api/clubs/1/club').length).toBeGreaterThanOrEqual(2);
  });

  it('sends a rectangular logo in rectangular_data', async () => {
    fakeApi();
    const sent: { method: string; url: string; body: FormData }[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeXhrClass(() => ({ status: 200, body: { ...baseClub, logo_shape: 'rectangular' } }), sent));
    renderAt('/1/club');
    await userEvent.click(await screen.findByRole('button', { name: 'Add logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Club logo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rectangular' }));
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['png'], 'banner.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].body.get('rectangular_data') as File).name).toBe('banner.png');
    expect(sent[0].body.get('round_data')).toBeNull();
  });
});

describe('<ClubAppPage>', { timeout: 20_000 }, () => {
  it('previews the teaser as the app shows it, counts characters and saves it', async () => {
    const api = fakeApi();
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
    const put = api.fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ app_teaser: 'Links by the fjord' });
  });
});
