import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedStandIn, type FeedStandIn } from '../../../test/stand-ins/feeds';
import { HttpError } from '../../platform/errors';
import { fetchOutside, isPublicAddress, outboundAgents, type FetchOutsideOptions } from './outbound';

let feeds: FeedStandIn;
let other: FeedStandIn;

beforeAll(async () => {
  [feeds, other] = await Promise.all([startFeedStandIn(), startFeedStandIn()]);
  feeds.serve('/ok', { body: 'hello' });
  other.serve('/secret', { body: 'internal' });
});
afterAll(async () => {
  await Promise.all([feeds.close(), other.close()]);
});

const opts = (over: Partial<FetchOutsideOptions> = {}): FetchOutsideOptions => ({
  allowHosts: [feeds.host],
  timeoutMs: 3000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '0.0.0.0',
    '::',
    '169.254.169.254',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'ff02::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetchOutside', () => {
  it('fetches an allowed host:port although it is loopback', async () => {
    const answer = await fetchOutside(`${feeds.url}/ok`, opts({ accept: 'application/rss+xml', headers: { 'if-none-match': '"x"' } }));
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('hello');
    expect(answer.url).toBe(`${feeds.url}/ok`);
    const seen = feeds.requests.at(-1)!;
    expect(seen.headers.accept).toBe('application/rss+xml');
    expect(seen.headers['if-none-match']).toBe('"x"');
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:1/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/',
    'http://192.168.0.10/',
    'http://172.20.0.1/',
    'http://100.64.1.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'https://127.0.0.1/',
    'https://10.0.0.1:8443/',
  ])('refuses %s before connecting', async (url) => {
    const err = await refusal(fetchOutside(url, opts({ allowHosts: [] })));
    expect(err.code).toBe('communication.feedPrivateAddress');
    expect(err.statusCode).toBe(400);
  });

  it('refuses a loopback address on a port that is not allowed, without a request reaching it', async () => {
    const before = other.requests.length;
    const err = await refusal(fetchOutside(`${other.url}/secret`, opts()));
    expect(err.code).toBe('communication.feedPrivateAddress');
    expect(err.params).toEqual({ address: '127.0.0.1' });
    expect(other.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a loopback address (localhost), even on an allowed IP:port', async () => {
    const before = feeds.requests.length;
    const port = feeds.host.split(':')[1];
    const err = await refusal(fetchOutside(`http://localhost:${port}/ok`, opts()));
    expect(err.code).toBe('communication.feedPrivateAddress');
    expect(['127.0.0.1', '::1']).toContain(err.params?.address);
    expect(feeds.requests.length).toBe(before);
    const err2 = await refusal(fetchOutside('http://localhost/', opts()));
    expect(err2.code).toBe('communication.feedPrivateAddress');
  });

  it('refuses a redirect from an allowed host to a loopback address on another port', async () => {
    feeds.serve('/to-private', { redirect: `${other.url}/secret` });
    const before = other.requests.length;
    const err = await refusal(fetchOutside(`${feeds.url}/to-private`, opts()));
    expect(err.code).toBe('communication.feedPrivateAddress');
    expect(other.requests.length).toBe(before);
  });

  it('refuses a redirect to a name that resolves to loopback and to a metadata address', async () => {
    feeds.serve('/to-localhost', { redirect: `http://localhost:${other.host.split(':')[1]}/secret` });
    feeds.serve('/to-metadata', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    expect((await refusal(fetchOutside(`${feeds.url}/to-localhost`, opts()))).code).toBe('communication.feedPrivateAddress');
    expect((await refusal(fetchOutside(`${feeds.url}/to-metadata`, opts()))).code).toBe('communication.feedPrivateAddress');
  });

  it('follows allowed redirects (relative too) and answers the final address', async () => {
    feeds.serve('/hop1', { redirect: '/hop2', status: 301 });
    feeds.serve('/hop2', { redirect: `${feeds.url}/ok`, status: 307 });
    const answer = await fetchOutside(`${feeds.url}/hop1`, opts());
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('hello');
    expect(answer.url).toBe(`${feeds.url}/ok`);
  });

  it('stops after maxRedirects', async () => {
    feeds.serve('/loop', { redirect: '/loop' });
    const before = feeds.requests.length;
    const err = await refusal(fetchOutside(`${feeds.url}/loop`, opts({ maxRedirects: 3 })));
    expect(err.code).toBe('communication.feedTooManyRedirects');
    expect(err.params).toEqual({ max: 3 });
    expect(feeds.requests.length - before).toBe(4);
  });

  it.each(['ftp://example.org/feed', 'file:///etc/passwd', 'gopher://example.org/', 'javascript:alert(1)', 'not a url'])('refuses %s (not http)', async (url) => {
    const err = await refusal(fetchOutside(url, opts()));
    expect(err.code).toBe('communication.feedUnreachable');
    expect(err.statusCode).toBe(400);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    feeds.serve('/to-file', { redirect: 'file:///etc/passwd' });
    expect((await refusal(fetchOutside(`${feeds.url}/to-file`, opts()))).code).toBe('communication.feedUnreachable');
  });

  it('refuses an answer declared larger than maxBytes without reading it', async () => {
    feeds.serve('/huge', { bytes: 50 * 1024 * 1024 });
    const err = await refusal(fetchOutside(`${feeds.url}/huge`, opts({ maxBytes: 5 * 1024 * 1024 })));
    expect(err.code).toBe('communication.feedTooLarge');
    expect(err.params).toEqual({ max: 5 });
  });

  it('stops reading an undeclared answer at maxBytes', async () => {
    feeds.serve('/huge-chunked', { bytes: 50 * 1024 * 1024, chunked: true });
    const before = feeds.bytesSent;
    const err = await refusal(fetchOutside(`${feeds.url}/huge-chunked`, opts({ maxBytes: 1024 * 1024 })));
    expect(err.code).toBe('communication.feedTooLarge');
    await new Promise((r) => setTimeout(r, 100));
    // The stand-in stops when the client hangs up: far less than the 50 MB was sent.
    expect(feeds.bytesSent - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('gives up on a slow answer after the timeout', async () => {
    feeds.serve('/slow', { body: 'late', delayMs: 3000 });
    const started = Date.now();
    const err = await refusal(fetchOutside(`${feeds.url}/slow`, opts({ timeoutMs: 300 })));
    expect(err.code).toBe('communication.feedTimeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers a name that does not resolve as feedUnresolvable', async () => {
    const err = await refusal(fetchOutside('http://no-such-host.invalid/feed', opts()));
    expect(err.code).toBe('communication.feedUnresolvable');
    expect(err.params).toEqual({ host: 'no-such-host.invalid' });
    expect(err.statusCode).toBe(400);
  });

  it('answers a closed port as unreachable', async () => {
    const closed = await startFeedStandIn();
    await closed.close();
    const err = await refusal(fetchOutside(`${closed.url}/x`, opts({ allowHosts: [closed.host] })));
    expect(err.code).toBe('communication.feedUnreachable');
  });

  it('answers other statuses and a 304 as they are', async () => {
    feeds.serve('/gone', { status: 410, body: 'gone' });
    feeds.serve('/etag', { body: 'tagged', etag: '"v1"' });
    expect((await fetchOutside(`${feeds.url}/gone`, opts())).status).toBe(410);
    const unchanged = await fetchOutside(`${feeds.url}/etag`, opts({ headers: { 'if-none-match': '"v1"' } }));
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
  });
});

describe('outboundAgents', () => {
  const get = (url: string, agent: http.Agent) =>
    new Promise<number>((resolve, reject) => {
      http.get(url, { agent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });

  it('refuses private addresses on every request made with them, and lets allowed host:port through', async () => {
    const agents = outboundAgents([feeds.host]);
    expect(await get(`${feeds.url}/ok`, agents.http)).toBe(200);
    const refused = await get(`${other.url}/secret`, agents.http).catch((e: unknown) => e as HttpError);
    expect((refused as HttpError).code).toBe('communication.feedPrivateAddress');
    const byName = await get(`http://localhost:${other.host.split(':')[1]}/secret`, agents.http).catch((e: unknown) => e as HttpError);
    expect((byName as HttpError).code).toBe('communication.feedPrivateAddress');
    agents.http.destroy();
    agents.https.destroy();
  });
});
