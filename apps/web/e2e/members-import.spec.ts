import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, menuLink, openAs, outbox, snack, test } from './support';
import { settle } from './screens';

/** Written by LibreOffice: 10 members, row 5 with a bad union number, row 7 with a bad email. */
const XLSX = join(import.meta.dirname, '../../server/src/modules/members/fixtures/members-libreoffice.xlsx');

test.describe.configure({ mode: 'serial' });

function memberRow(page: Page, name: string) {
  return page.getByTestId('member-row').filter({ has: page.getByText(name, { exact: true }) });
}

test('the members import is in the Club group of the menu with its help link', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/home');
  // The menu as it ends up once the page has loaded (CI, 2026-11-29: a click while it was still
  // changing landed beside the link and the page stayed on Home).
  await settle(page);
  const link = await menuLink(page, 'Members import', { group: 'Club' });
  await expect(link).toHaveAttribute('href', '/1/club/import');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members import' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Help: Members import' })).toHaveAttribute('href', /users-and-roles/);
  // Only the entry of this screen is marked as current, not Club information above it.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).locator('.Mui-selected')).toHaveCount(1);
});

test('imports an XLSX file with two bad rows: columns, review, consent, upload, result', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club/import');
  await page.getByRole('tab', { name: 'Import file' }).click();
  await expect(page).toHaveURL(/view=import/);
  await page.getByLabel('Members file').setInputFiles(XLSX);

  // Columns: the mapping is suggested from the Danish headers.
  await expect(page.getByText('members-libreoffice.xlsx has 10 rows.')).toBeVisible();
  await expect(page.getByLabel('Union ID *')).toHaveValue('0');
  await expect(page.getByLabel('Email *')).toHaveValue('3');
  await expect(page.getByLabel('First name')).toHaveValue('1');
  await expect(page.getByRole('checkbox', { name: 'Medlemstype' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  // Review: the two bad rows are highlighted with the messages of §5 ('Invalid Union ID format (e.g. 1234-5678)', 'Invalid email format').
  await expect(page.getByText('2 rows have errors and will not be imported.')).toBeVisible();
  const invalid = page.locator('[data-testid="review-row"][data-invalid]');
  await expect(invalid).toHaveCount(2);
  await expect(invalid.nth(0)).toContainText('Invalid Union ID format (e.g. 1234-5678)');
  await expect(invalid.nth(1)).toContainText('Invalid email format (e.g. kirsten.kjaer(at)example.dk)');
  await expect(page.getByTestId('import-issues')).toContainText('Row 5:');
  await page.getByRole('button', { name: 'Next' }).click();

  // Consent: required before the upload.
  const upload = page.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have consent to upload this data' }).check();
  await expect(upload).toBeEnabled();
  await upload.click();

  await expect(page.getByText('Import finished')).toBeVisible();
  await expect(page.getByText('8 new, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'user(s) could not be imported' })).toHaveText('2 user(s) could not be imported');

  await page.getByRole('button', { name: 'Show members' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(8);
  await expect(memberRow(page, 'Søren Ærø')).toContainText('1001-0001');
  await expect(page.getByRole('button', { name: 'All (8)' })).toBeVisible();
});

test('the member list filters by all, members, invited and banned', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club/import');
  await expect(page.getByTestId('member-row')).toHaveCount(8);
  await page.getByRole('button', { name: 'Invited (0)' }).click();
  await expect(page.getByText('Nobody has been invited yet')).toBeVisible();
  await page.getByRole('button', { name: 'All (8)' }).click();

  await memberRow(page, 'Mads Møller').getByRole('button', { name: 'Ban Mads Møller' }).click();
  await expect(snack(page, 'confirmation')).toContainText('Mads Møller is banned');
  await page.getByRole('button', { name: 'Banned (1)' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(memberRow(page, 'Mads Møller')).toContainText('Banned');
  await page.getByRole('button', { name: 'Members (0)' }).click();
  await expect(page.getByText('No imported member has joined yet')).toBeVisible();

  await page.getByRole('button', { name: 'All (8)' }).click();
  await page.getByLabel('Search name, email or union ID').fill('præst');
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(memberRow(page, 'Pia Præst')).toBeVisible();
});

test('sends invitations once per 24 hours and flags the members mailed', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club/import');
  await expect(page.getByTestId('member-row')).toHaveCount(8);
  await page.getByRole('checkbox', { name: 'Select Søren Ærø' }).check();
  await page.getByRole('checkbox', { name: 'Select Åse Østergård' }).check();
  await page.getByRole('checkbox', { name: 'Select Mads Møller' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send invitation mail' });
  await expect(dialog).toContainText('2 members will get an invitation mail');
  // Mads is banned: he is not mailed.
  await expect(dialog).toContainText('1 selected member is skipped');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(snack(page, 'confirmation')).toContainText('Invitation sent to 2 members');

  await expect(memberRow(page, 'Søren Ærø').getByTestId('recently-mailed')).toHaveText('Mailed in the last 24 hours');
  await expect(memberRow(page, 'Åse Østergård').getByTestId('recently-mailed')).toBeVisible();
  await expect(memberRow(page, 'Jens Jensen').getByTestId('recently-mailed')).toHaveCount(0);
  await expect(memberRow(page, 'Søren Ærø')).toContainText('Invited');
  const mailed = outbox().filter((m) => m.subject === 'Fjordvang Golfklub inviterer dig til at blive medlem af klubben').map((m) => m.to);
  expect(mailed).toEqual(expect.arrayContaining(['soren.aero@example.dk', 'aase@example.dk']));
  expect(mailed).not.toContain('mads.moller@example.dk');

  // Within 24 hours nobody is mailed again.
  await page.getByRole('checkbox', { name: 'Select Søren Ærø' }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toContainText('None of the selected members can be invited now.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(snack(page, 'warning')).toContainText('No mails were sent');
  expect(outbox().filter((m) => m.to === 'soren.aero@example.dk')).toHaveLength(1);

  await page.getByRole('button', { name: 'Invited (2)' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
});

test('removes members after confirming that it cannot be undone', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club/import');
  await expect(page.getByTestId('member-row')).toHaveCount(8);
  await page.getByRole('checkbox', { name: 'Select Rasmus Rønne' }).check();
  await page.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove 1 member?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(snack(page, 'confirmation')).toContainText('1 member was removed');
  await expect(page.getByTestId('member-row')).toHaveCount(7);
  await expect(memberRow(page, 'Rasmus Rønne')).toHaveCount(0);
});

test('a file that cannot be read gets a clear message', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/club/import?view=import');
  await page.getByLabel('Members file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(page.getByText('The file could not be used')).toBeVisible();
  await expect(page.getByText('The file is empty: it has no rows.')).toBeVisible();
});

test('staff without user management cannot open the members import', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/club/import');
  await expect(page.getByText('You do not have access to this page in this club.')).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(0);
});
