import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@golf/contract/api/courses';
import { DEFAULT_PIN_ROTATION, type PinRotation, type PinSuggestion, type RotationGreen, type SaveSuggestionBody } from '@golf/contract/api/greenkeeper';
import type { PinSetup } from '@golf/contract/api/pins';
import { pinPoint, type PinFrame } from '@golf/contract/geo/pins';
import { apiError, fakeApi } from '../../../testing/api';
import { renderRoutes } from '../../../testing/render';
import { PinRotationPage } from './pin-rotation-page';
import { addDays, daysBetween, formatDay, greenSketch, historyOn, isDate, localDate, parseMetres, pinsToSave, rowProblem } from './utils/rotation';
import { parseRuleNumber, ruleValues, settingsOf } from './utils/rules';

/** A T-point near Fjordvang, play towards the north-east. */
const FRAME: PinFrame = { origin: [9.5, 56.5], bearing: 40 };
/** A green 30 m deep and 24 m wide in front of the T-point: in 0…30, side −12…12. */
const GREEN = [[pinPoint(FRAME, 0, -12), pinPoint(FRAME, 0, 12), pinPoint(FRAME, 30, 12), pinPoint(FRAME, 30, -12), pinPoint(FRAME, 0, -12)]];

const TODAY = localDate();
const TOMORROW = addDays(TODAY, 1);
const YESTERDAY = addDays(TODAY, -1);

const hole = (id: number, order: number) => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: true });
const course: Course = { id: 5, club_id: 1, name: 'Old Course', holes: [hole(11, 1), hole(12, 2)], attribution: null, updated_at: '2030-01-01T00:00:00.000Z' };

const green1: RotationGreen = {
  holeId: 11,
  order: 1,
  green: GREEN,
  frame: FRAME,
  history: [{ date: YESTERDAY, daysAgo: 1, outMeters: 15, sideMeters: 0, position: pinPoint(FRAME, 15, 0) }],
};
const green2: RotationGreen = { holeId: 12, order: 2, green: null, frame: null, history: [] };
const rotation: PinRotation = {
  courseId: 5,
  settings: DEFAULT_PIN_ROTATION,
  greens: [green2, green1],
  days: [{ date: YESTERDAY, pinSetupId: 3, pinSetupName: 'Tuesday' }],
};
const setups: PinSetup[] = [
  { id: 3, name: 'Tuesday', courseId: 5, clubId: 1, updatedAt: '2030-01-01T00:00:00.000Z' },
  { id: 4, name: 'Championship', courseId: 5, clubId: 1, updatedAt: '2030-01-01T00:00:00.000Z' },
];
const suggestion: PinSuggestion = {
  date: TOMORROW,
  pins: [{ holeId: 11, outMeters: 22, sideMeters: 6, position: pinPoint(FRAME, 22, 6), zone: 'back-right', edgeDistance: 6, nearestRecent: 9.2 }],
  problems: [{ holeId: 12, code: 'noGreen' }],
};

function rotationApi(answer: PinRotation | Response = rotation) {
  fakeApi.get('clubs/1/courses', [course]);
  fakeApi.get('clubs/1/courses/5/pin-rotation', answer);
  fakeApi.get('clubs/1/pin-setups', ({ query }) => (query.get('course_id') === '5' ? setups : apiError(404, 'unexpected')));
}

const open = () => renderRoutes([{ path: '/:clubId/courses/:courseId/pin-rotation', element: <PinRotationPage /> }], '/1/courses/5/pin-rotation');

describe('pin rotation utils', () => {
  it('counts days between calendar dates and checks dates', () => {
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
    expect(daysBetween('2031-03-30', '2031-04-02')).toBe(3);
    expect(isDate('2031-02-29')).toBe(false);
    expect(isDate('2032-02-29')).toBe(true);
    expect(formatDay('2031-06-03', 'en')).toContain('Jun');
  });

  it('parses whole metres strictly and tells what is wrong with a row', () => {
    expect(parseMetres(' −4 ')).toBe(-4);
    expect(parseMetres('12m')).toBeNull();
    expect(parseMetres('1.5')).toBeNull();
    expect(rowProblem({ in: '', side: '' })).toBeNull();
    expect(rowProblem({ in: '101', side: '0' })?.field).toBe('in');
    expect(rowProblem({ in: '12', side: '' })?.field).toBe('side');
    expect(rowProblem({ in: '12', side: '-101' })?.field).toBe('side');
    expect(pinsToSave([green2, green1], { 11: { in: '12', side: '-3' }, 12: { in: '', side: '' } })).toEqual([{ holeId: 11, outMeters: 12, sideMeters: -3 }]);
  });

  it('counts the history from the planned day: that day and later do not count', () => {
    const spots = [
      { date: TODAY, daysAgo: 0, outMeters: 1, sideMeters: 1, position: null },
      { date: YESTERDAY, daysAgo: 1, outMeters: 2, sideMeters: 2, position: null },
    ];
    expect(historyOn(spots, TOMORROW)).toEqual([
      { daysAgo: 1, outMeters: 1, sideMeters: 1 },
      { daysAgo: 2, outMeters: 2, sideMeters: 2 },
    ]);
    expect(historyOn(spots, TODAY)).toEqual([{ daysAgo: 1, outMeters: 2, sideMeters: 2 }]);
  });

  it('draws a green with the direction of play up and a pin at (side, −in)', () => {
    const sketch = greenSketch(GREEN, FRAME)!;
    // The green's corners land on the frame's metres, whatever the bearing.
    const corners = sketch.rings[0].slice(0, 4).map(([x, y]) => [Math.round(x * 100) / 100 + 0, Math.round(y * 100) / 100 + 0]);
    expect(corners).toEqual([
      [-12, 0],
      [12, 0],
      [12, -30],
      [-12, -30],
    ]);
    expect(sketch.pinAt!(22, 6)).toEqual([6, -22]);
    expect(sketch.project(pinPoint(FRAME, 22, 6)).map((v) => Math.round(v * 100) / 100)).toEqual([6, -22]);
    expect(greenSketch([[[9.5, 56.5]]], null)).toBeNull();
  });

  it('reads the rules with a point or a comma and the contract’s ranges', () => {
    expect(ruleValues(DEFAULT_PIN_ROTATION, ',')).toEqual({ edgeDistance: '4', blockedRadius: '4,5', reuseDays: '8' });
    expect(parseRuleNumber('3,5')).toBe(3.5);
    expect(settingsOf({ edgeDistance: '3,5', blockedRadius: '5', reuseDays: '10' }).settings).toEqual({ edgeDistance: 3.5, blockedRadius: 5, reuseDays: 10 });
    expect(settingsOf({ edgeDistance: '21', blockedRadius: 'x', reuseDays: '1.5' }).errors).toEqual({
      edgeDistance: 'greenkeeper.pins.errors.range',
      blockedRadius: 'greenkeeper.pins.errors.number',
      reuseDays: 'greenkeeper.pins.errors.wholeDays',
    });
  });
});

describe('<PinRotationPage>', { timeout: 30_000 }, () => {
  it('shows every green with its played spots, the played days and the rules with their defaults', async () => {
    rotationApi();
    open();
    const map = await screen.findByRole('img', { name: 'Green of hole 1. 1 spot played in the last 14 days' });
    // The spot of yesterday, labelled by the days since, with its blocked circle for tomorrow (3.9 m: 4.5 × 7/8).
    expect(within(map).getByText('1')).toBeInTheDocument();
    const circles = [...map.querySelectorAll('circle')].map((c) => Number(c.getAttribute('r')));
    expect(circles).toContain(3.9375);
    expect(screen.getByText('Last used yesterday: in 15 m, side 0 m')).toBeInTheDocument();
    expect(screen.getByText('No green drawn')).toBeInTheDocument();
    // Hole 1 before hole 2.
    const holes = within(screen.getByRole('list', { name: 'Greens' })).getAllByRole('listitem');
    expect(holes.map((li) => li.querySelector('p, span')?.textContent)).toEqual(['Hole 1', 'Hole 2']);
    const days = screen.getByRole('table', { name: 'Played days' });
    expect(within(days).getByText('Tuesday')).toBeInTheDocument();
    expect(within(days).getByText(formatDay(YESTERDAY, 'en'))).toBeInTheDocument();
    expect(screen.getByLabelText(/Distance from the edge/)).toHaveValue('4');
    expect(screen.getByText("Metres a pin stays inside the green's edge. Default 4 m")).toBeInTheDocument();
    expect(screen.getByLabelText('Date of the setup')).toHaveValue(TOMORROW);
  });

  it('suggests pins for tomorrow, checks the edited pins live and saves them as a pin setup played that day', async () => {
    rotationApi();
    fakeApi.post('clubs/1/courses/5/pin-rotation/suggestion', suggestion);
    fakeApi.post('clubs/1/courses/5/pin-rotation/setups', ({ body }) => ({ pinSetupId: 77, name: (body as SaveSuggestionBody).name, date: TOMORROW }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest pins' }));
    expect(await screen.findByText('A pin suggested for 1 green')).toBeInTheDocument();
    expect(fakeApi.sent('POST').map((r) => r.body)).toEqual([{ date: TOMORROW }]);
    expect(screen.getByText(/Hole 2: no green drawn/)).toBeInTheDocument();

    const inField = screen.getByLabelText('In of hole 1');
    const sideField = screen.getByLabelText('Side of hole 1');
    expect(inField).toHaveValue('22');
    expect(sideField).toHaveValue('6');
    const row = () => inField.closest('tr')!;
    expect(within(row()).getAllByText('Back right')).not.toHaveLength(0);
    expect(within(row()).getByText('Keeps the rules')).toBeInTheDocument();
    // The planned pin is on the green's map.
    expect(screen.getByRole('img', { name: /Green of hole 1/ }).querySelector('[data-testid="planned-pin"]')).not.toBeNull();

    // On yesterday's spot: blocked. Near the left edge: too near. Beyond the back: outside.
    fireEvent.change(inField, { target: { value: '15' } });
    fireEvent.change(sideField, { target: { value: '1' } });
    expect(within(row()).getByText('Blocked by a recent spot')).toBeInTheDocument();
    expect(within(row()).getAllByText('Middle right')).not.toHaveLength(0);
    expect(screen.getByText('1 pin breaks the rules: you can still save it')).toBeInTheDocument();
    fireEvent.change(sideField, { target: { value: '-10' } });
    expect(within(row()).getByText('Too near the edge')).toBeInTheDocument();
    expect(within(row()).getAllByText('Middle left')).not.toHaveLength(0);
    fireEvent.change(inField, { target: { value: '40' } });
    expect(within(row()).getByText('Outside the green')).toBeInTheDocument();
    fireEvent.change(inField, { target: { value: 'x' } });
    expect(within(row()).getByText('Whole metres, 0 to 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save as pin setup' }));
    expect(screen.getByText('Correct the marked values first')).toBeInTheDocument();
    expect(fakeApi.sent('POST', /setups/)).toHaveLength(0);
    fireEvent.change(inField, { target: { value: '8' } });
    fireEvent.change(sideField, { target: { value: '-6' } });
    expect(within(row()).getByText('Keeps the rules')).toBeInTheDocument();
    expect(within(row()).getByText('6.0 m from the edge · 9.2 m from a recent spot')).toBeInTheDocument();

    const name = screen.getByLabelText('Name of the pin setup');
    expect(name).toHaveValue(`Pins ${formatDay(TOMORROW, 'en')}`);
    await userEvent.click(screen.getByRole('checkbox', { name: `Record as played on ${formatDay(TOMORROW, 'en')}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as pin setup' }));
    expect(await screen.findByText(`Saved as the pin setup Pins ${formatDay(TOMORROW, 'en')}.`)).toBeInTheDocument();
    expect(fakeApi.sent('POST', /setups$/).map((r) => r.body)).toEqual([
      { date: TOMORROW, name: `Pins ${formatDay(TOMORROW, 'en')}`, pins: [{ holeId: 11, outMeters: 8, sideMeters: -6 }], markPlayed: true },
    ]);
    expect(screen.getByRole('link', { name: 'Open in pin positions' })).toHaveAttribute('href', '/1/courses/5/pin-positions?setup=77');
    expect(screen.getByRole('link', { name: 'Print the pin sheet' })).toHaveAttribute('href', '/1/courses/5/pin-positions/5/77/print');
    // The rotation and the course's setups load again.
    await waitFor(() => expect(fakeApi.sent('GET', '/api/clubs/1/courses/5/pin-rotation')).toHaveLength(2));
  });

  it('says so when the suggestion fails', async () => {
    rotationApi();
    fakeApi.post('clubs/1/courses/5/pin-rotation/suggestion', apiError(400, 'Bad date'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest pins' }));
    expect(await screen.findByText('The pins could not be suggested')).toBeInTheDocument();
    expect(screen.queryByLabelText('In of hole 1')).not.toBeInTheDocument();
  });

  it('records a setup as played on a date and removes a day after a confirmation', async () => {
    rotationApi();
    fakeApi.put('clubs/1/courses/5/pin-rotation/days/:date', ({ params, body }) => ({ date: params.date, pinSetupId: (body as { pinSetupId: number }).pinSetupId, pinSetupName: 'Championship' }));
    fakeApi.delete('clubs/1/courses/5/pin-rotation/days/:date', undefined);
    open();
    const played = await screen.findByLabelText('Played on');
    expect(played).toHaveValue(TODAY);
    await userEvent.click(screen.getByRole('button', { name: 'Record as played' }));
    expect(screen.getByText('Choose a pin setup')).toBeInTheDocument();
    fireEvent.change(played, { target: { value: YESTERDAY } });
    expect(screen.getByText('Replaces Tuesday on that day')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Pin setup' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Championship' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record as played' }));
    expect(await screen.findByText(`Championship recorded as played on ${formatDay(YESTERDAY, 'en')}`)).toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => [r.url, r.body])).toEqual([[`/api/clubs/1/courses/5/pin-rotation/days/${YESTERDAY}`, { pinSetupId: 4 }]]);

    await userEvent.click(screen.getByRole('button', { name: `Remove ${formatDay(YESTERDAY, 'en')}` }));
    const dialog = await screen.findByRole('dialog', { name: `Remove ${formatDay(YESTERDAY, 'en')}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: `Remove ${formatDay(YESTERDAY, 'en')}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove day' }));
    expect(await screen.findByText(`${formatDay(YESTERDAY, 'en')} removed`)).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true }).at(-1)).toBe(`DELETE /api/clubs/1/courses/5/pin-rotation/days/${YESTERDAY}`);
  });

  it('edits and saves the rules, refusing values out of range', async () => {
    rotationApi();
    fakeApi.put('clubs/1/pin-rotation/settings', ({ body }) => body);
    open();
    const edge = await screen.findByLabelText(/Distance from the edge/);
    expect(screen.getByRole('button', { name: 'Use the defaults' })).toBeDisabled();
    fireEvent.change(edge, { target: { value: '25' } });
    expect(screen.getByText('From 0 to 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(fakeApi.sent('PUT')).toHaveLength(0);
    fireEvent.change(edge, { target: { value: '3,5' } });
    fireEvent.change(screen.getByLabelText(/Days before a spot is used again/), { target: { value: '10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Rotation rules saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => r.body)).toEqual([{ edgeDistance: 3.5, blockedRadius: 4.5, reuseDays: 10 }]);
  });

  it('shows a course of another club (404) as not found, and other failures with a retry', async () => {
    rotationApi(apiError(404, 'Course not found'));
    open();
    expect(await screen.findByText('This course does not exist (any more).')).toBeInTheDocument();
  });

  it('offers a retry when the rotation cannot be loaded', async () => {
    rotationApi(apiError(500, 'Boom'));
    open();
    expect(await screen.findByText('Could not load the pin rotation')).toBeInTheDocument();
    fakeApi.get('clubs/1/courses/5/pin-rotation', rotation);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Next pin setup' })).toBeInTheDocument();
  });
});
