import type { AdminRegion } from '@golf/contract/api/regions';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';

/**
 * /admin/regions against the real server (issue 26): an admin creates a region, adds a club and an
 * owner (found by e-mail), sees them listed, removes both and deletes the region; the owner's
 * management of the club follows at once (the API answers the owner's profile with the club).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const REGION = `Vestkysten ${RUN}`;

test('an admin creates a region, adds a club and an owner, removes them and deletes the region', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/admin/regions');
  await expect(page.getByRole('heading', { level: 1, name: 'Regions' })).toBeVisible();
  await expect(page.getByTestId('region').filter({ hasText: 'Region Syddanmark' })).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'New region' }).click();
  const dialog = page.getByRole('dialog', { name: 'New region' });
  await dialog.getByLabel('Name').fill(REGION);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`${REGION} is created`);
  const region = page.getByTestId('region').filter({ has: page.getByRole('heading', { name: REGION }) });
  await expect(region).toContainText('0 clubs · 0 owners');

  // The same name in another case is refused in the dialog.
  await page.getByRole('button', { name: 'New region' }).click();
  const again = page.getByRole('dialog', { name: 'New region' });
  await again.getByLabel('Name').fill(REGION.toUpperCase());
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(again.getByText(`A region called ${REGION} exists already`)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Add a club.
  await region.getByRole('combobox', { name: 'Club' }).click();
  await page.getByRole('option', { name: 'Ljungbacka Golfklubb' }).click();
  await region.getByRole('button', { name: 'Add club' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Ljungbacka Golfklubb is added to ${REGION}`);
  await expect(region.getByTestId('region-club')).toHaveText(['Ljungbacka Golfklubb']);

  // Add an owner found by e-mail.
  await region.getByRole('combobox', { name: 'Find a user by e-mail or name' }).fill('staff@exa');
  await page.getByRole('option', { name: /staff@example\.com/ }).click();
  await region.getByRole('button', { name: 'Add owner' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`now owns ${REGION}`);
  await expect(region.getByTestId('region-owner')).toContainText('staff@example.com');
  await expect(region).toContainText('1 club · 1 owner');

  // The owner manages the club at once.
  const staff = await apiToken(page.request, DEMO.staff);
  const profile = async () => (await (await page.request.put('/api/authenticated', { headers: { Authorization: `Bearer ${staff}` } })).json()) as { managedClubIds: number[] };
  const regions = (await (await page.request.get('/api/admin/regions', { headers: { Authorization: `Bearer ${await apiToken(page.request, DEMO.admin)}` } })).json()) as AdminRegion[];
  const clubId = regions.find((r) => r.name === REGION)!.clubs[0].id;
  expect((await profile()).managedClubIds).toContain(clubId);
  await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/regions.png`, fullPage: true });

  // Remove the owner (asks first) and the club.
  await region.getByRole('button', { name: new RegExp(`^Remove .* as owner of ${REGION}$`) }).click();
  const confirmOwner = page.getByRole('dialog', { name: /as owner\?$/ });
  await confirmOwner.getByRole('button', { name: 'Remove owner' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`no longer owns ${REGION}`);
  await expect(region.getByTestId('region-owner')).toHaveCount(0);
  await expect(region.getByText('No owners yet.')).toBeVisible();
  expect((await profile()).managedClubIds).not.toContain(clubId);

  await region.getByRole('button', { name: `Remove Ljungbacka Golfklubb from ${REGION}` }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Ljungbacka Golfklubb is removed from ${REGION}`);
  await expect(region.getByText('No clubs in this region yet.')).toBeVisible();

  // Rename, then delete (asks first).
  await region.getByRole('button', { name: `Rename ${REGION}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${REGION}` });
  await rename.getByLabel('Name').fill(`${REGION} Nord`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Renamed to ${REGION} Nord`);
  const renamed = page.getByTestId('region').filter({ has: page.getByRole('heading', { name: `${REGION} Nord` }) });
  await renamed.getByRole('button', { name: `Delete ${REGION} Nord` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${REGION} Nord?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`${REGION} Nord is deleted`);
  await expect(page.getByRole('heading', { name: `${REGION} Nord` })).toHaveCount(0);
});

test('the regions screen and its calls are for admins only', async ({ page }) => {
  const owner = await apiToken(page.request, DEMO.owner);
  expect((await page.request.get('/api/admin/regions', { headers: { Authorization: `Bearer ${owner}` } })).status()).toBe(403);
  expect((await page.request.post('/api/admin/regions', { headers: { Authorization: `Bearer ${owner}` }, data: { name: 'Mine' } })).status()).toBe(403);
});
