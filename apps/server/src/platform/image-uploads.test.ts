import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/test-app';
import { demoOwnerSuite } from '../../test/signed-in-app';
import { fileForm, jpeg, postForm } from '../../test/images';
import { IMAGE_DECODES, imageDecodes, imageUploads } from './images';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('lets `places` holders in at once, the others in order as places are given back', async () => {
    const gate = new Semaphore(2);
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const all = [1, 2, 3, 4].map((n) => gate.acquire().then((release) => (order.push(n), releases.push(release))));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([1, 2]);
    expect(gate.waiting).toBe(2);
    releases[0]();
    releases[0]();
    await new Promise((r) => setTimeout(r, 10));
    // Given back twice, the place counts once.
    expect(order).toEqual([1, 2, 3]);
    expect(gate.active).toBe(2);
    releases[1]();
    releases[2]();
    await Promise.all(all);
    releases[3]();
    expect(gate.active).toBe(0);
    expect(gate.peak).toBe(2);
  });
});

/**
 * Uploaded images are read and decoded IMAGE_DECODES (2) at a time per server: 16 uploads of
 * 40-megapixel PNGs at once grew the server by 450 MB before (issue 19; the figure with the bound:
 * `npm run bench -- image-uploads`). Here: more uploads at once than places, and what ran together.
 */
describe(`image uploads at most ${IMAGE_DECODES} at once (${testDatabaseKind})`, () => {
  const suite = demoOwnerSuite();

  /** The places are given back once the answers are sent (the onResponse hook), a moment after inject() resolves. */
  const givenBack = async () => {
    for (let i = 0; i < 100 && imageUploads.active > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(imageUploads.active).toBe(0);
  };

  it('reads and decodes 6 gallery uploads sent at once two at a time; the others wait and then succeed', async () => {
    const photo = await jpeg(2400, 1600);
    imageUploads.peak = imageUploads.active;
    imageDecodes.peak = imageDecodes.active;
    let mostUploads = 0;
    let mostDecodes = 0;
    let mostWaiting = 0;
    const watch = setInterval(() => {
      mostUploads = Math.max(mostUploads, imageUploads.active);
      mostDecodes = Math.max(mostDecodes, imageDecodes.active);
      mostWaiting = Math.max(mostWaiting, imageUploads.waiting);
    }, 1);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => postForm(suite.t.app, `/api/clubs/${suite.club}/gallery`, suite.owner, fileForm('data', photo, `photo-${i}.jpg`, 'image/jpeg'))),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    } finally {
      clearInterval(watch);
    }
    // Each upload held a place from reading its body to its answer; never more than two at once.
    expect(imageUploads.peak).toBe(IMAGE_DECODES);
    expect(imageDecodes.peak).toBeLessThanOrEqual(IMAGE_DECODES);
    expect(imageDecodes.peak).toBeGreaterThan(0);
    expect(mostUploads).toBeLessThanOrEqual(IMAGE_DECODES);
    expect(mostDecodes).toBeLessThanOrEqual(IMAGE_DECODES);
    expect(mostWaiting).toBeGreaterThan(0);
    // Every place was given back (after each answer went out).
    await givenBack();
    expect(imageDecodes.active).toBe(0);
  });

  it('gives the place back when an upload is refused', async () => {
    const res = await postForm(suite.t.app, `/api/clubs/${suite.club}/gallery`, suite.owner, fileForm('data', Buffer.from('<svg/>'), 'logo.svg', 'image/svg+xml'));
    expect(res.statusCode).toBe(415);
    await givenBack();
  });
});
