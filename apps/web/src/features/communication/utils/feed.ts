import type { TFunction } from 'i18next';
import { NUL_MESSAGE, UNICODE_MESSAGE } from '@golf/contract/api/common';
import {
  COMMUNICATION_LIMITS,
  FeedPostBody,
  NotificationBody,
  type ChannelDelivery,
  type Connection,
  type ConnectionKind,
  type FeedPost,
  type NotificationItem,
  type PostChannel,
} from '@golf/contract/api/communication';
import { URL_MAX } from '@golf/contract/api/clubs';

/** The list sorted newest first by `at` (a missing time last), then by id, newest first. */
export function newestFirst<T extends { id: number }>(list: readonly T[], at: (item: T) => string | null): T[] {
  const time = (item: T) => {
    const value = at(item);
    return value ? Date.parse(value) : Number.NEGATIVE_INFINITY;
  };
  return [...list].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

/** Whether a delivery is still under way (a channel not done yet, or pushes not answered yet). */
export function deliveryPending(delivery: ChannelDelivery): boolean {
  return delivery.state === 'pending' || (delivery.push?.pending ?? 0) > 0;
}

/**
 * Whether any published post has a delivery still under way (the list is asked again meanwhile);
 * a scheduled post's channels wait for its publish time.
 */
export function anyPostPending(posts: readonly FeedPost[]): boolean {
  return posts.some((post) => post.state !== 'scheduled' && post.deliveries.some(deliveryPending));
}

/** Whether any message is still being delivered. */
export function anyMessagePending(items: readonly NotificationItem[]): boolean {
  return items.some((m) => m.state !== 'done' || m.pending > 0);
}

/** The query string of GET notifications/subscribers: `guides` repeated, in rising order; '' for all followers. */
export function guidesSearch(guideIds: readonly number[]): string {
  const search = new URLSearchParams();
  for (const id of [...new Set(guideIds)].sort((a, b) => a - b)) search.append('guides', String(id));
  return search.toString();
}

const CODE = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/;

/**
 * A stored failure (an external feed's or a delivery's `error` with its `error_code`) in the
 * reader's language: the code's text when it names no value (the stored row keeps no values),
 * else the server's English reason as it is.
 */
export function storedErrorText(code: string | null, error: string | null, t: TFunction, exists: (key: string) => boolean): string {
  if (code && CODE.test(code)) {
    const key = `serverErrors.${code}`;
    if (exists(key)) {
      const raw = t(key, { skipInterpolation: true });
      if (!raw.includes('{{')) return raw;
    }
  }
  return error ?? t('communication.errors.unknown');
}

/** Why a channel of a service cannot be chosen now, as a translation key; null when it can. */
export type ServiceBlock = 'loading' | 'unknown' | 'notConfigured' | 'planNeeded' | 'notConnected';

export function serviceBlock(connections: readonly Connection[] | undefined, kind: ConnectionKind): ServiceBlock | null {
  if (!connections) return 'loading';
  const connection = connections.find((c) => c.kind === kind);
  if (!connection) return 'unknown';
  if (!connection.configured) return 'notConfigured';
  if (!connection.allowed_by_plan) return 'planNeeded';
  if (!connection.connected) return 'notConnected';
  return null;
}

/** A `datetime-local` input's value (local time, minutes) of an instant; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` value (read as local time), as ISO; null for '' or a value that is no time. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The translation key of a message of the contract's FeedPostBody and NotificationBody (the
 * form's own check and the server's 400 give the same English texts); an unknown one is shown as it is.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Write the post': 'communication.errors.textRequired',
  [`Text: at most ${COMMUNICATION_LIMITS.postTextMax} characters`]: 'communication.errors.textTooLong',
  'Write the message': 'communication.errors.messageRequired',
  [`Message: at most ${COMMUNICATION_LIMITS.notificationBodyMax} characters`]: 'communication.errors.messageTooLong',
  'Enter a full web address starting with http:// or https://': 'communication.errors.url',
  [`Address: at most ${URL_MAX} characters`]: 'communication.errors.urlTooLong',
  'The end is after the publish time': 'communication.errors.endBeforePublish',
  'Choose where to publish the post': 'communication.errors.noChannel',
  [NUL_MESSAGE]: 'communication.errors.text',
  [UNICODE_MESSAGE]: 'communication.errors.text',
};

export function communicationMessageKey(message: string): string {
  return MESSAGE_KEYS[message] ?? message;
}

/** The post dialog's fields as typed. */
export interface PostFormValues {
  text: string;
  link: string;
  /** `datetime-local` values; '' for now (publish) and none (end). */
  publishAt: string;
  endAt: string;
  channels: Record<PostChannel, boolean>;
}

export type PostField = 'text' | 'link' | 'publishAt' | 'endAt' | 'channels';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function postFormValues(post?: FeedPost): PostFormValues {
  return {
    text: post?.text ?? '',
    link: post?.link ?? '',
    publishAt: post ? toLocalInput(post.publish_at) : '',
    endAt: toLocalInput(post?.end_at ?? null),
    channels: post ? { ...post.channels } : { app: true, notification: false, national: false, facebook: false },
  };
}

/** A server's or the contract's field path as the post dialog's field ('body.end_at' → 'endAt'). */
export function postField(path: string): PostField | null {
  const parts = path.split('.');
  if (parts.includes('channels')) return 'channels';
  const last = parts.at(-1) ?? '';
  return ({ text: 'text', link: 'link', publish_at: 'publishAt', end_at: 'endAt' } as Record<string, PostField>)[last] ?? null;
}

/** The post dialog's values checked by the contract's FeedPostBody: the body to send, or the messages (translation keys) per field. */
export function parsePostForm(values: PostFormValues): { body: FeedPostBody; errors?: undefined } | { body?: undefined; errors: FieldErrors<PostField> } {
  const errors: FieldErrors<PostField> = {};
  const publishAt = fromLocalInput(values.publishAt);
  const endAt = fromLocalInput(values.endAt);
  if (values.publishAt.trim() && !publishAt) errors.publishAt = 'communication.errors.time';
  if (values.endAt.trim() && !endAt) errors.endAt = 'communication.errors.time';
  // Without a publish time the post goes out now: an end must be after now.
  if (!errors.endAt && endAt && !publishAt && Date.parse(endAt) <= Date.now()) errors.endAt = 'communication.errors.endInPast';
  const parsed = FeedPostBody.safeParse({
    text: values.text,
    link: values.link.trim() ? values.link : null,
    publish_at: publishAt,
    end_at: endAt,
    channels: values.channels,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = postField(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = communicationMessageKey(issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

export type MessageField = 'body' | 'url';

/** The message form checked by the contract's NotificationBody: the body to send, or the messages per field. */
export function parseMessageForm(values: { body: string; url: string; guideIds: number[] }):
  | { body: NotificationBody; errors?: undefined }
  | { body?: undefined; errors: FieldErrors<MessageField> } {
  const parsed = NotificationBody.safeParse({ body: values.body, url: values.url.trim() ? values.url : null, guides: values.guideIds });
  if (parsed.success) return { body: { body: parsed.data.body, url: parsed.data.url ?? null, guides: parsed.data.guides ?? [] } };
  const errors: FieldErrors<MessageField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'body' || field === 'url') && !errors[field]) errors[field] = communicationMessageKey(issue.message);
  }
  return { errors };
}

/** Characters as the server counts them (code units after trimming, as zod's max). */
export function typedLength(text: string): number {
  return text.trim().length;
}

/** The channels of a post that already went out (they stay when it is edited). */
export function deliveredChannels(post: FeedPost): Set<PostChannel> {
  const done = new Set<PostChannel>();
  for (const d of post.deliveries) {
    if (d.channel !== 'rss' && d.state !== 'skipped') done.add(d.channel);
  }
  return done;
}

/**
 * A feed item's summary as plain text: any markup the feed carried is dropped (never rendered),
 * entities are read, white space is collapsed, and a long one is cut at `max` characters.
 */
export function plainText(html: string, max = 400): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of doc.body.querySelectorAll('script, style, template, noscript')) hidden.remove();
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
