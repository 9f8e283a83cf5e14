import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { expectWalkable } from './keyboard';
import { apiToken, DEMO, expect, openAs, snack, test } from './support';

// Pin rotation (issue 25) on the Danish demo club's course, whose demo has three weeks of pins
// played by the rotation rules. The admin reads English.

const CLUB = 1;
/** The worker's server writes its demo season right after it starts: the first screen may wait for it. */
const FIRST_LOAD = { timeout: 60_000 };

test.describe.configure({ timeout: 180_000 });

async function adminApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  return {
    get: async <T>(path: string) => {
      const response = await request.get(`/api/clubs/${CLUB}/${path}`, { headers });
      expect(response.status(), `GET ${path}`).toBe(200);
      return (await response.json()) as T;
    },
    delete: (path: string) => request.delete(`/api/clubs/${CLUB}/${path}`, { headers }),
  };
}

/** The calendar date `days` from today on this machine (the browser's clock too), YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A date as the screen writes it in English. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function demoCourse(api: Awaited<ReturnType<typeof adminApi>>) {
  const course = (await api.get<{ id: number; name: string }[]>('courses')).find((c) => c.name === 'Fjordvang Links');
  expect(course, 'the demo course').toBeTruthy();
  return course!;
}

test('a suggested pin setup is checked, saved as played and printed: the pin sheet shows its positions', async ({ page, request }) => {
  const api = await adminApi(request);
  const course = await demoCourse(api);
  const name = `Rotation ${Date.now()}`;
  const tomorrow = dayFromToday(1);
  try {
    // The pin positions screen links to the rotation.
    await openAs(page, DEMO.admin, `/${CLUB}/courses/${course.id}/pin-positions`);
    await page.getByRole('link', { name: 'Pin rotation' }).click(FIRST_LOAD);
    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/pin-rotation$`));
    await expect(page.getByRole('heading', { name: 'Pin rotation', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next pin setup' })).toBeVisible(FIRST_LOAD);

    // Every green with the spots of the demo's played days, yesterday's the newest.
    const greens = page.getByRole('list', { name: 'Greens' });
    await expect(greens.getByRole('listitem')).toHaveCount(18);
    await expect(page.getByRole('img', { name: /^Green of hole 1\. \d+ spots played in the last 14 days$/ })).toBeVisible();
    await expect(greens.getByText('Last used yesterday', { exact: false }).first()).toBeVisible();

    await expect(page.getByLabel('Date of the setup')).toHaveValue(tomorrow);
    await page.getByRole('button', { name: 'Suggest pins' }).click();
    await expect(snack(page, 'confirmation')).toContainText('Pins suggested for 18 greens');
    const table = page.getByRole('table', { name: `Pins for ${shown(tomorrow)}` });
    await expect(table.getByText('Keeps the rules')).toHaveCount(18);

    await test.step('the suggestion by keyboard, with axe, wide and at 390 px', async () => {
      await expectWalkable(page);
      await expectAccessible(page, 'suggestion wide');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page, 'suggestion narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal overflow at 390 px').toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    // The check follows an edit: at the T-point the pin is off the green; back to the suggestion it keeps the rules.
    const inOfHole1 = page.getByLabel('In of hole 1', { exact: true });
    const suggestedIn = await inOfHole1.inputValue();
    const suggestedSide = await page.getByLabel('Side of hole 1', { exact: true }).inputValue();
    const row1 = table.getByRole('row').filter({ has: inOfHole1 });
    await inOfHole1.fill('0');
    await expect(row1.getByText(/Outside the green|Too near the edge/)).toBeVisible();
    await expect(page.getByText(/1 pin breaks the rules/)).toBeVisible();
    await inOfHole1.fill(suggestedIn);
    await expect(row1.getByText('Keeps the rules')).toBeVisible();

    await expect(page.getByLabel('Name of the pin setup')).toHaveValue(`Pins ${shown(tomorrow)}`);
    await page.getByLabel('Name of the pin setup').fill(name);
    await page.getByRole('checkbox', { name: `Record as played on ${shown(tomorrow)}` }).check();
    await page.getByRole('button', { name: 'Save as pin setup' }).click();
    await expect(snack(page, 'confirmation')).toContainText(`Pin setup ${name} saved and recorded as played on ${shown(tomorrow)}`);

    // The day is in the played days with the new setup.
    const days = page.getByRole('table', { name: 'Played days' });
    await expect(days.getByRole('row').filter({ hasText: shown(tomorrow) })).toContainText(name);

    // It is a normal pin setup: the pin positions screen shows it with the suggested values.
    await expect(page.getByRole('link', { name: 'Open in pin positions' })).toBeVisible();
    await page.getByRole('link', { name: 'Print the pin sheet' }).click();
    await expect(page).toHaveURL(/\/pin-positions\/\d+\/\d+\/print$/);
    await expect(page.getByRole('heading', { name: `${course.name} · ${name}` })).toBeVisible();
    const side = Number(suggestedSide);
    const where = side === 0 ? 'centre' : side > 0 ? 'right' : 'left';
    await expect(page.getByText(`In ${suggestedIn} m · side ${side > 0 ? `+${side}` : side} m (${where})`).first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Green of hole 1 with the pin' })).toBeVisible();
    await expect(page.getByText('No pin position')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to pin positions' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByLabel('In of hole 1', { exact: true })).toHaveValue(suggestedIn);
    await expect(page.getByLabel('Side of hole 1', { exact: true })).toHaveValue(suggestedSide);
  } finally {
    await api.delete(`courses/${course.id}/pin-rotation/days/${tomorrow}`);
    const setups = await api.get<{ id: number; name: string }[]>(`pin-setups?course_id=${course.id}`);
    for (const setup of setups.filter((s) => s.name === name)) await api.delete(`pin-setups/${setup.id}`);
  }
});

test('a played day is recorded with a setup of the course, then removed after a confirmation', async ({ page, request }) => {
  const api = await adminApi(request);
  const course = await demoCourse(api);
  // Before the demo's three weeks, inside the 60 days the screen lists.
  const date = dayFromToday(-40);
  try {
    await openAs(page, DEMO.admin, `/${CLUB}/courses/${course.id}/pin-rotation`);
    await expect(page.getByRole('heading', { name: 'Played days' })).toBeVisible(FIRST_LOAD);
    const days = page.getByRole('table', { name: 'Played days' });
    await expect(days.getByRole('row').nth(1)).toBeVisible();
    await expect(days.getByRole('row').filter({ hasText: shown(date) })).toHaveCount(0);

    await page.getByLabel('Played on').fill(date);
    await page.getByRole('combobox', { name: 'Pin setup' }).click();
    const option = page.getByRole('option').first();
    const setupName = (await option.textContent())!.trim();
    await option.click();
    await page.getByRole('button', { name: 'Record as played' }).click();
    await expect(snack(page, 'confirmation')).toContainText(`${setupName} recorded as played on ${shown(date)}`);
    const row = days.getByRole('row').filter({ hasText: shown(date) });
    await expect(row).toContainText(setupName);

    await row.getByRole('button', { name: `Remove ${shown(date)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${shown(date)}?` });
    await expect(dialog).toContainText('no longer count in the rotation');
    await dialog.getByRole('button', { name: 'Remove day' }).click();
    await expect(snack(page, 'confirmation')).toContainText(`${shown(date)} removed`);
    await expect(row).toHaveCount(0);
  } finally {
    await api.delete(`courses/${course.id}/pin-rotation/days/${date}`);
  }
});
