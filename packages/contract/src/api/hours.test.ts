import { describe, expect, it } from 'vitest';
import { CURRENCIES, defaultCurrency, emptyHours, hasAtMostTwoDecimals, HoursDocument, isIsoDate, sortHours, WEEKDAYS } from './hours';

const week = Object.fromEntries(WEEKDAYS.map((d) => [d, { closed: false, open: '08:00', close: '18:00' }]));

describe('hours document', () => {
  it('accepts the empty document and a full one', () => {
    expect(HoursDocument.parse(emptyHours())).toEqual(emptyHours());
    const doc = {
      seasons: [{ name: 'Summer', from: '2030-04-01', to: '2030-10-31', days: { ...week, sun: { closed: true } } }],
      closed_days: [{ date: '2030-12-24', reason: 'Christmas Eve' }],
      details: '',
      price_groups: [{ name: 'Green fees', items: [{ name: '18 holes', description: '', amount: 0, currency: 'eur' }] }],
    };
    expect(HoursDocument.parse(doc).price_groups[0].items[0].currency).toBe('EUR');
  });

  it('checks calendar dates, decimals and currencies', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2030-13-01')).toBe(false);
    expect(isIsoDate('1999-12-31')).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
    expect(CURRENCIES).toContain('DKK');
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    expect(CURRENCIES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
    expect(defaultCurrency('dk')).toBe('DKK');
    expect(defaultCurrency('SE')).toBe('SEK');
    expect(defaultCurrency('de')).toBe('EUR');
  });

  it('sorts seasons by start and closed days by date', () => {
    const doc = {
      ...emptyHours(),
      seasons: [
        { name: 'B', from: '2030-06-01', to: '2030-06-30', days: week },
        { name: 'A', from: '2030-01-01', to: '2030-01-31', days: week },
      ],
      closed_days: [
        { date: '2030-12-31', reason: 'x' },
        { date: '2030-01-01', reason: 'y' },
      ],
    } as HoursDocument;
    const sorted = sortHours(doc);
    expect(sorted.seasons.map((s) => s.name)).toEqual(['A', 'B']);
    expect(sorted.closed_days.map((d) => d.date)).toEqual(['2030-01-01', '2030-12-31']);
  });
});
