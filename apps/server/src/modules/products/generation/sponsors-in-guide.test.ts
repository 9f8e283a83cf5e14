import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drawing } from '@golf/contract/api/drawings';
import { DigitalGuide } from '@golf/contract/api/digital-guide';
import { GenerateResponse, GuideFilesResponse } from '@golf/contract/api/guide-generation';
import { Guide, GuidesResponse } from '@golf/contract/api/guides';
import { Job } from '@golf/contract/api/jobs';
import { Sponsor, SponsorReport, SponsorSetup } from '@golf/contract/api/sponsors';
import { EL } from '@golf/contract/graphics-catalogue';
import { meanPosition } from '@golf/contract/print/frame';
import { GuideRenderInput } from '@golf/contract/print/input';
import { courses } from '../../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../../seed/seed-products';
import { signInActors } from '../../../../test/actors';
import { fileForm, png, postForm } from '../../../../test/images';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../../test/test-app';

type Actor = 'owner' | 'maker' | 'swede';

/**
 * Issue 11: a guide shows the sponsors of its sponsor setup. A sponsor with a logo placed on two
 * hole pages and as a sign; the guide chooses the setup; the PDF, tee signs, web images and the
 * digital guide show it where placed; the sponsor report lists it.
 */
describe(`products: sponsors in the generated guide (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let guide: Guide;
  let sponsor: Sponsor;
  let setup: SponsorSetup;
  let dir: string;
  let holeIds: number[];

  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[actor], payload });
  const finished = async (jobId: string) => {
    for (let i = 0; i < 600; i++) {
      const job = Job.parse((await req('maker', 'GET', `events/jobs/${jobId}`)).json());
      if (job.state === 'completed' || job.state === 'failed') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  };
  const generate = async (product: string) => {
    const res = await req('maker', 'POST', `guides/${guide.guide_id}/${product}`);
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(GenerateResponse.parse(res.json()).job_id);
    expect(job.state, JSON.stringify(job)).toBe('completed');
  };
  const files = async () => GuideFilesResponse.parse((await req('maker', 'GET', `guides/${guide.guide_id}/files`)).json());
  const download = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload;
  };
  const saveSettings = (settings: Guide['settings'], actor: Actor = 'maker') => req(actor, 'PUT', `guides/${guide.guide_id}`, { version: guide.version, settings });

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    dir = mkdtempSync(join(tmpdir(), 'sponsors-guide-'));
    tokens = await signInActors(t, ['owner'], {
      maker: { email: 'sponsor-maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'sponsor-swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['promotion', 'products'] } },
    });
    guide = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json()).find((g) => g.title === DEMO_GUIDE_TITLE)!;
    const courseId = guide.courses[0].course_id;
    const course = ((await req('owner', 'GET', 'courses')).json() as { id: number; holes: { id: number; order: number }[] }[]).find((c) => c.id === courseId)!;
    holeIds = [...course.holes].sort((a, b) => a.order - b.order).map((h) => h.id);

    // The owner (role promotion) makes the sponsor, its logo and the setup.
    const created = await req('owner', 'POST', 'sponsors', { name: 'Testbank Sønderjylland', url: 'https://testbank.example/' });
    expect(created.statusCode, created.body).toBe(201);
    const logo = await postForm(t.app, `/api/clubs/${ids.dkClubId}/sponsors/${Sponsor.parse(created.json()).id}/logo`, tokens.owner, fileForm('data', await png(400, 120), 'logo.png', 'image/png'));
    expect(logo.statusCode, logo.body).toBe(200);
    sponsor = Sponsor.parse(logo.json());
    expect(sponsor.logo).toMatch(/^\/files\//);

    const { drawing } = (await req('owner', 'GET', `holes/${holeIds[2]}/drawing/1`)).json() as { drawing: Drawing };
    const [longitude, latitude] = meanPosition(drawing, EL.green)!;
    const saved = await req('owner', 'POST', 'sponsor-setups', {
      name: 'Guide test',
      course_id: courseId,
      sponsor_positions: [
        { sponsor_id: sponsor.id, hole_id: holeIds[0], placement: 'page', format: 'bottom-single' },
        { sponsor_id: sponsor.id, hole_id: holeIds[1], placement: 'page', format: 'full-centered' },
        { sponsor_id: sponsor.id, hole_id: holeIds[2], placement: 'sign', position: { longitude, latitude } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    setup = SponsorSetup.parse(saved.json());
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('lets a guide choose only a setup of its club on one of its courses', async () => {
    // Another club's setup is not found.
    const [seCourse] = await t.database.db.insert(courses).values({ clubId: ids.seClubId, name: 'Ljungbacka GK' }).returning({ id: courses.id });
    const foreign = await req('swede', 'POST', 'sponsor-setups', { name: 'Skåne', course_id: seCourse.id }, ids.seClubId);
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = SponsorSetup.parse(foreign.json()).id;
    const refused = await saveSettings({ ...guide.settings, sponsor_setup_id: foreignId });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().error).toBe('Sponsor setup not found');

    const chosen = await saveSettings({ ...guide.settings, sponsor_setup_id: setup.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    guide = Guide.parse(chosen.json());
    expect(guide.settings.sponsor_setup_id).toBe(setup.id);
  });

  it('gives the renderer the sponsor, its logo URL and each hole’s places', async () => {
    const input = GuideRenderInput.parse((await req('maker', 'GET', `guides/${guide.guide_id}/print-input`)).json());
    expect(input.sponsors).toEqual([{ key: String(sponsor.id), name: 'Testbank Sønderjylland', url: 'https://testbank.example/', logo: `sponsor-${sponsor.id}`, logoUrl: expect.stringMatching(/^\/files\/.+\?v=/) }]);
    const holes = input.courses[0].holes;
    expect(holes[0].sponsors.page).toEqual([{ sponsor: String(sponsor.id), format: 'bottom-single' }]);
    expect(holes[1].sponsors.page).toEqual([{ sponsor: String(sponsor.id), format: 'full-centered' }]);
    expect(holes[2].sponsors.signs).toHaveLength(1);
    expect(holes.slice(3).every((h) => h.sponsors.page.length === 0 && h.sponsors.signs.length === 0)).toBe(true);
    // The logo URL loads.
    expect((await download(input.sponsors[0].logoUrl!)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('prints the sponsor on the pages of holes 1, 2 (page) and 3 (sign) of the PDF and on those tee signs', async () => {
    await generate('generate_pdf');
    await generate('generate_tee_signs');
    const located = await files();
    const pdf = join(dir, 'guide.pdf');
    writeFileSync(pdf, await download(located.pdf.files.find((f) => f.name === 'guide.pdf')!.url));
    const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
    const pagesWith = (file: string, count: number) =>
      Array.from({ length: count }, (_, i) => i + 1).filter((p) => execFileSync('pdftotext', ['-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' }).includes('Testbank Sønderjylland'));
    const found = pagesWith(pdf, pageCount);
    expect(found).toHaveLength(3);
    const holeOf = (p: number) => /^\s*(\d+)\s/m.exec(execFileSync('pdftotext', ['-f', String(p), '-l', String(p), pdf, '-'], { encoding: 'utf8' }))?.[1];
    expect(found.map(holeOf)).toEqual(['1', '2', '3']);

    const signs = join(dir, 'tee-signs.pdf');
    writeFileSync(signs, await download(located.tee_signs.files[0].url));
    expect(pagesWith(signs, 3)).toEqual([1, 2, 3]);
  });

  it('lists the sponsors in the digital guide, with the places on the holes', async () => {
    await generate('generate_json');
    const digital = DigitalGuide.parse((await req('maker', 'GET', `guides/${guide.guide_id}/digital`)).json());
    expect(digital.sponsors.map((s) => s.name)).toEqual(['Testbank Sønderjylland']);
    expect(digital.sponsors[0].logoUrl).toMatch(/^\/files\//);
    expect(digital.courses[0].holes[1].sponsors.page[0].format).toBe('full-centered');
  });

  it('reports per sponsor the holes and the products that show it, and whether each product is current', async () => {
    const res = await req('maker', 'GET', `guides/${guide.guide_id}/sponsor-report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = SponsorReport.parse(res.json());
    expect(report.setup).toMatchObject({ id: setup.id, name: 'Guide test' });
    expect(report.sponsors).toHaveLength(1);
    expect(report.sponsors[0]).toMatchObject({
      name: 'Testbank Sønderjylland',
      places: [
        { hole_number: 1, placement: 'page', format: 'bottom-single', on_printed_page: true },
        { hole_number: 2, placement: 'page', format: 'full-centered', on_printed_page: true },
        { hole_number: 3, placement: 'sign', format: null, on_printed_page: true },
      ],
      products: ['pdf', 'tee_signs', 'web_images', 'json'],
    });
    const current = Object.fromEntries(report.products.map((p) => [p.product, p.current]));
    expect(current).toMatchObject({ pdf: true, tee_signs: true, json: true });
    // Another club's user and a user without products are refused.
    expect((await req('swede', 'GET', `guides/${guide.guide_id}/sponsor-report`)).statusCode).toBe(403);
  });

  it('forgets a deleted setup: the guide shows no sponsors and says so', async () => {
    const removed = await req('owner', 'DELETE', `sponsor-setups/${setup.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = Guide.parse((await req('maker', 'GET', `guides/${guide.guide_id}`)).json());
    expect(after.settings.sponsor_setup_id).toBeNull();
    const input = GuideRenderInput.parse((await req('maker', 'GET', `guides/${guide.guide_id}/print-input`)).json());
    expect(input.sponsors).toEqual([]);
    expect(SponsorReport.parse((await req('maker', 'GET', `guides/${guide.guide_id}/sponsor-report`)).json()).setup).toBeNull();
  });
});
