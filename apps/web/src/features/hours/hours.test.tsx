import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hoursDocumentSchema, type HoursDocument, type HoursResponse } from '@golf/contract/api/hours';
import { renderRoutes } from '../../testing/render';
import { apiError, fakeApi } from '../../testing/api';
import { HoursPage } from './components/hours-page';
import { formatAmount, fromDocument, hoursResolver, newSeason, parseAmount, toDocument } from './utils/hours-form';

const saved: HoursResponse = {
  seasons: [
    {
      name: 'Summer',
      from: '2030-04-01',
      to: '2030-10-31',
      days: {
        mon: { closed: false, open: '07:00', close: '21:00' },
        tue: { closed: false, open: '07:00', close: '21:00' },
        wed: { closed: false, open: '07:00', close: '21:00' },
        thu: { closed: false, open: '07:00', close: '21:00' },
        fri: { closed: false, open: '07:00', close: '21:00' },
        sat: { closed: false, open: '06:00', close: '20:00' },
        sun: { closed: true },
      },
    },
  ],
  closed_days: [{ date: '2030-12-24', reason: 'Christmas Eve' }],
  details: 'Range opens 30 minutes early.',
  price_groups: [{ name: 'Green fees', items: [{ name: '18 holes', description: 'Weekdays', amount: 525.5, currency: 'DKK' }] }],
  updated_at: '2030-01-02T10:00:00.000Z',
};

describe('hours form values', () => {
  it('reads amounts as people type them', () => {
    expect(parseAmount('450')).toBe(450);
    expect(parseAmount(' 450,50 ')).toBe(450.5);
    expect(parseAmount('1 200.25')).toBe(1200.25);
    expect(parseAmount('')).toBeNaN();
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('12abc')).toBeNaN();
    expect(formatAmount(450)).toBe('450');
    expect(formatAmount(525.5)).toBe('525.50');
  });

  it('turns a document into form values and back', () => {
    const values = fromDocument(saved);
    expect(values.seasons[0].days.sun).toEqual({ closed: true, open: '08:00', close: '18:00' });
    expect(values.price_groups[0].items[0].amount).toBe('525.50');
    const { updated_at: _ignored, ...doc } = saved;
    expect(toDocument(values)).toEqual(doc);
  });

  it('puts the contract’s problems on the fields, with the given messages', async () => {
    const schema = hoursDocumentSchema((p) => `msg:${p.code}`);
    const values = fromDocument(saved);
    values.seasons.push({ ...newSeason(2030), name: 'Autumn', from: '2030-10-01' });
    values.seasons[0].days.mon = { closed: false, open: '18:00', close: '08:00' };
    values.price_groups[0].items[0].amount = '12,345';
    values.price_groups[0].items[0].currency = 'XYZ';
    const result = await hoursResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as Record<string, unknown>;
    const at = (path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as { message?: string } | undefined;
    expect(at('seasons.0.days.mon.close')?.message).toBe('msg:closeAfterOpen');
    expect(at('seasons.1.from')?.message).toBe('msg:seasonOverlap');
    expect(at('price_groups.0.items.0.amount')?.message).toBe('msg:amountDecimals');
    expect(at('price_groups.0.items.0.currency')?.message).toBe('msg:currency');
    expect((await hoursResolver(schema)(fromDocument(saved), undefined, { fields: {}, shouldUseNativeValidation: false })).errors).toEqual({});
  });
});

const renderHours = () => renderRoutes([{ path: '/:clubId/club/hours', element: <HoursPage /> }], '/1/club/hours');

// A season alone is some thirty MUI fields: rendering it in jsdom takes a few seconds.
describe('<HoursPage>', { timeout: 30_000 }, () => {
  it('shows the saved hours and prices, and saves a change as the whole document', async () => {
    let stored: HoursResponse = saved;
    fakeApi.get('clubs/1/club', { id: 1, address: { country_code: 'dk' } });
    fakeApi.get('clubs/1/hours', () => stored);
    fakeApi.put('clubs/1/hours', ({ body }) => (stored = { ...(body as HoursDocument), updated_at: '2030-01-03T10:00:00.000Z' }));
    renderHours();

    expect(await screen.findByDisplayValue('Summer')).toBeInTheDocument();
    expect(screen.getByLabelText('Opens on Monday')).toHaveValue('07:00');
    expect(screen.getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
    expect(screen.getByLabelText('Opens on Sunday')).toBeDisabled();
    expect(screen.getByDisplayValue('Christmas Eve')).toBeInTheDocument();
    expect(screen.getByDisplayValue('525.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(screen.getByRole('switch', { name: 'Open on Sunday' }));
    fireEvent.change(screen.getByLabelText('Opens on Sunday'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Closes on Sunday'), { target: { value: '15:00' } });
    const price = screen.getByRole('group', { name: 'Price 1 in Green fees' });
    fireEvent.change(within(price).getByLabelText('Amount'), { target: { value: '550,75' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Opening hours and prices saved')).toBeInTheDocument();
    const [put] = fakeApi.sent('PUT');
    expect(put.url).toBe('/api/clubs/1/hours');
    const body = put.body as HoursDocument;
    expect(body.seasons[0].days.sun).toEqual({ closed: false, open: '09:00', close: '15:00' });
    expect(body.seasons[0].days.mon).toEqual({ closed: false, open: '07:00', close: '21:00' });
    expect(body.price_groups[0].items[0]).toEqual({ name: '18 holes', description: 'Weekdays', amount: 550.75, currency: 'DKK' });
    expect(body.closed_days).toEqual(saved.closed_days);
  });

  it('marks invalid fields and sends nothing', async () => {
    fakeApi.get('clubs/1/club', { id: 1, address: { country_code: 'se' } });
    fakeApi.get('clubs/1/hours', { ...saved, seasons: [], price_groups: [], closed_days: [], updated_at: null });
    renderHours();
    expect(await screen.findByText('No opening hours yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add season' }));
    fireEvent.change(screen.getByLabelText('Closes on Tuesday'), { target: { value: '07:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add price group' }));
    const group = screen.getByRole('group', { name: 'Group 1' });
    expect(within(group).getByLabelText('Currency')).toHaveValue('SEK');
    fireEvent.change(within(group).getByLabelText('Amount'), { target: { value: '-3' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(screen.getByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount from 0 to 1000000')).toBeInTheDocument();
    expect(screen.getByText('Please correct the marked fields')).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.sent('PUT')).toEqual([]));
  });

  it('shows an error with Retry when the hours cannot be loaded', async () => {
    let fail = true;
    fakeApi.get('clubs/1/club', { id: 1, address: { country_code: 'dk' } });
    fakeApi.get('clubs/1/hours', () => (fail ? apiError(403, 'This needs the opening-hours role in this club') : saved));
    renderHours();
    expect(await screen.findByText('This needs the opening-hours role in this club')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Summer')).toBeInTheDocument();
  });
});
