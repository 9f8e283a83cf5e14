import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, openAs, test } from './support';

// Products as the platform admin (English) in the Danish demo club (id 1): a guide is created,
// given ratings and distance markers, reloaded, copied and deleted. Screenshots of the screens go
// to E2E_SHOTS_DIR when it is set (wide, narrow at 390 px, and in Danish as the region owner).

const CLUB = 1;
const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test('creates a guide, sets ratings and distance markers, sees them after a reload, copies and deletes it', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${CLUB}/products`);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText('Fjordvang Links – Yardage book')).toBeVisible();
  await shot(page, 'products-list');

  // Create: title and course, then the new guide's page.
  await page.getByRole('button', { name: 'New guide' }).click();
  const create = page.getByRole('dialog', { name: 'New course guide' });
  await create.getByLabel('Title').fill('E2E pocket book');
  await create.getByRole('checkbox', { name: 'Fjordvang Links' }).check();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/${CLUB}/products/\\d+$`));
  await expect(page.getByTestId('guide-title')).toHaveText('E2E pocket book');
  await expect(page.getByTestId('guide-products')).toContainText('PDF guide');
  await shot(page, 'guide-overview');
  const guideUrl = page.url();

  // Ratings: typed for Gul, men; picked from Dansk Golf Union's list for Rød, women.
  await page.getByRole('tab', { name: 'Ratings' }).click();
  await expect(page).toHaveURL(/\/setup-ratings$/);
  await page.getByLabel('Course rating of Gul – Men').fill('71.2');
  await page.getByLabel('Slope of Gul – Men').fill('128');
  await page.getByLabel('Pick the rating of Rød – Women from the list').selectOption({ label: 'Fjordvang Links · Rød: 71.8 / 125' });
  await expect(page.getByLabel('Course rating of Rød – Women')).toHaveValue('71.8');
  // A slope out of range is refused at the field.
  await page.getByLabel('Slope of Hvid – Men').fill('300');
  await page.getByLabel('Course rating of Hvid – Men').fill('72.4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A whole number from 55 to 155')).toBeVisible();
  await page.getByLabel('Slope of Hvid – Men').fill('131');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await shot(page, 'guide-ratings');

  // Distance markers: the standard set, one more on hole 1, and a refused one beyond the hole.
  await page.getByRole('tab', { name: 'Distance markers' }).click();
  await page.getByRole('button', { name: '100, 150 and 200 m on every par 4 and 5' }).click();
  const hole1 = page.getByTestId('markers-hole-1');
  await hole1.getByLabel('New markers on hole 1').fill('2000');
  await hole1.getByLabel('New markers on hole 1').press('Enter');
  await expect(hole1.getByText('At most 600 m from the green')).toBeVisible();
  await hole1.getByLabel('New markers on hole 1').fill('250');
  await hole1.getByLabel('New markers on hole 1').press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Markers of \d+ holes saved/)).toBeVisible();
  await shot(page, 'guide-markers');

  // After a reload the ratings and markers are there.
  await page.goto(guideUrl + '/setup-ratings');
  await expect(page.getByLabel('Course rating of Gul – Men')).toHaveValue('71.2');
  await expect(page.getByLabel('Slope of Gul – Men')).toHaveValue('128');
  await expect(page.getByLabel('Slope of Rød – Women')).toHaveValue('125');
  await page.goto(guideUrl + '/setup-distance-markers');
  const markers = page.getByTestId('markers-hole-1');
  const holePar = await markers.getByText(/^Par \d$/).textContent();
  if (holePar !== 'Par 3') await expect(markers.getByRole('button', { name: /^100 m on hole 1/ })).toBeVisible();
  await expect(markers.getByRole('button', { name: /^250 m on hole 1/ })).toBeVisible();

  // Front page: a custom image would disable the texts; the text page saves.
  await page.getByRole('tab', { name: 'Welcome' }).click();
  await page.getByLabel('Heading').fill('Welcome to Fjordvang');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // Copy and delete from the list.
  await page.getByRole('link', { name: 'All guides' }).click();
  await page.getByRole('button', { name: 'Copy E2E pocket book' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy “E2E pocket book”' });
  await copy.getByLabel('Title of the copy').fill('E2E pocket book 2');
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('E2E pocket book 2', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete E2E pocket book 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “E2E pocket book 2”?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('E2E pocket book 2', { exact: true })).toHaveCount(0);
  await expect(page.getByText('E2E pocket book', { exact: true })).toBeVisible();

  // The copy was made with the ratings: the original still shows them.
  await page.getByRole('button', { name: 'Delete E2E pocket book' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('E2E pocket book', { exact: true })).toHaveCount(0);
});

test('shows the products screens on a narrow screen and in Danish', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, DEMO.owner, `/${CLUB}/products`);
  await expect(page.getByRole('heading', { name: 'Produkter', level: 1 })).toBeVisible();
  await shot(page, 'products-list-da-390');
  await page.getByText('Fjordvang Links – Yardage book').click();
  await expect(page.getByTestId('guide-products')).toContainText('PDF-guide');
  await shot(page, 'guide-overview-da-390');
  await page.getByRole('tab', { name: 'Afstandsmarkeringer' }).click();
  await expect(page.getByTestId('markers-hole-1')).toBeVisible();
  await shot(page, 'guide-markers-da-390');
  await page.getByRole('tab', { name: 'Forside' }).click();
  await expect(page.getByText('Egen forside')).toBeVisible();
  await shot(page, 'guide-frontpage-da-390');
});
