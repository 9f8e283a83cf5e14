import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '@golf/contract/locales';
import {
  COMMUNITY_LIMITS,
  CommentBody,
  CommunityBody,
  PostBody,
  type Community,
  type CommunityComment,
  type CommunityImage,
  type CommunityPost,
  type CommunityReply,
  type CommunitySummary,
  type ManagerCandidate,
  type PostsPage,
} from '@golf/contract/api/communities';
import type { Profile } from '@golf/contract/api/session';
import { deferred, fakeApi, isForm, json, noContent } from '../../testing/api';
import { profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { CommunitiesPage } from './components/communities-page';
import { CommunityPage } from './components/community-page';
import { communityMessageKey, countComments, imagesLeft, initials, loadedPosts, nextBefore, postsSearch, searchCommunities, sortCommunities } from './utils/communities';
import { communityBody, communityField, communityFormValues } from './utils/community-form';
import { communityFormat } from './utils/format';

/** The signed-in profile the screens see (the session module's hook, the rest of it real). */
const signedIn = vi.hoisted(() => ({ profile: null as Profile | null }));
vi.mock('../../lib/auth/session', async (original) => ({
  ...(await original<typeof import('../../lib/auth/session')>()),
  useProfile: () => signedIn.profile,
}));

const ADMIN = profile({ id: 1, admin: true, firstName: 'Ada', lastName: 'Admin' });
/** A staff member with the communities role: manages only the communities they were added to. */
const MANAGER = profile({ id: 5, roles: { '1': ['communities'] }, firstName: 'Mette', lastName: 'Manager' });

const textAt = (language: 'en' | 'da' | 'sv', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);

const NOW = '2030-05-10T12:00:00.000Z';

function summary(id: number, change: Partial<CommunitySummary> = {}): CommunitySummary {
  return {
    id,
    name: `Community ${id}`,
    description: '',
    image_url: null,
    hidden: false,
    members: 0,
    invited: 0,
    banned: 0,
    managers: [],
    posts: 0,
    reported: 0,
    last_activity_at: NOW,
    created_at: '2030-01-01T10:00:00.000Z',
    ...change,
  };
}

const community = (id: number, change: Partial<Community> = {}): Community => ({ ...summary(id), can_administer: true, ...change });

const image = (id: number): CommunityImage => ({ id, url: `/files/public/clubs/1/communities/${id}.jpg`, width: 1200, height: 800 });

const golfer = (name: string, id = 30) => ({ kind: 'golfer' as const, id, name, you: false });
const me = { kind: 'user' as const, id: 1, name: 'Ada Admin', you: true };

function post(id: number, change: Partial<CommunityPost> = {}): CommunityPost {
  return {
    id,
    author: golfer('Birgit Hansen'),
    text: `Post ${id}`,
    images: [],
    created_at: NOW,
    edited_at: null,
    pinned: false,
    closed: false,
    state: 'visible',
    reports: 0,
    comments: 0,
    ...change,
  };
}

function reply(id: number, parentId: number, change: Partial<CommunityReply> = {}): CommunityReply {
  return { id, parent_id: parentId, author: golfer('Jens Jensen', 31), text: `Reply ${id}`, images: [], created_at: NOW, edited_at: null, state: 'visible', reports: 0, ...change };
}

function comment(id: number, change: Partial<CommunityComment> = {}): CommunityComment {
  return { id, parent_id: null, author: golfer('Karen Nielsen', 32), text: `Comment ${id}`, images: [], created_at: NOW, edited_at: null, state: 'visible', reports: 0, replies: [], ...change };
}

const CANDIDATES: ManagerCandidate[] = [
  { user_id: 5, name: 'Mette Manager', email: 'mette@example.com' },
  { user_id: 6, name: 'Ole Olsen', email: 'ole@example.com' },
];

const png = (name = 'round.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  signedIn.profile = null;
});

describe('communities rules and texts', () => {
  it('turns every message of the contract’s community, post and comment bodies into a text of all three languages', () => {
    const cases = [
      CommunityBody.safeParse({ name: '   ', description: 'x'.repeat(COMMUNITY_LIMITS.descriptionMax + 1) }),
      CommunityBody.safeParse({ name: 'x'.repeat(COMMUNITY_LIMITS.nameMax + 1) }),
      CommunityBody.safeParse({ name: 'a\u0000' }),
      PostBody.safeParse({ text: ' ' }),
      PostBody.safeParse({ text: 'x'.repeat(COMMUNITY_LIMITS.postTextMax + 1) }),
      CommentBody.safeParse({ text: '' }),
      CommentBody.safeParse({ text: 'x'.repeat(COMMUNITY_LIMITS.commentTextMax + 1) }),
    ];
    let seen = 0;
    for (const result of cases) {
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        const key = communityMessageKey(issue.message);
        expect(key, issue.message).toMatch(/^communities\.errors\./);
        for (const language of ['en', 'da', 'sv'] as const) expect(textAt(language, key), `${key} in ${language}`).toEqual(expect.any(String));
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(8);
    expect(communityMessageKey('Something new')).toBe('Something new');
  });

  it('sorts and searches the communities by name, description and managers', () => {
    const list = [
      summary(1, { name: 'Seniorklubben', description: 'Golf og kaffe om tirsdagen' }),
      summary(2, { name: 'dameklubben', managers: [{ user_id: 5, name: 'Mette Manager', email: 'm@example.com' }] }),
      summary(3, { name: 'Juniorer' }),
    ];
    expect(sortCommunities(list).map((c) => c.id)).toEqual([2, 3, 1]);
    expect(searchCommunities(list, 'kaffe').map((c) => c.id)).toEqual([1]);
    expect(searchCommunities(list, 'mette, junior').map((c) => c.id)).toEqual([2, 3]);
    expect(searchCommunities(list, '').map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('sends the managers only when the user chooses them, and finds a refused field', () => {
    const values = communityFormValues(community(4, { name: 'Seniors', hidden: true, managers: [{ user_id: 5, name: 'M', email: 'm@example.com' }] }));
    expect(values).toEqual({ name: 'Seniors', description: '', hidden: true, manager_ids: [5] });
    expect(communityBody(values, true)).toEqual({ name: 'Seniors', description: '', hidden: true, manager_ids: [5] });
    expect(communityBody(values, false)).toEqual({ name: 'Seniors', description: '', hidden: true });
    expect(communityField('body.description')).toBe('description');
    expect(communityField('manager_ids.0')).toBe('manager_ids');
    expect(communityField('other')).toBeNull();
  });

  it('pages posts by the last id and keeps each post once', () => {
    const first: PostsPage = { items: [post(9, { pinned: true }), post(8), post(7)], more: true };
    const second: PostsPage = { items: [post(7), post(6)], more: false };
    expect(nextBefore(first)).toBe(7);
    expect(nextBefore(second)).toBeUndefined();
    expect(loadedPosts({ pages: [first, second], pageParams: [undefined, 7] }).map((p) => p.id)).toEqual([9, 8, 7, 6]);
    expect(postsSearch('all')).toBe('');
    expect(postsSearch('hidden', 7)).toBe('?state=hidden&before=7');
    expect(countComments([comment(1, { replies: [reply(2, 1), reply(3, 1)] }), comment(4)])).toBe(4);
    expect(imagesLeft(10, 3, 4)).toBe(3);
    expect(imagesLeft(4, 3, 4)).toBe(0);
    expect(initials('  birgit  hansen jensen')).toBe('BH');
  });

  it('says how long ago, then the date', () => {
    const now = Date.parse(NOW);
    const format = communityFormat('en', () => now);
    expect(format.ago('2030-05-10T11:59:30.000Z')).toBe('now');
    expect(format.ago('2030-05-10T11:15:00.000Z')).toBe('45 minutes ago');
    expect(format.ago('2030-05-09T11:00:00.000Z')).toBe('yesterday');
    expect(format.ago('2030-04-01T11:00:00.000Z')).toBe('Apr 1, 2030');
  });
});

/** The communities list and its calls, as the server answers them. */
function listServer(initial: CommunitySummary[]) {
  const state = { list: initial };
  fakeApi.get('clubs/1/communities', () => state.list);
  fakeApi.get('clubs/1/communities/manager-candidates', CANDIDATES);
  return state;
}

const renderList = () =>
  renderRoutes(
    [
      { path: '/:clubId/communities', element: <CommunitiesPage /> },
      { path: '/:clubId/communities/:communityId', element: <p>community page</p> },
    ],
    '/1/communities',
  );

describe('<CommunitiesPage>', { timeout: 30_000 }, () => {
  it('lists the communities with image, members, managers, invitation only and what reports hid; searches them', async () => {
    signedIn.profile = ADMIN;
    listServer([
      summary(1, { name: 'Seniorklubben', description: 'Tirsdagsgolf for seniorer', members: 25, posts: 6, reported: 1, managers: [{ user_id: 5, name: 'Mette Manager', email: 'm@example.com' }] }),
      summary(2, { name: 'Dameklubben', hidden: true, members: 8, invited: 3, image_url: '/files/public/clubs/1/communities/2.jpg' }),
    ]);
    renderList();
    const list = await screen.findByRole('list', { name: "The club's communities" });
    const rows = within(list).getAllByTestId('community-row');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Dameklubben', 'Seniorklubben']);
    expect(within(rows[0]).getByTestId('community-hidden')).toHaveTextContent('Invitation only');
    expect(within(rows[0]).getByTestId('community-figures')).toHaveTextContent('8 members · 3 invited · 0 posts · last activity');
    expect(within(rows[0]).getByText(/No managers yet/)).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('community-hidden')).not.toBeInTheDocument();
    expect(within(rows[1]).getByTestId('community-reported')).toHaveTextContent('1 reported');
    expect(within(rows[1]).getByText('Managers: Mette Manager')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Seniorklubben' })).toHaveAttribute('href', '/1/communities/1');
    expect(screen.getByText('2 communities')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'tirsdag');
    await waitFor(() => expect(screen.getAllByTestId('community-row')).toHaveLength(1));
    expect(screen.getByText('1 community')).toBeInTheDocument();
  });

  it('offers New community and Delete only to the club’s community managers', async () => {
    signedIn.profile = MANAGER;
    listServer([summary(1, { name: 'Seniorklubben' })]);
    renderList();
    const row = await screen.findByTestId('community-row');
    expect(screen.queryByRole('button', { name: 'New community' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Seniorklubben' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says when a manager has no community yet', async () => {
    signedIn.profile = MANAGER;
    listServer([]);
    renderList();
    expect(await screen.findByText(/You manage no community yet/)).toBeInTheDocument();
  });

  it('checks the dialog, then creates a hidden community with managers and its image, uploaded after with progress', async () => {
    signedIn.profile = ADMIN;
    const state = listServer([]);
    const gate = deferred();
    fakeApi.post('clubs/1/communities', ({ body }) => {
      const sent = body as CommunityBody;
      const made = community(7, { name: sent.name, description: sent.description, hidden: sent.hidden, managers: CANDIDATES.filter((c) => sent.manager_ids?.includes(c.user_id)) });
      state.list = [made];
      return json(made, 201);
    });
    fakeApi.post('clubs/1/communities/:id/image', async ({ params }) => {
      await gate.promise;
      const withImage = { ...state.list[0], image_url: `/files/public/clubs/1/communities/${params.id}.jpg` };
      state.list = [withImage];
      return json({ ...withImage, can_administer: true });
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'New community' }));
    const dialog = await screen.findByRole('dialog', { name: 'New community' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(fakeApi.sent('POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Dameklubben');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'For the ladies\nTuesdays at 9');
    const hidden = within(dialog).getByRole('switch', { name: 'Invitation only' });
    expect(within(dialog).getByText(/Open: every golfer of the club sees it/)).toBeInTheDocument();
    await userEvent.click(hidden);
    expect(hidden).toBeChecked();
    expect(within(dialog).getByText(/Hidden: only its members see it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Managers' }));
    await userEvent.click(await screen.findByRole('option', { name: /Mette Manager/ }));
    await userEvent.upload(within(dialog).getByTestId('community-image-input'), png('ladies.png'));
    expect(within(dialog).getByText(/ladies\.png .* is uploaded on save/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Image upload' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(fakeApi.sent('POST', '/api/clubs/1/communities')[0].body).toEqual({ name: 'Dameklubben', description: 'For the ladies\nTuesdays at 9', hidden: true, manager_ids: [5] });
    gate.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const upload = fakeApi.sent('POST', '/api/clubs/1/communities/7/image')[0];
    expect(isForm(upload.body) && (upload.body.get('data') as File).name).toBe('ladies.png');
    expect(await screen.findByText('Dameklubben is created')).toBeInTheDocument();
    const row = await screen.findByTestId('community-row');
    expect(within(row).getByTestId('community-hidden')).toBeInTheDocument();
    expect(within(row).getByText('Managers: Mette Manager')).toBeInTheDocument();
  });

  it('deletes a community after a confirmation that says its posts and members go too', async () => {
    signedIn.profile = ADMIN;
    const state = listServer([summary(3, { name: 'Juniorer', posts: 12, members: 20, invited: 2 })]);
    fakeApi.delete('clubs/1/communities/:id', () => {
      state.list = [];
      return noContent();
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Juniorer' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Juniorer?' });
    expect(confirm).toHaveTextContent('Its 12 posts with their comments and images, and its 22 members and invitations, are deleted with it.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete community' }));
    expect(await screen.findByText('Juniorer is deleted')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['DELETE /api/clubs/1/communities/3']);
    expect(await screen.findByText(/No communities yet/)).toBeInTheDocument();
  });
});

/** One community's screen and its calls; posts and comments can be changed midway. */
function communityServer({ posts = [] as CommunityPost[], comments = {} as Record<number, CommunityComment[]>, data = community(1, { name: 'Seniorklubben', description: 'Golf og kaffe\nhver tirsdag' }) } = {}) {
  const state = { posts, comments, community: data };
  fakeApi.get('clubs/1/communities/1', () => state.community);
  fakeApi.get('clubs/1/communities/1/posts', ({ query }) => {
    const items = query.get('state') === 'hidden' ? state.posts.filter((p) => p.state === 'hidden' || (state.comments[p.id] ?? []).some((c) => c.state === 'hidden')) : state.posts;
    return { items, more: false } satisfies PostsPage;
  });
  fakeApi.get('clubs/1/communities/1/posts/:postId/comments', ({ params }) => state.comments[Number(params.postId)] ?? []);
  return state;
}

const renderCommunity = () => renderRoutes([{ path: '/:clubId/communities/:communityId', element: <CommunityPage /> }], '/1/communities/1');

describe('<CommunityPage>', { timeout: 30_000 }, () => {
  it('shows the header and the posts with their line breaks, pinned first, images opening larger', async () => {
    signedIn.profile = ADMIN;
    communityServer({
      data: community(1, { name: 'Dameklubben', hidden: true, members: 8, managers: [{ user_id: 5, name: 'Mette Manager', email: 'm@example.com' }] }),
      posts: [post(3, { pinned: true, text: 'Welcome!\nRead this first', images: [image(1), image(2)] }), post(2, { author: me, edited_at: NOW })],
    });
    renderCommunity();
    expect(await screen.findByTestId('community-name')).toHaveTextContent('Dameklubben');
    expect(screen.getByTestId('community-hidden')).toHaveTextContent('Invitation only');
    expect(screen.getByText('Managers: Mette Manager')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('post-card');
    expect(within(cards[0]).getByTestId('post-pinned')).toHaveTextContent('Pinned');
    expect(within(cards[0]).getByTestId('post-text').textContent).toBe('Welcome!\nRead this first');
    expect(within(cards[1]).getByText(/edited/)).toBeInTheDocument();
    expect(within(cards[1]).getByText('Manager')).toBeInTheDocument();

    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Open image 2 of 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image 2 of 2' });
    expect(within(viewer).getByRole('img', { name: 'Image 2 of 2, large' })).toHaveAttribute('src', '/files/public/clubs/1/communities/2.jpg');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 2' })).toBeInTheDocument();
  });

  it('posts the text, then uploads each image with its progress, then reloads (§4)', async () => {
    signedIn.profile = ADMIN;
    const state = communityServer();
    const gate = deferred();
    fakeApi.post('clubs/1/communities/1/posts', ({ body }) => json(post(40, { author: me, text: (body as PostBody).text }), 201));
    let uploads = 0;
    fakeApi.post('clubs/1/communities/1/posts/:postId/images', async () => {
      uploads++;
      if (uploads === 1) await gate.promise;
      return json(image(100 + uploads), 201);
    });
    renderCommunity();
    const composer = await screen.findByRole('region', { name: 'Write to the community' });
    await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
    expect(await within(composer).findByText('Write something first')).toBeInTheDocument();
    expect(fakeApi.sent('POST')).toEqual([]);

    await userEvent.type(within(composer).getByRole('textbox', { name: 'Your post' }), 'Round on Tuesday{Enter}Meet at 9');
    expect(within(composer).getByText('26 / 5000 characters')).toBeInTheDocument();
    await userEvent.upload(within(composer).getByLabelText('Add images'), [png('tee.png'), png('green.png')]);
    expect(within(composer).getAllByTestId('pending-image')).toHaveLength(2);
    await userEvent.upload(within(composer).getByLabelText('Add images'), [png('extra.png')]);
    await userEvent.click(within(composer).getByRole('button', { name: 'Remove extra.png' }));
    expect(within(composer).getAllByTestId('pending-image')).toHaveLength(2);

    const reloadsBefore = fakeApi.sent('GET', '/api/clubs/1/communities/1/posts').length;
    await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
    const progress = await within(composer).findByRole('progressbar', { name: 'Uploading tee.png' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    state.posts = [post(40, { author: me, text: 'Round on Tuesday\nMeet at 9', images: [image(101), image(102)] })];
    gate.resolve();
    expect(await screen.findByText('The post is published')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual([
      'POST /api/clubs/1/communities/1/posts',
      'POST /api/clubs/1/communities/1/posts/40/images',
      'POST /api/clubs/1/communities/1/posts/40/images',
    ]);
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/posts')[0].body).toEqual({ text: 'Round on Tuesday\nMeet at 9' });
    const sent = fakeApi.sent('POST', /posts\/40\/images$/).map((r) => (isForm(r.body) ? (r.body.get('data') as File).name : null));
    expect(sent).toEqual(['tee.png', 'green.png']);
    // The list is asked again only after the last image.
    const lastUpload = fakeApi.requests.findLastIndex((r) => r.method === 'POST');
    await waitFor(() => expect(fakeApi.sent('GET', '/api/clubs/1/communities/1/posts').length).toBeGreaterThan(reloadsBefore));
    expect(fakeApi.requests.findIndex((r, i) => i > lastUpload && r.method === 'GET' && r.url === '/api/clubs/1/communities/1/posts')).toBeGreaterThan(lastUpload);
    const card = await screen.findByTestId('post-card');
    expect(within(card).getAllByRole('button', { name: /Open image/ })).toHaveLength(2);
    expect(within(composer).getByRole('textbox', { name: 'Your post' })).toHaveValue('');
    expect(within(composer).queryAllByTestId('pending-image')).toHaveLength(0);
  });

  it('keeps the post when an image is refused, says why, and tries the image again', async () => {
    signedIn.profile = ADMIN;
    communityServer();
    fakeApi.post('clubs/1/communities/1/posts', json(post(41, { author: me, text: 'Hello' }), 201));
    fakeApi.post('clubs/1/communities/1/posts/:postId/images', json({ error: 'At most 10 images can be added', code: 'communities.imagesCapReached', params: { max: 10 } }, 409), { once: true });
    renderCommunity();
    const composer = await screen.findByRole('region', { name: 'Write to the community' });
    await userEvent.type(within(composer).getByRole('textbox', { name: 'Your post' }), 'Hello');
    await userEvent.upload(within(composer).getByLabelText('Add images'), [png('tee.png')]);
    await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
    expect(await within(composer).findByTestId('images-failed')).toHaveTextContent('The text is saved, but 1 image was not added');
    expect(within(composer).getByTestId('pending-image-failed')).toHaveTextContent('At most 10 images can be added');
    fakeApi.post('clubs/1/communities/1/posts/:postId/images', json(image(5), 201));
    await userEvent.click(within(composer).getByRole('button', { name: 'Try the images again' }));
    expect(await screen.findByText('The post is published')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual([
      'POST /api/clubs/1/communities/1/posts',
      'POST /api/clubs/1/communities/1/posts/41/images',
      'POST /api/clubs/1/communities/1/posts/41/images',
    ]);
  });

  it('opens the comments, replies to a golfer’s comment (not to a reply), and comments with an image', async () => {
    signedIn.profile = ADMIN;
    const state = communityServer({
      posts: [post(5, { comments: 2 })],
      comments: { 5: [comment(50, { text: 'Who plays Tuesday?', replies: [reply(51, 50, { text: 'Me!' })] })] },
    });
    fakeApi.post('clubs/1/communities/1/posts/:postId/comments', ({ body }) => {
      const sent = body as CommentBody;
      const made = sent.parent_id ? { ...reply(60, sent.parent_id, { author: me, text: sent.text }) } : comment(61, { author: me, text: sent.text });
      return json(made, 201);
    });
    fakeApi.post('clubs/1/communities/1/comments/:commentId/images', json(image(70), 201));
    renderCommunity();
    const card = await screen.findByTestId('post-card');
    const toggle = within(card).getByRole('button', { name: /2 comments/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const first = await within(card).findByTestId('comment');
    expect(within(first).getAllByTestId('comment-text')[0]).toHaveTextContent('Who plays Tuesday?');
    const replyItem = within(first).getByTestId('reply');
    expect(within(replyItem).getByTestId('comment-text')).toHaveTextContent('Me!');
    // Replies take no replies: one level of threading.
    expect(within(replyItem).queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Reply to Karen Nielsen' }));
    const replyBox = within(first).getByRole('textbox', { name: 'Reply to Karen Nielsen' });
    await userEvent.type(replyBox, 'Count me in');
    state.comments[5] = [comment(50, { text: 'Who plays Tuesday?', replies: [reply(51, 50, { text: 'Me!' }), reply(60, 50, { author: me, text: 'Count me in' })] })];
    await userEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('The reply is published')).toBeInTheDocument();
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/posts/5/comments')[0].body).toEqual({ text: 'Count me in', parent_id: 50 });
    await waitFor(() => expect(within(first).getAllByTestId('reply')).toHaveLength(2));
    expect(within(first).queryByRole('textbox', { name: 'Reply to Karen Nielsen' })).not.toBeInTheDocument();

    // A comment with an image: the comment, then its image, then the comments reload.
    await userEvent.type(within(card).getByRole('textbox', { name: 'Write a comment' }), 'Photos from today');
    await userEvent.click(within(card).getByRole('button', { name: 'Add images' }));
    await userEvent.upload(within(card).getByLabelText('Add images'), [png('flag.png')]);
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('The comment is published')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true }).slice(-2)).toEqual(['POST /api/clubs/1/communities/1/posts/5/comments', 'POST /api/clubs/1/communities/1/comments/61/images']);
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/posts/5/comments')[1].body).toEqual({ text: 'Photos from today', parent_id: null });
  });

  it('shows managers what reports hid, with Restore and Remove; pins and closes from a post’s menu', async () => {
    signedIn.profile = MANAGER;
    const state = communityServer({
      data: community(1, { name: 'Seniorklubben', reported: 2, can_administer: false }),
      posts: [post(8, { state: 'hidden', reports: 2, text: 'Buy cheap clubs here' }), post(9, { comments: 1 })],
      comments: { 9: [comment(90, { state: 'hidden', reports: 3, text: 'Rude words' })] },
    });
    fakeApi.post('clubs/1/communities/1/posts/:postId/moderation', ({ params, body }) => {
      const action = (body as { action: string }).action;
      const found = state.posts.find((p) => p.id === Number(params.postId))!;
      const changed = { ...found, state: action === 'restore' ? ('visible' as const) : found.state, pinned: action === 'pin' ? true : found.pinned, closed: action === 'close' ? true : found.closed };
      state.posts = state.posts.map((p) => (p.id === changed.id ? changed : p));
      return changed;
    });
    fakeApi.post('clubs/1/communities/1/comments/:commentId/moderation', ({ params }) => ({ ...comment(Number(params.commentId)), state: 'visible' }));
    fakeApi.delete('clubs/1/communities/1/posts/:postId', ({ params }) => {
      state.posts = state.posts.filter((p) => p.id !== Number(params.postId));
      return noContent();
    });
    renderCommunity();
    expect(await screen.findByRole('tab', { name: 'Posts 2 reported' })).toBeInTheDocument();

    // The managers' queue: the hidden post, and the post whose comment reports hid (its comments open).
    await userEvent.click(screen.getByRole('button', { name: 'Reported (2)' }));
    await waitFor(() => expect(fakeApi.sent('GET', '/api/clubs/1/communities/1/posts?state=hidden')).toHaveLength(1));
    const queue = await screen.findByRole('list', { name: 'Posts hidden by reports' });
    const [hiddenCard, withHiddenComment] = within(queue).getAllByTestId('post-card');
    expect(within(hiddenCard).getByTestId('post-hidden')).toHaveTextContent('Hidden after 2 reports');
    const hiddenComment = await within(withHiddenComment).findByTestId('comment-hidden');
    expect(hiddenComment).toHaveTextContent('Hidden after 3 reports');
    await userEvent.click(within(hiddenComment).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The comment is shown again')).toBeInTheDocument();
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/comments/90/moderation')[0].body).toEqual({ action: 'restore' });

    await userEvent.click(within(hiddenCard).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The post is shown again')).toBeInTheDocument();
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/posts/8/moderation')[0].body).toEqual({ action: 'restore' });

    await userEvent.click(screen.getByRole('button', { name: 'All posts' }));
    const cards = await screen.findAllByTestId('post-card');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Actions for the post by Birgit Hansen' }));
    // Not the author: no Edit, and Remove instead of Delete.
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin to the top' }));
    expect(await screen.findByText('The post is pinned to the top')).toBeInTheDocument();
    await userEvent.click(within(screen.getAllByTestId('post-card')[1]).getByRole('button', { name: 'Actions for the post by Birgit Hansen' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Close to comments' }));
    expect(await screen.findByText('The post is closed to comments')).toBeInTheDocument();
    expect(fakeApi.sent('POST', '/api/clubs/1/communities/1/posts/9/moderation').map((r) => r.body)).toEqual([{ action: 'pin' }, { action: 'close' }]);

    await userEvent.click(within(screen.getAllByTestId('post-card')[0]).getByRole('button', { name: 'Actions for the post by Birgit Hansen' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the post by Birgit Hansen?' });
    expect(confirm).toHaveTextContent('The moderation log keeps a note of it.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The post is removed')).toBeInTheDocument();
    expect(fakeApi.sent('DELETE')).toHaveLength(1);
  });

  it('shows a closed post as closed: no comment box and no reply', async () => {
    signedIn.profile = ADMIN;
    communityServer({ posts: [post(11, { closed: true, comments: 1 })], comments: { 11: [comment(110, { text: 'Last word' })] } });
    renderCommunity();
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('post-closed')).toHaveTextContent('Closed to comments');
    await userEvent.click(within(card).getByRole('button', { name: /1 comment/ }));
    expect(await within(card).findByText('Last word')).toBeInTheDocument();
    expect(within(card).getByTestId('post-closed-note')).toHaveTextContent('Closed to comments: no new comments or replies.');
    expect(within(card).queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for the post by Birgit Hansen' }));
    expect(screen.getByRole('menuitem', { name: 'Open to comments' })).toBeInTheDocument();
  });

  it('lets the author edit their post and says when the server refuses', async () => {
    signedIn.profile = ADMIN;
    const state = communityServer({ posts: [post(12, { author: me, text: 'Frist: fredag', images: [image(3)] })] });
    fakeApi.put('clubs/1/communities/1/posts/:postId', ({ body }) => {
      state.posts = [{ ...state.posts[0], text: (body as PostBody).text, edited_at: NOW }];
      return state.posts[0];
    });
    fakeApi.delete('clubs/1/communities/1/posts/12/images/3', () => {
      state.posts = [{ ...state.posts[0], images: [] }];
      return noContent();
    });
    renderCommunity();
    const card = await screen.findByTestId('post-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for the post by Ada Admin' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const text = within(card).getByRole('textbox', { name: 'Text' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Frist: torsdag');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove image 1' }));
    expect(within(card).getByText('Removed on save')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The post is saved')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['PUT /api/clubs/1/communities/1/posts/12', 'DELETE /api/clubs/1/communities/1/posts/12/images/3']);
    await waitFor(() => expect(within(screen.getByTestId('post-card')).getByTestId('post-text')).toHaveTextContent('Frist: torsdag'));

    // A closed post refuses a new comment: the server's reason, in the reader's language.
    fakeApi.post('clubs/1/communities/1/posts/:postId/comments', json({ error: 'This post is closed to comments', code: 'communities.postClosed' }, 409));
    await userEvent.click(within(screen.getByTestId('post-card')).getByRole('button', { name: 'Comment' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Late');
    await userEvent.click(within(screen.getByTestId('post-card')).getAllByRole('button', { name: 'Comment' }).at(-1)!);
    expect(await screen.findByText('Could not publish it')).toBeInTheDocument();
    expect(screen.getAllByText('This post is closed to comments').length).toBeGreaterThan(0);
  });

  it('says when the community is not one the user manages', async () => {
    signedIn.profile = MANAGER;
    fakeApi.get('clubs/1/communities/1', json({ error: 'Community not found', code: 'communities.notFound' }, 404));
    renderCommunity();
    expect(await screen.findByText('Community not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All communities' })).toHaveAttribute('href', '/1/communities');
  });
});
