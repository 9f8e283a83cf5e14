import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { IMAGE_UPLOAD } from '@golf/contract/api/images';
import { COMMUNITY_LIMITS, CommunityImage, CommunityPost, ModerationLogPage, PostsPage } from '@golf/contract/api/communities';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { bigFile, fileForm, HTML, png, postForm } from '../../../test/images';

/**
 * The posts of a community in the console (issue 24): list (pinned first, paged by id, the
 * reported queue), create, edit by the author only, delete by the author or removal by a manager
 * (logged), images (stored re-encoded, checked, capped, deleted with their rows), moderation
 * (pin, unpin, close, open, restore; logged) and the moderation log. Mara manages community A,
 * Bent community B; the admin and the region's owner manage every community of the club; Carl
 * has another role; Sven has the role in the Swedish club. A manager of A reaching B's posts,
 * and ids of another community or club in the path, answer 404.
 */
describe(`community posts (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds & { mara: number; bent: number };
  let tokens: Awaited<ReturnType<typeof actors>>;
  let a: number;
  let b: number;
  let swedish: number;

  const actors = () =>
    signInActors(t, ['admin', 'owner'], {
      mara: { email: 'mara.posts@example.com', password: 'mara-password', firstName: 'Mara', lastName: 'Madsen', clubRoles: { [ids.dkClubId]: ['communities'] } },
      bent: { email: 'bent.posts@example.com', password: 'bent-password', firstName: 'Bent', lastName: 'Berg', clubRoles: { [ids.dkClubId]: ['communities'] } },
      carl: { email: 'carl.posts@example.com', password: 'carl-password', clubRoles: { [ids.dkClubId]: ['club-info'] } },
      sven: { email: 'sven.posts@example.com', password: 'sven-password', clubRoles: { [ids.seClubId]: ['communities'] } },
    });
  type Who = keyof typeof tokens;

  const path = (communityId: number, rest = '', clubId = ids.dkClubId) => `/api/clubs/${clubId}/communities/${communityId}${rest}`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, method, url, { token: tokens[who], payload });
  const fileOf = (url: string) => join(t.filesDir, url.replace(/^\/files\//, '').replace(/\?.*$/, ''));
  const db = () => t.database.db;

  async function post(who: Who, communityId: number, text: string, clubId = ids.dkClubId): Promise<CommunityPost> {
    const res = await req(who, 'POST', path(communityId, '/posts', clubId), { text });
    expect(res.statusCode, res.body).toBe(201);
    return CommunityPost.parse(res.json());
  }
  async function page(who: Who, communityId: number, query = ''): Promise<PostsPage> {
    const res = await req(who, 'GET', path(communityId, `/posts${query}`));
    expect(res.statusCode, res.body).toBe(200);
    return PostsPage.parse(res.json());
  }
  async function log(who: Who, communityId: number, query = ''): Promise<ModerationLogPage> {
    const res = await req(who, 'GET', path(communityId, `/moderation-log${query}`));
    expect(res.statusCode, res.body).toBe(200);
    return ModerationLogPage.parse(res.json());
  }
  const upload = (who: Who, url: string, data: Buffer, filename = 'photo.png', type = 'image/png') => postForm(t.app, url, tokens[who], fileForm('data', data, filename, type));
  async function community(name: string, clubId = ids.dkClubId, managers: number[] = []): Promise<number> {
    const [row] = await db().insert(schema.communities).values({ clubId, name }).returning({ id: schema.communities.id });
    if (managers.length) await db().insert(schema.communityManagers).values(managers.map((userId) => ({ communityId: row.id, userId })));
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const demo = await demoIds(t);
    ids = { ...demo, mara: 0, bent: 0 };
    tokens = await actors();
    const users = await db()
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .where(inArray(schema.users.email, ['mara.posts@example.com', 'bent.posts@example.com']));
    ids.mara = users.find((u) => u.email.startsWith('mara'))!.id;
    ids.bent = users.find((u) => u.email.startsWith('bent'))!.id;
    a = await community('Posts A', ids.dkClubId, [ids.mara]);
    b = await community('Posts B', ids.dkClubId, [ids.bent]);
    swedish = await community('Posts Sverige', ids.seClubId);
  });
  afterAll(() => t?.close());

  it('creates, lists, edits and deletes a post; the author is the signed-in user', async () => {
    const before = (await db().select().from(schema.communities).where(eq(schema.communities.id, a)))[0].lastActivityAt;
    const p = await post('mara', a, '  Frokost i klubhuset på torsdag  ');
    expect(p).toMatchObject({
      text: 'Frokost i klubhuset på torsdag',
      author: { kind: 'user', id: ids.mara, name: 'Mara Madsen', you: true },
      images: [],
      edited_at: null,
      pinned: false,
      closed: false,
      state: 'visible',
      reports: 0,
      comments: 0,
    });
    const after = (await db().select().from(schema.communities).where(eq(schema.communities.id, a)))[0].lastActivityAt;
    expect(after.getTime()).toBeGreaterThanOrEqual(before.getTime());

    // The admin sees it as someone else's.
    const seen = (await page('admin', a)).items.find((x) => x.id === p.id);
    expect(seen?.author).toEqual({ kind: 'user', id: ids.mara, name: 'Mara Madsen', you: false });

    const edited = await req('mara', 'PUT', path(a, `/posts/${p.id}`), { text: 'Frokost kl. 12' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(CommunityPost.parse(edited.json())).toMatchObject({ text: 'Frokost kl. 12', author: { you: true } });
    expect(CommunityPost.parse(edited.json()).edited_at).not.toBeNull();

    // Only its author edits it: not the admin, who manages every community.
    const notAuthor = await req('admin', 'PUT', path(a, `/posts/${p.id}`), { text: 'Changed by someone else' });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().code).toBe('communities.notAuthor');

    const deleted = await req('mara', 'DELETE', path(a, `/posts/${p.id}`));
    expect(deleted.statusCode).toBe(204);
    expect((await page('mara', a)).items.find((x) => x.id === p.id)).toBeUndefined();
    // Deleting one's own post is not a removal: nothing logged.
    expect((await log('mara', a)).items.filter((e) => e.action === 'post_removed')).toHaveLength(0);
    expect((await req('mara', 'DELETE', path(a, `/posts/${p.id}`))).statusCode).toBe(404);
  });

  it('a manager removes anyone’s post, and the removal is logged', async () => {
    const p = await post('mara', a, 'Et opslag som skal fjernes af administratoren');
    const res = await req('owner', 'DELETE', path(a, `/posts/${p.id}`));
    expect(res.statusCode, res.body).toBe(204);
    const entry = (await log('mara', a)).items.find((e) => e.action === 'post_removed');
    expect(entry).toMatchObject({ actor: { kind: 'user' }, target: 'Et opslag som skal fjernes af administratoren', detail: 'Mara Madsen' });
  });

  it('refuses bad input: an empty post, only spaces, too long, a 100 KB body, a bad id', async () => {
    for (const text of ['', '   \n ']) {
      const res = await req('mara', 'POST', path(a, '/posts'), { text });
      expect(res.statusCode, text).toBe(400);
    }
    expect((await req('mara', 'POST', path(a, '/posts'), {})).statusCode).toBe(400);
    expect((await req('mara', 'POST', path(a, '/posts'), { text: 'x'.repeat(COMMUNITY_LIMITS.postTextMax + 1) })).statusCode).toBe(400);
    const huge = await req('mara', 'POST', path(a, '/posts'), { text: 'x'.repeat(100 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await req('mara', 'POST', path(a, '/posts'), { text: 'nul \u0000 here' })).statusCode).toBe(400);
    expect((await req('mara', 'GET', path(a, '/posts?before=abc'))).statusCode).toBe(400);
    expect((await req('mara', 'GET', path(a, '/posts?state=gone'))).statusCode).toBe(400);
    expect((await req('mara', 'PUT', path(a, '/posts/0'), { text: 'x' })).statusCode).toBe(400);
    expect((await req('mara', 'POST', path(a, '/posts/1/moderation'), { action: 'explode' })).statusCode).toBe(400);
  });

  it('keeps managers to their communities and the path’s club: 404 for B’s posts, another club’s ids, 403 without the role', async () => {
    const inB = await post('bent', b, 'Kun for B');
    const inA = await post('mara', a, 'Kun for A');
    // Mara manages A only: B is 404 whatever she tries.
    for (const [method, url, payload] of [
      ['GET', path(b, '/posts'), undefined],
      ['POST', path(b, '/posts'), { text: 'Ind i B' }],
      ['PUT', path(b, `/posts/${inB.id}`), { text: 'Ændret' }],
      ['DELETE', path(b, `/posts/${inB.id}`), undefined],
      ['POST', path(b, `/posts/${inB.id}/moderation`), { action: 'pin' }],
      ['GET', path(b, `/posts/${inB.id}/comments`), undefined],
      ['GET', path(b, '/moderation-log'), undefined],
    ] as const) {
      const res = await req('mara', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('communities.notFound');
    }
    // B's post through A's path (which she manages): the post is not A's.
    for (const [method, url, payload] of [
      ['PUT', path(a, `/posts/${inB.id}`), { text: 'Ændret' }],
      ['DELETE', path(a, `/posts/${inB.id}`), undefined],
      ['POST', path(a, `/posts/${inB.id}/moderation`), { action: 'close' }],
      ['GET', path(a, `/posts/${inB.id}/comments`), undefined],
    ] as const) {
      const res = await req('mara', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('communities.postNotFound');
    }
    const imageOfB = await upload('mara', path(a, `/posts/${inB.id}/images`), await png(20, 20));
    expect(imageOfB.statusCode).toBe(404);
    // The Swedish club's community through the Danish club's path, for the admin: 404.
    const swedishPost = await post('admin', swedish, 'Hej från Skåne', ids.seClubId);
    expect((await req('admin', 'GET', path(swedish, '/posts'))).statusCode).toBe(404);
    expect((await req('admin', 'GET', path(swedish, '/posts', ids.seClubId))).statusCode).toBe(200);
    const crossClub = await req('admin', 'DELETE', path(a, `/posts/${swedishPost.id}`));
    expect(crossClub.statusCode).toBe(404);
    expect(crossClub.json().code).toBe('communities.postNotFound');
    // Sven has the role in the Swedish club only; Carl has another role: the access refuses them.
    expect((await req('sven', 'GET', path(a, '/posts'))).statusCode).toBe(403);
    expect((await req('carl', 'GET', path(a, '/posts'))).statusCode).toBe(403);
    expect((await req('carl', 'POST', path(a, '/posts'), { text: 'Hej' })).statusCode).toBe(403);
    // Nothing changed.
    expect((await page('bent', b)).items.find((x) => x.id === inB.id)?.text).toBe('Kun for B');
    expect((await page('mara', a)).items.find((x) => x.id === inA.id)?.pinned).toBe(false);
  });

  it('lists pinned posts first, then the newest, a page at a time by id', async () => {
    const c = await community('Posts paging', ids.dkClubId, [ids.mara]);
    const size = COMMUNITY_LIMITS.postsPageSize;
    const rows = await db()
      .insert(schema.communityPosts)
      .values(Array.from({ length: size + 5 }, (_, i) => ({ communityId: c, authorUserId: ids.mara, authorName: 'Mara Madsen', text: `Opslag ${i + 1}` })))
      .returning({ id: schema.communityPosts.id });
    const postIds = rows.map((r) => r.id).sort((x, y) => x - y);
    // The oldest and the third oldest are pinned.
    for (const id of [postIds[0], postIds[2]]) {
      const res = await req('mara', 'POST', path(c, `/posts/${id}/moderation`), { action: 'pin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(CommunityPost.parse(res.json()).pinned).toBe(true);
    }
    const first = await page('mara', c);
    const others = postIds.filter((id) => id !== postIds[0] && id !== postIds[2]).reverse();
    expect(first.items.map((p) => p.id)).toEqual([postIds[2], postIds[0], ...others.slice(0, size)]);
    expect(first.more).toBe(true);
    const second = await page('mara', c, `?before=${first.items.at(-1)!.id}`);
    expect(second.items.map((p) => p.id)).toEqual(others.slice(size));
    expect(second.more).toBe(false);
    expect(second.items.every((p) => !p.pinned)).toBe(true);
  });

  it('pins, closes, opens and unpins, logging each change once', async () => {
    const p = await post('mara', a, 'Turnering i weekenden – tilmelding her');
    const moderate = async (action: string) => {
      const res = await req('owner', 'POST', path(a, `/posts/${p.id}/moderation`), { action });
      expect(res.statusCode, res.body).toBe(200);
      return CommunityPost.parse(res.json());
    };
    expect(await moderate('pin')).toMatchObject({ pinned: true, closed: false });
    expect(await moderate('pin')).toMatchObject({ pinned: true });
    expect(await moderate('close')).toMatchObject({ pinned: true, closed: true });
    expect(await moderate('open')).toMatchObject({ closed: false });
    expect(await moderate('unpin')).toMatchObject({ pinned: false });
    const entries = (await log('mara', a)).items.filter((e) => e.target === 'Turnering i weekenden – tilmelding her');
    // Newest first; pinning a pinned post changed nothing and logged nothing.
    expect(entries.map((e) => e.action)).toEqual(['post_unpinned', 'post_opened', 'post_closed', 'post_pinned']);
    const [owner] = await db().select().from(schema.users).where(eq(schema.users.id, ids.ownerId));
    expect(entries[0].actor).toEqual({ kind: 'user', name: `${owner.firstName} ${owner.lastName}`.trim() || owner.email });
  });

  it('lists hidden posts in the reported queue, and a restore shows them again, resolves the reports and is logged', async () => {
    const c = await community('Posts reported', ids.dkClubId, [ids.mara]);
    const visible = await post('mara', c, 'Alt er fint her');
    const hidden = await post('mara', c, 'Et opslag som blev anmeldt');
    const withHiddenComment = await post('mara', c, 'Et opslag med en skjult kommentar');
    const [golfer] = await db().insert(schema.appUsers).values({ clubId: ids.dkClubId, appId: 'posts-reporter', language: 'da' }).returning({ id: schema.appUsers.id });
    const [member] = await db().insert(schema.communityMembers).values({ communityId: c, appUserId: golfer.id, displayName: 'Rita', status: 'member' }).returning();
    await db().update(schema.communityPosts).set({ hidden: true }).where(eq(schema.communityPosts.id, hidden.id));
    await db().insert(schema.communityReports).values({ postId: hidden.id, memberId: member.id, reason: 'spam' });
    await db().insert(schema.communityComments).values({ postId: withHiddenComment.id, authorMemberId: member.id, authorName: 'Rita', text: 'Grim kommentar', hidden: true });

    const all = await page('mara', c);
    expect(all.items.find((p) => p.id === hidden.id)).toMatchObject({ state: 'hidden', reports: 1 });
    const queue = await page('mara', c, '?state=hidden');
    expect(queue.items.map((p) => p.id)).toEqual([withHiddenComment.id, hidden.id]);
    expect(queue.items.find((p) => p.id === withHiddenComment.id)).toMatchObject({ state: 'visible', comments: 1 });
    expect(queue.items.some((p) => p.id === visible.id)).toBe(false);

    const restored = await req('mara', 'POST', path(c, `/posts/${hidden.id}/moderation`), { action: 'restore' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(CommunityPost.parse(restored.json())).toMatchObject({ state: 'visible', reports: 0 });
    const [report] = await db().select().from(schema.communityReports).where(eq(schema.communityReports.postId, hidden.id));
    expect(report.resolvedAt).not.toBeNull();
    expect((await page('mara', c, '?state=hidden')).items.map((p) => p.id)).toEqual([withHiddenComment.id]);
    expect((await log('mara', c)).items[0]).toMatchObject({ action: 'post_restored', target: 'Et opslag som blev anmeldt', detail: '1 report', actor: { kind: 'user', name: 'Mara Madsen' } });
    // A restore of a post with nothing to restore changes nothing and logs nothing.
    const again = await req('mara', 'POST', path(c, `/posts/${hidden.id}/moderation`), { action: 'restore' });
    expect(again.statusCode).toBe(200);
    expect((await log('mara', c)).items.filter((e) => e.action === 'post_restored')).toHaveLength(1);
  });

  it('reads the moderation log newest first, a page at a time by id', async () => {
    const c = await community('Posts log', ids.dkClubId, [ids.mara]);
    const size = COMMUNITY_LIMITS.logPageSize;
    await db()
      .insert(schema.communityModerationLog)
      .values(Array.from({ length: size + 3 }, (_, i) => ({ communityId: c, action: 'post_pinned', actorUserId: ids.mara, actorName: 'Mara Madsen', target: `Opslag ${i + 1}` })));
    await db()
      .insert(schema.communityModerationLog)
      .values({ communityId: c, action: 'post_hidden', actorUserId: null, actorName: 'reports', target: 'Det nyeste', detail: '2 reports' });
    const first = await log('mara', c);
    expect(first.items).toHaveLength(size);
    expect(first.more).toBe(true);
    expect(first.items[0]).toMatchObject({ action: 'post_hidden', actor: { kind: 'reports', name: 'reports' }, target: 'Det nyeste', detail: '2 reports' });
    expect(first.items[1]).toMatchObject({ action: 'post_pinned', actor: { kind: 'user', name: 'Mara Madsen' }, target: `Opslag ${size + 3}`, detail: null });
    const ids1 = first.items.map((e) => e.id);
    expect([...ids1].sort((x, y) => y - x)).toEqual(ids1);
    const second = await log('mara', c, `?before=${ids1.at(-1)}`);
    expect(second.items.map((e) => e.target)).toEqual(['Opslag 4', 'Opslag 3', 'Opslag 2', 'Opslag 1']);
    expect(second.more).toBe(false);
    expect((await req('mara', 'GET', path(c, '/moderation-log?before=-1'))).statusCode).toBe(400);
  });

  it('adds images to a post (checked, re-encoded, capped), deletes them, and deletes the files with the post', async () => {
    const p = await post('mara', a, 'Billeder fra sæsonstarten');
    const url = path(a, `/posts/${p.id}/images`);
    const first = await upload('mara', url, await png(300, 200));
    expect(first.statusCode, first.body).toBe(201);
    const image = CommunityImage.parse(first.json());
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image.url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/communities/[0-9a-f-]{36}\\.jpg\\?v=[0-9a-f]{8}$`));
    expect(existsSync(fileOf(image.url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await page('mara', a)).items.find((x) => x.id === p.id)?.images).toEqual([image]);

    // Refused: not an image, too large, no file, not the author, another role.
    const html = await upload('mara', url, HTML, 'x.png', 'image/png');
    expect(html.statusCode).toBe(415);
    const big = await upload('mara', url, bigFile(IMAGE_UPLOAD.maxBytes + 1024), 'big.jpg', 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect((await postForm(t.app, url, tokens.mara, new FormData())).statusCode).toBe(400);
    const notAuthor = await upload('owner', url, await png(10, 10));
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().code).toBe('communities.notAuthor');
    expect((await upload('carl', url, await png(10, 10))).statusCode).toBe(403);

    // The cap: room for postImagesMax in all.
    await db()
      .insert(schema.communityImages)
      .values(Array.from({ length: COMMUNITY_LIMITS.postImagesMax - 2 }, (_, i) => ({ postId: p.id, fileKey: `public/clubs/${ids.dkClubId}/communities/filler-${i}.jpg`, width: 1, height: 1 })));
    const last = await upload('mara', url, await png(64, 64));
    expect(last.statusCode, last.body).toBe(201);
    const lastImage = CommunityImage.parse(last.json());
    const over = await upload('mara', url, await png(64, 64));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'communities.imagesCapReached', params: { max: COMMUNITY_LIMITS.postImagesMax } });
    expect((await page('mara', a)).items.find((x) => x.id === p.id)?.images).toHaveLength(COMMUNITY_LIMITS.postImagesMax);

    // A manager (not the author) deletes an image; its file goes.
    const del = await req('owner', 'DELETE', path(a, `/posts/${p.id}/images/${image.id}`));
    expect(del.statusCode, del.body).toBe(204);
    expect(existsSync(fileOf(image.url))).toBe(false);
    expect((await req('owner', 'DELETE', path(a, `/posts/${p.id}/images/${image.id}`))).json().code).toBe('communities.imageNotFound');
    // Another post's image through this post's path: 404.
    const other = await post('mara', a, 'Et andet opslag');
    expect((await req('mara', 'DELETE', path(a, `/posts/${other.id}/images/${lastImage.id}`))).statusCode).toBe(404);
    // Bent manages B only: A's images are 404 to him.
    expect((await req('bent', 'DELETE', path(a, `/posts/${p.id}/images/${lastImage.id}`))).statusCode).toBe(404);

    // Deleting the post deletes its stored files.
    expect(existsSync(fileOf(lastImage.url))).toBe(true);
    expect((await req('mara', 'DELETE', path(a, `/posts/${p.id}`))).statusCode).toBe(204);
    expect(existsSync(fileOf(lastImage.url))).toBe(false);
    expect(await db().select().from(schema.communityImages).where(eq(schema.communityImages.postId, p.id))).toHaveLength(0);
  });
});
