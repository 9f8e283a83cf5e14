import type { APIRequestContext } from '@playwright/test';
import { apiToken, apiUpdateProfile, DEMO, expect, menuLink, openAs, snack, test } from './support';

// Courses of the Danish demo club (id 1) as its region owner, who may create courses there.
// The owner's interface language is Danish in the demo: the tests switch it to English and back.

const CLUB = 1;

async function ownerApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  return {
    get: async <T>(path: string) => (await (await request.get(`/api/clubs/${CLUB}/${path}`, { headers })).json()) as T,
    delete: (path: string) => request.delete(`/api/clubs/${CLUB}/${path}`, { headers }),
  };
}

test.beforeEach(async ({ request }) => {
  await apiUpdateProfile(request, DEMO.owner, { language: 'en' });
});
test.afterEach(async ({ request }) => {
  await apiUpdateProfile(request, DEMO.owner, { language: 'da' });
});

const HOLES = [
  { par: '4', handicap: '5', yellow: '352', red: '301' },
  { par: '3', handicap: '9', yellow: '148', red: '120' },
  { par: '5', handicap: '1', yellow: '471', red: '402' },
  { par: '4', handicap: '3', yellow: '366', red: '318' },
  { par: '4', handicap: '7', yellow: '330', red: '284' },
  { par: '3', handicap: '8', yellow: '171', red: '139' },
  { par: '5', handicap: '2', yellow: '455', red: '390' },
  { par: '4', handicap: '4', yellow: '349', red: '297' },
  { par: '4', handicap: '6', yellow: '338', red: '290' },
];

test('the owner creates a course with two tees and 9 holes; it is in the menu and still there after a reload', async ({ page, request }) => {
  const api = await ownerApi(request);
  const name = `Lakeside ${Date.now()}`;
  try {
    await openAs(page, DEMO.owner, `/${CLUB}/courses/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import from a file' })).toHaveAttribute('href', `/${CLUB}/courses/import`);
    await page.getByLabel('Course name').fill(name);
    await page.getByRole('button', { name: '9 holes' }).click();
    await expect(page.getByLabel('Par of hole 9')).toBeVisible();
    await expect(page.getByLabel('Par of hole 10')).toHaveCount(0);

    for (const [tee, colour, hex] of [
      ['Yellow', 'Yellow', '#fbc02d'],
      ['Red', 'Red', '#d32f2f'],
    ]) {
      await page.getByRole('button', { name: 'Add tee' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a tee' });
      await dialog.getByLabel('Tee name').fill(tee);
      await dialog.getByRole('button', { name: colour, exact: true }).click();
      await expect(dialog.getByLabel('Colour', { exact: true })).toHaveValue(hex);
      await dialog.getByRole('button', { name: 'Add tee' }).click();
      await expect(dialog).toBeHidden();
    }

    for (const [i, hole] of HOLES.entries()) {
      const n = i + 1;
      await page.getByLabel(`Par of hole ${n}`, { exact: true }).fill(hole.par);
      await page.getByLabel(`Handicap of hole ${n}`, { exact: true }).fill(hole.handicap);
      await page.getByLabel(`Distance of hole ${n} from Yellow`).fill(hole.yellow);
      await page.getByLabel(`Distance of hole ${n} from Red`).fill(hole.red);
    }
    await page.getByRole('button', { name: 'Create course' }).click();

    await expect(page).toHaveURL(new RegExp(`/${CLUB}/courses/\\d+$`));
    await expect(snack(page, 'confirmation')).toContainText(`Course ${name} created`);
    await expect(await menuLink(page, name, { group: 'Courses' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Course name')).toHaveValue(name);
    for (const [i, hole] of HOLES.entries()) {
      const n = i + 1;
      await expect(page.getByLabel(`Par of hole ${n}`, { exact: true })).toHaveValue(hole.par);
      await expect(page.getByLabel(`Handicap of hole ${n}`, { exact: true })).toHaveValue(hole.handicap);
      await expect(page.getByLabel(`Distance of hole ${n} from Yellow`)).toHaveValue(hole.yellow);
      await expect(page.getByLabel(`Distance of hole ${n} from Red`)).toHaveValue(hole.red);
    }
    await expect(page.getByRole('row', { name: /^Yellow/ })).toContainText('2,980 m');

    // Remove hole 2 (stroke index 9, so the other eight keep valid handicaps 1 to 8), save, reload: 8 holes.
    await page.getByRole('button', { name: 'Remove hole 2', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove hole 2?' });
    await expect(confirm).toContainText('drawing, its distances and its pin positions are deleted');
    await confirm.getByRole('button', { name: 'Remove hole' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByLabel('Par of hole 9', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Course saved');
    await page.reload();
    const remaining = HOLES.filter((_, i) => i !== 1);
    await expect(page.getByText('8 holes (at most 27)')).toBeVisible();
    await expect(page.getByLabel('Par of hole 9', { exact: true })).toHaveCount(0);
    for (const [i, hole] of remaining.entries()) {
      const n = i + 1;
      await expect(page.getByLabel(`Par of hole ${n}`, { exact: true })).toHaveValue(hole.par);
      await expect(page.getByLabel(`Handicap of hole ${n}`, { exact: true })).toHaveValue(hole.handicap);
      await expect(page.getByLabel(`Distance of hole ${n} from Yellow`)).toHaveValue(hole.yellow);
    }
    await expect(page.getByRole('row', { name: /^Yellow/ })).toContainText('2,832 m');
  } finally {
    const courses = await api.get<{ id: number; name: string }[]>('courses');
    for (const course of courses.filter((c) => c.name === name)) await api.delete(`courses/${course.id}`);
  }
});

test('pin positions with a negative side value survive a reload and show on the print view', async ({ page, request }) => {
  const api = await ownerApi(request);
  const [course] = await api.get<{ id: number; name: string }[]>('courses');
  const setupName = `Tuesday ${Date.now()}`;
  try {
    await openAs(page, DEMO.owner, `/${CLUB}/courses/${course.id}/pin-positions`);
    await page.getByRole('button', { name: 'New pin setup' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pin setup' });
    await dialog.getByLabel('Name').fill(setupName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(snack(page, 'confirmation')).toContainText(`Pin setup ${setupName} created`);
    await expect(page.getByRole('heading', { name: setupName })).toBeVisible();
    await expect(page.getByText('right is positive, left is negative')).toBeVisible();

    await page.getByLabel('In of hole 1', { exact: true }).fill('14');
    await page.getByLabel('Side of hole 1', { exact: true }).fill('-4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snack(page, 'confirmation')).toContainText('Pin position saved');

    await page.reload();
    await expect(page.getByRole('heading', { name: setupName })).toBeVisible();
    await expect(page.getByLabel('In of hole 1', { exact: true })).toHaveValue('14');
    await expect(page.getByLabel('Side of hole 1', { exact: true })).toHaveValue('-4');

    await page.getByRole('link', { name: 'Print' }).click();
    await expect(page).toHaveURL(/\/pin-positions\/\d+\/\d+\/print$/);
    await expect(page.getByRole('heading', { name: `${course.name} · ${setupName}` })).toBeVisible();
    await expect(page.getByText('In 14 m · side -4 m (left)')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Green of hole 1 with the pin' })).toBeVisible();
    await page.getByRole('button', { name: 'A4' }).click();
    await expect(page.getByRole('button', { name: 'A4' })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    const setups = await api.get<{ id: number; name: string }[]>(`pin-setups?course_id=${course.id}`);
    for (const setup of setups.filter((s) => s.name === setupName)) await api.delete(`pin-setups/${setup.id}`);
  }
});

test('the course map of the demo course lists its 18 drawn holes and opens a hole’s drawing', async ({ page, request }) => {
  const api = await ownerApi(request);
  const course = (await api.get<{ id: number; name: string }[]>('courses')).find((c) => c.name === 'Fjordvang Links');
  expect(course).toBeDefined();
  await openAs(page, DEMO.owner, `/${CLUB}/courses/${course!.id}`);
  await page.getByRole('button', { name: 'Show the course map' }).click();
  const list = page.getByRole('list', { name: 'Holes of the course' });
  await expect(list.getByTestId('course-map-hole')).toHaveCount(18);
  await expect(list.getByTestId('course-map-undrawn')).toHaveCount(0);
  await expect(page.getByTestId('course-map').locator('canvas').first()).toBeVisible();
  await list.getByRole('link', { name: /^Hole 7\b/ }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course!.id}/holes/\\d+/edit$`));
});
