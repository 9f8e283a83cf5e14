import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { DEMO, expect, menuLink, openAs, snack, test } from './support';
import { DEMO_CLUB, LOADING, ownerHeaders, settle } from './screens';
import { texts } from './texts';

// Sponsors (issue 11) as the demo owner (role promotion, Danish) in Fjordvang Golfklub: a sponsor
// is created with a PNG logo (the sponsor first, then its logo, §4), listed with the logo loaded,
// renamed, and deleted after the confirmation has said what it is used in (a demo sponsor's names
// the demo setup; Cancel keeps it). Screenshots go to E2E_SHOTS_DIR when it is set (wide, 390 px,
// the dialogs).

const tr = texts('da');
/** The demo's sponsor setup, which places the demo sponsor Fjord Bank (apps/server/src/seed/seed-sponsors.ts). */
const DEMO_SPONSOR_SETUP = 'Sæson 2026';
const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** A screenshot of an open dialog once it has faded in. */
async function dialogShot(page: Page, name: string) {
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await shot(page, name);
}

const pngLogo = () => sharp({ create: { width: 480, height: 160, channels: 4, background: { r: 0, g: 82, b: 147, alpha: 1 } } }).png().toBuffer();

const row = (page: Page, name: string) => page.getByTestId('sponsor-row').filter({ has: page.getByText(name, { exact: true }) });

test('the owner creates a sponsor with a logo, sees it listed, renames it and deletes it after confirming', async ({ page, request }) => {
  const stamp = Date.now();
  const name = `E2E Nordbank ${stamp}`;
  const renamed = `E2E Nordbank Fonden ${stamp}`;
  const logo = await pngLogo();

  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/home`);
  await settle(page);
  // The side menu has Promotion → Sponsors for a user with the promotion role.
  await (await menuLink(page, tr('menu.entries.promotion/sponsors'), { group: tr('menu.groups.promotion'), menu: tr('shell.mainMenu') })).click();
  await expect(page).toHaveURL(`/${DEMO_CLUB}/promotion/sponsors`);
  await expect(page.getByRole('heading', { level: 1, name: tr('sponsors.title') })).toBeVisible(LOADING);
  await settle(page);

  // Create: name, web address and a PNG logo; the sponsor is posted, then its logo.
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/sponsors')) posted.push(`${r.method()} ${new URL(r.url()).pathname.replace(/\d+/g, 'N')}`);
  });
  await page.getByRole('button', { name: tr('sponsors.new') }).click();
  const create = page.getByRole('dialog', { name: tr('sponsors.dialog.createTitle') });
  await create.getByLabel(tr('sponsors.fields.name')).fill(name);
  await create.getByLabel(tr('sponsors.fields.url')).fill('javascript:alert(1)');
  await create.getByRole('button', { name: tr('sponsors.dialog.create') }).click();
  await expect(create.getByText(tr('sponsors.errors.url'))).toBeVisible();
  await create.getByLabel(tr('sponsors.fields.url')).fill('https://nordbank.example/');
  await create.getByTestId('sponsor-logo-input').setInputFiles({ name: 'nordbank.png', mimeType: 'image/png', buffer: logo });
  await expect(create.getByRole('img', { name: tr('sponsors.dialog.previewAlt') })).toBeVisible();
  await dialogShot(page, 'sponsor-dialog');
  await create.getByRole('button', { name: tr('sponsors.dialog.create') }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('sponsors.created', { name }));
  await expect(create).toBeHidden();
  expect(posted).toEqual(['POST /api/clubs/N/sponsors', 'POST /api/clubs/N/sponsors/N/logo']);

  // Listed with its logo loaded (a stored, re-encoded file) and its web address opening in a new tab.
  const created = row(page, name);
  const image = created.getByRole('img', { name: tr('sponsors.logoAlt', { name }) });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /\/files\/.+\?v=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const link = created.getByRole('link');
  await expect(link).toHaveAttribute('href', 'https://nordbank.example/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await snack(page, 'confirmation').getByRole('button', { name: tr('common.close') }).click();
  await expect(snack(page, 'confirmation')).toHaveCount(0);
  await shot(page, 'sponsors-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sponsors-list-390');
  await page.getByRole('button', { name: tr('sponsors.new') }).click();
  await dialogShot(page, 'sponsor-dialog-390');
  await page.getByRole('dialog', { name: tr('sponsors.dialog.createTitle') }).getByRole('button', { name: tr('common.cancel') }).click();
  await page.setViewportSize({ width: 1280, height: 720 });

  // A demo sponsor placed in the demo setup: its confirmation names the setup before anything is deleted.
  await page.getByRole('button', { name: tr('sponsors.deleteFor', { name: 'Fjord Bank' }) }).click();
  const used = page.getByRole('dialog', { name: tr('sponsors.deleteDialog.title', { name: 'Fjord Bank' }) });
  await expect(used.getByTestId('sponsor-usage')).toContainText(DEMO_SPONSOR_SETUP, LOADING);
  await expect(used.getByTestId('sponsor-usage')).toContainText(tr('sponsors.deleteDialog.placesRemoved'));
  await dialogShot(page, 'sponsor-delete-used');
  await used.getByRole('button', { name: tr('common.cancel') }).click();
  await expect(used).toBeHidden();

  // Edit the name only: no new logo, so nothing is uploaded.
  posted.length = 0;
  await page.getByRole('button', { name: tr('sponsors.editFor', { name }) }).click();
  const edit = page.getByRole('dialog', { name: tr('sponsors.dialog.editTitle') });
  await expect(edit.getByRole('img', { name: tr('sponsors.dialog.currentLogo') })).toBeVisible();
  await dialogShot(page, 'sponsor-edit-dialog');
  await edit.getByLabel(tr('sponsors.fields.name')).fill(renamed);
  await edit.getByRole('button', { name: tr('common.save') }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('sponsors.saved', { name: renamed }));
  await expect(edit).toBeHidden();
  expect(posted).toEqual(['PUT /api/clubs/N/sponsors/N']);
  await expect(row(page, renamed).getByRole('img', { name: tr('sponsors.logoAlt', { name: renamed }) })).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);

  // Delete: the confirmation says what the sponsor is used in first; Cancel keeps it.
  await page.getByRole('button', { name: tr('sponsors.deleteFor', { name: renamed }) }).click();
  const confirm = page.getByRole('dialog', { name: tr('sponsors.deleteDialog.title', { name: renamed }) });
  await expect(confirm.getByTestId('sponsor-usage')).toHaveText(tr('sponsors.deleteDialog.notUsed'), LOADING);
  await confirm.getByRole('button', { name: tr('common.cancel') }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, renamed)).toHaveCount(1);
  await page.getByRole('button', { name: tr('sponsors.deleteFor', { name: renamed }) }).click();
  await expect(confirm.getByTestId('sponsor-usage')).toBeVisible(LOADING);
  await confirm.getByRole('button', { name: tr('sponsors.deleteDialog.confirm') }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('sponsors.deleted', { name: renamed }));
  await expect(row(page, renamed)).toHaveCount(0);

  const listed = (await (await request.get(`/api/clubs/${DEMO_CLUB}/sponsors`, { headers: await ownerHeaders(request) })).json()) as { name: string }[];
  expect(listed.map((s) => s.name)).not.toContain(renamed);
});

test('a logo the server refuses leaves the sponsor created and the dialog says so; the next save uploads a real one', async ({ page, request }) => {
  const name = `E2E Vejle Is ${Date.now()}`;
  await openAs(page, DEMO.owner, `/${DEMO_CLUB}/promotion/sponsors`);
  await settle(page);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/sponsors')) posted.push(`${r.method()} ${new URL(r.url()).pathname.replace(/\d+/g, 'N')}`);
  });
  await page.getByRole('button', { name: tr('sponsors.new') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(tr('sponsors.fields.name')).fill(name);
  // Named and typed as a PNG, so the client lets it go; the server reads its bytes and refuses it.
  await dialog.getByTestId('sponsor-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>not a logo</body></html>') });
  await dialog.getByRole('button', { name: tr('sponsors.dialog.create') }).click();
  await expect(dialog.getByTestId('logo-failure')).toContainText(tr('sponsors.dialog.createdLogoFailed', { name }), LOADING);
  await expect(snack(page, 'warning')).toContainText(tr('sponsors.createdWithoutLogo', { name }));
  await expect(page.getByRole('heading', { name: tr('sponsors.dialog.editTitle') })).toBeVisible();
  await expect(dialog.getByRole('img', { name: tr('sponsors.dialog.previewFailed') })).toBeVisible();
  await dialogShot(page, 'sponsor-logo-refused');
  expect(posted).toEqual(['POST /api/clubs/N/sponsors', 'POST /api/clubs/N/sponsors/N/logo']);

  // The sponsor exists without a logo; a real PNG on the next save is uploaded to it.
  await dialog.getByTestId('sponsor-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngLogo() });
  await dialog.getByRole('button', { name: tr('common.save') }).click();
  await expect(snack(page, 'confirmation')).toContainText(tr('sponsors.saved', { name }), LOADING);
  await expect(dialog).toBeHidden();
  expect(posted).toEqual(['POST /api/clubs/N/sponsors', 'POST /api/clubs/N/sponsors/N/logo', 'PUT /api/clubs/N/sponsors/N', 'POST /api/clubs/N/sponsors/N/logo']);
  const image = row(page, name).getByRole('img', { name: tr('sponsors.logoAlt', { name }) });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const headers = await ownerHeaders(request);
  const sponsors = (await (await request.get(`/api/clubs/${DEMO_CLUB}/sponsors`, { headers })).json()) as { id: number; name: string }[];
  const made = sponsors.filter((s) => s.name === name);
  expect(made).toHaveLength(1);
  expect((await request.delete(`/api/clubs/${DEMO_CLUB}/sponsors/${made[0].id}`, { headers })).status()).toBe(204);
});
