import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOURS_LIMITS, HoursResponse, WEEKDAYS, type HoursDocument } from '@golf/contract/api/hours';
import { clubHours } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Actor = 'admin' | 'owner' | 'staff' | 'noRole' | 'swede' | 'anonymous';

const open = (from: string, to: string) => ({ closed: false as const, open: from, close: to });
const closed = { closed: true as const };
const week = (weekday: ReturnType<typeof open> | typeof closed, weekend: ReturnType<typeof open> | typeof closed = weekday) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, d === 'sat' || d === 'sun' ? weekend : weekday])) as HoursDocument['seasons'][number]['days'];

function sampleDocument(): HoursDocument {
  return {
    // Given out of order: stored by start date.
    seasons: [
      { name: 'Winter', from: '2026-11-01', to: '2027-03-31', days: week(open('09:00', '16:00'), closed) },
      { name: 'Summer', from: '2026-04-01', to: '2026-10-31', days: week(open('07:00', '21:30'), open('06:30', '23:59')) },
    ],
    closed_days: [
      { date: '2026-12-31', reason: 'New Year’s Eve' },
      { date: '2026-12-24', reason: 'Christmas Eve' },
    ],
    details: 'The driving range opens 30 minutes before the course.\nCarts must be booked a day ahead.',
    price_groups: [
      {
        name: 'Green fees',
        items: [
          { name: '18 holes', description: 'Weekdays', amount: 450, currency: 'DKK' },
          { name: '18 holes', description: 'Weekends and holidays', amount: 525.5, currency: 'dkk' },
          { name: '9 holes', description: '', amount: 0.99, currency: 'EUR' },
        ],
      },
      { name: 'Rental', items: [{ name: 'Golf cart', description: 'Per round', amount: 300, currency: 'DKK' }] },
      { name: 'Juniors', items: [] },
    ],
  };
}

describe(`opening hours and pricing (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      noRole: { email: 'norole@example.com', password: 'norole-pw', clubRoles: { [ids.dkClubId]: ['club-info', 'club-gallery'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['opening-hours'] } },
    });
  });
  afterAll(() => t?.close());

  const url = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/hours`;
  const get = async (actor: Actor = 'staff', clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', url(clubId), { token: tokens[actor] });
    expect(res.statusCode).toBe(200);
    return HoursResponse.parse(res.json());
  };
  const put = (actor: Actor, payload: unknown, clubId = ids.dkClubId) => call(t.app, 'PUT', url(clubId), { token: tokens[actor], payload });

  it('answers an empty document before the first save', async () => {
    expect(await get()).toEqual({ seasons: [], closed_days: [], details: '', price_groups: [], updated_at: null });
  });

  it('saves a document in one row and reads it back sorted, with currencies upper-cased', async () => {
    const res = await put('staff', sampleDocument());
    expect(res.statusCode).toBe(200);
    const saved = HoursResponse.parse(res.json());
    expect(saved.seasons.map((s) => s.name)).toEqual(['Summer', 'Winter']);
    expect(saved.seasons[0].days.sun).toEqual({ closed: false, open: '06:30', close: '23:59' });
    expect(saved.seasons[1].days.sat).toEqual({ closed: true });
    expect(saved.closed_days.map((d) => d.date)).toEqual(['2026-12-24', '2026-12-31']);
    expect(saved.price_groups.map((g) => g.name)).toEqual(['Green fees', 'Rental', 'Juniors']);
    expect(saved.price_groups[0].items.map((i) => [i.description, i.amount, i.currency])).toEqual([
      ['Weekdays', 450, 'DKK'],
      ['Weekends and holidays', 525.5, 'DKK'],
      ['', 0.99, 'EUR'],
    ]);
    expect(saved.details).toBe(sampleDocument().details);
    expect(saved.updated_at).not.toBeNull();
    expect(await get('owner')).toEqual(saved);
    const rows = await t.database.db.select().from(clubHours).where(eq(clubHours.clubId, ids.dkClubId));
    expect(rows).toHaveLength(1);
  });

  it('replaces the whole document on the next save', async () => {
    const doc = { ...sampleDocument(), seasons: [], price_groups: [], details: 'Closed for renovation.' };
    const res = await put('admin', doc);
    expect(res.statusCode).toBe(200);
    expect(await get()).toMatchObject({ seasons: [], price_groups: [], details: 'Closed for renovation.', closed_days: doc.closed_days.slice().reverse() });
    expect(await t.database.db.select().from(clubHours).where(eq(clubHours.clubId, ids.dkClubId))).toHaveLength(1);
    expect((await put('staff', sampleDocument())).statusCode).toBe(200);
  });

  const invalid: [string, (d: HoursDocument) => unknown, string, RegExp][] = [
    ['an opening time of 25:00', (d) => ((d.seasons[0].days.mon = open('25:00', '26:00')), d), 'seasons.0.days.mon.open', /HH:MM/],
    ['a time without a colon', (d) => ((d.seasons[0].days.tue = open('0800', '18:00')), d), 'seasons.0.days.tue.open', /HH:MM/],
    ['closing before opening', (d) => ((d.seasons[0].days.wed = open('18:00', '08:00')), d), 'seasons.0.days.wed.close', /after opening/],
    ['closing when opening', (d) => ((d.seasons[0].days.wed = open('08:00', '08:00')), d), 'seasons.0.days.wed.close', /after opening/],
    ['a missing weekday', (d) => ((delete (d.seasons[0].days as Partial<typeof d.seasons[0]['days']>).fri), d), 'seasons.0.days.fri', /./],
    ['a season ending before it starts', (d) => ((d.seasons[0].to = '2026-01-01'), d), 'seasons.0.to', /end date/],
    ['an impossible date', (d) => ((d.seasons[0].from = '2026-02-30'), d), 'seasons.0.from', /YYYY-MM-DD/],
    ['overlapping seasons', (d) => ((d.seasons[0].from = '2026-10-01'), d), 'seasons.1.from', /Overlaps the season "Winter"/],
    ['a season without a name', (d) => ((d.seasons[0].name = '   '), d), 'seasons.0.name', /required/],
    ['a closed day listed twice', (d) => ((d.closed_days[1].date = d.closed_days[0].date), d), 'closed_days.1.date', /listed twice/],
    ['a closed day without a reason', (d) => ((d.closed_days[0].reason = ''), d), 'closed_days.0.reason', /required/],
    ['a negative amount', (d) => ((d.price_groups[0].items[0].amount = -1), d), 'price_groups.0.items.0.amount', /from 0 to/],
    ['an amount with 3 decimals', (d) => ((d.price_groups[0].items[0].amount = 10.005), d), 'price_groups.0.items.0.amount', /2 decimals/],
    ['an amount given as text', (d) => (((d.price_groups[0].items[0] as { amount: unknown }).amount = '450'), d), 'price_groups.0.items.0.amount', /./],
    ['an amount above a million', (d) => ((d.price_groups[0].items[0].amount = 1_000_000.01), d), 'price_groups.0.items.0.amount', /from 0 to/],
    ['an unknown currency', (d) => ((d.price_groups[0].items[0].currency = 'XYZ'), d), 'price_groups.0.items.0.currency', /ISO 4217/],
    ['a currency symbol', (d) => ((d.price_groups[0].items[0].currency = 'kr'), d), 'price_groups.0.items.0.currency', /ISO 4217/],
    ['a price without a name', (d) => ((d.price_groups[1].items[0].name = ''), d), 'price_groups.1.items.0.name', /required/],
    ['details of 2001 characters', (d) => ((d.details = 'x'.repeat(HOURS_LIMITS.details + 1)), d), 'details', /At most 2000 characters/],
    [
      `${HOURS_LIMITS.seasons + 1} seasons`,
      (d) => ({
        ...d,
        seasons: Array.from({ length: HOURS_LIMITS.seasons + 1 }, (_, i) => ({
          ...d.seasons[0],
          name: `S${i}`,
          from: `2030-01-${String(i + 1).padStart(2, '0')}`,
          to: `2030-01-${String(i + 1).padStart(2, '0')}`,
        })),
      }),
      'seasons',
      /At most 12 entries/,
    ],
    [
      `${HOURS_LIMITS.pricesPerGroup + 1} prices in a group`,
      (d) => ((d.price_groups[0].items = Array.from({ length: HOURS_LIMITS.pricesPerGroup + 1 }, () => d.price_groups[0].items[0])), d),
      'price_groups.0.items',
      /At most 50 entries/,
    ],
    ['no seasons field', (d) => ({ ...d, seasons: undefined }), 'seasons', /./],
  ];

  it.each(invalid)('refuses %s with 400 naming the field, and keeps the saved document', async (_label, change, path, message) => {
    const before = await get();
    const res = await put('staff', change(sampleDocument()));
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { path: string; message: string }[];
    const hit = details.find((d) => d.path === path);
    expect(hit, JSON.stringify(details)).toBeDefined();
    expect(hit!.message).toMatch(message);
    expect(await get()).toEqual(before);
  });

  describe('permissions', () => {
    it.each([
      ['admin', 200, 200],
      ['owner', 200, 200],
      ['staff', 200, 200],
      ['noRole', 403, 403],
      ['swede', 403, 403],
      ['anonymous', 401, 401],
    ] as [Actor, number, number][])('%s gets %i reading and %i saving the Danish hours', async (actor, read, write) => {
      const before = await get('admin');
      const r = await call(t.app, 'GET', url(), { token: tokens[actor] });
      expect(r.statusCode).toBe(read);
      const w = await put(actor, { ...sampleDocument(), details: `Written by ${actor}` });
      expect(w.statusCode).toBe(write);
      if (write !== 200) {
        expect(typeof w.json().error).toBe('string');
        expect(await get('admin')).toEqual(before);
      }
    });

    it('the Swede keeps the Swedish hours; nobody else in the Danish club may read them', async () => {
      const res = await put('swede', { seasons: [], closed_days: [], details: 'Öppet året runt', price_groups: [] }, ids.seClubId);
      expect(res.statusCode).toBe(200);
      expect((await get('swede', ids.seClubId)).details).toBe('Öppet året runt');
      expect((await call(t.app, 'GET', url(ids.seClubId), { token: tokens.staff })).statusCode).toBe(403);
      expect((await put('staff', sampleDocument(), ids.seClubId)).statusCode).toBe(403);
      expect((await get('swede', ids.seClubId)).details).toBe('Öppet året runt');
      expect((await get('staff')).details).not.toBe('Öppet året runt');
      expect((await call(t.app, 'GET', url(99999), { token: tokens.admin })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', url(99999), { token: tokens.staff })).statusCode).toBe(403);
    });
  });
});
