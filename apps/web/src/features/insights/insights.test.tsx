import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultHeatmapFilter, type GamesInsights, type HeatmapFilter } from '@golf/contract/api/insights';
import { apiError, deferred, fakeApi } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { GamesPage } from './components/games-page';
import { csvCell, csvFileName, toCsv } from './utils/csv';
import { addDays, daysInRange, presetOf, presetRange, todayIso } from './utils/dates';
import { hoursMinutes, insightFormat } from './utils/format';
import { bandRounds, downloadsTable, gamesSeries, hasGames, histogramAtGoal, holesByCourse, paceHoles } from './utils/games';
import { cellMetresFor, comparePreset, filterProblems, metresPerPixel, minutesToTime, sameFilter, splitCells, timeToMinutes } from './utils/heatmap';

const TODAY = todayIso();
const YEAR = TODAY.slice(0, 4);

function games(change: Partial<GamesInsights> = {}): GamesInsights {
  return {
    from: `${YEAR}-01-01`,
    to: `${YEAR}-12-31`,
    interval: 'week',
    round_goal_minutes: 255,
    guides: [
      { id: 3, title: 'Fjordvang Guide' },
      { id: 4, title: 'Short Guide' },
    ],
    games: [
      { period: `${YEAR}-05-04`, guide_id: 3, rounds: 12 },
      { period: `${YEAR}-05-04`, guide_id: 4, rounds: 2 },
      { period: `${YEAR}-05-11`, guide_id: 3, rounds: 20 },
    ],
    holes: [
      { course_id: 5, course_name: 'Fjordvang Links', hole_number: 2, par: 3, rounds: 30, average_strokes: 3.9 },
      { course_id: 5, course_name: 'Fjordvang Links', hole_number: 1, par: 4, rounds: 32, average_strokes: 5.25 },
    ],
    round_time: { rounds: 32, average: 250.4, median: 248, p90: 281, over_goal: 0.25, histogram: [[230, 8], [240, 10], [250, 6], [260, 8]] },
    pace: [
      { course_id: 5, hole_number: 1, band: 'morning', rounds: 20, average_minutes: 13.5, gap_growth_minutes: 0.2 },
      { course_id: 5, hole_number: 2, band: 'morning', rounds: 20, average_minutes: 11.2, gap_growth_minutes: 2.4 },
      { course_id: 5, hole_number: 1, band: 'evening', rounds: 4, average_minutes: 12, gap_growth_minutes: 0 },
      { course_id: 5, hole_number: 2, band: 'evening', rounds: 4, average_minutes: 10, gap_growth_minutes: 0.5 },
    ],
    downloads: [
      { product: 'json', year: Number(YEAR) - 1, downloads: 140 },
      { product: 'json', year: Number(YEAR), downloads: 1234 },
      { product: 'pdf', year: Number(YEAR), downloads: 56 },
    ],
    ...change,
  };
}

const EMPTY: Partial<GamesInsights> = {
  games: [],
  holes: [],
  pace: [],
  downloads: [],
  round_time: { rounds: 0, average: null, median: null, p90: null, over_goal: null, histogram: [] },
};

describe('insight utilities', () => {
  it('writes CSV by RFC 4180, numbers plain, formulas defused, file names safe', () => {
    expect(toCsv(['Hole', 'Name, long', 'Avg'], [[1, 'Say "hi"', 4.12345], [2, 'two\nlines', null]])).toBe(
      'Hole,"Name, long",Avg\r\n1,"Say ""hi""",4.123\r\n2,"two\nlines",\r\n',
    );
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvFileName('pace', 'Fjordvang Links', 'morning', '2026-01-01')).toBe('pace-fjordvang-links-morning-2026-01-01.csv');
    expect(csvFileName('strokes', 'Æble Ø')).toBe('strokes-ble.csv');
  });

  it('computes the date presets and range lengths', () => {
    expect(presetRange('thisYear', '2026-05-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('lastYear', '2026-05-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('last12Months', '2026-05-31')).toEqual({ from: '2025-06-01', to: '2026-05-31' });
    expect(presetRange('last12Months', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(presetOf({ from: '2025-01-01', to: '2025-12-31' }, '2026-05-31')).toBe('lastYear');
    expect(presetOf({ from: '2025-01-02', to: '2025-12-31' }, '2026-05-31')).toBeNull();
    expect(daysInRange({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shapes the games answer: series per guide, holes per course, bottlenecks, downloads, the histogram at the goal', () => {
    const data = games();
    const series = gamesSeries(data.games, data.guides);
    expect(series.periods).toEqual([`${YEAR}-05-04`, `${YEAR}-05-11`]);
    expect(series.guides).toEqual([
      { id: 3, title: 'Fjordvang Guide', rounds: [12, 20] },
      { id: 4, title: 'Short Guide', rounds: [2, 0] },
    ]);
    expect(series.totals).toEqual([14, 20]);
    const [course] = holesByCourse(data.holes);
    expect(course.holes.map((h) => [h.number, h.overPar])).toEqual([
      [1, 1.25],
      [2, expect.closeTo(0.9, 5)],
    ]);
    expect(paceHoles(data.pace, 5, 'morning').map((h) => [h.number, h.bottleneck])).toEqual([
      [1, false],
      [2, true],
    ]);
    // Less than a minute of growth is no bottleneck; at most three, the worst.
    expect(paceHoles(data.pace, 5, 'evening').some((h) => h.bottleneck)).toBe(false);
    const many = [1, 2, 3, 4, 5].map((n) => ({ course_id: 1, hole_number: n, band: 'midday' as const, rounds: 5, average_minutes: 12, gap_growth_minutes: n }));
    expect(paceHoles(many, 1, 'midday').filter((h) => h.bottleneck).map((h) => h.number)).toEqual([3, 4, 5]);
    expect(bandRounds(data.pace, 5)).toEqual({ morning: 20, midday: 0, afternoon: 0, evening: 4 });
    expect(downloadsTable(data.downloads)).toEqual({ years: [Number(YEAR) - 1, Number(YEAR)], products: ['json', 'pdf'], counts: [[140, 0], [1234, 56]] });
    expect(histogramAtGoal([[240, 10], [250, 6], [260, 8]], 255)).toEqual([
      { start: 240, end: 249, within: 10, over: 0 },
      { start: 250, end: 259, within: 0, over: 6 },
      { start: 260, end: 269, within: 0, over: 8 },
    ]);
    expect(hasGames(data)).toBe(true);
    expect(hasGames(games(EMPTY))).toBe(false);
  });

  it('formats in the reader’s language', () => {
    expect(insightFormat('da').decimal(1234.5, 1)).toBe('1.234,5');
    expect(insightFormat('da').tick(1.2)).toBe('1,2');
    expect(insightFormat('da').tick(1500)).toBe('1.500');
    expect(insightFormat('en').signed(-0.25, 2)).toBe('-0.25');
    expect(insightFormat('en').signed(1.5, 1)).toBe('+1.5');
    expect(insightFormat('sv').percent(0.25)).toMatch(/^25\s?%$/);
    expect(insightFormat('en').period('2026-03-01', 'month')).toBe('Mar 2026');
    expect(hoursMinutes(255.4)).toEqual({ hours: 4, minutes: 15 });
  });

  it('picks the cell size by the map’s scale and splits the cells by sign', () => {
    expect(cellMetresFor(0.1)).toBe(2);
    expect(cellMetresFor(0.5)).toBe(8);
    expect(cellMetresFor(3)).toBe(32);
    expect(cellMetresFor(100)).toBe(64);
    expect(metresPerPixel(2, 60)).toBeCloseTo(1, 5);
    expect(splitCells([9.5, 55.1, 1, 9.6, 55.2, -0.5, 9.7, 55.3, 0])).toEqual({
      positive: [{ lonLat: [9.5, 55.1], weight: 1 }],
      negative: [{ lonLat: [9.6, 55.2], weight: 0.5 }],
    });
    expect(minutesToTime(1440)).toBe('24:00');
    expect(timeToMinutes('07:30')).toBe(450);
  });

  it('builds the compare presets, compares filters by content and checks them by the contract', () => {
    const base = defaultHeatmapFilter('2026-05-31');
    const members = comparePreset('membersGuests', base);
    expect([members.filter.home, members.filter.guest, members.compare.home, members.compare.guest]).toEqual([true, false, false, true]);
    const handicaps = comparePreset('handicaps', base);
    expect(handicaps.filter.handicap).toEqual([0, 18]);
    expect(handicaps.compare.handicap).toEqual([18.1, 72]);
    expect(sameFilter(base, { ...base, weekday: [6, 5, 4, 3, 2, 1, 0] })).toBe(true);
    const reordered = Object.fromEntries(Object.entries(base).reverse()) as HeatmapFilter;
    expect(sameFilter(base, reordered)).toBe(true);
    expect(sameFilter(base, { ...base, female: false })).toBe(false);
    expect(filterProblems(base)).toEqual([]);
    expect(filterProblems({ ...base, datePlayed: ['2026-05-01', '2026-04-01'] })).toEqual(['datePlayed']);
  });
});

const gamesPage = () => renderRoutes([{ path: '/:clubId/insights/games', element: <GamesPage /> }], '/1/insights/games');

/** The games route: answers per query (a function of the query string), the settings, and the PUT. */
function gamesServer(answer: (query: URLSearchParams) => GamesInsights | Response = () => games()) {
  let goal = 255;
  fakeApi.get('clubs/1/insights/games', ({ query }) => {
    const result = answer(query);
    return result instanceof Response ? result : { ...result, from: query.get('from')!, to: query.get('to')!, round_goal_minutes: goal };
  });
  fakeApi.get('clubs/1/insights/settings', () => ({ round_goal_minutes: goal }));
  fakeApi.put('clubs/1/insights/settings', ({ body }) => {
    goal = (body as { round_goal_minutes: number }).round_goal_minutes;
    return { round_goal_minutes: goal };
  });
}

const gamesQueries = () => fakeApi.sent('GET', /insights\/games/).map((r) => new URL(r.url, 'http://x').searchParams);

describe('<GamesPage>', { timeout: 30_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
  });

  it('asks for this year by week and shows every section with its numbers', async () => {
    gamesServer();
    gamesPage();
    const sections = await screen.findByTestId('games-sections');
    expect(gamesQueries()[0].toString()).toBe(`from=${YEAR}-01-01&to=${YEAR}-12-31&interval=week`);
    for (const id of ['section-games', 'section-holes', 'section-round-time', 'section-pace', 'section-downloads']) expect(within(sections).getByTestId(id)).toBeInTheDocument();
    expect(screen.getByText('34 rounds in the period, per guide.')).toBeInTheDocument();
    const stats = screen.getByTestId('round-time-stats');
    expect(within(stats).getByText('4 h 10 min')).toBeInTheDocument();
    expect(within(stats).getByText('4 h 41 min')).toBeInTheDocument();
    expect(within(stats).getByText('25%')).toBeInTheDocument();
    // The morning is the busiest band: hole 2 is its bottleneck.
    expect(within(screen.getByTestId('bottlenecks')).getByText('Hole 2: +2.4 min')).toBeInTheDocument();
  });

  it('shows a section’s numbers as a table and exports them as CSV', async () => {
    gamesServer();
    gamesPage();
    const holes = await screen.findByTestId('section-holes');
    await userEvent.click(within(holes).getByRole('button', { name: 'Table' }));
    const table = within(holes).getByRole('table');
    const rows = within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Hole', 'Par', 'Average strokes', 'Over par', 'Rounds'],
      ['1', '4', '5.25', '+1.25', '32'],
      ['2', '3', '3.90', '+0.90', '30'],
    ]);
    let saved: Blob | null = null;
    vi.mocked(URL.createObjectURL).mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(holes).getByRole('button', { name: 'Download Average strokes against par as CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    expect(saved!.type).toBe('text/csv;charset=utf-8');
    // (FileReader drops the byte-order mark that the file starts with.)
    expect(text.replace(/^\ufeff/, '')).toBe('Hole,Par,Average strokes,Over par,Rounds\r\n1,4,5.25,1.25,32\r\n2,3,3.9,0.9,30\r\n');
    click.mockRestore();
  });

  it('asks again for a preset, a guide and by month', async () => {
    gamesServer();
    gamesPage();
    await screen.findByTestId('games-sections');
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last year' }));
    await waitFor(() => expect(gamesQueries().at(-1)?.get('from')).toBe(`${Number(YEAR) - 1}-01-01`));
    expect(gamesQueries().at(-1)?.get('to')).toBe(`${Number(YEAR) - 1}-12-31`);
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(gamesQueries().at(-1)?.get('interval')).toBe('month'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Guides' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Short Guide' }));
    await waitFor(() => expect(gamesQueries().at(-1)?.get('guide_ids')).toBe('4'));
  });

  it('refuses a backwards range without asking', async () => {
    gamesServer();
    gamesPage();
    await screen.findByTestId('games-sections');
    const asked = gamesQueries().length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: `${Number(YEAR) + 1}-01-01` } });
    expect(await screen.findByText('The first date is after the second')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(gamesQueries()).toHaveLength(asked);
  });

  it('shows loading, then an error with Retry, then the empty state', async () => {
    const gate = deferred();
    let fail = true;
    gamesServer((query) => (query.get('from') ? (fail ? apiError(500, 'Database unavailable') : games(EMPTY)) : games()));
    fakeApi.get('clubs/1/insights/games', async () => {
      await gate.promise;
      return apiError(500, 'Database unavailable');
    }, { once: true });
    gamesPage();
    expect(await screen.findByRole('status', { name: /loading/i })).toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByText('Could not load the game insights')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No rounds or downloads from/)).toBeInTheDocument();
    expect(screen.queryByTestId('games-sections')).toBeNull();
  });

  it('saves the goal round time with PUT insights/settings and says so', async () => {
    gamesServer();
    gamesPage();
    const section = await screen.findByTestId('section-round-time');
    const goal = within(section).getByRole('spinbutton', { name: 'Goal round time (minutes)' });
    await waitFor(() => expect(goal).toHaveValue(255));
    await userEvent.clear(goal);
    await userEvent.type(goal, '30');
    expect(within(section).getByText('Between 60 and 600 minutes')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save goal' })).toBeDisabled();
    await userEvent.clear(goal);
    await userEvent.type(goal, '240');
    await userEvent.click(within(section).getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('The goal round time is saved: 240 minutes')).toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => r.body)).toEqual([{ round_goal_minutes: 240 }]);
    // The answers load again with the new goal.
    await waitFor(() => expect(within(screen.getByTestId('round-time-stats')).getByText('Over 4 h 0 min')).toBeInTheDocument());
  });
});

