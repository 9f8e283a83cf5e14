import type { TFunction } from 'i18next';

/** How long a job has waited, from `since` to `now` (ISO times): '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function waitedFor(since: string, now: string, t: TFunction): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(since)) / 1000));
  if (seconds < 60) return t('jobs.queue.waitedSeconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('jobs.queue.waitedMinutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('jobs.queue.waitedHours', { hours, minutes: minutes % 60 });
  return t('jobs.queue.waitedDays', { days: Math.floor(hours / 24), hours: hours % 24 });
}
