import { apiToken, DEMO, expect, openAs, snack, test } from './support';
import { focusStop, tabTo } from './keyboard';
import { answerTiles, DEMO_CLUB, LOADING, settle, withDemoScreens } from './screens';

// Without a mouse: the paths of issue 13, by keyboard only: sign in, switch club, open a course,
// save a pin setup, and the hole editor's tools, layers, typed features and save. Every screen of
// the route table is walked with Tab (`expectWalkable`, e2e/keyboard.ts) in e2e/route-table.ts (a11y-routes-en/da.spec.ts),
// in the same visit as its accessibility and Content-Security-Policy checks.

test.describe.configure({ timeout: 180_000 });

const params = withDemoScreens('keyboard.jpg');

test('signs in with the keyboard only', async ({ page }) => {
  await page.goto('/signin');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO.staff.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO.staff.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\d+\/home$/, LOADING);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('switches club with the keyboard only', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${DEMO_CLUB}/home`);
  await settle(page);
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Fjordvang Golfklub' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${DEMO_CLUB}/clubs`);
  await tabTo(page, page.getByRole('button', { name: /^Ljungbacka Golfklubb/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/^[^?]*\/2\/home$/, LOADING);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ljungbacka Golfklubb' })).toBeVisible();
});

test('opens a course from the side menu with the keyboard only', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${DEMO_CLUB}/home`);
  await settle(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const group = menu.getByRole('button', { name: 'Courses', exact: true });
  await tabTo(page, group);
  if ((await group.getAttribute('aria-expanded')) === 'false') await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, menu.getByRole('link', { name: 'Fjordvang Links', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${DEMO_CLUB}/courses/${params.courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Course name')).toHaveValue('Fjordvang Links', LOADING);
});

test('creates and saves a pin setup with the keyboard only', async ({ page, request }) => {
  const name = `Keyboard ${Date.now()}`;
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  try {
    await openAs(page, DEMO.admin, `/${DEMO_CLUB}/courses/${params.courseId}`);
    await settle(page);
    await tabTo(page, page.getByRole('link', { name: 'Pin positions' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/courses/${params.courseId}/pin-positions`));
    await settle(page);

    await tabTo(page, page.getByRole('button', { name: 'New pin setup' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New pin setup' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    await tabTo(page, page.getByRole('textbox', { name: 'In of hole 1', exact: true }));
    await page.keyboard.type('12');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Side of hole 1', exact: true })).toBeFocused();
    await page.keyboard.type('-3');
    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    // The save's own confirmation: the setup's 'created' may still be showing (CI, 2026-11-29: the
    // positions were read while the button still said 'Saving…').
    await expect(snack(page, 'confirmation')).toContainText('Pin position saved');

    const setups = (await (await request.get(`/api/clubs/${DEMO_CLUB}/pin-setups?course_id=${params.courseId}`, { headers })).json()) as { id: number; name: string }[];
    const setup = setups.find((s) => s.name === name);
    expect(setup, 'the new pin setup').toBeDefined();
    const positions = (await (await request.get(`/api/clubs/${DEMO_CLUB}/pin-setups/${setup!.id}`, { headers })).json()) as { holeId: number; outMeters: number; sideMeters: number }[];
    expect(positions.map((p) => [p.outMeters, p.sideMeters])).toEqual([[12, -3]]);
  } finally {
    const setups = (await (await request.get(`/api/clubs/${DEMO_CLUB}/pin-setups?course_id=${params.courseId}`, { headers })).json()) as { id: number; name: string }[];
    for (const s of setups.filter((x) => x.name === name)) await request.delete(`/api/clubs/${DEMO_CLUB}/pin-setups/${s.id}`, { headers });
  }
});

test('hole editor without a mouse: a bunker typed in, a point moved with the arrows, layers, tools, zoom and save', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  const created = await request.post(`/api/clubs/${DEMO_CLUB}/courses`, {
    headers,
    data: { name: `Keyboard e2e ${Date.now()}`, tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ par: 4 }] },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: number; holes: { id: number }[] };
  const hole = course.holes[0];
  try {
    await answerTiles(page);
    await openAs(page, DEMO.admin, `/${DEMO_CLUB}/courses/${course.id}/holes/${hole.id}/edit`);
    await page.waitForFunction(() => typeof (window as unknown as { __editorReady?: number }).__editorReady === 'number');

    // A tool from the toolbar: Tab reaches the chosen one, the arrow keys the others.
    await tabTo(page, page.getByRole('button', { name: 'Select', exact: true }));
    await page.keyboard.press('ArrowRight');
    const reshape = page.getByRole('button', { name: 'Reshape (drag vertices)' });
    await expect(reshape).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reshape).toHaveAttribute('aria-pressed', 'true');

    // The map: + zooms in while it has the focus.
    const map = page.getByRole('application', { name: 'Hole map' });
    await tabTo(page, map);
    const scale = page.locator('.ol-scale-line-inner');
    const before = await scale.textContent();
    await page.keyboard.press('+');
    await expect(scale).not.toHaveText(before ?? '');

    // A bunker from typed coordinates (the draw button, then the form right below it).
    const draw = page.getByRole('button', { name: 'Draw Bunker Area', exact: true });
    await tabTo(page, draw);
    await page.keyboard.press('Enter');
    await expect(draw).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Latitude, longitude (one point a line)' })).toBeFocused();
    await page.keyboard.type('55.71010, 9.53010\n55.71020, 9.53030\n55.71000, 9.53040');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add Bunker' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="layer-row"][data-element="bunker"] [data-testid="layer-count"]')).toHaveText('1');
    await expect(page.getByTestId('feature-row').getByRole('button', { name: /^Bunker 1/ })).toHaveAttribute('aria-pressed', 'true');

    // Its second point moved 3 m north with the arrow keys, one press undone.
    const editor = page.getByTestId('vertex-editor');
    await tabTo(page, editor.getByRole('button', { name: 'Next point' }));
    await page.keyboard.press('Enter');
    await expect(editor.getByTestId('vertex-number')).toHaveText('Point 2 of 3');
    await tabTo(page, editor.getByRole('button', { name: 'Move point 2' }));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    const latitude = editor.getByRole('textbox', { name: 'Latitude' });
    await expect.poll(async () => Number(await latitude.inputValue())).toBeCloseTo(55.7102 + 3 / 111_200, 6);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Number(await latitude.inputValue())).toBeCloseTo(55.7102 + 2 / 111_200, 6);

    // Its first point typed.
    await tabTo(page, editor.getByRole('button', { name: 'Previous point' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(editor.getByTestId('vertex-number')).toHaveText('Point 1 of 3');
    await tabTo(page, latitude);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('55.7099');
    await page.keyboard.press('Enter');
    await expect(editor.getByTestId('vertex-position')).toContainText('55.7099000, 9.5301000');

    // The layer hidden and shown again with Space.
    const shown = page.getByRole('checkbox', { name: 'Show Bunker' });
    await tabTo(page, shown, { back: true });
    await page.keyboard.press('Space');
    await expect(shown).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(shown).toBeChecked();

    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await expect(snack(page, 'confirmation')).toContainText('Saved!');
    const drawing = (await (await request.get(`/api/clubs/${DEMO_CLUB}/holes/${hole.id}/drawing/1`, { headers })).json()) as { drawing: { features: { geometry: { coordinates: number[][][] } }[] } };
    const ring = drawing.drawing.features[0].geometry.coordinates[0];
    expect(ring).toHaveLength(4);
    expect(ring[0]).toEqual([9.5301, 55.7099]);
    expect(ring[1][1]).toBeCloseTo(55.7102 + 2 / 111_200, 6);
  } finally {
    await request.delete(`/api/clubs/${DEMO_CLUB}/courses/${course.id}`, { headers });
  }
});

test('the focus ring shows on the green top bar as well as on white', async ({ page }) => {
  await openAs(page, DEMO.admin, `/${DEMO_CLUB}/home`);
  await settle(page);
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Golf Console home' }));
  const stop = await focusStop(page);
  expect(stop?.indicated).toBe(true);
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
  expect(ring, 'a white ring around the green outline').toContain('rgb(255, 255, 255)');
});
