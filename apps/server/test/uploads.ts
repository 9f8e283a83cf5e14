import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { TestApp } from './test-app';

/**
 * POSTs one file as multipart/form-data over a real socket in two writes: the headers and the
 * first `splitAt` bytes of the file, then, once the server has had time to take those in, the
 * rest. Split at a route's size limit, this makes the multipart parser mark the file truncated
 * without raising its size error (its toBuffer() then returns the first bytes as if they were the
 * file: fastify-multipart issues 428 and 542), which app.inject() never shows.
 */
export async function postInTwoWrites(opts: {
  port: number;
  path: string;
  token?: string;
  field: string;
  filename: string;
  data: Buffer;
  splitAt: number;
}): Promise<{ status: number; json: () => unknown; body: string }> {
  const boundary = `golf${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field}"; filename="${opts.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + opts.data.length + tail.length;
  const socket = connect(opts.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  const answer = new Promise<Buffer>((resolve) => {
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    // The server may answer and close before the whole body is sent: that is an answer too.
    socket.on('error', () => undefined);
  });
  const auth = opts.token ? `Authorization: Bearer ${opts.token}\r\n` : '';
  socket.write(
    `POST ${opts.path} HTTP/1.1\r\nHost: localhost\r\n${auth}Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${length}\r\nConnection: close\r\n\r\n`,
  );
  // Handed to the kernel, then time for the server to read it all before the rest follows.
  await new Promise((resolve) => socket.write(Buffer.concat([head, opts.data.subarray(0, opts.splitAt)]), resolve));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (!socket.destroyed) socket.write(Buffer.concat([opts.data.subarray(opts.splitAt), tail]));
  const raw = (await answer).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(raw)?.[1]);
  let body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  // A chunked answer: the one chunk's text.
  if (/\r\ntransfer-encoding: chunked/i.test(raw.slice(0, raw.indexOf('\r\n\r\n')))) body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
  return { status, body, json: () => JSON.parse(body) };
}

/**
 * Runs `work` (an upload) while sampling the process's resident memory (worker threads
 * included), asking /api/health every 50 ms and measuring how long the event loop stalls.
 * Answers the growth of the resident set, the longest stall and how many health calls answered.
 */
export async function watched<T>(
  t: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; rssGrowthMb: number; longestStallMs: number; healthAnswers: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let running = true;
  let answers = 0;
  const prober = (async () => {
    while (running) {
      if ((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) answers++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work();
    return { result, rssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - before) / 1024 / 1024, longestStallMs: delay.max / 1e6, healthAnswers: answers };
  } finally {
    running = false;
    clearInterval(sampler);
    delay.disable();
    await prober;
  }
}
