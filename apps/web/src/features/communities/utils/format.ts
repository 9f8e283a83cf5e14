const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Dates and numbers of the communities screens in the interface language: a post's time as a
 * feed shows it (“5 minutes ago”, “yesterday”, a date after a week), and the full date and time
 * for its tooltip.
 */
export function communityFormat(language: string, now: () => number = Date.now) {
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const number = new Intl.NumberFormat(language);
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    number: (n: number) => number.format(n),
    /** Within a week: relative; else the date. A time in the future (a clock ahead) reads as now. */
    ago: (iso: string) => {
      const age = Math.max(0, now() - Date.parse(iso));
      if (age < MINUTE) return relative.format(0, 'second');
      if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
      if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
      if (age < 7 * DAY) return relative.format(-Math.floor(age / DAY), 'day');
      return date.format(new Date(iso));
    },
  };
}
export type CommunityFormat = ReturnType<typeof communityFormat>;
