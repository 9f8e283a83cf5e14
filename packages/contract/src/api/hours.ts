import { z } from 'zod';
import { NO_NUL_PATTERN, storable } from './common';

/**
 * Opening hours and pricing (§2 'hours, extra details, prices'): one document per club.
 * - seasons: date ranges that do not overlap, each with per-weekday hours or closed;
 * - closed_days: single dates with a reason (holidays, tournaments, course maintenance);
 * - details: free text shown with the hours (e.g. "Range opens 30 minutes earlier");
 * - price_groups: named groups of prices; the order of the arrays is the order shown.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const HOURS_LIMITS = {
  seasons: 12,
  closedDays: 100,
  priceGroups: 20,
  pricesPerGroup: 50,
  seasonName: 60,
  reason: 120,
  details: 2000,
  priceName: 80,
  priceDescription: 300,
  amount: 1_000_000,
} as const;

/** ISO 4217 codes of the currencies in use (funds, metals and retired codes left out). */
export const CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN',
  'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB',
  'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL',
  'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

/** The usual currency of a club's country; EUR where none is known. */
export function defaultCurrency(countryCode: string): string {
  const byCountry: Record<string, string> = {
    dk: 'DKK', fo: 'DKK', gl: 'DKK', se: 'SEK', no: 'NOK', is: 'ISK', gb: 'GBP', ch: 'CHF', pl: 'PLN',
    cz: 'CZK', us: 'USD', za: 'ZAR',
  };
  return byCountry[countryCode.toLowerCase()] ?? 'EUR';
}

/** What can be wrong, with the values a message may mention. */
export type HoursProblem =
  | { code: 'required' }
  | { code: 'tooLong'; max: number }
  | { code: 'tooMany'; max: number }
  | { code: 'time' }
  | { code: 'closeAfterOpen' }
  | { code: 'date' }
  | { code: 'dateOrder' }
  | { code: 'seasonOverlap'; name: string }
  | { code: 'duplicateDate'; date: string }
  | { code: 'amount'; max: number }
  | { code: 'amountDecimals' }
  | { code: 'currency' };

export type HoursMessages = (problem: HoursProblem) => string;

/** The server's (English) messages; the web app passes translated ones. */
export const englishHoursMessages: HoursMessages = (p) => {
  switch (p.code) {
    case 'required':
      return 'This field is required';
    case 'tooLong':
      return `At most ${p.max} characters`;
    case 'tooMany':
      return `At most ${p.max} entries`;
    case 'time':
      return 'Enter a time as HH:MM';
    case 'closeAfterOpen':
      return 'Closing time must be after opening time';
    case 'date':
      return 'Enter a date as YYYY-MM-DD';
    case 'dateOrder':
      return 'The end date must not be before the start date';
    case 'seasonOverlap':
      return `Overlaps the season "${p.name}"`;
    case 'duplicateDate':
      return `${p.date} is listed twice`;
    case 'amount':
      return `Enter an amount from 0 to ${p.max}`;
    case 'amountDecimals':
      return 'Use at most 2 decimals';
    case 'currency':
      return 'Choose a currency (ISO 4217 code, e.g. DKK)';
  }
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'YYYY-MM-DD' of a real calendar day between 2000 and 2100. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True when the amount has at most two decimals. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Builds the document schema with the given messages (every rule is the same either way). */
export function hoursDocumentSchema(message: HoursMessages = englishHoursMessages) {
  const text = (max: number, required: boolean) => {
    const base = storable(z.string({ error: () => message({ code: 'required' }) })).trim();
    return (required ? base.min(1, message({ code: 'required' })) : base).max(max, message({ code: 'tooLong', max }));
  };
  const list = <T extends z.ZodType>(item: T, max: number) =>
    z.array(item).max(max, message({ code: 'tooMany', max }));
  const time = z.string({ error: () => message({ code: 'time' }) }).regex(TIME, message({ code: 'time' }));
  const date = z
    .string({ error: () => message({ code: 'date' }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message({ code: 'date' }))
    .refine(isIsoDate, message({ code: 'date' }));

  const day = z.discriminatedUnion('closed', [
    z.object({ closed: z.literal(true) }),
    z
      .object({ closed: z.literal(false), open: time, close: time })
      .refine((d) => d.close > d.open, { path: ['close'], message: message({ code: 'closeAfterOpen' }) }),
  ]);

  const season = z
    .object({
      name: text(HOURS_LIMITS.seasonName, true),
      from: date,
      to: date,
      days: z.object(Object.fromEntries(WEEKDAYS.map((w) => [w, day])) as Record<Weekday, typeof day>),
    })
    .refine((s) => s.to >= s.from, { path: ['to'], message: message({ code: 'dateOrder' }) });

  const closedDay = z.object({ date, reason: text(HOURS_LIMITS.reason, true) });

  const amount = z
    .number({ error: () => message({ code: 'amount', max: HOURS_LIMITS.amount }) })
    .min(0, message({ code: 'amount', max: HOURS_LIMITS.amount }))
    .max(HOURS_LIMITS.amount, message({ code: 'amount', max: HOURS_LIMITS.amount }))
    .refine(hasAtMostTwoDecimals, message({ code: 'amountDecimals' }));

  const price = z.object({
    name: text(HOURS_LIMITS.priceName, true),
    description: text(HOURS_LIMITS.priceDescription, false),
    amount,
    currency: z
      .string({ error: () => message({ code: 'currency' }) })
      .regex(NO_NUL_PATTERN, message({ code: 'currency' }))
      .trim()
      .toUpperCase()
      .refine((c) => (CURRENCIES as readonly string[]).includes(c), message({ code: 'currency' })),
  });

  const priceGroup = z.object({
    name: text(HOURS_LIMITS.priceName, true),
    items: list(price, HOURS_LIMITS.pricesPerGroup),
  });

  return z
    .object({
      seasons: list(season, HOURS_LIMITS.seasons),
      closed_days: list(closedDay, HOURS_LIMITS.closedDays),
      details: text(HOURS_LIMITS.details, false),
      price_groups: list(priceGroup, HOURS_LIMITS.priceGroups),
    })
    .superRefine((doc, ctx) => {
      doc.seasons.forEach((s, i) => {
        const other = doc.seasons.findIndex((o, j) => j < i && o.from <= s.to && s.from <= o.to);
        if (other >= 0) {
          ctx.addIssue({ code: 'custom', path: ['seasons', i, 'from'], message: message({ code: 'seasonOverlap', name: doc.seasons[other].name }) });
        }
      });
      doc.closed_days.forEach((d, i) => {
        if (doc.closed_days.findIndex((o) => o.date === d.date) < i) {
          ctx.addIssue({ code: 'custom', path: ['closed_days', i, 'date'], message: message({ code: 'duplicateDate', date: d.date }) });
        }
      });
    });
}

/** PUT clubs/{clubId}/hours. */
export const HoursDocument = hoursDocumentSchema();
export type HoursDocument = z.infer<typeof HoursDocument>;
export type Season = HoursDocument['seasons'][number];
export type DayHours = Season['days'][Weekday];
export type ClosedDay = HoursDocument['closed_days'][number];
export type PriceGroup = HoursDocument['price_groups'][number];
export type PriceItem = PriceGroup['items'][number];

/** GET (and the answer of PUT) clubs/{clubId}/hours: the document and when it was saved. */
export const HoursResponse = z.object({
  seasons: z.array(
    z.object({
      name: z.string(),
      from: z.string(),
      to: z.string(),
      days: z.record(
        z.enum(WEEKDAYS),
        z.union([z.object({ closed: z.literal(true) }), z.object({ closed: z.literal(false), open: z.string(), close: z.string() })]),
      ),
    }),
  ),
  closed_days: z.array(z.object({ date: z.string(), reason: z.string() })),
  details: z.string(),
  price_groups: z.array(
    z.object({
      name: z.string(),
      items: z.array(z.object({ name: z.string(), description: z.string(), amount: z.number(), currency: z.string() })),
    }),
  ),
  /** null until the club first saves its hours. */
  updated_at: z.iso.datetime().nullable(),
});
export type HoursResponse = z.infer<typeof HoursResponse>;

export function emptyHours(): HoursDocument {
  return { seasons: [], closed_days: [], details: '', price_groups: [] };
}

/** Seasons by start date and closed days by date: the order in which people read them. */
export function sortHours(doc: HoursDocument): HoursDocument {
  return {
    ...doc,
    seasons: [...doc.seasons].sort((a, b) => a.from.localeCompare(b.from)),
    closed_days: [...doc.closed_days].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
