import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigitalGuide } from '@golf/contract/api/digital-guide';
import { GenerateResponse, GuideFilesResponse, LocationResponse, ReleaseResponse } from '@golf/contract/api/guide-generation';
import { generationInProgress, Guide, GuidesResponse } from '@golf/contract/api/guides';
import { Job } from '@golf/contract/api/jobs';
import { GuideRenderInput } from '@golf/contract/print/input';
import { DEMO_GUIDE_TITLE } from '../../../seed/seed-products';
import { signInActors } from '../../../../test/actors';
import { finishedJob } from '../../../../test/jobs';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../../test/test-app';

type Actor = 'admin' | 'owner' | 'staff' | 'maker' | 'swede';

describe(`products: generating a guide's products as jobs (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let guide: Guide;

  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, headers?: Record<string, string>) =>
    call(t.app, method, `/api/clubs/${ids.dkClubId}/${path}`, { token: tokens[actor], payload, headers });
  const file = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload;
  };
  /** Waits for the job through the jobs API, as the screen does. */
  const finished = (jobId: string) => finishedJob(t, ids.dkClubId, tokens.maker, jobId);
  const generate = async (call: string) => {
    const res = await req('maker', 'POST', `guides/${guide.guide_id}/${call}`);
    expect(res.statusCode, res.body).toBe(202);
    return GenerateResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    const list = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json());
    guide = list.find((g) => g.title === DEMO_GUIDE_TITLE)!;
    expect(guide).toBeDefined();
  });
  afterAll(() => t?.close());

  it('gives the renderer the stored guide: ratings with the course par, markers, tees and texts', async () => {
    const res = await req('maker', 'GET', `guides/${guide.guide_id}/print-input`);
    expect(res.statusCode, res.body).toBe(200);
    const input = GuideRenderInput.parse(res.json());
    expect(input.guide.title).toBe(DEMO_GUIDE_TITLE);
    expect(input.guide.language).toBe('da');
    expect(input.guide.layout).toBe(guide.settings.print.layout);
    const [course] = input.courses;
    expect(course.holes).toHaveLength(18);
    const par = course.holes.reduce((s, h) => s + h.par, 0);
    for (const tee of course.tees) {
      expect(tee.men?.par).toBe(par);
      expect(tee.women?.slope).toBeGreaterThanOrEqual(55);
    }
    for (const hole of course.holes) expect(hole.distanceMarkers.length > 0).toBe(hole.par >= 4);
    expect(input.guide.welcome.text).toBe(guide.settings.welcome.text);
  });

  it("prints the pins of the chosen pin setup, in the chosen language, with the chosen handicap tables (and back to the club's)", async () => {
    const setups = (await req('maker', 'GET', 'pin-setups')).json() as { id: number; name: string; courseId: number }[];
    const weekend = setups.find((s) => s.name === 'Weekend')!;
    expect(weekend).toBeDefined();
    const put = (settings: Guide['settings'], version: number) => req('maker', 'PUT', `guides/${guide.guide_id}`, { version, settings });
    const s = guide.settings;
    const chosen = await put({ ...s, pin_setup_id: weekend.id, language: 'en', print: { ...s.print, handicap_table: 'whole', pages: { ...s.print.pages, handicap_tables: false } } }, guide.version);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const saved = Guide.parse(chosen.json());
    const input = GuideRenderInput.parse((await req('maker', 'GET', `guides/${guide.guide_id}/print-input`)).json());
    expect(input.guide.language).toBe('en');
    expect(input.guide.handicapTable).toBe('whole');
    expect(input.guide.pages.handicapTables).toBe(false);
    expect(input.courses[0].holes.filter((h) => h.pin !== null).length).toBeGreaterThan(0);
    // Back as it was: no pins, the club's language (Danish), the tables in ranges.
    const back = await put(s, saved.version);
    expect(back.statusCode, back.body).toBe(200);
    guide = Guide.parse(back.json());
    const again = GuideRenderInput.parse((await req('maker', 'GET', `guides/${guide.guide_id}/print-input`)).json());
    expect(again.guide.language).toBe('da');
    expect(again.courses[0].holes.every((h) => h.pin === null)).toBe(true);
    expect(again.guide.pages.handicapTables).toBe(true);
  });

  it('makes the printed guide as a job: progress, one job for two clicks, the PDF, the print-shop copy and the booklet', async () => {
    const first = await generate('generate_pdf');
    const second = await generate('generate_pdf');
    expect(second.job_id).toBe(first.job_id);
    expect(second.existing).toBe(true);
    const during = Guide.parse((await req('maker', 'GET', `guides/${guide.guide_id}`)).json());
    expect(generationInProgress(during, 'pdf')).toBe(true);

    const job = await finished(first.job_id);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.percent).toBe(100);
    expect(job.message).toBe('Generating PDF Guide');

    const after = Guide.parse((await req('maker', 'GET', `guides/${guide.guide_id}`)).json());
    expect(generationInProgress(after, 'pdf')).toBe(false);
    expect(after.generated_at_pdf).not.toBeNull();

    const files = GuideFilesResponse.parse((await req('maker', 'GET', `guides/${guide.guide_id}/files`)).json());
    expect(files.pdf.files.map((f) => f.name)).toEqual(['guide.pdf', 'print-shop.pdf', 'booklet.pdf']);
    expect(files.pdf.location).toMatch(/^\/files\/signed\/.+\/guide\.pdf\?v=\d+&expires=\d+&signature=/);
    expect(files.tee_signs.location).toBeNull();

    const pdf = await file(files.pdf.location!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'guide-pdf-'));
    writeFileSync(join(dir, 'guide.pdf'), pdf);
    execFileSync('qpdf', ['--check', join(dir, 'guide.pdf')]);
    const text = execFileSync('pdftotext', [join(dir, 'guide.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Fjordudsigten');
  });

  it('makes web images and answers their location; tee signs and green drawings too', async () => {
    const before = LocationResponse.parse((await req('maker', 'POST', `guides/${guide.guide_id}/web_images_location`)).json());
    expect(before).toEqual({ location: null, generated_at: null, files: [] });
    const jobs = await Promise.all(['generate_web_images', 'generate_tee_signs', 'generate_green_drawings'].map(generate));
    for (const j of jobs) expect((await finished(j.job_id)).state).toBe('completed');

    const images = LocationResponse.parse((await req('maker', 'POST', `guides/${guide.guide_id}/web_images_location`)).json());
    expect(images.files.filter((f) => f.content_type === 'image/png').length).toBeGreaterThanOrEqual(18);
    expect(images.files.some((f) => f.content_type === 'image/webp')).toBe(true);
    const png = await file(images.files[0].url);
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const signs = LocationResponse.parse((await req('maker', 'POST', `guides/${guide.guide_id}/tee_signs_location`)).json());
    expect(signs.location).toMatch(/tee-signs\.pdf\?v=/);
    const greens = LocationResponse.parse((await req('maker', 'POST', `guides/${guide.guide_id}/green_drawings_location`)).json());
    expect(greens.files.some((f) => f.name.endsWith('.png'))).toBe(true);
  });

  it('serves the digital guide with an ETag and its JSON Schema', async () => {
    const missing = await req('maker', 'GET', `guides/${guide.guide_id}/digital`);
    expect(missing.statusCode).toBe(404);
    const job = await finished((await generate('generate_json')).job_id);
    expect(job.state, job.error ?? '').toBe('completed');
    const res = await req('maker', 'GET', `guides/${guide.guide_id}/digital`);
    expect(res.statusCode, res.body).toBe(200);
    const digital = DigitalGuide.parse(res.json());
    expect(digital.guide_id).toBe(guide.guide_id);
    expect(digital.courses[0].holes[0].drawing.features.length).toBeGreaterThan(0);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await req('maker', 'GET', `guides/${guide.guide_id}/digital`, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const schema = await call(t.app, 'GET', '/api/digital-guide.schema.json');
    expect(schema.statusCode).toBe(200);
    expect(schema.json()).toMatchObject({ type: 'object', required: expect.arrayContaining(['guide_id', 'courses']) });
  });

  it('releases the chosen products of every guide, and refuses an unknown product', async () => {
    const res = await req('maker', 'POST', 'guides/release-all', { side_effects: ['overview'] });
    expect(res.statusCode, res.body).toBe(202);
    const release = ReleaseResponse.parse(res.json());
    expect(release.side_effects).toEqual(['overview']);
    // One job queues the products of every guide; then each product's job runs.
    const queued = await finished(release.job_id!);
    expect(queued.state, queued.error ?? '').toBe('completed');
    const clubJobs = (await req('maker', 'GET', 'events/jobs?limit=200')).json() as Job[];
    const overviews = clubJobs.filter((j) => j.kind === 'guide.overview' && Date.parse(j.createdAt) >= Date.parse(queued.startedAt!));
    expect(overviews.map((j) => j.guideId)).toContain(guide.guide_id);
    for (const j of overviews) expect((await finished(j.id)).state).toBe('completed');
    const files = GuideFilesResponse.parse((await req('maker', 'GET', `guides/${guide.guide_id}/files`)).json());
    expect(files.overview.files.map((f) => f.name)).toEqual(['overview.pdf']);

    const bad = await req('maker', 'POST', `guides/${guide.guide_id}/drawing_style/0/release`, { side_effects: ['posters'] });
    expect(bad.statusCode).toBe(400);
  });

  it("can be asked for through POST events/jobs (§7), for the club's own guides only", async () => {
    const res = await req('maker', 'POST', 'events/jobs', { kind: 'guide.overview', guideId: guide.guide_id, requestId: 'app-release-1' });
    expect([200, 202], res.body).toContain(res.statusCode);
    const { job } = res.json() as { job: { id: string } };
    const done = await finished(job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    expect(done.requestId).toBe('app-release-1');
    const other = await call(t.app, 'POST', `/api/clubs/${ids.seClubId}/events/jobs`, { token: tokens.swede, payload: { kind: 'guide.overview', guideId: guide.guide_id } });
    expect(other.statusCode).toBe(404);
  });

  it('keeps other clubs and roles out', async () => {
    for (const actor of ['staff', 'swede'] as const) {
      expect((await req(actor, 'POST', `guides/${guide.guide_id}/generate_pdf`)).statusCode).toBe(403);
      expect((await req(actor, 'GET', `guides/${guide.guide_id}/print-input`)).statusCode).toBe(403);
    }
    // The Swedish club's products maker names a Danish guide through their own club: not found.
    const other = await call(t.app, 'POST', `/api/clubs/${ids.seClubId}/guides/${guide.guide_id}/generate_pdf`, { token: tokens.swede });
    expect(other.statusCode).toBe(404);
    const files = await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/guides/${guide.guide_id}/files`, { token: tokens.swede });
    expect(files.statusCode).toBe(404);
  });
});
