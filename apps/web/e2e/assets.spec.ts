import { removeBundles, storedZip, svg } from './admin-setup';
import { DEMO, expect, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING } from './screens';

// Assets of issue 26 against the real server, in English: a zip bundle chosen on the screen, named,
// uploaded and checked; its preview (what it adds); published after confirming; then listed among
// the published bundles and its files shown by category, each opening through its signed address.
// A refused bundle (a .png that is HTML) is reported by name while the good one still goes.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const BUNDLE = `E2E icons ${RUN}`;
const BAD = `E2E broken ${RUN}`;
const URL = `/${DEMO_CLUB}/admin/assets`;

test.afterAll(async ({ request }) => {
  // The bundle is deleted through the API, whatever step the test reached.
  await removeBundles(request, [BUNDLE, BAD]);
});

test('a bundle uploaded, previewed, published and listed; a refused one reported by name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin, URL);
  await expect(page.getByRole('heading', { name: 'Upload bundles' })).toBeVisible({ timeout: 60_000 });

  const good = storedZip([
    { name: `icons/e2e-${RUN}-flag.svg`, data: svg('#1f6f43') },
    { name: `clubs/${DEMO_CLUB}/textures/Bunker/e2e-${RUN}-sand.svg`, data: svg('#e8d7a0') },
  ]);
  const bad = storedZip([{ name: 'icons/fake.png', data: Buffer.from('<!doctype html><html><body>not an image</body></html>') }]);
  await page.getByTestId('asset-upload-input').setInputFiles([
    { name: 'e2e-icons.zip', mimeType: 'application/zip', buffer: good },
    { name: 'e2e-broken.zip', mimeType: 'application/zip', buffer: bad },
  ]);
  await page.getByRole('textbox', { name: 'Bundle name for e2e-icons.zip' }).fill(BUNDLE);
  await page.getByRole('textbox', { name: 'Bundle name for e2e-broken.zip' }).fill(BAD);
  await page.getByRole('button', { name: 'Upload all' }).click();

  // The refused one is reported by name, with the entry and the reason; the other went.
  await expect(snack(page, 'error')).toContainText(`1 bundle was refused: ${BAD}`, LOADING);
  await expect(page.getByTestId('asset-upload-item')).toContainText('The entry icons/fake.png is named .png, but its bytes are not a PNG file');

  const card = page.getByRole('article', { name: BUNDLE });
  await expect(card).toBeVisible(LOADING);
  await expect(card.getByText('Adds 2')).toBeVisible();
  await expect(card.getByText('Removes 0')).toBeVisible();
  await expect(card.getByText(`icons/e2e-${RUN}-flag.svg`)).toBeVisible();

  await card.getByRole('button', { name: `Publish ${BUNDLE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${BUNDLE}?` });
  await expect(dialog).toContainText('It adds 2, replaces 0 and removes 0 files');
  await dialog.getByRole('button', { name: `Publish ${BUNDLE}` }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Bundle ${BUNDLE} published`, LOADING);
  await expect(card).toHaveCount(0);

  const bundles = page.getByRole('list', { name: 'Published bundles' });
  await expect(bundles.getByText(BUNDLE, { exact: true })).toBeVisible(LOADING);
  await expect(bundles.getByTestId('asset-bundle').filter({ hasText: BUNDLE })).toContainText('Files: 2');

  // Its files, by category and by element of this club, open through their signed addresses.
  const icon = page.getByRole('list', { name: 'Icons' }).getByRole('link', { name: new RegExp(`e2e-${RUN}-flag\\.svg`) });
  await expect(icon).toBeVisible(LOADING);
  const href = await icon.getAttribute('href');
  expect(href).toMatch(/^\/files\/signed\/assets\//);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/svg+xml');
  expect(await file.text()).toContain('#1f6f43');
  await expect(page.getByRole('heading', { name: 'Element: Bunker' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Element: Bunker' }).getByRole('link', { name: new RegExp(`e2e-${RUN}-sand\\.svg`) })).toBeVisible();

  // Deleted by name, after asking.
  await bundles.getByRole('button', { name: `Delete ${BUNDLE}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the bundle ${BUNDLE}?` });
  await confirm.getByRole('button', { name: `Delete ${BUNDLE}` }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Bundle ${BUNDLE} deleted`, LOADING);
  await expect(bundles.getByText(BUNDLE, { exact: true })).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);
});
