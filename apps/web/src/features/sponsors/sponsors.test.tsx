import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '@golf/contract/locales';
import { SaveSponsorBody, URL_MESSAGE, type Sponsor, type SponsorUsage } from '@golf/contract/api/sponsors';
import { i18n } from '../../lib/i18n';
import { apiError, deferred, fakeApi, isForm, json, noContent, type Resolver } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { SponsorsPage } from './components/sponsors-page';
import { sponsorField } from './utils/sponsor-form';
import { displayUrl, searchSponsors, sortSponsors, sponsorMessageKey, usageSentences } from './utils/sponsors';

const sponsor = (id: number, change: Partial<Sponsor> = {}): Sponsor => ({
  id,
  club_id: 1,
  name: `Sponsor ${id}`,
  url: '',
  logo: null,
  logo_file_name: null,
  timestamp: '2030-01-01T00:00:00.000Z',
  ...change,
});

const NORDBANK = sponsor(1, { name: 'Nordbank', url: 'https://nordbank.example/', logo: '/files/public/clubs/1/sponsors/1/logo.png?v=3', logo_file_name: 'logo.png' });
const KAFFE = sponsor(2, { name: 'Fjord Kaffe' });

/** A request as one line: `METHOD url`, an upload with its file: `POST url (logo.png)`. */
const line = (r: (typeof fakeApi.requests)[number]) => (isForm(r.body) ? `${r.method} ${r.url} (${(r.body.get('data') as File).name})` : `${r.method} ${r.url}`);

/** One server: the sponsors, every call in order (the JSON calls and the logo uploads alike). */
function server(initial: Sponsor[], usage: SponsorUsage = { setups: [], guides: [] }) {
  let list = [...initial];
  let next = 10;
  let refuse: Response | null = null;
  /** A refusal set by `refuseNext` answers the next write instead of the route. */
  const unlessRefused =
    (answer: Resolver): Resolver =>
    (call) => {
      const refusal = refuse;
      refuse = null;
      return refusal ?? answer(call);
    };
  fakeApi.get('clubs/1/sponsors', () => list);
  fakeApi.get('clubs/1/sponsors/:id/usage', usage);
  fakeApi.post(
    'clubs/1/sponsors',
    unlessRefused(({ body }) => {
      const sent = body as { name: string; url: string };
      const made = sponsor(next++, { name: sent.name, url: sent.url });
      list = [...list, made];
      return json(made, 201);
    }),
  );
  fakeApi.put(
    'clubs/1/sponsors/:id',
    unlessRefused(({ params, body }) => {
      list = list.map((s) => (s.id === Number(params.id) ? { ...s, ...(body as Partial<Sponsor>) } : s));
      return list.find((s) => s.id === Number(params.id));
    }),
  );
  fakeApi.delete(
    'clubs/1/sponsors/:id',
    unlessRefused(({ params }) => {
      list = list.filter((s) => s.id !== Number(params.id));
      return noContent();
    }),
  );
  return {
    get calls() {
      return fakeApi.requests.map(line);
    },
    /** The JSON bodies sent, in order. */
    get bodies() {
      return fakeApi.requests.filter((r) => r.body !== undefined && !isForm(r.body)).map((r) => r.body);
    },
    refuseNext: (status: number, body: unknown) => {
      refuse = json(body, status);
    },
    /**
     * The logo upload: half sent at once, then answered with `respond` (each send recorded with its
     * file); `gated` holds the answers until `release()`, so the progress can be looked at.
     */
    uploads: (respond: (id: number) => { status: number; body: unknown }, { gated = false } = {}) => {
      const gate = deferred();
      if (!gated) gate.resolve();
      fakeApi.post('clubs/1/sponsors/:id/logo', async ({ params }) => {
        await gate.promise;
        const id = Number(params.id);
        const answer = respond(id);
        if (answer.status < 300) list = list.map((s) => (s.id === id ? (answer.body as Sponsor) : s));
        return json(answer.body, answer.status);
      });
      return {
        get sent() {
          return fakeApi.requests.filter((r) => isForm(r.body)).map(line);
        },
        release: () => gate.resolve(),
      };
    },
  };
}

/** A text of the contract's locale files, or undefined. */
const textAt = (language: 'en' | 'da' | 'sv', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);

const png = (name = 'nordbank.png') => new File([new Uint8Array(4000)], name, { type: 'image/png' });

const renderPage = () => renderRoutes([{ path: '/:clubId/promotion/sponsors', element: <SponsorsPage /> }], '/1/promotion/sponsors');

beforeEach(() => {
  // jsdom has no object URLs: the preview gets a stand-in.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('sponsor rules and texts', () => {
  it('turns every message of the contract’s SaveSponsorBody into a translated text', () => {
    const cases = [{ name: '' }, { name: 'x'.repeat(101) }, { name: 'A', url: 'javascript:alert(1)' }, { name: 'A', url: `https://${'a'.repeat(2000)}.dk` }, { name: 'A\u0000' }];
    for (const body of cases) {
      const result = SaveSponsorBody.safeParse(body);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        const key = sponsorMessageKey(issue.message);
        expect(key, issue.message).toMatch(/^sponsors\.errors\./);
        for (const language of ['en', 'da', 'sv'] as const) expect(textAt(language, key), `${key} in ${language}`).toEqual(expect.any(String));
      }
    }
    expect(sponsorMessageKey('A sponsor with this name already exists')).toBe('A sponsor with this name already exists');
  });

  it('sorts by name, searches name and web address, shows the address without its scheme, and reads the server’s field paths', () => {
    const list = [sponsor(3, { name: 'bager Jensen' }), NORDBANK, KAFFE];
    expect(sortSponsors(list).map((s) => s.name)).toEqual(['bager Jensen', 'Fjord Kaffe', 'Nordbank']);
    expect(searchSponsors(list, 'nordbank.example').map((s) => s.id)).toEqual([1]);
    expect(searchSponsors(list, 'kaffe, jensen').map((s) => s.id)).toEqual([3, 2]);
    expect(displayUrl('https://nordbank.example/')).toBe('nordbank.example');
    expect(displayUrl('http://kaffe.example/shop/')).toBe('kaffe.example/shop/');
    expect(sponsorField('url')).toBe('url');
    expect(sponsorField('body.name')).toBe('name');
    expect(sponsorField('logo')).toBeNull();
  });

  it('says what a delete takes with it, in the interface language', () => {
    const t = i18n.getFixedT('en');
    expect(usageSentences({ setups: [], guides: [] }, t, 'en')).toEqual(['It is not used in any sponsor setup.']);
    const usage: SponsorUsage = {
      setups: [
        { id: 1, name: 'Summer 2026', course_id: 3, positions: 5 },
        { id: 2, name: 'Open', course_id: 3, positions: 1 },
      ],
      guides: [{ guide_id: 7, title: 'Scorecard 2026' }],
    };
    expect(usageSentences(usage, t, 'en')).toEqual([
      'Used in 2 sponsor setups: Summer 2026 (5 places) and Open (1 place).',
      'Guide using it: Scorecard 2026.',
      'Its places are removed with it.',
    ]);
    i18n.addResourceBundle('da', 'translation', LOCALES.da, true, true);
    expect(usageSentences(usage, i18n.getFixedT('da'), 'da')[0]).toBe('Bruges i 2 sponsoropsætninger: Summer 2026 (5 placeringer) og Open (1 placering).');
  });
});

// The first render of the MUI dialogs is slow on a busy machine.
describe('<SponsorsPage>', { timeout: 20_000 }, () => {
  it('lists logo, name and web address (opening in a new tab), searches, and shows the empty state', async () => {
    server([NORDBANK, KAFFE]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Sponsors' });
    const rows = within(list).getAllByTestId('sponsor-row');
    expect(rows.map((r) => within(r).getByText(/Nordbank|Fjord Kaffe/).textContent)).toEqual(['Fjord Kaffe', 'Nordbank']);
    expect(within(rows[1]).getByRole('img', { name: 'Logo of Nordbank' })).toHaveAttribute('src', NORDBANK.logo);
    expect(within(rows[0]).getByRole('img', { name: 'No logo' })).toBeInTheDocument();
    const link = within(rows[1]).getByRole('link', { name: 'nordbank.example (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://nordbank.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(rows[0]).getByText('No web address')).toBeInTheDocument();
    expect(screen.getByText('2 sponsors')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sponsors' }), 'kaffe');
    expect(await screen.findByText('1 sponsor')).toBeInTheDocument();
    expect(within(list).getAllByTestId('sponsor-row')).toHaveLength(1);
  });

  it('shows an error with Retry, then the empty state', async () => {
    let fail = true;
    fakeApi.get('clubs/1/sponsors', () => (fail ? apiError(403, 'This needs the promotion role in this club') : []));
    renderPage();
    expect(await screen.findByText('This needs the promotion role in this club')).toBeInTheDocument();
    expect(screen.getByText('Could not load the sponsors')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("No sponsors yet. Add the club's sponsors with their logo and web address.")).toBeInTheDocument();
  });

  it('creates: the sponsor first, then its logo with a progress bar (§4); the dialog closes and says so', async () => {
    const api = server([KAFFE]);
    const upload = api.uploads(
      (id) => ({ status: 201, body: sponsor(id, { name: 'Nordbank', url: 'https://nordbank.example', logo: `/files/public/clubs/1/sponsors/${id}/logo.png?v=1`, logo_file_name: 'nordbank.png' }) }),
      { gated: true },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sponsor' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Nordbank ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Web address' }), 'https://nordbank.example');
    await userEvent.upload(screen.getByTestId('sponsor-logo-input'), png());
    expect(within(dialog).getByRole('img', { name: 'Preview of the logo' })).toHaveAttribute('src', 'blob:preview');
    expect(within(dialog).getByText(/^New logo: nordbank\.png/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const progress = await within(dialog).findByRole('progressbar', { name: 'Logo upload progress' });
    await waitFor(() => expect(Number(progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(within(dialog).getByText('Uploading the logo… 50 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // While it uploads, Escape does not close the dialog.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New sponsor' })).toBeInTheDocument();
    upload.release();

    expect(await screen.findByText('Sponsor Nordbank created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => !c.startsWith('GET'))).toEqual(['POST /api/clubs/1/sponsors', 'POST /api/clubs/1/sponsors/10/logo (nordbank.png)']);
    expect(api.bodies).toEqual([{ name: 'Nordbank', url: 'https://nordbank.example' }]);
    const list = await screen.findByRole('list', { name: 'Sponsors' });
    expect(await within(list).findByRole('img', { name: 'Logo of Nordbank' })).toHaveAttribute('src', '/files/public/clubs/1/sponsors/10/logo.png?v=1');
  });

  it('keeps the sponsor when its logo is refused, says so in the dialog, and uploads the logo on the next save', async () => {
    const api = server([]);
    let refuse = true;
    api.uploads((id) =>
      refuse
        ? { status: 415, body: { error: '"nordbank.png" is not an image. Upload a JPEG, PNG, WebP or GIF file.' } }
        : { status: 201, body: sponsor(id, { name: 'Nordbank', logo: `/files/public/clubs/1/sponsors/${id}/logo.png?v=1` }) },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sponsor' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nordbank');
    await userEvent.upload(screen.getByTestId('sponsor-logo-input'), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const failure = await within(dialog).findByTestId('logo-failure');
    expect(failure).toHaveTextContent('The sponsor Nordbank was created, but its logo was not uploaded');
    expect(failure).toHaveTextContent('"nordbank.png" is not an image. Upload a JPEG, PNG, WebP or GIF file.');
    expect(screen.getByText('Sponsor Nordbank created without its logo')).toBeInTheDocument();
    // The sponsor is in the list behind the dialog, which is now its edit dialog.
    expect(screen.getByRole('dialog', { name: 'Edit sponsor' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(await screen.findByText('1 sponsor')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sponsor Nordbank saved')).toBeInTheDocument();
    expect(api.calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /api/clubs/1/sponsors',
      'POST /api/clubs/1/sponsors/10/logo (nordbank.png)',
      'PUT /api/clubs/1/sponsors/10',
      'POST /api/clubs/1/sponsors/10/logo (nordbank.png)',
    ]);
  });

  it('updates without a new file: PUT only, no upload', async () => {
    const api = server([NORDBANK]);
    const upload = api.uploads(() => ({ status: 500, body: { error: 'no upload expected' } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Nordbank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit sponsor' });
    expect(within(dialog).getByRole('img', { name: 'The current logo' })).toHaveAttribute('src', NORDBANK.logo);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Nordbank Fonden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sponsor Nordbank Fonden saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => !c.startsWith('GET'))).toEqual(['PUT /api/clubs/1/sponsors/1']);
    expect(api.bodies).toEqual([{ name: 'Nordbank Fonden', url: 'https://nordbank.example/' }]);
    expect(upload.sent).toEqual([]);
  });

  it('shows a web address that is not http(s) at its field and sends nothing; the server’s refusals show at their field too', async () => {
    const api = server([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sponsor' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nordbank');
    const url = within(dialog).getByRole('textbox', { name: 'Web address' });
    await userEvent.type(url, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The web address must start with http:// or https://')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://nordbank.example');
    api.refuseNext(400, { error: 'Invalid body: url — bad', details: [{ path: 'url', message: URL_MESSAGE }, { path: 'name', message: 'A sponsor with this name already exists' }] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A sponsor with this name already exists')).toBeInTheDocument();
    expect(within(dialog).getByText('The web address must start with http:// or https://')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => !c.startsWith('GET'))).toEqual(['POST /api/clubs/1/sponsors']);
  });

  it('checks a picked file in the client: not an image is refused before anything is sent', async () => {
    server([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sponsor' });
    await userEvent.upload(screen.getByTestId('sponsor-logo-input'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(within(dialog).getByText('logo.svg is not an image: choose a JPEG, PNG, WebP or GIF file.')).toBeInTheDocument();
    expect(within(dialog).getByText('No logo chosen')).toBeInTheDocument();

    // A file named and typed as a PNG goes through; if the browser cannot draw it, the preview says so.
    await userEvent.upload(screen.getByTestId('sponsor-logo-input'), new File(['<html>'], 'logo.png', { type: 'image/png' }));
    fireEvent.error(within(dialog).getByRole('img', { name: 'Preview of the logo' }));
    expect(within(dialog).getByRole('img', { name: 'The file cannot be shown as an image' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^New logo: logo\.png/)).toBeInTheDocument();
  });

  it('deletes after a confirmation that first says what the sponsor is used in', async () => {
    const api = server([NORDBANK, KAFFE], { setups: [{ id: 4, name: 'Summer 2026', course_id: 3, positions: 5 }], guides: [{ guide_id: 7, title: 'Scorecard 2026' }] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Nordbank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Nordbank?' });
    const usage = await within(dialog).findByTestId('sponsor-usage');
    expect(usage).toHaveTextContent('Used in 1 sponsor setup: Summer 2026 (5 places).');
    expect(usage).toHaveTextContent('Guide using it: Scorecard 2026.');
    expect(usage).toHaveTextContent('Its places are removed with it.');
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/clubs/1/sponsors/1/usage');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Nordbank' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Nordbank?' });
    await within(again).findByTestId('sponsor-usage');
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sponsor Nordbank deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /api/clubs/1/sponsors/1']);
    const list = screen.getByRole('list', { name: 'Sponsors' });
    await waitFor(() => expect(within(list).getAllByTestId('sponsor-row')).toHaveLength(1));
  });

  it('says when the delete fails, and keeps the sponsor', async () => {
    const api = server([NORDBANK]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Nordbank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Nordbank?' });
    await within(dialog).findByText('It is not used in any sponsor setup.');
    api.refuseNext(404, { error: 'Sponsor not found' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete Nordbank')).toBeInTheDocument();
    expect(screen.getByText('Sponsor not found')).toBeInTheDocument();
    // Behind the open dialog (hidden from the accessibility tree meanwhile), the sponsor is still listed.
    expect(screen.getByRole('dialog', { name: 'Delete Nordbank?' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Sponsors', hidden: true })).getAllByTestId('sponsor-row')).toHaveLength(1);
  });
});
