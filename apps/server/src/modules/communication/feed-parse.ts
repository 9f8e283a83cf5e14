import { createHash } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
import { parseFeed } from '@rowanmanning/feed-parser';
import { COMMUNICATION_LIMITS } from '@golf/contract/api/communication';
import { HttpError } from '../../platform/errors';
import { serveTasks } from '../../platform/worker-tasks';

/**
 * Reading an external RSS or Atom feed (issue 23) with a maintained parser
 * (@rowanmanning/feed-parser). It runs in a worker thread with a time and heap limit of its own
 * (the runner is in ./external-feeds-service.ts; the build bundles this file as `feed-parse.js`
 * beside main.js): a hostile feed stops its worker, not the server. Anything that is not an RSS
 * or Atom document is refused as `communication.feedNotAFeed`.
 */

export interface ParsedFeedItem {
  guid: string;
  title: string;
  link: string | null;
  summary: string | null;
  /** ISO time, or null when the feed gives none. */
  publishedAt: string | null;
}

export interface ParsedFeed {
  title: string | null;
  /** The newest COMMUNICATION_LIMITS.externalFeedItemsMax, newest first. */
  items: ParsedFeedItem[];
}

const TITLE_MAX = 300;
const SUMMARY_MAX = 1000;
const GUID_MAX = 500;
const LINK_MAX = 2000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an HTML fragment: tags dropped, the common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    // Control characters (a feed may carry them; the database and the screen do not want them).
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : text;
}

function httpLink(url: string | null): string | null {
  if (!url || url.length > LINK_MAX) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The text of the feed's bytes, in the charset its XML declaration (or else the answer's Content-Type) names; UTF-8 otherwise. */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\uFEFF?\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? /charset=["']?([A-Za-z0-9._-]+)/i.exec(contentType ?? '')?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared.toLowerCase()).decode(bytes);
    } catch {
      // An unknown charset: read as UTF-8 below.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/** Parses an RSS 2.0, RSS 1.0 or Atom document; throws `communication.feedNotAFeed` for anything else. */
export function parseFeedText(xml: string): ParsedFeed {
  let feed: ReturnType<typeof parseFeed>;
  let items: ReturnType<typeof parseFeed>['items'];
  try {
    feed = parseFeed(xml);
    items = feed.items;
  } catch {
    throw new HttpError(502, 'communication.feedNotAFeed');
  }
  const parsed: (ParsedFeedItem & { order: number })[] = [];
  items.forEach((item, order) => {
    const published = item.published ?? item.updated;
    const publishedAt = published && !Number.isNaN(published.getTime()) ? published.toISOString() : null;
    const link = httpLink(item.url);
    const summaryText = plainText(item.description ?? item.content ?? '');
    const titleText = plainText(item.title ?? '') || cut(summaryText, 80) || link || 'Untitled';
    const idText = item.id?.trim() || link || createHash('sha256').update(`${titleText}\n${publishedAt ?? ''}\n${summaryText}`).digest('hex');
    const guid = idText.length > GUID_MAX ? `sha256:${createHash('sha256').update(idText).digest('hex')}` : idText;
    parsed.push({ guid, title: cut(titleText, TITLE_MAX), link, summary: summaryText ? cut(summaryText, SUMMARY_MAX) : null, publishedAt, order });
  });
  // Newest first; items without a time keep the feed's order after those with one.
  parsed.sort((a, b) => {
    if (a.publishedAt && b.publishedAt) return b.publishedAt.localeCompare(a.publishedAt) || a.order - b.order;
    if (a.publishedAt) return -1;
    if (b.publishedAt) return 1;
    return a.order - b.order;
  });
  const seen = new Set<string>();
  const unique = parsed.filter((i) => (seen.has(i.guid) ? false : (seen.add(i.guid), true)));
  const title = plainText(feed.title ?? '');
  return {
    title: title ? cut(title, TITLE_MAX) : null,
    items: unique.slice(0, COMMUNICATION_LIMITS.externalFeedItemsMax).map(({ order: _order, ...i }) => i),
  };
}

/** The worker's task: the answer's bytes (transferred) and its Content-Type. */
export interface FeedParseInput {
  data: Uint8Array;
  contentType: string | null;
}

if (!isMainThread) {
  serveTasks<FeedParseInput, ParsedFeed>(async ({ data, contentType }) => ({ output: parseFeedText(decodeFeed(data, contentType)) }));
}
