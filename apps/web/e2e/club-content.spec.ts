import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';

// Club content of the Danish demo club (id 1) as its staff member, who holds club-info,
// club-gallery and opening-hours there. Every test puts the club back as it found it.

const CLUB = 1;
const files = mkdtempSync(join(tmpdir(), 'golf-e2e-club-content-'));

async function writeImage(name: string, make: () => Promise<Buffer>): Promise<string> {
  const path = join(files, name);
  writeFileSync(path, await make());
  return path;
}

const photo = (width: number, height: number, colour: { r: number; g: number; b: number }) => () =>
  sharp({ create: { width, height, channels: 3, background: colour, noise: { type: 'gaussian', mean: 120, sigma: 25 } } }).jpeg({ quality: 80 }).toBuffer();

const crest = () =>
  sharp({ create: { width: 320, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="320" height="240"><circle cx="160" cy="120" r="100" fill="#1f6f43"/></svg>'), left: 0, top: 0 }])
    .png()
    .toBuffer();

async function staffApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  return {
    get: (path: string) => request.get(`/api/clubs/${CLUB}/${path}`, { headers }),
    put: (path: string, data: unknown) => request.put(`/api/${path}`, { headers, data }),
    delete: (path: string) => request.delete(`/api/clubs/${CLUB}/${path}`, { headers }),
  };
}

/** True once the image has loaded real pixels. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function galleryCount(page: Page): Promise<number> {
  const text = await page.getByText(/\d+ of 200 images/).textContent();
  return Number(text?.match(/(\d+) of 200/)?.[1]);
}

test('staff edits club information with a round logo, reloads and sees it', async ({ page, request }) => {
  const api = await staffApi(request);
  try {
    await openAs(page, DEMO.staff, `/${CLUB}/club`);
    await expect(page.getByRole('heading', { level: 1, name: 'Club information' })).toBeVisible();
    await expect(page.getByLabel('Club name')).toHaveValue('Fjordvang Golfklub');

    // The menu shows the club screens this user's roles open.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const [name, href] of [
      ['Club app', `/${CLUB}/club/club-app`],
      ['Gallery', `/${CLUB}/club/gallery`],
      ['Opening hours & pricing', `/${CLUB}/club/hours`],
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    await page.getByLabel('Phone').fill('+45 75 12 34 56');
    await page.getByLabel('Homepage').fill('https://fjordvang-golf.dk');
    await page.getByLabel('Booking link').fill('https://booking.example.com/fjordvang');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Club saved');

    await page.getByRole('button', { name: /^(Add|Change) logo$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Club logo' });
    await dialog.getByRole('button', { name: 'Round' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(await writeImage('crest.png', crest));
    await expect(dialog.getByTestId('logo-file-name')).toHaveText('crest.png');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(snack(page, 'confirmation')).toContainText('Logo saved');
    const logo = page.getByRole('img', { name: 'Logo of Fjordvang Golfklub' });
    await expect(logo).toHaveAttribute('src', new RegExp(`^/files/public/clubs/${CLUB}/logo/[0-9a-f-]+\\.png\\?v=`));
    await expectLoaded(logo);

    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('+45 75 12 34 56');
    await expect(page.getByLabel('Homepage')).toHaveValue('https://fjordvang-golf.dk');
    await expect(page.getByLabel('Booking link')).toHaveValue('https://booking.example.com/fjordvang');
    await expect(page.getByText('Round logo: shown in a circle in the app')).toBeVisible();
    await expectLoaded(page.getByRole('img', { name: 'Logo of Fjordvang Golfklub' }));

    // The same logo, as the app shows it, on the club app screen.
    await menu.getByRole('link', { name: 'Club app', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Club app' })).toBeVisible();
    const preview = page.getByRole('figure', { name: 'Preview of the club in the golfers’ app' });
    await expectLoaded(preview.getByRole('img', { name: 'Logo of Fjordvang Golfklub' }));
    await page.getByLabel('Teaser text').fill('Links by the fjord – guests welcome every day.');
    await expect(preview.getByTestId('app-preview-teaser')).toHaveText('Links by the fjord – guests welcome every day.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Club app saved');
    await page.reload();
    await expect(page.getByLabel('Teaser text')).toHaveValue('Links by the fjord – guests welcome every day.');
  } finally {
    expect((await api.put(`clubs/${CLUB}`, { phone: '', homepage: '', booking_url: '', app_teaser: '' })).status()).toBe(200);
    expect((await api.delete('logo')).status()).toBe(200);
  }
});

test('staff uploads two gallery images and deletes one after confirmation', async ({ page, request }) => {
  const api = await staffApi(request);
  const before = ((await (await api.get('gallery')).json()) as { id: number }[]).map((i) => i.id);
  try {
    const green = await writeImage('green.jpg', photo(1200, 800, { r: 40, g: 140, b: 60 }));
    const clubhouse = await writeImage('clubhouse.jpg', photo(800, 1000, { r: 150, g: 110, b: 70 }));
    await openAs(page, DEMO.staff, `/${CLUB}/club/gallery`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    await expect(page.getByText(/\d+ of 200 images/)).toBeVisible();
    const start = await galleryCount(page);

    await page.getByRole('button', { name: 'Upload images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload images' });
    await dialog.getByTestId('gallery-file-input').setInputFiles([green, clubhouse]);
    await expect(dialog.getByText('green.jpg')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload 2 images' }).click();
    await expect(snack(page, 'confirmation')).toContainText('2 images uploaded');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${start + 2} of 200 images`)).toBeVisible();

    const tiles = page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
    await expect(tiles).toHaveCount(start + 2);
    for (const index of [start, start + 1]) await expectLoaded(tiles.nth(index).getByRole('img'));
    await expect(tiles.nth(start).getByRole('img')).toHaveAttribute('alt', `Image ${start + 1}, 1200 × 800`);

    // Nothing selected: deleting does nothing.
    await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    await tiles.nth(start).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 1 image?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(snack(page, 'confirmation')).toContainText('1 image deleted');
    await expect(tiles).toHaveCount(start + 1);

    await page.reload();
    await expect(page.getByText(`${start + 1} of 200 images`)).toBeVisible();
    await expect(tiles.nth(start).getByRole('img')).toHaveAttribute('alt', `Image ${start + 1}, 800 × 1000`);
    await expectLoaded(tiles.nth(start).getByRole('img'));
  } finally {
    const after = (await (await api.get('gallery')).json()) as { id: number }[];
    for (const image of after.filter((i) => !before.includes(i.id))) expect((await api.delete(`gallery/${image.id}`)).status()).toBe(204);
  }
});

test('staff sets the hours of a season and a price, saves, reloads and sees them', async ({ page, request }) => {
  const api = await staffApi(request);
  const saved = await (await api.get('hours')).json();
  try {
    await openAs(page, DEMO.staff, `/${CLUB}/club/hours`);
    await expect(page.getByRole('heading', { level: 1, name: 'Opening hours & pricing' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add season' })).toBeVisible();
    const seasonCount = await page.locator('[data-testid^="season-"]').count();
    const groupCount = await page.locator('[data-testid^="price-group-"]').count();

    await page.getByRole('button', { name: 'Add season' }).click();
    const season = page.getByTestId(`season-${seasonCount}`);
    await season.getByLabel('Season name').fill('E2E summer');
    await season.getByLabel('From', { exact: true }).fill('2031-04-01');
    await season.getByLabel('To', { exact: true }).fill('2031-10-31');
    await season.getByLabel('Opens on Monday').fill('07:00');
    await season.getByLabel('Closes on Monday').fill('21:30');
    await season.getByRole('button', { name: 'Copy Monday to all days' }).click();
    await season.getByRole('switch', { name: 'Open on Sunday' }).uncheck();
    await expect(season.getByLabel('Opens on Sunday')).toBeDisabled();

    await page.getByRole('button', { name: 'Add price group' }).click();
    const group = page.getByTestId(`price-group-${groupCount}`);
    await group.getByLabel('Group name').fill('E2E green fees');
    await expect(group.getByLabel('Currency')).toHaveValue('DKK');
    await group.getByLabel('Name', { exact: true }).fill('18 holes');
    await group.getByLabel('Description').fill('Weekdays');
    await group.getByLabel('Amount', { exact: true }).fill('450,50');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Opening hours and prices saved');

    await page.reload();
    const reloaded = page.getByRole('group', { name: 'E2E summer' });
    await expect(reloaded.getByLabel('Season name')).toHaveValue('E2E summer');
    await expect(reloaded.getByLabel('From', { exact: true })).toHaveValue('2031-04-01');
    await expect(reloaded.getByLabel('Opens on Friday')).toHaveValue('07:00');
    await expect(reloaded.getByLabel('Closes on Friday')).toHaveValue('21:30');
    await expect(reloaded.getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
    const prices = page.getByRole('group', { name: 'E2E green fees' });
    await expect(prices.getByLabel('Name', { exact: true })).toHaveValue('18 holes');
    await expect(prices.getByLabel('Amount', { exact: true })).toHaveValue('450.50');
    await expect(prices.getByLabel('Currency')).toHaveValue('DKK');
  } finally {
    const { updated_at: _ignored, ...document } = saved as Record<string, unknown>;
    expect((await api.put(`clubs/${CLUB}/hours`, document)).status()).toBe(200);
  }
});
