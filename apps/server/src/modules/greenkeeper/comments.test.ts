import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GREENKEEPER_LIMITS, TrackingComment, TrackingCommentImage, TrackingGroup } from '@golf/contract/api/greenkeeper';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { BAD_UPLOADS, fileForm, HTML, jpeg, png, postForm } from '../../../test/images';
import { localStorage } from '../../platform/storage';
import { addDemoTrackingImages, DEMO_TRACKING_COMMENTS, DEMO_TRACKING_GROUPS } from './tracking-demo';

/**
 * The log book of the tracking groups (issue 25, §4): comments newest first with their author
 * and images; write (an empty text is taken: images follow), edit, delete; images one per upload
 * (checked, re-encoded, capped), one removed, the files deleted with their rows; another club's
 * groups, comments and images through path and body answer 404, never data, never 500; and the
 * demo's log book with its photos.
 */
describe(`tracking comments (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds & { crew: number };
  let tokens: Awaited<ReturnType<typeof actors>>;
  let group: TrackingGroup;
  let seGroupId: number;
  let seCommentId: number;

  const actors = () =>
    signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      crew: { email: 'crew.comments@example.com', password: 'crew-password', firstName: 'Kim', lastName: 'Klipper', clubRoles: { [ids.dkClubId]: ['tech-map'] } },
      mate: { email: 'mate.comments@example.com', password: 'mate-password', firstName: 'Mia', lastName: 'Mose', clubRoles: { [ids.dkClubId]: ['tech-map'] } },
      measurer: { email: 'areas.comments@example.com', password: 'areas-password', clubRoles: { [ids.dkClubId]: ['areas'] } },
      swede: { email: 'swede.comments@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['tech-map'] } },
    });
  type Who = keyof typeof tokens;

  const dk = (rest: string) => `/api/clubs/${ids.dkClubId}${rest}`;
  const se = (rest: string) => `/api/clubs/${ids.seClubId}${rest}`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, method, url, { token: tokens[who], payload });
  const fileOf = (url: string) => join(t.filesDir, url.replace(/^\/files\//, '').replace(/\?.*$/, ''));
  const upload = (who: Who, url: string, data: Buffer, filename = 'photo.png', type = 'image/png', field = 'file') =>
    postForm(t.app, url, tokens[who], fileForm(field, data, filename, type));

  async function ok<T>(res: Awaited<ReturnType<typeof req>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  }
  async function comment(groupId: number, text: string, who: Who = 'crew'): Promise<TrackingComment> {
    return TrackingComment.parse(await ok(await req(who, 'POST', dk('/tracking-groups/comments'), { trackingGroupId: groupId, text }), 201));
  }
  const logBook = async (groupId: number) => TrackingComment.array().parse(await ok(await req('crew', 'GET', dk(`/tracking-groups/comments?trackingGroupId=${groupId}`))));
  const imagesUrl = (commentId: number) => dk(`/tracking-groups/comments/${commentId}/images`);
  async function image(commentId: number, data?: Buffer): Promise<TrackingCommentImage> {
    return TrackingCommentImage.parse(await ok(await upload('crew', imagesUrl(commentId), data ?? (await png(64, 48))), 201));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = { ...(await demoIds(t)), crew: 0 };
    tokens = await actors();
    const [crew] = await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'crew.comments@example.com'));
    ids.crew = crew.id;
    group = TrackingGroup.parse(await ok(await req('crew', 'POST', dk('/tracking-groups'), { name: 'Log book group' }), 201));
    seGroupId = (await ok<TrackingGroup>(await req('swede', 'POST', se('/tracking-groups'), { name: 'Loggbok' }), 201)).id;
    seCommentId = (await ok<TrackingComment>(await req('swede', 'POST', se('/tracking-groups/comments'), { trackingGroupId: seGroupId, text: 'Klippt' }), 201)).id;
  });
  afterAll(() => t?.close());

  it('writes, lists newest first, edits and deletes comments; an empty text is taken', async () => {
    const first = await comment(group.id, '  Greens mowed at 3.5 mm  ');
    expect(first).toMatchObject({ trackingGroupId: group.id, text: 'Greens mowed at 3.5 mm', author: { id: ids.crew, name: 'Kim Klipper' }, images: [] });
    const second = await comment(group.id, 'Dew removed on 1–9', 'mate');
    const empty = await comment(group.id, '');
    expect(empty.text).toBe('');
    expect((await logBook(group.id)).map((c) => c.id)).toEqual([empty.id, second.id, first.id]);
    expect((await ok<TrackingGroup[]>(await req('crew', 'GET', dk('/tracking-groups')))).find((g) => g.id === group.id)!.commentCount).toBe(3);

    // Anyone of the crew edits an entry.
    const edited = TrackingComment.parse(await ok(await req('crew', 'PUT', dk(`/tracking-groups/comments/${second.id}`), { text: 'Dew removed on all greens' })));
    expect(edited).toMatchObject({ id: second.id, text: 'Dew removed on all greens', author: { name: 'Mia Mose' }, createdAt: second.createdAt });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(second.updatedAt));

    expect((await req('crew', 'DELETE', dk(`/tracking-groups/comments/${empty.id}`))).statusCode).toBe(204);
    const gone = await req('crew', 'DELETE', dk(`/tracking-groups/comments/${empty.id}`));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('greenkeeper.commentNotFound');
    expect((await req('crew', 'PUT', dk(`/tracking-groups/comments/${empty.id}`), { text: 'Back?' })).statusCode).toBe(404);
    expect((await logBook(group.id)).map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it('refuses bad input: a missing or foreign group, too long a text, a 100 KB body, bad ids', async () => {
    const url = dk('/tracking-groups/comments');
    for (const payload of [
      {},
      { text: 'no group' },
      { trackingGroupId: group.id },
      { trackingGroupId: 0, text: 'x' },
      { trackingGroupId: 'one', text: 'x' },
      { trackingGroupId: group.id, text: 'x'.repeat(GREENKEEPER_LIMITS.commentTextMax + 1) },
      { trackingGroupId: group.id, text: 'nul\u0000' },
    ]) {
      expect((await req('crew', 'POST', url, payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect([400, 413]).toContain((await req('crew', 'POST', url, { trackingGroupId: group.id, text: 'x'.repeat(100 * 1024) })).statusCode);
    // A group of another club, or none, in the body.
    for (const trackingGroupId of [seGroupId, 2_000_000_000]) {
      const res = await req('crew', 'POST', url, { trackingGroupId, text: 'Foreign' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('greenkeeper.groupNotFound');
      expect((await req('crew', 'GET', dk(`/tracking-groups/comments?trackingGroupId=${trackingGroupId}`))).statusCode).toBe(404);
    }
    for (const query of ['', '?trackingGroupId=', '?trackingGroupId=x', '?trackingGroupId=-1']) {
      expect((await req('crew', 'GET', dk(`/tracking-groups/comments${query}`))).statusCode, query).toBe(400);
    }
    const c = await comment(group.id, 'ok');
    expect((await req('crew', 'PUT', dk(`/tracking-groups/comments/${c.id}`), {})).statusCode).toBe(400);
    expect((await req('crew', 'PUT', dk(`/tracking-groups/comments/${c.id}`), { text: 'x'.repeat(GREENKEEPER_LIMITS.commentTextMax + 1) })).statusCode).toBe(400);
    expect((await req('crew', 'PUT', dk('/tracking-groups/comments/abc'), { text: 'x' })).statusCode).toBe(400);
  });

  it('adds images (re-encoded, stored in the club’s files), removes one, and deletes the files with the comment', async () => {
    const c = await comment(group.id, 'Dollar spot on green 7');
    const first = await image(c.id, await jpeg(300, 200));
    expect(first).toMatchObject({ width: 300, height: 200 });
    expect(first.url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/greenkeeper/[0-9a-f-]{36}\\.jpg\\?v=[0-9a-f]{8}$`));
    expect(existsSync(fileOf(first.url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: first.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // The field `data`, as the console's other image uploads, is taken too.
    const second = TrackingCommentImage.parse(await ok(await upload('mate', imagesUrl(c.id), await png(40, 30), 'p.png', 'image/png', 'data'), 201));
    expect((await logBook(group.id)).find((x) => x.id === c.id)!.images).toEqual([first, second]);

    // One image removed: its row and its file; the other stays.
    expect((await req('crew', 'DELETE', `${imagesUrl(c.id)}/${first.id}`)).statusCode).toBe(204);
    expect(existsSync(fileOf(first.url))).toBe(false);
    const again = await req('crew', 'DELETE', `${imagesUrl(c.id)}/${first.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('greenkeeper.imageNotFound');
    expect((await logBook(group.id)).find((x) => x.id === c.id)!.images).toEqual([second]);

    // An image through another comment's path is not found, and stays.
    const other = await comment(group.id, 'Another entry');
    expect((await req('crew', 'DELETE', `${imagesUrl(other.id)}/${second.id}`)).statusCode).toBe(404);
    expect(existsSync(fileOf(second.url))).toBe(true);

    // Deleting the comment deletes its images' files after the commit.
    expect((await req('crew', 'DELETE', dk(`/tracking-groups/comments/${c.id}`))).statusCode).toBe(204);
    expect(existsSync(fileOf(second.url))).toBe(false);
    expect(await t.database.db.select().from(schema.trackingCommentImages).where(eq(schema.trackingCommentImages.commentId, c.id))).toEqual([]);
  });

  it('refuses a file that is not an image, too large a file, no file, and images over the cap', async () => {
    const c = await comment(group.id, 'Refusals');
    const url = imagesUrl(c.id);
    for (const bad of BAD_UPLOADS) {
      const res = await upload('crew', url, await bad.data(), bad.filename, bad.type);
      expect(res.statusCode, bad.name).toBe(bad.status);
      expect(res.json().error, bad.name).toMatch(bad.message);
    }
    const html = await upload('crew', url, HTML, 'x.jpg', 'image/jpeg');
    expect(html.statusCode).toBe(415);
    // Not multipart, another field, no file.
    expect((await req('crew', 'POST', url, { file: 'x' })).statusCode).toBe(415);
    expect((await upload('crew', url, await png(10, 10), 'p.png', 'image/png', 'picture')).statusCode).toBe(400);
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    expect((await postForm(t.app, url, tokens.crew, noFile)).statusCode).toBe(400);
    expect((await logBook(group.id)).find((x) => x.id === c.id)!.images).toEqual([]);

    const added: TrackingCommentImage[] = [];
    for (let i = 0; i < GREENKEEPER_LIMITS.commentImagesMax; i++) added.push(await image(c.id, await png(16 + i, 16)));
    const over = await upload('crew', url, await png(20, 20));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'greenkeeper.imagesCapReached', params: { max: GREENKEEPER_LIMITS.commentImagesMax } });
    expect((await logBook(group.id)).find((x) => x.id === c.id)!.images.map((i) => i.id)).toEqual(added.map((i) => i.id));
    // Deleting the group deletes every file of its log book.
    const doomed = TrackingGroup.parse(await ok(await req('crew', 'POST', dk('/tracking-groups'), { name: 'Short-lived log book' }), 201));
    const entry = await comment(doomed.id, 'Soon gone');
    const photo = await image(entry.id);
    expect((await req('crew', 'DELETE', dk(`/tracking-groups/${doomed.id}`))).statusCode).toBe(204);
    expect(existsSync(fileOf(photo.url))).toBe(false);
    expect((await req('crew', 'GET', dk(`/tracking-groups/comments?trackingGroupId=${doomed.id}`))).statusCode).toBe(404);
  });

  it('keeps other clubs out: their comments and images answer 404 through the path; other roles 403', async () => {
    const c = await comment(group.id, 'Danish entry');
    const img = await image(c.id);
    const seImage = TrackingCommentImage.parse(await ok(await upload('swede', se(`/tracking-groups/comments/${seCommentId}/images`), await png(12, 12)), 201));

    // The Swedish comment through the Danish club's path (the crew's own club).
    for (const [method, url, body] of [
      ['PUT', dk(`/tracking-groups/comments/${seCommentId}`), { text: 'Taken over' }],
      ['DELETE', dk(`/tracking-groups/comments/${seCommentId}`), undefined],
      ['DELETE', dk(`/tracking-groups/comments/${seCommentId}/images/${seImage.id}`), undefined],
      ['DELETE', dk(`/tracking-groups/comments/${c.id}/images/${seImage.id}`), undefined],
    ] as const) {
      const res = await req('crew', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await upload('crew', dk(`/tracking-groups/comments/${seCommentId}/images`), await png(10, 10))).statusCode).toBe(404);
    expect(existsSync(fileOf(seImage.url))).toBe(true);
    // And the Swede in their own path with the Danish ids.
    expect((await req('swede', 'PUT', se(`/tracking-groups/comments/${c.id}`), { text: 'Taken over' })).statusCode).toBe(404);
    expect((await req('swede', 'DELETE', se(`/tracking-groups/comments/${c.id}/images/${img.id}`))).statusCode).toBe(404);
    expect((await req('swede', 'POST', se('/tracking-groups/comments'), { trackingGroupId: group.id, text: 'In your log book' })).statusCode).toBe(404);
    expect((await upload('swede', se(`/tracking-groups/comments/${c.id}/images`), await png(10, 10))).statusCode).toBe(404);
    expect(existsSync(fileOf(img.url))).toBe(true);
    expect((await logBook(group.id)).find((x) => x.id === c.id)).toMatchObject({ text: 'Danish entry', images: [img] });

    // Roles: no session 401; staff, the areas role and the Swede in the Danish path 403; the crew in the Swedish path 403.
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', `/tracking-groups/comments?trackingGroupId=${group.id}`],
      ['POST', '/tracking-groups/comments', { trackingGroupId: group.id, text: 'x' }],
      ['PUT', `/tracking-groups/comments/${c.id}`, { text: 'x' }],
      ['DELETE', `/tracking-groups/comments/${c.id}`],
      ['DELETE', `/tracking-groups/comments/${c.id}/images/${img.id}`],
    ];
    for (const [method, rest, body] of calls) {
      expect((await req('anonymous', method, dk(rest), body)).statusCode).toBe(401);
      for (const who of ['staff', 'measurer', 'swede'] as const) expect((await req(who, method, dk(rest), body)).statusCode, `${who} ${method} ${rest}`).toBe(403);
      expect((await req('crew', method, se(rest), body)).statusCode).toBe(403);
    }
    for (const who of ['staff', 'measurer', 'swede'] as const) expect((await upload(who, imagesUrl(c.id), await png(10, 10))).statusCode).toBe(403);
    expect((await upload('anonymous', imagesUrl(c.id), await png(10, 10))).statusCode).toBe(401);
    expect((await logBook(group.id)).find((x) => x.id === c.id)!.images).toEqual([img]);
  });

  it('has the demo’s log book, and adds the photos of its entries once', async () => {
    const groups = TrackingGroup.array().parse(await ok(await req('owner', 'GET', dk('/tracking-groups'))));
    const greens = groups.find((g) => g.name === DEMO_TRACKING_GROUPS.greens)!;
    const entries = await logBook(greens.id);
    const expected = DEMO_TRACKING_COMMENTS.filter((c) => c.group === 'greens').sort((a, b) => a.daysAgo - b.daysAgo);
    expect(entries.map((e) => e.text)).toEqual(expected.map((e) => e.text));
    expect(entries.every((e) => e.author !== null && e.images.length === 0)).toBe(true);

    const deps = { db: t.database.db, storage: localStorage(t.filesDir), log: { warn: () => undefined } };
    // Nothing of the demo in the Swedish club; the Danish club's photos once.
    expect(await addDemoTrackingImages(deps, ids.seClubId)).toBe(0);
    expect(await addDemoTrackingImages(deps)).toBe(DEMO_TRACKING_COMMENTS.filter((c) => c.image).length);
    expect(await addDemoTrackingImages(deps, ids.dkClubId)).toBe(0);
    expect(await addDemoTrackingImages(deps)).toBe(0);
    const withPhoto = (await logBook(greens.id)).filter((e) => e.images.length > 0);
    expect(withPhoto.map((e) => e.text)).toEqual(expected.filter((e) => e.image).map((e) => e.text));
    expect(withPhoto[0].images[0]).toMatchObject({ width: 480, height: 320 });
    expect(existsSync(fileOf(withPhoto[0].images[0].url))).toBe(true);
  });
});
