import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local web server of RSS and Atom feeds (issue 23): the tests, the browser suite and the bench
 * subscribe clubs to its addresses instead of a real site. Each path answers what `serve` set
 * (a feed, an error status, a redirect, a slow or an endless answer) and honours If-None-Match
 * like a real web server; every request is recorded, with when it came in and when its answer
 * ended (to see whether two fetches of one feed overlapped). Its `host` ('127.0.0.1:<port>') goes in the
 * server's OUTBOUND_ALLOW_HOSTS, since it is a loopback address.
 */
export interface FeedAnswer {
  /** Default 200 (302 with `redirect`). */
  status?: number;
  /** Content-Type; default 'application/rss+xml; charset=utf-8'. */
  type?: string;
  body?: string | Buffer;
  /** Answers a redirect to this address (absolute, or a path of the stand-in). */
  redirect?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Sends this many bytes of filler (streamed; stops when the client goes away) instead of `body`. */
  bytes?: number;
  /** With `bytes`: sent chunked, without Content-Length (the client learns the size only by reading). */
  chunked?: boolean;
  /** Sent as ETag; a request whose If-None-Match names it gets 304. */
  etag?: string;
}

export interface FeedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** When the request came in (Date.now()). */
  startedAt: number;
  /** When its answer ended or the connection closed (Date.now()); null while it is answered. */
  endedAt: number | null;
}

export interface FeedStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** 127.0.0.1:<port> */
  host: string;
  serve(path: string, answer: FeedAnswer): void;
  requests: FeedRequest[];
  /** Bytes of filler actually sent (to see that a client stopped reading). */
  bytesSent: number;
  close(): Promise<void>;
}

/** A small valid RSS 2.0 feed of `count` items, newest first, for tests. */
export function sampleRss(title: string, count = 3, options: { start?: Date } = {}): string {
  const start = options.start ?? new Date('2026-05-01T10:00:00Z');
  const items = Array.from({ length: count }, (_, i) => {
    const at = new Date(start.getTime() - i * 3_600_000).toUTCString();
    return `<item><title>${title} item ${i + 1}</title><link>https://example.org/${encodeURIComponent(title)}/${i + 1}</link><guid>${title}-${i + 1}</guid><pubDate>${at}</pubDate><description>About ${i + 1}</description></item>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://example.org/</link><description>${title} news</description>${items}</channel></rss>`;
}

/** A small valid Atom feed. */
export function sampleAtom(title: string, count = 2): string {
  const entries = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2026, 4, 1, 10 - i)).toISOString();
    return `<entry><title>${title} entry ${i + 1}</title><id>urn:${encodeURIComponent(title)}:${i + 1}</id><link href="https://example.org/a/${i + 1}"/><updated>${at}</updated><summary>Entry ${i + 1}</summary></entry>`;
  }).join('');
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><id>urn:${encodeURIComponent(title)}</id><updated>2026-05-01T10:00:00Z</updated>${entries}</feed>`;
}

export async function startFeedStandIn(): Promise<FeedStandIn> {
  const answers = new Map<string, FeedAnswer>();
  const requests: FeedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const state = { bytesSent: 0 };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const request: FeedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, startedAt: Date.now(), endedAt: null };
    requests.push(request);
    res.on('close', () => (request.endedAt = Date.now()));
    const answer = answers.get(path);
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const respond = () => {
      if (res.destroyed) return;
      if (answer.redirect !== undefined) {
        res.writeHead(answer.status ?? 302, { location: answer.redirect }).end();
        return;
      }
      if (answer.etag && req.headers['if-none-match'] === answer.etag) {
        res.writeHead(304, { etag: answer.etag }).end();
        return;
      }
      const headers: http.OutgoingHttpHeaders = { 'content-type': answer.type ?? 'application/rss+xml; charset=utf-8' };
      if (answer.etag) headers.etag = answer.etag;
      if (answer.bytes !== undefined) {
        if (!answer.chunked) headers['content-length'] = answer.bytes;
        res.writeHead(answer.status ?? 200, headers);
        streamFiller(res, answer.bytes, (n) => (state.bytesSent += n));
        return;
      }
      res.writeHead(answer.status ?? 200, headers).end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(respond, answer.delayMs);
    else respond();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    serve(path, answer) {
      answers.set(path, answer);
    },
    requests,
    get bytesSent() {
      return state.bytesSent;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes `total` bytes of XML-ish filler in 64 KB chunks, minding back-pressure; stops when the client is gone. */
function streamFiller(res: http.ServerResponse, total: number, sent: (n: number) => void) {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = total;
  const pump = () => {
    while (left > 0) {
      if (res.destroyed) return;
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      sent(piece.length);
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => (left = 0));
  pump();
}
