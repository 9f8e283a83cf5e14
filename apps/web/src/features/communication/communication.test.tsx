import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '@golf/contract/locales';
import {
  COMMUNICATION_LIMITS,
  FeedPostBody,
  NotificationBody,
  type ChannelDelivery,
  type Connection,
  type ExternalFeed,
  type ExternalFeedItem,
  type FeedPost,
  type FeedStats,
  type NotificationItem,
} from '@golf/contract/api/communication';
import { i18n } from '../../lib/i18n';
import { deferred, fakeApi, isForm, json, noContent } from '../../testing/api';
import { club } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { FeedPage } from './components/feed-page';
import {
  anyMessagePending,
  anyPostPending,
  communicationMessageKey,
  fromLocalInput,
  guidesSearch,
  newestFirst,
  parseMessageForm,
  parsePostForm,
  plainText,
  postFormValues,
  serviceBlock,
  storedErrorText,
  toLocalInput,
} from './utils/feed';

const textAt = (language: 'en' | 'da' | 'sv', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);

const delivery = (channel: ChannelDelivery['channel'], change: Partial<ChannelDelivery> = {}): ChannelDelivery => ({
  channel,
  state: 'done',
  external_id: null,
  notification_id: null,
  push: null,
  error: null,
  error_code: null,
  at: '2030-05-01T10:00:00.000Z',
  ...change,
});

const post = (id: number, change: Partial<FeedPost> = {}): FeedPost => ({
  id,
  text: `Post ${id}`,
  link: null,
  image_url: null,
  publish_at: '2030-05-01T10:00:00.000Z',
  end_at: null,
  channels: { app: true, notification: false, national: false, facebook: false },
  state: 'published',
  views: 0,
  created_at: '2030-05-01T10:00:00.000Z',
  created_by: 'Olivia Owner',
  deliveries: [delivery('app'), delivery('rss', { external_id: `post-${id}` })],
  ...change,
});

const STATS: FeedStats = {
  followers: 1234,
  members: 310,
  views: 98,
  posts: 2,
  external_feeds: 1,
  external_items: 3,
  own_items: 2,
  own_rss_url: '/api/public/clubs/1/feed.rss',
  own_atom_url: '/api/public/clubs/1/feed.atom',
};

const connection = (kind: Connection['kind'], change: Partial<Connection> = {}): Connection => ({
  kind,
  configured: true,
  allowed_by_plan: true,
  connected: true,
  account_id: 'page-1',
  account_name: 'Fjordvang',
  connected_at: '2030-01-01T00:00:00.000Z',
  connected_by: 'Olivia Owner',
  last_error: null,
  ...change,
});

const message = (id: number, change: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  title: 'Fjordvang Golfklub',
  body: `Message ${id}`,
  url: null,
  guides: [],
  source: 'message',
  created_at: `2030-05-0${id}T10:00:00.000Z`,
  created_by: 'Olivia Owner',
  state: 'done',
  targeted: 3,
  delivered: 3,
  failed: 0,
  pending: 0,
  ...change,
});

const feed = (id: number, change: Partial<ExternalFeed> = {}): ExternalFeed => ({
  id,
  url: `https://news.example/${id}.rss`,
  title: `News ${id}`,
  last_fetched_at: '2030-05-01T10:00:00.000Z',
  error: null,
  error_code: null,
  items: 2,
  created_at: '2030-04-01T10:00:00.000Z',
  ...change,
});

const item = (id: number, change: Partial<ExternalFeedItem> = {}): ExternalFeedItem => ({
  id,
  feed_id: 1,
  feed_title: 'News 1',
  title: `Item ${id}`,
  link: `https://news.example/items/${id}`,
  summary: null,
  published_at: `2030-05-0${id}T08:00:00.000Z`,
  ...change,
});

const GUIDES = [
  { guide_id: 7, title: 'Fjordvang Links' },
  { guide_id: 8, title: 'Short course' },
];

/** The screen's calls answered as the server would; each list can be changed midway. */
function server({
  posts = [] as FeedPost[],
  connections = [connection('facebook'), connection('national')],
  messages = [] as NotificationItem[],
  feeds = [] as ExternalFeed[],
  items = [] as ExternalFeedItem[],
  guides = GUIDES as unknown,
  subscribers = (ids: number[]) => (ids.length === 0 ? { followers: 12, count: 9 } : { followers: 4 * ids.length, count: 3 * ids.length }),
} = {}) {
  const state = { posts, messages, feeds, items };
  fakeApi.get('clubs/1/club', club({ id: 1, name: 'Fjordvang Golfklub' }));
  fakeApi.get('clubs/1/feed/stats', STATS);
  fakeApi.get('clubs/1/feed/posts', () => state.posts);
  fakeApi.get('clubs/1/connections', connections);
  fakeApi.get('clubs/1/notifications', () => state.messages);
  fakeApi.get('clubs/1/notifications/subscribers', ({ query }) => subscribers(query.getAll('guides').map(Number)));
  fakeApi.get('clubs/1/guides', guides);
  fakeApi.get('clubs/1/feed/subscriptions', () => state.feeds);
  fakeApi.get('clubs/1/feed/items', () => state.items);
  return state;
}

const renderPage = (view?: string) => renderRoutes([{ path: '/:clubId/some/feed', element: <FeedPage /> }], `/1/some/feed${view ? `?view=${view}` : ''}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('communication rules and texts', () => {
  it('turns every message of the contract’s post and message bodies into a text of all three languages', () => {
    const cases = [
      FeedPostBody.safeParse({ text: '', link: 'ftp://x', publish_at: null, end_at: null, channels: { app: false, notification: false, national: false, facebook: false } }),
      FeedPostBody.safeParse({ text: 'x'.repeat(5001), link: `https://${'a'.repeat(2100)}.dk`, publish_at: '2030-01-02T00:00:00Z', end_at: '2030-01-01T00:00:00Z', channels: { app: true, notification: false, national: false, facebook: false } }),
      NotificationBody.safeParse({ body: '' }),
      NotificationBody.safeParse({ body: 'x'.repeat(1001), url: 'javascript:alert(1)' }),
      NotificationBody.safeParse({ body: 'a\u0000' }),
    ];
    let seen = 0;
    for (const result of cases) {
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        const key = communicationMessageKey(issue.message);
        expect(key, issue.message).toMatch(/^communication\.errors\./);
        for (const language of ['en', 'da', 'sv'] as const) expect(textAt(language, key), `${key} in ${language}`).toEqual(expect.any(String));
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(9);
    expect(communicationMessageKey('Something new')).toBe('Something new');
  });

  it('checks the post form: text, its length, the link, the times and a channel', () => {
    const values = postFormValues();
    expect(values.channels).toEqual({ app: true, notification: false, national: false, facebook: false });
    expect(parsePostForm({ ...values, text: '  ' }).errors).toEqual({ text: 'communication.errors.textRequired' });
    expect(parsePostForm({ ...values, text: 'x'.repeat(COMMUNICATION_LIMITS.postTextMax + 1) }).errors).toEqual({ text: 'communication.errors.textTooLong' });
    expect(parsePostForm({ ...values, text: 'Hi', link: 'www.example.dk' }).errors).toEqual({ link: 'communication.errors.url' });
    expect(parsePostForm({ ...values, text: 'Hi', publishAt: '2030-06-02T10:00', endAt: '2030-06-01T10:00' }).errors).toEqual({ endAt: 'communication.errors.endBeforePublish' });
    expect(parsePostForm({ ...values, text: 'Hi', endAt: '2000-01-01T10:00' }).errors).toEqual({ endAt: 'communication.errors.endInPast' });
    expect(parsePostForm({ ...values, text: 'Hi', channels: { app: false, notification: false, national: false, facebook: false } }).errors).toEqual({
      channels: 'communication.errors.noChannel',
    });
    const ok = parsePostForm({ ...values, text: '  Course open  ', link: ' https://fjordvang.example/news ', publishAt: '2030-06-01T10:00', endAt: '' });
    expect(ok.body).toEqual({
      text: 'Course open',
      link: 'https://fjordvang.example/news',
      publish_at: new Date('2030-06-01T10:00').toISOString(),
      end_at: null,
      channels: values.channels,
    });
    expect(toLocalInput(fromLocalInput('2030-06-01T10:05'))).toBe('2030-06-01T10:05');
    expect(fromLocalInput('')).toBeNull();
  });

  it('checks a message and asks the count with the guides repeated', () => {
    expect(parseMessageForm({ body: '', url: '', guideIds: [] }).errors).toEqual({ body: 'communication.errors.messageRequired' });
    expect(parseMessageForm({ body: 'x'.repeat(1001), url: 'nope', guideIds: [] }).errors).toEqual({ body: 'communication.errors.messageTooLong', url: 'communication.errors.url' });
    expect(parseMessageForm({ body: ' Frost delay ', url: '', guideIds: [8, 7] }).body).toEqual({ body: 'Frost delay', url: null, guides: [8, 7] });
    expect(guidesSearch([8, 7, 8])).toBe('guides=7&guides=8');
    expect(guidesSearch([])).toBe('');
  });

  it('sorts newest first, knows what is still being delivered, and which service cannot be posted to', () => {
    expect(newestFirst([post(1, { publish_at: '2030-01-01T00:00:00Z' }), post(2, { publish_at: '2030-03-01T00:00:00Z' }), post(3, { publish_at: '2030-01-01T00:00:00Z' })], (p) => p.publish_at).map((p) => p.id)).toEqual([2, 3, 1]);
    expect(anyPostPending([post(1)])).toBe(false);
    expect(anyPostPending([post(1, { deliveries: [delivery('notification', { push: { targeted: 2, delivered: 1, failed: 0, pending: 1 } })] })])).toBe(true);
    expect(anyPostPending([post(1, { deliveries: [delivery('facebook', { state: 'pending' })] })])).toBe(true);
    // A scheduled post's channels wait for its publish time: nothing to ask again for.
    expect(anyPostPending([post(1, { state: 'scheduled', deliveries: [delivery('app', { state: 'pending' })] })])).toBe(false);
    expect(anyMessagePending([message(1)])).toBe(false);
    expect(anyMessagePending([message(1, { state: 'queued', pending: 0 })])).toBe(true);
    expect(serviceBlock(undefined, 'facebook')).toBe('loading');
    expect(serviceBlock([connection('facebook', { configured: false })], 'facebook')).toBe('notConfigured');
    expect(serviceBlock([connection('facebook', { allowed_by_plan: false })], 'facebook')).toBe('planNeeded');
    expect(serviceBlock([connection('national', { connected: false })], 'national')).toBe('notConnected');
    expect(serviceBlock([connection('national')], 'national')).toBeNull();
    expect(serviceBlock([connection('national')], 'facebook')).toBe('unknown');
  });

  it('says a stored failure in the reader’s language when its text names no value, else the server’s reason', () => {
    i18n.addResourceBundle('da', 'translation', LOCALES.da, true, true);
    const da = i18n.getFixedT('da');
    const exists = (key: string) => i18n.exists(key, { lng: 'da' });
    expect(storedErrorText('communication.feedNotAFeed', 'This is not an RSS or Atom feed', da, exists)).toBe(textAt('da', 'serverErrors.communication.feedNotAFeed'));
    expect(storedErrorText('communication.feedHttpStatus', 'The feed answered with status 500', da, exists)).toBe('The feed answered with status 500');
    expect(storedErrorText('other.unknownCode', 'Kaputt', da, exists)).toBe('Kaputt');
    expect(storedErrorText(null, null, da, exists)).toBe(textAt('da', 'communication.errors.unknown'));
  });

  it('shows a summary as plain text: markup dropped, never rendered', () => {
    expect(plainText('<p>Greens <b>open</b> &amp; <img src=x onerror="alert(1)">fast</p>\n\n<script>alert(2)</script>')).toBe('Greens open & fast');
    expect(plainText('x'.repeat(500), 100)).toHaveLength(100);
  });
});

describe('<FeedPage>', { timeout: 30_000 }, () => {
  it('shows the figures and copies the own feed’s full addresses', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server();
    renderPage();
    const stats = await screen.findByRole('region', { name: 'Figures' });
    expect(await within(stats).findByText('1,234')).toBeInTheDocument();
    expect(within(stats).getByText('310')).toBeInTheDocument();
    expect(within(stats).getByText('98')).toBeInTheDocument();
    expect(within(stats).getByText('3 items')).toBeInTheDocument();
    expect(within(stats).getByText('Posts in own RSS').nextElementSibling).toHaveTextContent('2');
    expect(within(stats).getByTestId('own-rss-url')).toHaveTextContent(`${window.location.origin}/api/public/clubs/1/feed.rss`);
    await userEvent.click(within(stats).getByRole('button', { name: 'Copy the Atom address' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/public/clubs/1/feed.atom`);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
  });

  it('lists posts newest first with state, views, link, image and where each went; asks again while a delivery is pending', async () => {
    const state = server({
      posts: [
        post(1, { text: 'Old news', state: 'ended', publish_at: '2030-04-01T10:00:00.000Z', end_at: '2030-04-02T10:00:00.000Z' }),
        post(2, {
          text: 'Greens are fast',
          link: 'https://fjordvang.example/greens',
          image_url: '/files/public/clubs/1/posts/2.jpg',
          views: 17,
          channels: { app: true, notification: true, national: false, facebook: true },
          deliveries: [
            delivery('app'),
            delivery('notification', { state: 'pending', notification_id: 5, push: { targeted: 3, delivered: 1, failed: 0, pending: 2 } }),
            delivery('facebook', { state: 'failed', error: 'Facebook failed: token expired', error_code: 'communication.serviceFailed' }),
          ],
        }),
        post(3, { text: 'Season start', state: 'scheduled', publish_at: '2030-06-01T10:00:00.000Z', deliveries: [delivery('app', { state: 'pending' }), delivery('rss', { external_id: 'post-3' })] }),
      ],
    });
    renderPage();
    const list = await screen.findByRole('list', { name: "The club's posts, newest first" });
    const rows = within(list).getAllByTestId('post-row');
    expect(rows.map((r) => within(r).getByTestId('post-text').textContent)).toEqual(['Season start', 'Greens are fast', 'Old news']);
    expect(rows.map((r) => within(r).getByTestId('post-state').textContent)).toEqual(['Scheduled', 'Published', 'Ended']);
    expect(within(rows[1]).getByText(/17 views/)).toBeInTheDocument();
    expect(within(rows[1]).getByRole('img', { name: "The post's image" })).toHaveAttribute('src', '/files/public/clubs/1/posts/2.jpg');
    const link = within(rows[1]).getByRole('link', { name: /fjordvang\.example\/greens/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(rows[1]).getByTestId('delivery-notification')).toHaveTextContent('1 delivered, 0 failed, 2 pending');
    expect(within(rows[1]).getByTestId('delivery-facebook')).toHaveTextContent('Failed');
    expect(within(rows[1]).getByTestId('delivery-facebook')).toHaveTextContent('Reason: Facebook failed: token expired');
    expect(within(rows[0]).getByTestId('delivery-rss')).toHaveTextContent('RSS item post-3');
    expect(within(rows[0]).getByTestId('delivery-app')).toHaveTextContent('At the publish time');
    expect(screen.getByText('Delivery under way: the list updates by itself')).toBeInTheDocument();

    // The push job delivers the rest: the list, asked again by itself, shows it.
    state.posts = state.posts.map((p) =>
      p.id === 2 ? { ...p, deliveries: [delivery('app'), delivery('notification', { push: { targeted: 3, delivered: 3, failed: 0, pending: 0 } })] } : p,
    );
    await waitFor(() => expect(within(screen.getAllByTestId('post-row')[1]).getByTestId('delivery-notification')).toHaveTextContent('3 delivered, 0 failed, 0 pending'), { timeout: 6_000 });
    await waitFor(() => expect(screen.queryByText('Delivery under way: the list updates by itself')).not.toBeInTheDocument());
  });

  it('adds a post: counter, checks, Facebook behind the plan and the national app behind its connection; then its image with progress', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const state = server({ connections: [connection('facebook', { allowed_by_plan: false, connected: false }), connection('national', { connected: false })] });
    const gate = deferred();
    fakeApi.post('clubs/1/feed/posts', ({ body }) => {
      const sent = body as FeedPostBody;
      const made = post(20, { text: sent.text, link: sent.link, channels: sent.channels });
      state.posts = [made];
      return json(made, 201);
    });
    fakeApi.post('clubs/1/feed/posts/:id/image', async ({ params }) => {
      await gate.promise;
      const withImage = { ...state.posts[0], image_url: `/files/public/clubs/1/posts/${params.id}.jpg` };
      state.posts = [withImage];
      return json(withImage, 200);
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add post' });

    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Facebook' })).toBeDisabled());
    expect(within(dialog).getByTestId('channel-note-facebook')).toHaveTextContent('Posting to Facebook needs the Business plan');
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Business' })).toHaveAttribute('href', '/1/some/connections');
    expect(within(dialog).getByRole('checkbox', { name: 'The national golf app' })).toBeDisabled();
    expect(within(dialog).getByTestId('channel-note-national')).toHaveTextContent('The club is not connected');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Write the post')).toBeInTheDocument();
    const text = within(dialog).getByRole('textbox', { name: /Text/ });
    await userEvent.type(text, 'Greens are fast');
    expect(within(dialog).getByTestId('post-text-counter')).toHaveTextContent('15 / 5000 characters');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'fjordvang.example');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'A notification to followers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    expect(fakeApi.sent('POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'https://fjordvang.example/greens');
    await userEvent.upload(within(dialog).getByTestId('post-image-input'), new File([new Uint8Array(3000)], 'green.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByTestId('post-image-file')).toHaveTextContent('green.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Image upload' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(fakeApi.sent('POST', '/api/clubs/1/feed/posts')[0].body).toEqual({
      text: 'Greens are fast',
      link: 'https://fjordvang.example/greens',
      publish_at: null,
      end_at: null,
      channels: { app: true, notification: true, national: false, facebook: false },
    });
    gate.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const upload = fakeApi.sent('POST', '/api/clubs/1/feed/posts/20/image')[0];
    expect(isForm(upload.body) && (upload.body.get('data') as File).name).toBe('green.jpg');
    expect(await screen.findByText('The post is published')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: "The post's image" })).toHaveAttribute('src', '/files/public/clubs/1/posts/20.jpg');
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    server();
    fakeApi.post('clubs/1/feed/posts', json({ error: 'The club is not connected to Facebook', code: 'communication.notConnected', params: { service: 'Facebook' } }, 400));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add post' });
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Facebook' })).toBeEnabled());
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Text/ }), 'Hello');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Facebook' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByTestId('post-failure')).toHaveTextContent('The club is not connected to Facebook');
    expect((fakeApi.sent('POST')[0].body as FeedPostBody).channels.facebook).toBe(true);
  });

  it('edits a post keeping what already went out, and deletes one after confirmation', async () => {
    const state = server({
      posts: [post(4, { text: 'Old text', channels: { app: true, notification: true, national: false, facebook: false }, deliveries: [delivery('app'), delivery('notification', { push: { targeted: 1, delivered: 1, failed: 0, pending: 0 } })] })],
    });
    fakeApi.put('clubs/1/feed/posts/:id', ({ body }) => {
      state.posts = [{ ...state.posts[0], text: (body as FeedPostBody).text }];
      return state.posts[0];
    });
    fakeApi.delete('clubs/1/feed/posts/:id', () => {
      state.posts = [];
      return noContent();
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Edit the post of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const notification = within(dialog).getByRole('checkbox', { name: 'A notification to followers' });
    expect(notification).toBeChecked();
    expect(notification).toBeDisabled();
    expect(within(dialog).getByTestId('channel-note-notification')).toHaveTextContent('Already sent: it stays');
    const text = within(dialog).getByRole('textbox', { name: /Text/ });
    await userEvent.clear(text);
    await userEvent.type(text, 'New text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('PUT')[0].body).toMatchObject({ text: 'New text', channels: { app: true, notification: true, national: false, facebook: false } });
    expect(await screen.findByText('New text')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Delete the post of/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(fakeApi.sent('DELETE')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['PUT /api/clubs/1/feed/posts/4', 'DELETE /api/clubs/1/feed/posts/4']);
  });

  it('sends a message to the followers of chosen guides: title is the club’s name, live count, confirmation, then the list reloads', async () => {
    const state = server({ messages: [message(1)] });
    fakeApi.post('clubs/1/notifications', ({ body }) => {
      const sent = body as { body: string; guides: number[] };
      const made = message(2, { body: sent.body, guides: sent.guides, state: 'queued', targeted: 6, delivered: 0, pending: 6 });
      state.messages = [made, ...state.messages];
      return json(made, 202);
    });
    renderPage('messages');
    await waitFor(() => expect(screen.getByTestId('message-title')).toHaveValue('Fjordvang Golfklub'));
    expect(await screen.findByTestId('subscriber-count')).toHaveTextContent('12 followers, 9 will get it');

    await userEvent.click(screen.getByRole('radio', { name: 'Followers of chosen guides' }));
    expect(await screen.findByText('Choose at least one guide')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Guides' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fjordvang Links' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Short course' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('subscriber-count')).toHaveTextContent('8 followers, 6 will get it'));
    expect(fakeApi.sent('GET', /subscribers\?guides=7&guides=8$/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write the message')).toBeInTheDocument();
    const body = screen.getByRole('textbox', { name: /Message/ });
    await userEvent.type(body, 'Frost delay until 10');
    expect(screen.getByTestId('message-counter')).toHaveTextContent('20 / 1000 characters');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send to 6 followers?' });
    expect(confirm).toHaveTextContent('"Fjordvang Golfklub: Frost delay until 10" goes out at once');
    expect(fakeApi.sent('POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message is on its way')).toBeInTheDocument();
    expect(fakeApi.sent('POST')[0].body).toEqual({ body: 'Frost delay until 10', url: null, guides: [7, 8] });
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Frost delay until 10');
    expect(rows[0]).toHaveTextContent('To followers of 2 guides');
    expect(within(rows[0]).getByTestId('message-state')).toHaveTextContent('Queued');
    expect(body).toHaveValue('');

    // Delivered by the job: the list is asked again while one is pending.
    state.messages = state.messages.map((m) => (m.id === 2 ? { ...m, state: 'done', delivered: 5, failed: 1, pending: 0 } : m));
    await waitFor(() => expect(within(screen.getAllByTestId('message-row')[0]).getByTestId('message-delivered')).toHaveTextContent('5'), { timeout: 6_000 });
    expect(within(screen.getAllByTestId('message-row')[0]).getByTestId('message-failed')).toHaveTextContent('1');
  });

  it('says ‘Unable to send notification’ with the reason when the send fails, and offers all followers only without the guides', async () => {
    server({ guides: json({ error: 'This needs the products role in this club', code: 'auth.forbidden' }, 403) });
    fakeApi.post('clubs/1/notifications', json({ error: 'The message is too long to send as a notification (at most 3072 bytes)', code: 'communication.payloadTooLarge', params: { max: 3072 } }, 400));
    renderPage('messages');
    expect(await screen.findByText('Choosing guides needs the products role: the message can go to all followers.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Followers of chosen guides' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send to 9 followers?' })).getByRole('button', { name: 'Send' }));
    const failure = await screen.findByTestId('send-failure');
    expect(failure).toHaveTextContent('Unable to send notification');
    expect(failure).toHaveTextContent('The message is too long to send as a notification (at most 3072 bytes)');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello');
  });

  it('follows external feeds: a failing one says ‘Something went wrong’ with the reason, a refused address at the field, items link out as plain text', async () => {
    const state = server({
      feeds: [feed(1), feed(2, { title: null, error: 'This is not an RSS or Atom feed', error_code: 'communication.feedNotAFeed', items: 0 })],
      items: [item(1, { summary: '<p>Greens <b>open</b> &amp; fast</p>' }), item(3, { title: 'Newest' })],
    });
    fakeApi.post('clubs/1/feed/subscriptions', ({ body }) => {
      const url = (body as { url: string }).url;
      if (url.includes('127.0.0.1')) return json({ error: 'The feed address leads to a private or local network address (127.0.0.1), which is not fetched', code: 'communication.feedPrivateAddress', params: { address: '127.0.0.1' } }, 400);
      const made = feed(9, { url, title: 'Club news' });
      state.feeds = [...state.feeds, made];
      return json(made, 201);
    });
    fakeApi.post('clubs/1/feed/subscriptions/:id/refresh', ({ params }) => state.feeds.find((f) => f.id === Number(params.id)));
    fakeApi.delete('clubs/1/feed/subscriptions/:id', ({ params }) => {
      state.feeds = state.feeds.filter((f) => f.id !== Number(params.id));
      return noContent();
    });
    renderPage('feeds');
    const list = await screen.findByRole('list', { name: 'Feeds the club follows' });
    const rows = within(list).getAllByTestId('feed-row');
    expect(rows[0]).toHaveTextContent('News 1');
    expect(rows[0]).toHaveTextContent('2 items');
    const error = within(rows[1]).getByTestId('feed-error');
    expect(error).toHaveTextContent('Something went wrong');
    expect(error).toHaveTextContent('This is not an RSS or Atom feed');

    const items = await screen.findByRole('list', { name: 'Items of the external feeds, newest first' });
    const itemRows = within(items).getAllByTestId('feed-item');
    expect(itemRows[0]).toHaveTextContent('Newest');
    const link = within(itemRows[1]).getByRole('link', { name: /Item 1/ });
    expect(link).toHaveAttribute('href', 'https://news.example/items/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const summary = within(itemRows[1]).getByTestId('feed-item-summary');
    expect(summary).toHaveTextContent('Greens open & fast');
    expect(summary.querySelector('b, p')).toBeNull();

    const url = screen.getByTestId('feed-url');
    await userEvent.type(url, 'http://127.0.0.1/feed');
    await userEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('The feed address leads to a private or local network address (127.0.0.1), which is not fetched')).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://club.example/news.rss');
    await userEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('The feed is added')).toBeInTheDocument();
    expect(await within(list).findByText('Club news')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Fetch News 1 again' }));
    expect(await screen.findByText('The feed is fetched again')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove News 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop following News 1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('News 1')).not.toBeInTheDocument());
    expect(fakeApi.calls({ writes: true })).toEqual([
      'POST /api/clubs/1/feed/subscriptions',
      'POST /api/clubs/1/feed/subscriptions',
      'POST /api/clubs/1/feed/subscriptions/1/refresh',
      'DELETE /api/clubs/1/feed/subscriptions/1',
    ]);
  });
});
