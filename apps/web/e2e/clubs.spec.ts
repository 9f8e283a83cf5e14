import type { Page } from '@playwright/test';
import { apiToken, DEMO, menuLink, openAs, snack, expect, test } from './support';

function clubList(page: Page) {
  return page.getByRole('list', { name: 'Clubs' });
}

test('admin switches from Fjordvang to Ljungbacka', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/clubs');
  await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fjordvang Golfklub' })).toBeVisible();

  const current = clubList(page).getByRole('button', { name: /Fjordvang Golfklub/ });
  await expect(current).toHaveAttribute('aria-current', 'true');
  await clubList(page).getByRole('button', { name: /Ljungbacka Golfklubb/ }).click();

  await expect(page).toHaveURL(/\/2\/home$/);
  await expect(page.getByRole('link', { name: 'Ljungbacka Golfklubb' })).toHaveAttribute('href', '/2/clubs');
  await expect(page.getByTestId('club-name')).toHaveText('Ljungbacka Golfklubb');
  await expect(page.getByTestId('club-address')).toContainText('Ängelholm · Sweden');
});

test('switching club from Club information keeps the section', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club');
  await expect(page.getByLabel('Club name')).toHaveValue('Fjordvang Golfklub');
  await page.getByRole('link', { name: 'Fjordvang Golfklub' }).click();
  await expect(page).toHaveURL(/\/1\/clubs$/);

  await clubList(page).getByRole('button', { name: /Ljungbacka Golfklubb/ }).click();
  await expect(page).toHaveURL(/\/2\/club$/);
  await expect(page.getByLabel('Club name')).toHaveValue('Ljungbacka Golfklubb');
});

test('the club search filters the list', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/clubs');
  await expect(clubList(page).getByRole('button', { name: /Ljungbacka Golfklubb/ })).toBeVisible();
  await page.getByLabel('Search clubs').fill('ljung');
  await expect(clubList(page).getByRole('button', { name: /Ljungbacka Golfklubb/ })).toBeVisible();
  await expect(clubList(page).getByRole('button', { name: /Fjordvang Golfklub/ })).toHaveCount(0);
  await page.getByLabel('Search clubs').fill('no-such-club-anywhere');
  await expect(page.getByText('No clubs match “no-such-club-anywhere”')).toBeVisible();
});

test('admin creates a club and lands on its information page', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `E2E Club ${stamp}`;
  const handle = `e2e-club-${stamp}`;

  await openAs(page, DEMO.admin, '/1/clubs');
  await page.getByRole('button', { name: 'New club' }).click();
  const dialog = page.getByRole('dialog', { name: 'New club' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(name);
  // The handle is proposed from the name.
  await expect(dialog.getByLabel('Handle')).toHaveValue(`e2e-club-${stamp.toLowerCase()}`);
  await dialog.getByLabel('Handle').fill(handle);
  await expect(dialog.getByLabel('Country')).toHaveValue('dk');
  await dialog.getByLabel('Map projection').selectOption('4326');
  await expect(dialog.getByLabel('Region').locator('option', { hasText: 'Region Syddanmark' })).toHaveCount(1);
  await dialog.getByLabel('Longitude').fill('10.2');
  await dialog.getByLabel('Latitude').fill('56.1');
  await dialog.getByRole('button', { name: 'Create club' }).click();

  await expect(snack(page, 'confirmation')).toContainText(`${name} was created`);
  await expect(page).toHaveURL(/\/\d+\/club$/);
  const id = Number(new URL(page.url()).pathname.split('/')[1]);
  expect(id).toBeGreaterThan(2);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Club information' })).toBeVisible();
  await expect(page.getByLabel('Club name')).toHaveValue(name);
  await expect(page.getByText(`Handle: ${handle}`)).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Longitude')).toHaveValue('10.2');
  await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/${id}/clubs`);

  // The new club is in the list, marked inactive.
  await page.getByRole('link', { name }).click();
  await expect(clubList(page).getByRole('button', { name: new RegExp(name) })).toContainText('Inactive');
});

test('a handle that is taken is refused in the dialog', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/clubs');
  await page.getByRole('button', { name: 'New club' }).click();
  const dialog = page.getByRole('dialog', { name: 'New club' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Another Fjordvang ${Date.now()}`);
  await dialog.getByLabel('Handle').fill('fjordvang');
  await dialog.getByRole('button', { name: 'Create club' }).click();

  await expect(dialog.getByText('This handle is already used by another club')).toBeVisible();
  await expect(dialog.getByLabel('Handle')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/1\/clubs$/);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(clubList(page).getByRole('button', { name: /^Another Fjordvang/ })).toHaveCount(0);
});

test('staff sees only Fjordvang and cannot create clubs', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/clubs');
  await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
  const rows = clubList(page).getByRole('button');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Fjordvang Golfklub');
  await expect(page.getByText('1 club', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New club' })).toHaveCount(0);
});

test('club information edited by admin is saved and still there after a reload', async ({ page, request }) => {
  // Ljungbacka's street is changed and put back, so the Fjordvang address other tests read stays as it is.
  const original = 'Golfbanevägen 4';
  const changed = `Golfbanevägen ${Date.now() % 1000}B`;
  try {
    await openAs(page, DEMO.admin, '/2/club');
    const street = page.getByLabel('Street address');
    await expect(street).toHaveValue(original);
    await expect(page.getByLabel('Zip code')).toHaveValue('262 91');
    await expect(page.getByLabel('City')).toHaveValue('Ängelholm');
    await expect(page.getByLabel('Country')).toHaveValue('se');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();

    await street.fill(changed);
    await expect(save).toBeEnabled();
    await page.getByRole('button', { name: 'Discard changes', exact: true }).click();
    await expect(street).toHaveValue(original);
    await expect(save).toBeDisabled();

    await street.fill(changed);
    await save.click();
    await expect(snack(page, 'confirmation')).toContainText('Club saved');
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel('Street address')).toHaveValue(changed);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByTestId('club-address')).toHaveText(`${changed}, 262 91 Ängelholm · Sweden`);

    // Put it back through the screen.
    await (await menuLink(page, 'Club information', { group: 'Club' })).click();
    await page.getByLabel('Street address').fill(original);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Club saved');
    await page.reload();
    await expect(page.getByLabel('Street address')).toHaveValue(original);
  } finally {
    // Safety net when a step above failed: put the street back through the API.
    const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
    const club = (await (await request.get('/api/clubs/2/club', { headers })).json()) as {
      name: string;
      address: { street: string; zip: string; city: string; country_code: string };
      position: { longitude: number; latitude: number } | null;
    };
    if (club.address.street !== original) {
      const put = await request.put('/api/clubs/2', {
        headers,
        data: { name: club.name, address: { ...club.address, street: original }, position: club.position },
      });
      expect(put.status()).toBe(200);
    }
  }
});
