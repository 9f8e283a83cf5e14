import { DEMO, apiToken, expect, openAs, snack, test } from './support';

// The graphics catalogue's administration (issue 26): an element type added on /admin/elements is
// offered by the hole editor at once, and its rules are shown with it.
test.describe.configure({ mode: 'serial' });

let course: { id: number; holes: { id: number }[] };

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, DEMO.owner);
  const response = await request.post('/api/clubs/1/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Catalogue e2e ${Date.now()}`, tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ par: 4 }] },
  });
  expect(response.status()).toBe(201);
  course = await response.json();
});

test("adds an element type with its rules and sees it in the hole editor's element list", async ({ page }) => {
  const name = `reed bed ${Date.now() % 100000}`;
  await openAs(page, DEMO.admin, '/1/admin/elements');
  await expect(page.getByRole('heading', { name: 'Graphics catalogue' })).toBeVisible();
  await expect(page.getByTestId('element-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'New element' }).click();
  const dialog = page.getByRole('dialog', { name: 'New element' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Shorthand' }).fill('RB');
  await dialog.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Vegetation' }).click();
  await dialog.getByRole('combobox', { name: 'Layer' }).click();
  await page.getByRole('option', { name: /^Trees/ }).click();
  await dialog.getByRole('combobox', { name: 'Must lie inside' }).click();
  await page.getByRole('option', { name: 'Hole boundary' }).click();
  await dialog.getByRole('textbox', { name: 'Smallest area (m²)' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Largest area (m²)' }).fill('5000');
  await expect(dialog.getByRole('checkbox', { name: 'Hole editor' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The machine may be busy: a write and its refresh are given time.
  await expect(snack(page, 'confirmation')).toContainText(`${name} was added to the catalogue`, { timeout: 30_000 });
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search elements' }).fill(name);
  const row = page.getByTestId('element-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('inside the Hole boundary · 10–5000 m²');
  await expect(row).toContainText('Not drawn on any hole');

  // Its default fill colour, from the edit dialog.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'fill colour (colour)' }).fill('#3a7d44');
  await edit.getByRole('button', { name: `Set fill colour of ${name}` }).click();
  await expect(snack(page, 'confirmation')).toContainText(`fill colour of ${name} is now #3a7d44`, { timeout: 30_000 });
  await edit.getByRole('button', { name: 'Close' }).click();

  // The hole editor offers it to draw.
  await page.goto(`/1/courses/${course.id}/holes/${course.holes[0].id}/edit`);
  await expect(page.getByTestId('hole-map')).toBeVisible();
  await expect(page.getByRole('button', { name: `Draw ${name}` })).toBeVisible();
});

test('refuses to delete an element that holes draw, and deletes one drawn nowhere', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/admin/elements');
  const green = page.getByTestId('element-row').filter({ has: page.getByRole('button', { name: 'Delete Green', exact: true }) });
  await expect(green).toContainText(/Drawn on \d+ holes?/);
  await green.getByRole('button', { name: 'Delete Green', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Green?' });
  await expect(confirm).toContainText('so it cannot be deleted');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search elements' }).fill('reed bed');
  // The list filters after the typing: the row's label is read once it shows the one match (read
  // at once, it was the unfiltered list's first row, which then left the page under the click).
  await expect(page.getByTestId('element-row')).toHaveCount(1);
  const row = page.getByTestId('element-row').first();
  const label = (await row.locator('p').first().textContent())!.trim();
  await row.getByRole('button', { name: `Delete ${label}` }).click();
  await page.getByRole('dialog', { name: `Delete ${label}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`${label} was deleted`, { timeout: 30_000 });
  await expect(page.getByTestId('element-row')).toHaveCount(0);
});
