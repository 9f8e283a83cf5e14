import { apiToken, DEMO, expect, menuLink, openAs, test } from './support';

/**
 * The admin job list (/admin/events/jobs) against the real server: the queue runs in the server
 * process on the embedded database, and the platform's own maintenance job (removing expired
 * member-import uploads) is queued when the queue starts, so there is a real job to show.
 */
test('an admin opens Jobs from the menu and sees the platform’s job with its state, progress and times', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/home');
  const link = await menuLink(page, 'Jobs', { group: 'Administration' });
  await expect(link).toHaveAttribute('href', '/1/admin/events/jobs');
  await link.click();
  await expect(page).toHaveURL(/\/1\/admin\/events\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

  const sweep = page.getByTestId('job-row').filter({ hasText: 'Remove expired member uploads' }).first();
  await expect(sweep).toBeVisible();
  // Done by now (the list polls while a job is queued or running).
  await expect(sweep.getByText('Done', { exact: true })).toBeVisible();
  await expect(sweep.getByText('Platform', { exact: true })).toBeVisible();
  await expect(sweep.getByText(/^Removed \d+ expired uploads?$/)).toBeVisible();
  await expect(sweep.getByRole('progressbar', { name: 'Progress of Remove expired member uploads' })).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/jobs-list.png`, fullPage: true });

  // The same job through the API, as the screen shows it: as many as the screen lists (the API's
  // default of 50 no longer reaches it once a worker's server has run the periodic sweeps for an
  // hour: CI 2026-11-27 21:15).
  const token = await apiToken(page.request, DEMO.admin);
  const jobs = (await (await page.request.get('/api/events/jobs?limit=200', { headers: { Authorization: `Bearer ${token}` } })).json()) as { kind: string; state: string }[];
  expect(jobs.find((j) => j.kind === 'uploads.sweep')?.state).toBe('completed');
});

test('the club filter lists one club’s jobs, or says there are none', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/admin/events/jobs');
  await expect(page.getByTestId('job-row').first()).toBeVisible();
  await page.getByLabel('Club').click();
  await page.getByRole('option', { name: 'Ljungbacka Golfklubb' }).click();
  const rows = page.getByTestId('job-row');
  const empty = page.getByText('No jobs for Ljungbacka Golfklubb yet.');
  await expect(rows.first().or(empty)).toBeVisible();
  // The platform's own job belongs to no club: it is not among a club's jobs.
  await expect(page.getByText('Remove expired member uploads')).toHaveCount(0);
  for (const row of await rows.all()) await expect(row.getByText('Ljungbacka Golfklubb', { exact: true })).toBeVisible();

  // The first choice's list has closed before the select is opened again (else 'Club' names both).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Club' }).click();
  await page.getByRole('option', { name: 'All clubs' }).click();
  await expect(page.getByTestId('job-row').filter({ hasText: 'Remove expired member uploads' }).first()).toBeVisible();
});

test('the job list is for admins only', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/home');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  const token = await apiToken(page.request, DEMO.staff);
  expect((await page.request.get('/api/events/jobs', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);
});
