import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@golf/contract/api/courses';
import { DigitalGuide } from '@golf/contract/api/digital-guide';
import { GenerateResponse, GuideFilesResponse, LocationResponse } from '@golf/contract/api/guide-generation';
import { Guide, GuidesResponse } from '@golf/contract/api/guides';
import { DEMO_GUIDE_TITLE } from '../../../seed/seed-products';
import { fileUrlKey, signedFileUrl, SIGNED_URL_MIN_LIFETIME_MS, SIGNED_URL_WINDOW_MS } from '../../../platform/file-urls';
import { localStorage, type FileStorage } from '../../../platform/storage';
import { signInActors } from '../../../../test/actors';
import { finishedJob } from '../../../../test/jobs';
import { createTestCourse } from '../../../../test/courses';
import { fileForm, jpeg, png, postForm } from '../../../../test/images';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../../test/test-app';
import { GUIDE_GONE_MESSAGE } from './service';
import { guideFolder } from './storage';

type Actor = 'owner' | 'maker' | 'swede';

/** A storage that can hold back the next write or read of a matching key until the test lets it go, and records every write. */
function heldStorage(inner: FileStorage) {
  const writes: string[] = [];
  let hold: { op: 'put' | 'open'; match: (key: string) => boolean; reached: () => void; release: Promise<void> } | null = null;
  const wait = async (op: 'put' | 'open', key: string) => {
    if (hold?.op === op && hold.match(key)) {
      const held = hold;
      hold = null;
      held.reached();
      await held.release;
    }
  };
  const storage: FileStorage = {
    ...inner,
    async put(key, data, contentType) {
      await wait('put', key);
      writes.push(key);
      return inner.put(key, data, contentType);
    },
    async open(key) {
      await wait('open', key);
      return inner.open(key);
    },
  };
  /** Holds the next `op` of a key that matches; `reached` resolves when it comes, `release()` lets it go on. */
  const holdNext = (op: 'put' | 'open', match: (key: string) => boolean) => {
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((r) => (reached = r));
    hold = { op, match, reached, release: new Promise<void>((r) => (release = r)) };
    return { reached: reachedP, release: () => release() };
  };
  return { storage, writes, holdNext };
}

// Rendering on a loaded two-core machine: each test has 3 minutes.
describe(`products: where a guide's files are, who reads them, and when they go (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let filesDir: string;
  let inner: FileStorage;
  let held: ReturnType<typeof heldStorage>;
  let threeHoles: Course;
  let twoHoles: Course;

  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[actor], payload });
  /** A GET as a browser sends it from a link: no token. */
  const open = (url: string) => t.app.inject({ method: 'GET', url });
  const finished = (jobId: string) => finishedJob(t, ids.dkClubId, tokens.maker, jobId);
  const generate = async (guideId: number, what: string) => {
    const res = await req('maker', 'POST', `guides/${guideId}/${what}`);
    expect(res.statusCode, res.body).toBe(202);
    return GenerateResponse.parse(res.json());
  };
  const made = async (guideId: number, what: string) => {
    const job = await finished((await generate(guideId, what)).job_id);
    expect(job.state, job.error ?? '').toBe('completed');
  };
  const createGuide = async (title: string, courseIds: number[]) => {
    const res = await req('maker', 'POST', 'guides', { title, course_ids: courseIds });
    expect(res.statusCode, res.body).toBe(201);
    return Guide.parse(res.json());
  };
  const files = async (guideId: number) => {
    const res = await req('maker', 'GET', `guides/${guideId}/files`);
    expect(res.statusCode, res.body).toBe(200);
    return GuideFilesResponse.parse(res.json());
  };
  /** Every stored file of the guide, by its key. */
  const stored = async (guideId: number) => (await inner.list(guideFolder(ids.dkClubId, guideId))).sort();

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'golf-product-files-'));
    inner = localStorage(filesDir);
    held = heldStorage(inner);
    t = await buildTestApp({ storage: held.storage });
    ids = await demoIds(t);
    tokens = await signInActors(t, ['owner'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    threeHoles = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Three holes', holes: 3 });
    twoHoles = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Two holes', holes: 2 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('stores nothing for a guide deleted while its product was being made, and does not report it made', async () => {
    const guide = await createGuide('Deleted while rendered', [twoHoles.id]);
    const front = await postForm(t.app, `/api/clubs/${ids.dkClubId}/guides/${guide.guide_id}/front_page_image`, tokens.maker, fileForm('data', await jpeg(400, 600), 'front.jpg', 'image/jpeg'));
    expect(front.statusCode, front.body).toBe(200);
    const frontName = Guide.parse(front.json()).front_page_image_url!.split('?')[0].split('/').pop()!;
    const frontKey = `${guideFolder(ids.dkClubId, guide.guide_id)}${frontName}`;
    expect(await stored(guide.guide_id)).toEqual([frontKey]);
    // The job reads the front page image as the last thing before it renders: the guide goes right then.
    const gate = held.holdNext('open', (key) => key === frontKey);
    const { job_id } = await generate(guide.guide_id, 'generate_json');
    await gate.reached;
    expect((await req('maker', 'DELETE', `guides/${guide.guide_id}`)).statusCode).toBe(204);
    const writesBefore = held.writes.length;
    gate.release();

    const job = await finished(job_id);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(GUIDE_GONE_MESSAGE);
    const folder = guideFolder(ids.dkClubId, guide.guide_id);
    expect(held.writes.slice(writesBefore).filter((key) => key.startsWith(folder))).toEqual([]);
    expect(await stored(guide.guide_id)).toEqual([]);
  });

  it('removes what a job stores after its guide was deleted, and the job says the guide is gone', async () => {
    const guide = await createGuide('Deleted while stored', [twoHoles.id]);
    const folder = guideFolder(ids.dkClubId, guide.guide_id);
    // The job's first write waits until the guide has been deleted (and its folder removed).
    const gate = held.holdNext('put', (key) => key.startsWith(`${folder}json/`));
    const { job_id } = await generate(guide.guide_id, 'generate_json');
    await gate.reached;
    expect((await req('maker', 'DELETE', `guides/${guide.guide_id}`)).statusCode).toBe(204);
    expect(await stored(guide.guide_id)).toEqual([]);
    const writesBefore = held.writes.length;
    gate.release();

    const job = await finished(job_id);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(GUIDE_GONE_MESSAGE);
    // The job did store its files after the delete (the digital guide and its manifest) …
    expect(held.writes.slice(writesBefore)).toEqual([`${folder}json/guide.json`, `${folder}json/manifest.json`]);
    // … and removed them again.
    expect(await stored(guide.guide_id)).toEqual([]);
    expect((await req('maker', 'GET', `guides/${guide.guide_id}/files`)).statusCode).toBe(404);
  });

  it("deletes every file of a deleted guide: its images, its products, and files no manifest lists", async () => {
    const guide = await createGuide('Deleted when made', [twoHoles.id]);
    const icon = await postForm(t.app, `/api/clubs/${ids.dkClubId}/guides/${guide.guide_id}/icon`, tokens.maker, fileForm('data', await jpeg(300, 300), 'icon.jpg', 'image/jpeg'));
    expect(icon.statusCode, icon.body).toBe(200);
    await made(guide.guide_id, 'generate_json');
    await made(guide.guide_id, 'generate_tee_signs');
    const folder = guideFolder(ids.dkClubId, guide.guide_id);
    // What a run stopped half-way leaves: a file of its product that no manifest names.
    await inner.put(`${folder}web-images/hole-9-540.png`, Buffer.from('left over'), 'image/png');
    const before = await stored(guide.guide_id);
    expect(before).toEqual(
      expect.arrayContaining([`${folder}json/guide.json`, `${folder}json/manifest.json`, `${folder}tee-signs/tee-signs.pdf`, `${folder}web-images/hole-9-540.png`, `${folder}${Guide.parse(icon.json()).icon_file_name}`]),
    );
    const { json, tee_signs } = await files(guide.guide_id);

    expect((await req('maker', 'DELETE', `guides/${guide.guide_id}`)).statusCode).toBe(204);
    expect(await stored(guide.guide_id)).toEqual([]);
    // Addresses given out before the delete find nothing any more.
    expect((await open(json.location!)).statusCode).toBe(404);
    expect((await open(tee_signs.location!)).statusCode).toBe(404);
  });

  it('keeps only the files of the latest run of a product: more files, then fewer', async () => {
    const guide = await createGuide('Fewer holes', [threeHoles.id]);
    const folder = `${guideFolder(ids.dkClubId, guide.guide_id)}web-images/`;
    await made(guide.guide_id, 'generate_web_images');
    const first = (await files(guide.guide_id)).web_images.files.map((f) => f.name);
    expect(first.length).toBe(12); // 3 holes × 2 widths × PNG and WebP
    expect((await stored(guide.guide_id)).filter((k) => k.startsWith(folder)).length).toBe(first.length + 1);

    const put = await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: guide.version, course_ids: [twoHoles.id] });
    expect(put.statusCode, put.body).toBe(200);
    await made(guide.guide_id, 'generate_web_images');
    const second = (await files(guide.guide_id)).web_images.files.map((f) => f.name);
    expect(second.length).toBe(8);
    expect(first.filter((name) => !second.includes(name)).length).toBe(4);
    // In the storage: exactly the new run's files and its manifest.
    expect((await stored(guide.guide_id)).filter((k) => k.startsWith(folder))).toEqual([...second, 'manifest.json'].map((name) => `${folder}${name}`).sort());

    expect((await req('maker', 'DELETE', `guides/${guide.guide_id}`)).statusCode).toBe(204);
    expect(await stored(guide.guide_id)).toEqual([]);
  });

  describe('addresses', () => {
    let guide: Guide;
    let overview: LocationResponse;

    beforeAll(async () => {
      guide = await createGuide('Addresses', [twoHoles.id]);
      await made(guide.guide_id, 'generate_overview');
      overview = (await files(guide.guide_id)).overview;
    });

    it('serves no product at its storage path, to nobody, whoever asks', async () => {
      const folder = guideFolder(ids.dkClubId, guide.guide_id);
      expect(await stored(guide.guide_id)).toContain(`${folder}overview/overview.pdf`);
      for (const path of [`${folder}overview/overview.pdf`, `${folder}overview/manifest.json`, `${folder}overview/overview.pdf?v=1`]) {
        for (const token of [null, tokens.maker, tokens.swede]) {
          const res = await call(t.app, 'GET', `/files/${path}`, { token });
          expect(res.statusCode, `${path} ${token ? 'with' : 'without'} a token`).toBe(404);
        }
      }
      // The same answer as for a file that is not there.
      expect((await open(`/files/${folder}overview/nothing.pdf`)).json()).toEqual((await open(`/files/${folder}overview/overview.pdf`)).json());
    });

    it("gives the club's users signed addresses that open without a token; another club's user gets none", async () => {
      expect(overview.location).toMatch(new RegExp(`^/files/signed/public/clubs/${ids.dkClubId}/guides/${guide.guide_id}/overview/overview\\.pdf\\?v=\\d+&expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
      const res = await open(overview.location!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Kept by the browser alone, and not past the expiry.
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge * 1000).toBeGreaterThan(SIGNED_URL_MIN_LIFETIME_MS - 60_000);
      expect(maxAge * 1000).toBeLessThanOrEqual(SIGNED_URL_MIN_LIFETIME_MS + SIGNED_URL_WINDOW_MS);

      // The Swedish club's products maker asks for the Danish guide's files through either club.
      for (const clubId of [ids.seClubId, ids.dkClubId]) {
        for (const path of [`guides/${guide.guide_id}/files`, `guides/${guide.guide_id}/tee_signs_location`]) {
          const other = await req('swede', path.endsWith('files') ? 'GET' : 'POST', path, undefined, clubId);
          expect([403, 404], `${clubId} ${path}`).toContain(other.statusCode);
          expect(other.body).not.toContain('signature=');
        }
      }
    });

    it('refuses an expired, tampered or borrowed signature alike, without saying whether the file exists', async () => {
      const url = new URL(overview.location!, 'http://console.test');
      const key = url.pathname.slice('/files/signed/'.length);
      const with_ = (changes: Record<string, string | null>, pathname = url.pathname) => {
        const u = new URL(pathname + url.search, 'http://console.test');
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) u.searchParams.delete(k);
          else u.searchParams.set(k, v);
        }
        return u.pathname + u.search;
      };
      const signature = url.searchParams.get('signature')!;
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      const secret = await fileUrlKey(t.database.db, { fileUrlSecret: null });
      const past = Date.now() - SIGNED_URL_MIN_LIFETIME_MS - 2 * SIGNED_URL_WINDOW_MS;
      const expired = signedFileUrl(secret, key, 1, past);
      // Rightly signed with another key (a guessed secret): refused.
      const foreign = signedFileUrl(Buffer.from('x'.repeat(32)), key, 1);
      const bad = [
        expired,
        foreign,
        with_({ signature: flipped }),
        with_({ signature: null }),
        with_({ expires: null }),
        with_({ expires: String(Number(url.searchParams.get('expires')) + 3600) }),
        with_({ signature: `${signature}A` }),
        // The signature of one file does not open another, nor one that is not there.
        with_({}, url.pathname.replace('overview.pdf', 'manifest.json')),
        with_({}, url.pathname.replace(`/guides/${guide.guide_id}/`, `/guides/${guide.guide_id + 1}/`)),
        with_({}, url.pathname.replace('overview.pdf', 'nothing.pdf')),
      ];
      const answers = await Promise.all(bad.map(open));
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode, bad[i]).toBe(403);
        expect(res.body, bad[i]).toBe(answers[0].body);
      }
      // The same expiry signed now opens it: only the expiry refused it.
      expect((await open(signedFileUrl(secret, key, 1))).statusCode).toBe(200);
    });
  });

  it("serves a released guide's digital guide and the images it shows to the golfers' app, without a token, at an address no one can guess", async () => {
    const list = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json());
    const demo = list.find((g) => g.title === DEMO_GUIDE_TITLE)!;
    // The demo's sponsors (placed by the demo guide's sponsor setup) get their logos in this test's storage.
    const sponsors = (await req('owner', 'GET', 'sponsors')).json() as { id: number }[];
    expect(sponsors.length).toBeGreaterThan(0);
    for (const sponsor of sponsors) {
      const logo = await postForm(t.app, `/api/clubs/${ids.dkClubId}/sponsors/${sponsor.id}/logo`, tokens.owner, fileForm('data', await png(300, 100), 'logo.png', 'image/png'));
      expect(logo.statusCode, logo.body).toBe(200);
    }
    const release = await req('maker', 'POST', `guides/${demo.guide_id}/drawing_style/0/release`, { side_effects: ['json'] });
    expect(release.statusCode, release.body).toBe(202);
    for (const j of (release.json() as { jobs: { job_id: string }[] }).jobs) expect((await finished(j.job_id)).state).toBe('completed');

    const { json } = await files(demo.guide_id);
    const match = new RegExp(`^/files/app/([0-9a-f]{32})/json/guide\\.json\\?v=\\d+$`).exec(json.location ?? '');
    expect(match, json.location ?? '').not.toBeNull();
    const token = match![1];

    for (const url of [json.location!, `/files/app/${token}/json/guide.json`]) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      const digital = DigitalGuide.parse(res.json());
      expect(digital.guide_id).toBe(demo.guide_id);
      expect(digital.courses[0].holes.length).toBe(18);
      // The images it refers to (the sponsors' logos) load without a token too.
      expect(digital.sponsors.length).toBeGreaterThan(0);
      for (const sponsor of digital.sponsors) {
        const logo = await open(sponsor.logoUrl!);
        expect(logo.statusCode, sponsor.logoUrl!).toBe(200);
        expect(logo.headers['content-type']).toMatch(/^image\//);
      }
    }
    expect((await open(json.location!)).headers['cache-control']).toContain('immutable');

    // The web images (each hole on its own, for the app's screens) at the same guide's app address.
    await made(demo.guide_id, 'generate_web_images');
    const images = (await files(demo.guide_id)).web_images;
    expect(images.files.length).toBeGreaterThan(0);
    for (const file of images.files) {
      expect(file.url).toMatch(new RegExp(`^/files/app/${token}/web-images/[a-z0-9-]+\\.(png|webp)\\?v=\\d+$`));
    }
    const image = await open(images.files[0].url);
    expect(image.statusCode, images.files[0].url).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(png|webp)$/);

    // Only the digital guide, only by a guide's token.
    const other = await createGuide('Another guide', [twoHoles.id]);
    await made(other.guide_id, 'generate_json');
    const otherToken = /\/files\/app\/([0-9a-f]{32})\//.exec((await files(other.guide_id)).json.location!)![1];
    expect(otherToken).not.toBe(token);
    const nextToken = token.slice(0, 31) + (token.endsWith('0') ? '1' : '0');
    for (const url of [
      `/files/app/${token}/json/manifest.json`,
      `/files/app/${token}/web-images/manifest.json`,
      `/files/app/${token}/overview/overview.pdf`,
      `/files/app/${token}/pdf/guide.pdf`,
      `/files/app/${nextToken}/json/guide.json`,
      `/files/app/${String(demo.guide_id)}/json/guide.json`,
      `/files/app/${token.toUpperCase()}/json/guide.json`,
    ]) {
      expect((await open(url)).statusCode, url).toBe(404);
    }
    const mine = DigitalGuide.parse((await open(`/files/app/${otherToken}/json/guide.json`)).json());
    expect(mine.guide_id).toBe(other.guide_id);
  });
});
