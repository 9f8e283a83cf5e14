import { apiUpdateProfile, DEMO, LANGUAGE_KEY, menuLink, openAs, snack, expect, test } from './support';

// Both tests change Sam Staff's profile and put it back, through the API as a safety net too.
test.afterEach(async ({ request }) => {
  await apiUpdateProfile(request, DEMO.staff, { firstName: 'Sam', lastName: 'Staff', language: 'en' });
});

test('changing the language to Dansk turns the interface Danish, and back to English', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const language = page.getByLabel('Language');
  await expect(language).toHaveValue('en');
  await expect(language.locator('option')).toHaveText(['English', 'Dansk', 'Svenska']);

  await language.selectOption({ label: 'Dansk' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(snack(page, 'confirmation')).toContainText('Dine indstillinger er gemt');
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Hovedmenu' });
  await expect(menu.getByRole('link', { name: 'Forside', exact: true })).toBeVisible();
  await expect(await menuLink(page, 'Klubinformation', { group: 'Klub', menu: 'Hovedmenu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profilmenu' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('da');

  // The profile keeps the language: a reload is still Danish.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();

  await page.getByLabel('Sprog').selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(snack(page, 'confirmation')).toContainText('Your settings have been saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('en');
});

test('a new first name shows in the home greeting', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/home');
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Sam');
  await firstName.fill('Samantha');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snack(page, 'confirmation')).toContainText('Your settings have been saved');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Samantha!');
  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Samantha!');

  // Put the name back through the screen.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snack(page, 'confirmation')).toContainText('Your settings have been saved');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
});
