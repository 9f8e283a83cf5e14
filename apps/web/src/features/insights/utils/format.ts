import type { InsightInterval } from '@golf/contract/api/insights';

/** Numbers, shares, durations and periods written in the reader's language (Intl). */
export interface InsightFormat {
  integer: (n: number) => string;
  decimal: (n: number, digits?: number) => string;
  /** A signed difference: +0.4, −1.2 (always with its sign). */
  signed: (n: number, digits?: number) => string;
  percent: (share: number) => string;
  /** A chart axis's tick: at most two decimals ("1,2" in Danish; the charts' own ticks follow the browser). */
  tick: (n: number) => string;
  /** A period's first day as the chart names it: "3 Mar" for a week, "Mar 2026" for a month. */
  period: (period: string, interval: InsightInterval) => string;
  date: (date: string) => string;
}

export function insightFormat(language: string): InsightFormat {
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const decimals = new Map<number, Intl.NumberFormat>();
  const decimal = (n: number, digits = 1) => {
    let format = decimals.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      decimals.set(digits, format);
    }
    return format.format(n);
  };
  const signedFormats = new Map<number, Intl.NumberFormat>();
  const signed = (n: number, digits = 1) => {
    let format = signedFormats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'exceptZero' });
      signedFormats.set(digits, format);
    }
    return format.format(n);
  };
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const tick = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const week = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const utc = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return {
    integer: (n) => integer.format(n),
    decimal,
    signed,
    percent: (share) => percent.format(share),
    tick: (n) => tick.format(n),
    period: (period, interval) => (interval === 'month' ? month : week).format(utc(period)),
    date: (date) => day.format(utc(date)),
  };
}

/** Minutes as hours and minutes: [4, 15] for 255. */
export function hoursMinutes(minutes: number): { hours: number; minutes: number } {
  const total = Math.round(minutes);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
