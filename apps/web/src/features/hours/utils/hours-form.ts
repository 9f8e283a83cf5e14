import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { WEEKDAYS, type HoursDocument, type HoursResponse, type Weekday } from '@golf/contract/api/hours';

/** The form keeps what people type: times and dates as text, amounts as text ("450,50" too). */
export interface DayForm {
  closed: boolean;
  open: string;
  close: string;
}
export interface SeasonForm {
  name: string;
  from: string;
  to: string;
  days: Record<Weekday, DayForm>;
}
export interface ClosedDayForm {
  date: string;
  reason: string;
}
export interface PriceForm {
  name: string;
  description: string;
  amount: string;
  currency: string;
}
export interface PriceGroupForm {
  name: string;
  items: PriceForm[];
}
export interface HoursFormValues {
  seasons: SeasonForm[];
  closed_days: ClosedDayForm[];
  details: string;
  price_groups: PriceGroupForm[];
}

const DEFAULT_OPEN = '08:00';
const DEFAULT_CLOSE = '18:00';

/** "450", "450.5", "450,50" → a number; anything else → NaN (the schema then says why). */
export function parseAmount(text: string): number {
  const clean = text.trim().replace(/\s/g, '');
  if (!/^\d+([.,]\d+)?$/.test(clean)) return Number.NaN;
  return Number(clean.replace(',', '.'));
}

/** 450 → "450", 525.5 → "525.50". */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function openWeek(open = DEFAULT_OPEN, close = DEFAULT_CLOSE): Record<Weekday, DayForm> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, { closed: false, open, close }])) as Record<Weekday, DayForm>;
}

/** A new season: this year's April to October, open every day. */
export function newSeason(year = new Date().getFullYear()): SeasonForm {
  return { name: '', from: `${year}-04-01`, to: `${year}-10-31`, days: openWeek() };
}

export function newPrice(currency: string): PriceForm {
  return { name: '', description: '', amount: '', currency };
}

export function fromDocument(doc: HoursDocument | HoursResponse): HoursFormValues {
  return {
    seasons: doc.seasons.map((s) => ({
      name: s.name,
      from: s.from,
      to: s.to,
      days: Object.fromEntries(
        WEEKDAYS.map((d) => {
          const day = s.days[d];
          return [d, day.closed ? { closed: true, open: DEFAULT_OPEN, close: DEFAULT_CLOSE } : { closed: false, open: day.open, close: day.close }];
        }),
      ) as Record<Weekday, DayForm>,
    })),
    closed_days: doc.closed_days.map((d) => ({ date: d.date, reason: d.reason })),
    details: doc.details,
    price_groups: doc.price_groups.map((g) => ({
      name: g.name,
      items: g.items.map((i) => ({ name: i.name, description: i.description, amount: formatAmount(i.amount), currency: i.currency })),
    })),
  };
}

/** The document the form stands for (not yet validated). */
export function toDocument(values: HoursFormValues): HoursDocument {
  return {
    seasons: values.seasons.map((s) => ({
      name: s.name,
      from: s.from,
      to: s.to,
      days: Object.fromEntries(
        WEEKDAYS.map((d) => {
          const day = s.days[d];
          return [d, day.closed ? { closed: true } : { closed: false, open: day.open, close: day.close }];
        }),
      ) as HoursDocument['seasons'][number]['days'],
    })),
    closed_days: values.closed_days.map((d) => ({ date: d.date, reason: d.reason })),
    details: values.details,
    price_groups: values.price_groups.map((g) => ({
      name: g.name,
      items: g.items.map((i) => ({ name: i.name, description: i.description, amount: parseAmount(i.amount), currency: i.currency })),
    })),
  };
}

/**
 * Validates the form with the contract's rules (the schema's messages are already translated);
 * errors land on the fields with the same paths the API reports.
 */
export function hoursResolver(schema: z.ZodType<HoursDocument>): Resolver<HoursFormValues> {
  return async (values, _context, options) => {
    const result = schema.safeParse(toDocument(values));
    if (result.success) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<HoursFormValues> };
  };
}

/** The message of an error anywhere in the form's error tree, e.g. of an array as a whole. */
export function messageOf(error: unknown): string | undefined {
  const e = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  if (typeof e?.message === 'string') return e.message;
  if (typeof e?.root?.message === 'string') return e.root.message;
  return undefined;
}
