import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import type { FeedPost, NotificationItem, SubscriberCount } from '@golf/contract/api/communication';
import { WIDTHS } from './axe';
import { apiToken, DEMO, expect, openAs, standIns, test } from './support';
import { DEMO_CLUB, LOADING } from './screens';

// The news feed screen /some/feed (issue 23) against the real server and the worker's stand-ins:
// a message to the followers of one guide delivered by Web Push to the push stand-in, a post
// published to the app and to Facebook (stand-in) with its delivery records, and an external feed
// served locally. The admin (English) uses the screen; the app's calls go with an app key.

const FEED = `/${DEMO_CLUB}/some/feed`;
const RUN = Date.now().toString(36);

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
}

/** A fresh app key of the demo club (made by the admin through the API), with its revocation. */
async function appKey(request: APIRequestContext): Promise<{ header: Record<string, string>; revoke: () => Promise<void> }> {
  const headers = await adminHeaders(request);
  const made = await request.post(`/api/clubs/${DEMO_CLUB}/app-keys`, { headers, data: { name: `E2E communication ${RUN}` } });
  expect(made.status(), 'POST app-keys').toBe(201);
  const { id, key } = (await made.json()) as { id: number; key: string };
  return {
    header: { [APP_KEY_HEADER]: key },
    revoke: async () => {
      await request.delete(`/api/clubs/${DEMO_CLUB}/app-keys/${id}`, { headers });
    },
  };
}

/** An app user of the club who follows it, downloaded `guideId` (when given) and registered a push subscription; answers its endpoint. */
async function follower(request: APIRequestContext, key: Record<string, string>, id: string, guideId: number | null): Promise<string> {
  const user = await request.put(`/api/app/clubs/${DEMO_CLUB}/users/${id}`, { headers: key, data: { language: 'en', following: true } });
  expect([200, 201], 'PUT app user').toContain(user.status());
  if (guideId !== null) {
    const download = await request.post(`/api/app/clubs/${DEMO_CLUB}/downloads`, {
      headers: key,
      data: { downloads: [{ guide_id: guideId, product: 'json', at: new Date().toISOString(), app_user_id: id }] },
    });
    expect(download.status(), 'POST downloads').toBe(201);
  }
  const subscription = standIns().push.subscription();
  const registered = await request.put(`/api/app/clubs/${DEMO_CLUB}/users/${id}/push-subscription`, { headers: key, data: subscription });
  expect([200, 201], 'PUT push-subscription').toContain(registered.status());
  return subscription.endpoint;
}

/** Screenshots of the page wide and 390 px narrow, in the test's output. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width.name}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0].size);
}

test.describe.configure({ timeout: 180_000 });

test('a message to the followers of one guide: the count before sending, then the delivery figures reach delivered', async ({ page, request }, testInfo) => {
  const headers = await adminHeaders(request);
  const guides = (await (await request.get(`/api/clubs/${DEMO_CLUB}/guides`, { headers })).json()) as { guide_id: number; title: string }[];
  expect(guides.length, 'the demo club has a guide').toBeGreaterThan(0);
  const guide = guides[0];
  const appKeyMade = await appKey(request);
  const key = appKeyMade.header;
  const reached = [await follower(request, key, `e2e-msg-a-${RUN}`, guide.guide_id), await follower(request, key, `e2e-msg-b-${RUN}`, guide.guide_id)];
  const other = await follower(request, key, `e2e-msg-c-${RUN}`, null);
  await appKeyMade.revoke();
  const expected = (await (await request.get(`/api/clubs/${DEMO_CLUB}/notifications/subscribers?guides=${guide.guide_id}`, { headers })).json()) as SubscriberCount;
  expect(expected.count).toBeGreaterThanOrEqual(2);

  await openAs(page, DEMO.admin, `${FEED}?view=messages`);
  await expect(page.getByTestId('message-title')).toHaveValue('Fjordvang Golfklub', LOADING);
  await page.getByRole('radio', { name: 'Followers of chosen guides' }).check();
  await page.getByRole('combobox', { name: 'Guides' }).click();
  await page.getByRole('option', { name: guide.title }).click();
  await page.keyboard.press('Escape');
  const count = page.getByTestId('subscriber-count');
  await expect(count).toHaveText(`${expected.followers} ${expected.followers === 1 ? 'follower' : 'followers'}, ${expected.count} will get it`);

  const text = `Frost delay until 10 (${RUN})`;
  await page.getByRole('textbox', { name: /Message/ }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Send to ${expected.count} followers?` });
  await expect(confirm).toContainText(text);
  await shots(page, testInfo, 'message-confirm');
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The message is on its way')).toBeVisible();

  const row = page.getByTestId('message-row').filter({ hasText: text });
  await expect(row).toContainText('To followers of 1 guide');
  await expect(row.getByTestId('message-state')).toHaveText('Sent', { timeout: 60_000 });
  await expect(row.getByTestId('message-delivered')).toContainText(String(expected.count));
  await expect(row.getByTestId('message-pending')).toContainText('0');
  await expect(page.getByTestId('message-row').first()).toContainText(text);
  await shots(page, testInfo, 'messages');

  // The push service got it for the guide's followers, not for the other follower.
  const sent = (await (await request.get(`/api/clubs/${DEMO_CLUB}/notifications`, { headers })).json()) as NotificationItem[];
  const id = sent.find((m) => m.body === text)!.id;
  for (const endpoint of reached) expect(standIns().push.received(endpoint).map((p) => p.id)).toContain(id);
  expect(standIns().push.received(other).map((p) => p.id)).not.toContain(id);
});

test('a post published to the app and Facebook shows its delivery records', async ({ page, request }, testInfo) => {
  const headers = await adminHeaders(request);
  const pageId = `e2e-page-${RUN}`;
  const token = `e2e-token-${RUN}-0123456789`;
  standIns().facebook.addPage(pageId, 'Fjordvang on Facebook', token);
  // The demo club is on the Business plan; made sure of here, and put back as it was after.
  const { plan } = (await (await request.get(`/api/clubs/${DEMO_CLUB}/club`, { headers })).json()) as { plan: 'standard' | 'business' };
  expect((await request.put(`/api/clubs/${DEMO_CLUB}`, { headers, data: { plan: 'business' } })).status(), 'plan business').toBe(200);
  try {
    const connected = await request.put(`/api/clubs/${DEMO_CLUB}/connections/facebook`, { headers, data: { account_id: pageId, token } });
    expect(connected.status(), 'connect Facebook').toBe(200);

    await openAs(page, DEMO.admin, FEED);
    await page.getByRole('button', { name: 'Add post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add post' });
    const text = `The greens are fast today (${RUN})`;
    await dialog.getByRole('textbox', { name: /Text/ }).fill(text);
    await expect(dialog.getByTestId('post-text-counter')).toHaveText(`${text.length} / 5000 characters`);
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://fjordvang.example/greens');
    const facebook = dialog.getByRole('checkbox', { name: 'Facebook' });
    await expect(facebook).toBeEnabled(LOADING);
    await facebook.check();
    await expect(dialog.getByRole('checkbox', { name: "The app's feed" })).toBeChecked();
    await shots(page, testInfo, 'post-dialog');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The post is published')).toBeVisible();

    const row = page.getByTestId('post-row').filter({ hasText: text });
    await expect(row.getByTestId('post-state')).toHaveText('Published');
    await expect(row.getByTestId('delivery-app')).toContainText('Done');
    await expect(row.getByTestId('delivery-facebook')).toContainText('Done', { timeout: 60_000 });
    const post = ((await (await request.get(`/api/clubs/${DEMO_CLUB}/feed/posts`, { headers })).json()) as FeedPost[]).find((p) => p.text === text)!;
    const fb = post.deliveries.find((d) => d.channel === 'facebook')!;
    expect(fb.external_id).toBeTruthy();
    await expect(row.getByTestId('delivery-facebook')).toContainText(`Facebook post ${fb.external_id}`);
    expect(standIns().facebook.posts.find((p) => p.pageId === pageId)?.message).toContain(text);
    await shots(page, testInfo, 'posts');

    // Deleted after confirmation.
    await row.getByRole('button', { name: /Delete the post of/ }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await request.delete(`/api/clubs/${DEMO_CLUB}/connections/facebook`, { headers });
    await request.put(`/api/clubs/${DEMO_CLUB}`, { headers, data: { plan } });
  }
});

test('subscribes to a feed served locally and shows its items; a private address is refused', async ({ page }, testInfo) => {
  const feeds = standIns().feeds;
  const path = `/club-${RUN}.rss`;
  const items = [1, 2, 3]
    .map(
      (n) =>
        `<item><title>Neighbour news ${n}</title><link>https://naboklubben.example/news/${n}</link><guid>nabo-${RUN}-${n}</guid><pubDate>${new Date(Date.UTC(2026, 4, n, 9)).toUTCString()}</pubDate><description>&lt;p&gt;Course &lt;b&gt;open&lt;/b&gt; on day ${n}&lt;/p&gt;</description></item>`,
    )
    .join('');
  feeds.serve(path, { body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Naboklubben ${RUN}</title><link>https://naboklubben.example/</link><description>News</description>${items}</channel></rss>` });

  await openAs(page, DEMO.admin, `${FEED}?view=feeds`);
  const url = page.getByTestId('feed-url');
  await expect(url).toBeVisible(LOADING);
  await url.fill('http://127.0.0.1/feed.rss');
  await page.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText(/private or local network address/)).toBeVisible();

  await url.fill(`${feeds.url}${path}`);
  await page.getByRole('button', { name: 'Add feed' }).click();
  const row = page.getByTestId('feed-row').filter({ hasText: `${feeds.url}${path}` });
  await expect(row).toContainText(`Naboklubben ${RUN}`, { timeout: 30_000 });
  await expect(row).toContainText('3 items');

  const item = page.getByTestId('feed-item').filter({ hasText: 'Neighbour news 3' });
  await expect(item).toContainText(`Naboklubben ${RUN}`);
  await expect(item.getByTestId('feed-item-summary')).toHaveText('Course open on day 3');
  const link = item.getByRole('link', { name: /Neighbour news 3/ });
  await expect(link).toHaveAttribute('href', 'https://naboklubben.example/news/3');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  // Newest first.
  const titles = await page.getByTestId('feed-item').filter({ hasText: `Naboklubben ${RUN}` }).locator('h3').allTextContents();
  expect(titles.map((t) => t.replace(/\s*\(opens in a new tab\)/, ''))).toEqual(['Neighbour news 3', 'Neighbour news 2', 'Neighbour news 1']);
  await shots(page, testInfo, 'feeds');

  await row.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog', { name: /^Stop following/ }).getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('feed-item').filter({ hasText: `Naboklubben ${RUN}` })).toHaveCount(0);
});
