import { z } from 'zod';
import {
  COMMUNICATION_LIMITS,
  STATUS_CHANNELS,
  STATUS_PRIORITIES,
  type Announcement,
  type AnnouncementBody,
  type ChannelDelivery,
  type Connection,
  type StatusChannel,
} from '@golf/contract/api/communication';

/** The MUI chip colour of each §9 priority: neutral grey, normal blue, important amber, critical red. */
export const PRIORITY_COLORS = {
  neutral: 'default',
  normal: 'info',
  important: 'warning',
  critical: 'error',
} as const satisfies Record<(typeof STATUS_PRIORITIES)[number], 'default' | 'info' | 'warning' | 'error'>;

/** The warning chip's white on orange is below 4.5:1 (WCAG 1.4.3): 'important' is dark text on a lighter amber. */
export const PRIORITY_SX = {
  neutral: {},
  normal: {},
  important: { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' },
  critical: {},
} as const satisfies Record<(typeof STATUS_PRIORITIES)[number], object>;

/** Whether any channel of the status is still being delivered (the screen then reloads it every few seconds). */
export function hasPendingDelivery(announcement: Announcement | null): boolean {
  if (!announcement) return false;
  return announcement.deliveries.some((d) => d.state === 'pending' || (d.push !== null && d.push.pending > 0));
}

/** A `datetime-local` value (local time, minutes) of an instant. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` value (read in the browser's time zone), or null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Messages are translation keys (with `max` where they name one). */
export const statusFormSchema = z
  .object({
    header: z.string().trim().min(1, 'social.status.errors.headerRequired').max(COMMUNICATION_LIMITS.headerMax, 'social.status.errors.headerTooLong'),
    priority: z.enum(STATUS_PRIORITIES),
    body: z.string().trim().max(COMMUNICATION_LIMITS.statusBodyMax, 'social.status.errors.bodyTooLong'),
    start: z
      .string()
      .min(1, 'social.status.errors.startRequired')
      .refine((v) => v === '' || fromLocalInput(v) !== null, 'social.status.errors.dateInvalid'),
    end: z.string().refine((v) => v === '' || fromLocalInput(v) !== null, 'social.status.errors.dateInvalid'),
    channels: z.object({ rss: z.boolean(), notification: z.boolean(), facebook: z.boolean(), national: z.boolean() }),
  })
  .superRefine((values, ctx) => {
    const start = fromLocalInput(values.start);
    const end = values.end === '' ? null : fromLocalInput(values.end);
    if (start && end && end.getTime() <= start.getTime()) ctx.addIssue({ code: 'custom', path: ['end'], message: 'social.status.errors.endBeforeStart' });
  });

export type StatusFormValues = z.input<typeof statusFormSchema>;

/** A new status's form: priority normal, starting now, no end, to the RSS feed. */
export function emptyStatusForm(now: Date = new Date()): StatusFormValues {
  return { header: '', priority: 'normal', body: '', start: toLocalInput(now), end: '', channels: { rss: true, notification: false, facebook: false, national: false } };
}

/** The body sent (the contract's AnnouncementBody): trimmed texts, instants in ISO. */
export function statusBody(values: StatusFormValues): AnnouncementBody {
  const start = fromLocalInput(values.start);
  const end = values.end === '' ? null : fromLocalInput(values.end);
  if (!start) throw new Error('statusBody needs a checked form');
  return {
    header: values.header.trim(),
    priority: values.priority,
    body: values.body.trim(),
    start: start.toISOString(),
    end: end ? end.toISOString() : null,
    channels: { ...values.channels },
  };
}

/** The field of the form a server's detail path names ('end', 'body.end', 'header'…), or null. */
export function statusField(path: string): 'header' | 'priority' | 'body' | 'start' | 'end' | null {
  const last = path.split('.').pop() ?? '';
  return (['header', 'priority', 'body', 'start', 'end'] as const).find((f) => f === last) ?? null;
}

/** Why a channel that needs a connection cannot be chosen, or null when it can. */
export type ChannelBlock = 'upgrade' | 'notConfigured' | 'connectFirst' | null;

export function channelBlock(channel: StatusChannel, connections: Connection[] | undefined): ChannelBlock {
  if (channel !== 'facebook' && channel !== 'national') return null;
  // Unknown (still loading, or the list could not be read): the server decides.
  const connection = connections?.find((c) => c.kind === channel);
  if (!connection) return null;
  if (!connection.allowed_by_plan) return 'upgrade';
  if (!connection.configured) return 'notConfigured';
  if (!connection.connected) return 'connectFirst';
  return null;
}

/** When golfers see the status: now, from its start, or no longer. */
export function visibility(announcement: Pick<Announcement, 'visible' | 'start' | 'end'>, now: Date = new Date()): 'now' | 'notYet' | 'ended' {
  if (announcement.visible) return 'now';
  return Date.parse(announcement.start) > now.getTime() ? 'notYet' : 'ended';
}

/** The delivery records in the order of the form's channels (others after). */
export function orderedDeliveries(deliveries: ChannelDelivery[]): ChannelDelivery[] {
  const rank = (d: ChannelDelivery) => {
    const i = (STATUS_CHANNELS as readonly string[]).indexOf(d.channel);
    return i === -1 ? STATUS_CHANNELS.length : i;
  };
  return [...deliveries].sort((a, b) => rank(a) - rank(b));
}

/** A date and time in the reader's language. */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
