import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { COMMUNITY_LIMITS, CommunityComment, CommunityImage, CommunityPost, CommunityReply, ModerationLogPage } from '@golf/contract/api/communities';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { fileForm, HTML, png, postForm } from '../../../test/images';

/**
 * Comments and replies in the console (issue 24): the whole thread oldest first with the replies
 * under their comment, one level only (a reply to a reply 400), none on a closed post (409), edit
 * by the author only, delete by the author or removal by a manager (logged; the replies and the
 * image files go with it), images (capped), restore of a comment reports hid (logged), and the
 * scope: a manager of B reaching A's comments, and ids of another community, answer 404.
 */
describe(`community comments (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds & { mara: number; bent: number };
  let tokens: Awaited<ReturnType<typeof actors>>;
  let a: number;
  let b: number;

  const actors = () =>
    signInActors(t, ['admin', 'owner'], {
      mara: { email: 'mara.comments@example.com', password: 'mara-password', firstName: 'Mara', lastName: 'Madsen', clubRoles: { [ids.dkClubId]: ['communities'] } },
      bent: { email: 'bent.comments@example.com', password: 'bent-password', firstName: 'Bent', lastName: 'Berg', clubRoles: { [ids.dkClubId]: ['communities'] } },
    });
  type Who = keyof typeof tokens;

  const path = (communityId: number, rest = '') => `/api/clubs/${ids.dkClubId}/communities/${communityId}${rest}`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, method, url, { token: tokens[who], payload });
  const fileOf = (url: string) => join(t.filesDir, url.replace(/^\/files\//, '').replace(/\?.*$/, ''));
  const db = () => t.database.db;

  async function post(who: Who, communityId: number, text: string): Promise<CommunityPost> {
    const res = await req(who, 'POST', path(communityId, '/posts'), { text });
    expect(res.statusCode, res.body).toBe(201);
    return CommunityPost.parse(res.json());
  }
  async function comment(who: Who, communityId: number, postId: number, text: string, parentId: number | null = null) {
    const res = await req(who, 'POST', path(communityId, `/posts/${postId}/comments`), { text, parent_id: parentId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CommunityComment | CommunityReply;
  }
  async function thread(who: Who, communityId: number, postId: number): Promise<CommunityComment[]> {
    const res = await req(who, 'GET', path(communityId, `/posts/${postId}/comments`));
    expect(res.statusCode, res.body).toBe(200);
    return CommunityComment.array().parse(res.json());
  }
  async function log(communityId: number): Promise<ModerationLogPage> {
    return ModerationLogPage.parse((await req('admin', 'GET', path(communityId, '/moderation-log'))).json());
  }
  async function community(name: string, managers: number[]): Promise<number> {
    const [row] = await db().insert(schema.communities).values({ clubId: ids.dkClubId, name }).returning({ id: schema.communities.id });
    await db().insert(schema.communityManagers).values(managers.map((userId) => ({ communityId: row.id, userId })));
    return row.id;
  }
  const upload = (who: Who, url: string, data: Buffer, filename = 'photo.png', type = 'image/png') => postForm(t.app, url, tokens[who], fileForm('data', data, filename, type));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = { ...(await demoIds(t)), mara: 0, bent: 0 };
    tokens = await actors();
    const users = await db()
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .where(inArray(schema.users.email, ['mara.comments@example.com', 'bent.comments@example.com']));
    ids.mara = users.find((u) => u.email.startsWith('mara'))!.id;
    ids.bent = users.find((u) => u.email.startsWith('bent'))!.id;
    a = await community('Comments A', [ids.mara]);
    b = await community('Comments B', [ids.bent]);
  });
  afterAll(() => t?.close());

  it('comments and replies one level deep; the thread lists them oldest first with the replies nested', async () => {
    const p = await post('mara', a, 'Hvem tager med til Skagen?');
    const first = CommunityComment.parse(await comment('owner', a, p.id, 'Jeg gør!'));
    expect(first).toMatchObject({ parent_id: null, replies: [], state: 'visible', reports: 0, author: { kind: 'user', id: ids.ownerId, you: true } });
    const second = CommunityComment.parse(await comment('mara', a, p.id, 'Også mig'));
    const reply = CommunityReply.parse(await comment('mara', a, p.id, '  Fedt, vi ses  ', first.id));
    expect(reply).toMatchObject({ parent_id: first.id, text: 'Fedt, vi ses', author: { kind: 'user', id: ids.mara, name: 'Mara Madsen', you: true } });

    const list = await thread('mara', a, p.id);
    expect(list.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list[0].replies.map((r) => r.id)).toEqual([reply.id]);
    expect(list[0].author.you).toBe(false);
    expect(list[1].replies).toEqual([]);
    const counted = (await req('mara', 'GET', path(a, '/posts'))).json().items.find((x: CommunityPost) => x.id === p.id);
    expect(counted.comments).toBe(3);

    // A reply to a reply is refused; a parent of another post is not found.
    const deeper = await req('mara', 'POST', path(a, `/posts/${p.id}/comments`), { text: 'For dybt', parent_id: reply.id });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().code).toBe('communities.replyToReply');
    const other = await post('mara', a, 'Et andet opslag');
    const foreignParent = await req('mara', 'POST', path(a, `/posts/${other.id}/comments`), { text: 'Forkert tråd', parent_id: first.id });
    expect(foreignParent.statusCode).toBe(404);
    expect(foreignParent.json().code).toBe('communities.commentNotFound');
  });

  it('refuses comments and replies on a closed post, and takes them again once it is opened', async () => {
    const p = await post('mara', a, 'Lukket for kommentarer');
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'Inden lukning'));
    expect((await req('mara', 'POST', path(a, `/posts/${p.id}/moderation`), { action: 'close' })).statusCode).toBe(200);
    for (const parent of [null, c.id]) {
      const res = await req('mara', 'POST', path(a, `/posts/${p.id}/comments`), { text: 'Efter lukning', parent_id: parent });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('communities.postClosed');
    }
    expect((await req('mara', 'POST', path(a, `/posts/${p.id}/moderation`), { action: 'open' })).statusCode).toBe(200);
    await comment('mara', a, p.id, 'Åben igen', c.id);
  });

  it('refuses bad input: an empty comment, too long, a 100 KB body, a bad parent id', async () => {
    const p = await post('mara', a, 'Input');
    const url = path(a, `/posts/${p.id}/comments`);
    for (const payload of [{ text: '' }, { text: '  ' }, {}, { text: 'x'.repeat(COMMUNITY_LIMITS.commentTextMax + 1) }, { text: 'ok', parent_id: 0 }, { text: 'ok', parent_id: 'one' }]) {
      expect((await req('mara', 'POST', url, payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const huge = await req('mara', 'POST', url, { text: 'x'.repeat(100 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    const missingParent = await req('mara', 'POST', url, { text: 'ok', parent_id: 2_000_000_000 });
    expect(missingParent.statusCode).toBe(404);
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'ok'));
    expect((await req('mara', 'PUT', path(a, `/comments/${c.id}`), { text: '' })).statusCode).toBe(400);
    expect([400, 413]).toContain((await req('mara', 'PUT', path(a, `/comments/${c.id}`), { text: 'x'.repeat(100 * 1024) })).statusCode);
  });

  it('edits by the author only; the author deletes, a manager removes (logged) and the replies and files go with it', async () => {
    const p = await post('mara', a, 'Sæsonafslutning');
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'Vi mødes kl. 10'));
    const r = CommunityReply.parse(await comment('owner', a, p.id, 'Jeg tager kage med', c.id));

    const edited = await req('mara', 'PUT', path(a, `/comments/${c.id}`), { text: 'Vi mødes kl. 11' });
    expect(edited.statusCode, edited.body).toBe(200);
    const editedComment = CommunityComment.parse(edited.json());
    expect(editedComment).toMatchObject({ text: 'Vi mødes kl. 11', parent_id: null });
    expect(editedComment.replies.map((x) => x.id)).toEqual([r.id]);
    expect(editedComment.edited_at).not.toBeNull();
    const editedReply = await req('owner', 'PUT', path(a, `/comments/${r.id}`), { text: 'Jeg tager boller med' });
    expect(CommunityReply.parse(editedReply.json())).toMatchObject({ parent_id: c.id, text: 'Jeg tager boller med' });
    const notAuthor = await req('owner', 'PUT', path(a, `/comments/${c.id}`), { text: 'Ændret af en anden' });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().code).toBe('communities.notAuthor');

    // An image on the reply: its file goes when the comment is removed.
    const img = await upload('owner', path(a, `/comments/${r.id}/images`), await png(40, 30));
    expect(img.statusCode, img.body).toBe(201);
    const image = CommunityImage.parse(img.json());
    expect(existsSync(fileOf(image.url))).toBe(true);
    expect((await thread('mara', a, p.id))[0].replies[0].images).toEqual([image]);

    // The author of the reply deletes their own: not logged.
    const own = CommunityReply.parse(await comment('owner', a, p.id, 'Slet mig', c.id));
    expect((await req('owner', 'DELETE', path(a, `/comments/${own.id}`))).statusCode).toBe(204);
    expect((await log(a)).items.filter((e) => e.action === 'comment_removed')).toHaveLength(0);

    // The owner (a manager, not the author) removes Mara's comment: logged, the reply and its file go too.
    expect((await req('owner', 'DELETE', path(a, `/comments/${c.id}`))).statusCode).toBe(204);
    expect(await thread('mara', a, p.id)).toEqual([]);
    expect(await db().select().from(schema.communityComments).where(eq(schema.communityComments.id, r.id))).toHaveLength(0);
    expect(existsSync(fileOf(image.url))).toBe(false);
    expect((await log(a)).items[0]).toMatchObject({ action: 'comment_removed', target: 'Vi mødes kl. 11', detail: 'Mara Madsen', actor: { kind: 'user' } });
    expect((await req('owner', 'DELETE', path(a, `/comments/${c.id}`))).statusCode).toBe(404);
  });

  it('adds images to a comment up to the cap, refuses a file that is not an image, and deletes them', async () => {
    const p = await post('mara', a, 'Billeder i kommentarer');
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'Se her'));
    const url = path(a, `/comments/${c.id}/images`);
    const html = await upload('mara', url, HTML, 'x.jpg', 'image/jpeg');
    expect(html.statusCode).toBe(415);
    const uploaded: CommunityImage[] = [];
    for (let i = 0; i < COMMUNITY_LIMITS.commentImagesMax; i++) {
      const res = await upload('mara', url, await png(16 + i, 16));
      expect(res.statusCode, res.body).toBe(201);
      uploaded.push(CommunityImage.parse(res.json()));
    }
    const over = await upload('mara', url, await png(16, 16));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'communities.imagesCapReached', params: { max: COMMUNITY_LIMITS.commentImagesMax } });
    expect((await upload('owner', url, await png(16, 16))).statusCode).toBe(403);
    expect((await thread('mara', a, p.id))[0].images.map((i) => i.id)).toEqual(uploaded.map((i) => i.id));

    const del = await req('owner', 'DELETE', path(a, `/comments/${c.id}/images/${uploaded[0].id}`));
    expect(del.statusCode).toBe(204);
    expect(existsSync(fileOf(uploaded[0].url))).toBe(false);
    // An image of the comment through the post's image path: not found.
    expect((await req('mara', 'DELETE', path(a, `/posts/${p.id}/images/${uploaded[1].id}`))).statusCode).toBe(404);
    // Deleting the post deletes the comments' files.
    expect((await req('mara', 'DELETE', path(a, `/posts/${p.id}`))).statusCode).toBe(204);
    for (const image of uploaded) expect(existsSync(fileOf(image.url))).toBe(false);
  });

  it('shows a comment reports hid to the managers, and a restore shows it again, resolves its reports and is logged', async () => {
    const p = await post('mara', a, 'Anmeldt kommentar');
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'Den her blev anmeldt'));
    const [golfer] = await db().insert(schema.appUsers).values({ clubId: ids.dkClubId, appId: 'comments-reporter', language: 'da' }).returning({ id: schema.appUsers.id });
    const [member] = await db().insert(schema.communityMembers).values({ communityId: a, appUserId: golfer.id, displayName: 'Rita', status: 'member' }).returning();
    await db().update(schema.communityComments).set({ hidden: true }).where(eq(schema.communityComments.id, c.id));
    await db().insert(schema.communityReports).values({ commentId: c.id, memberId: member.id, reason: 'uhøfligt' });
    expect((await thread('mara', a, p.id))[0]).toMatchObject({ state: 'hidden', reports: 1 });
    expect((await req('mara', 'GET', path(a, '/posts?state=hidden'))).json().items.map((x: CommunityPost) => x.id)).toContain(p.id);

    const restored = await req('mara', 'POST', path(a, `/comments/${c.id}/moderation`), { action: 'restore' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(CommunityComment.parse(restored.json())).toMatchObject({ state: 'visible', reports: 0 });
    expect((await log(a)).items[0]).toMatchObject({ action: 'comment_restored', target: 'Den her blev anmeldt', detail: '1 report' });
    expect((await req('mara', 'POST', path(a, `/comments/${c.id}/moderation`), { action: 'hide' })).statusCode).toBe(400);
  });

  it('keeps a manager of B out of A’s comments, and ids of another community out of the path: 404', async () => {
    const p = await post('mara', a, 'Kun for A');
    const c = CommunityComment.parse(await comment('mara', a, p.id, 'Kommentar i A'));
    const inB = await post('bent', b, 'Kun for B');
    for (const [method, url, payload] of [
      ['GET', path(a, `/posts/${p.id}/comments`), undefined],
      ['POST', path(a, `/posts/${p.id}/comments`), { text: 'Ind i A' }],
      ['PUT', path(a, `/comments/${c.id}`), { text: 'Ændret' }],
      ['DELETE', path(a, `/comments/${c.id}`), undefined],
      ['POST', path(a, `/comments/${c.id}/moderation`), { action: 'restore' }],
      ['DELETE', path(a, `/comments/${c.id}/images/1`), undefined],
    ] as const) {
      const res = await req('bent', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('communities.notFound');
    }
    expect((await upload('bent', path(a, `/comments/${c.id}/images`), await png(10, 10))).statusCode).toBe(404);
    // A's comment through B's path (which Bent manages): not B's.
    for (const [method, url, payload] of [
      ['PUT', path(b, `/comments/${c.id}`), { text: 'Ændret' }],
      ['DELETE', path(b, `/comments/${c.id}`), undefined],
      ['POST', path(b, `/comments/${c.id}/moderation`), { action: 'restore' }],
    ] as const) {
      const res = await req('bent', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('communities.commentNotFound');
    }
    // A's comment as the parent of a reply on B's post: not found.
    const crossParent = await req('bent', 'POST', path(b, `/posts/${inB.id}/comments`), { text: 'Svar', parent_id: c.id });
    expect(crossParent.statusCode).toBe(404);
    expect((await thread('mara', a, p.id))[0].text).toBe('Kommentar i A');
  });
});
