import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { AreaHistory, ClubAreas, CourseAreas } from '@golf/contract/api/greenkeeper';
import { authToken } from '../../../lib/api-client';
import { apiError, fakeApi } from '../../../testing/api';
import { renderRoutes } from '../../../testing/render';
import { AreasPage } from './areas-page';
import {
  areaFormat,
  attachmentName,
  compareSnapshots,
  courseMatrix,
  exportQuery,
  fallbackFileName,
  holeMatrix,
  makeUp,
  percentChange,
  sortRows,
  storedUnit,
  storeUnit,
  trendRange,
  trendSeries,
  UNIT_STORAGE_KEY,
} from './utils/areas';

const OLD: CourseAreas = {
  courseId: 5,
  name: 'Old Course',
  drawnAt: '2030-08-15T09:30:00.000Z',
  holes: [
    {
      holeId: 12,
      order: 2,
      name: 'Lakeside',
      elements: [
        { element: 'fairway', count: 1, area: 9000 },
        { element: 'green', count: 1, area: 600 },
        { element: 'water', count: 1, area: 2500 },
        { element: 'hole boundary', count: 1, area: 30000 },
      ],
    },
    {
      holeId: 11,
      order: 1,
      name: '1',
      elements: [
        { element: 'fairway', count: 1, area: 12000 },
        { element: 'green', count: 1, area: 500 },
        { element: 'bunker', count: 2, area: 300 },
        { element: 'hole boundary', count: 1, area: 40000 },
      ],
    },
  ],
  totals: [
    { element: 'fairway', count: 2, area: 21000 },
    { element: 'green', count: 2, area: 1100 },
    { element: 'bunker', count: 2, area: 300 },
    { element: 'water', count: 1, area: 2500 },
    { element: 'hole boundary', count: 2, area: 70000 },
  ],
};
const SHORT: CourseAreas = { courseId: 6, name: 'Short Course', drawnAt: null, holes: [{ holeId: 21, order: 1, name: '1', elements: [] }], totals: [] };
const CLUB: ClubAreas = { courses: [OLD, SHORT], totals: OLD.totals };

const HISTORY: AreaHistory = {
  courseId: 5,
  snapshots: [
    {
      date: '2030-04-01',
      totals: [
        { element: 'fairway', count: 2, area: 22000 },
        { element: 'rough', count: 2, area: 50000 },
        { element: 'green', count: 2, area: 1100 },
      ],
    },
    {
      date: '2030-06-01',
      totals: [
        { element: 'fairway', count: 2, area: 21500 },
        { element: 'rough', count: 2, area: 50500 },
        { element: 'green', count: 2, area: 1100 },
      ],
    },
    {
      date: '2030-08-15',
      totals: [
        { element: 'fairway', count: 2, area: 21000 },
        { element: 'rough', count: 2, area: 51000 },
        { element: 'green', count: 2, area: 1100 },
        { element: 'bunker', count: 2, area: 300 },
      ],
    },
  ],
};

const XLSX_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28]);

function areasServer({ club = CLUB, history = HISTORY }: { club?: ClubAreas; history?: AreaHistory } = {}) {
  fakeApi.get('clubs/1/greenkeeper/areas', club);
  fakeApi.get('clubs/1/greenkeeper/areas/history', ({ query }) => (Number(query.get('courseId')) === 5 ? history : { courseId: Number(query.get('courseId')), snapshots: [] }));
  fakeApi.get('clubs/1/greenkeeper/areas/export', ({ query }) =>
    query.get('format') === 'csv'
      ? new HttpResponse(`\uFEFFElement;Count;Area (${query.get('unit')})\r\nFairway;2;2.1\r\n`, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="areas-old-course-2030-08-15.csv"' },
        })
      : new HttpResponse(XLSX_BYTES, {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="areas-old-course-2030-08-15.xlsx"',
          },
        }),
  );
}

const areasPage = (path = '/1/greenkeeper/areas') => renderRoutes([{ path: '/:clubId/greenkeeper/areas', element: <AreasPage /> }], path);

/** The cells of a table's rows as text, header first. */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

// The saved file is the response's own Blob (Node's, under the fake API).
const blobBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
const blobText = async (blob: Blob) => new TextDecoder().decode(await blobBytes(blob));

describe('<AreasPage>', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    authToken.set('tok-areas');
    URL.createObjectURL = vi.fn(() => 'blob:areas');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    authToken.set(null);
    vi.restoreAllMocks();
  });

  it('shows the first course’s totals by element in hectares, largest first, with the make-up chart', async () => {
    areasServer();
    areasPage();
    const totals = await screen.findByTestId('element-totals');
    expect(rowsOf(totals)).toEqual([
      ['Element', 'Count', 'Area (ha)'],
      ['Hole boundary', '2', '7.00'],
      ['Fairway', '2', '2.10'],
      ['Water', '1', '0.25'],
      ['Green', '2', '0.11'],
      ['Bunker', '2', '0.03'],
    ]);
    expect(screen.getByRole('heading', { name: 'Areas of Old Course' })).toBeInTheDocument();
    expect(screen.getByText(/^2 holes · drawings last changed/)).toBeInTheDocument();
    expect(within(screen.getByTestId('make-up')).getByText('Make-up of the course')).toBeInTheDocument();
    // The picker lists the club's courses (it has several).
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveTextContent('Old Course');
    expect(screen.getByRole('button', { name: 'ha' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to m² and remembers the unit for the next visit', async () => {
    areasServer();
    areasPage();
    await screen.findByTestId('element-totals');
    await userEvent.click(screen.getByRole('button', { name: 'm²' }));
    expect(rowsOf(screen.getByTestId('element-totals'))[2]).toEqual(['Fairway', '2', '21,000']);
    expect(rowsOf(screen.getByTestId('element-totals'))[0]).toEqual(['Element', 'Count', 'Area (m²)']);
    expect(localStorage.getItem(UNIT_STORAGE_KEY)).toBe('m2');
  });

  it('opens in the remembered unit', async () => {
    localStorage.setItem(UNIT_STORAGE_KEY, 'm2');
    areasServer();
    areasPage();
    const totals = await screen.findByTestId('element-totals');
    expect(rowsOf(totals)[1]).toEqual(['Hole boundary', '2', '70,000']);
    expect(screen.getByRole('button', { name: 'm²' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sorts the totals by a column, and the other way on a second click', async () => {
    areasServer();
    areasPage();
    const totals = await screen.findByTestId('element-totals');
    await userEvent.click(within(totals).getByRole('button', { name: 'Element' }));
    expect(rowsOf(totals).slice(1).map((r) => r[0])).toEqual(['Bunker', 'Fairway', 'Green', 'Hole boundary', 'Water']);
    expect(within(totals).getByRole('columnheader', { name: /Element/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(totals).getByRole('button', { name: 'Element' }));
    expect(rowsOf(totals).slice(1).map((r) => r[0])).toEqual(['Water', 'Hole boundary', 'Green', 'Fairway', 'Bunker']);
    await userEvent.click(within(totals).getByRole('button', { name: 'Count' }));
    // Largest first on the first click; ties keep the area order.
    expect(rowsOf(totals).slice(1).map((r) => r[0])).toEqual(['Hole boundary', 'Fairway', 'Green', 'Bunker', 'Water']);
  });

  it('shows each hole’s area and count per element with the course total last', async () => {
    areasServer();
    areasPage();
    const perHole = await screen.findByTestId('per-hole');
    expect(rowsOf(perHole)).toEqual([
      ['Hole', 'Hole boundary', 'Fairway', 'Water', 'Green', 'Bunker'],
      ['Hole 1', '4.00', '1.20', '–', '0.05', '0.03'],
      ['Hole 2 · Lakeside', '3.00', '0.90', '0.25', '0.06', '–'],
      ['Course total', '7.00', '2.10', '0.25', '0.11', '0.03'],
    ]);
    await userEvent.click(within(perHole).getByRole('button', { name: 'Fairway' }));
    expect(rowsOf(perHole).slice(1).map((r) => r[0])).toEqual(['Hole 1', 'Hole 2 · Lakeside', 'Course total']);
    await userEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Count' }));
    expect(rowsOf(perHole).slice(1)).toEqual([
      ['Hole 1', '1', '1', '–', '1', '2'],
      ['Hole 2 · Lakeside', '1', '1', '1', '1', '–'],
      ['Course total', '2', '2', '1', '2', '2'],
    ]);
  });

  it('picks another course (kept in the address) and every course together', async () => {
    areasServer();
    areasPage();
    await screen.findByTestId('element-totals');
    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Short Course' }));
    expect(await screen.findByText('Nothing is drawn on Short Course yet')).toBeInTheDocument();
    expect(await within(screen.getByTestId('area-history')).findByText('No dates kept yet')).toBeInTheDocument();
    expect(fakeApi.sent('GET', '/api/clubs/1/greenkeeper/areas/history?courseId=6')).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All courses' }));
    const perCourse = await screen.findByTestId('per-course');
    expect(rowsOf(perCourse).map((r) => r[0])).toEqual(['Course', 'Old Course', 'Short Course', 'All courses']);
    expect(screen.getByText('Choose a course to see the history of its areas.')).toBeInTheDocument();
  });

  it('opens the course named in the address', async () => {
    areasServer();
    areasPage('/1/greenkeeper/areas?course=6');
    expect(await screen.findByText('Nothing is drawn on Short Course yet')).toBeInTheDocument();
  });

  it('downloads the CSV and the XLSX of the course in the chosen unit with the session', async () => {
    areasServer();
    const saved: Blob[] = [];
    vi.mocked(URL.createObjectURL).mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:areas';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    areasPage();
    await screen.findByTestId('element-totals');
    await userEvent.click(screen.getByRole('button', { name: 'm²' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download the areas of Old Course as CSV' }));
    expect(await screen.findByText('Downloaded areas-old-course-2030-08-15.csv')).toBeInTheDocument();
    const csv = fakeApi.sent('GET', /export/)[0]!;
    expect(csv.url).toBe('/api/clubs/1/greenkeeper/areas/export?courseId=5&format=csv&unit=m2');
    expect(csv.headers.get('authorization')).toBe('Bearer tok-areas');
    expect((await blobText(saved[0]!)).replace(/^\ufeff/, '')).toBe('Element;Count;Area (m2)\r\nFairway;2;2.1\r\n');

    await userEvent.click(screen.getByRole('button', { name: 'Download the areas of Old Course as Excel (XLSX)' }));
    await waitFor(() => expect(names).toEqual(['areas-old-course-2030-08-15.csv', 'areas-old-course-2030-08-15.xlsx']));
    expect(fakeApi.sent('GET', /export/)[1]!.url).toBe('/api/clubs/1/greenkeeper/areas/export?courseId=5&format=xlsx&unit=m2');
    // The binary file arrives byte for byte (not decoded as text).
    expect([...(await blobBytes(saved[1]!))]).toEqual([...XLSX_BYTES]);
  });

  it('exports every course together without a course', async () => {
    areasServer();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    areasPage('/1/greenkeeper/areas?course=all');
    await screen.findByTestId('per-course');
    await userEvent.click(screen.getByRole('button', { name: 'Download the areas of All courses as CSV' }));
    await waitFor(() => expect(fakeApi.sent('GET', /export/).map((r) => r.url)).toEqual(['/api/clubs/1/greenkeeper/areas/export?format=csv&unit=ha']));
  });

  it('says when an export fails, with the server’s reason', async () => {
    areasServer();
    fakeApi.get('clubs/1/greenkeeper/areas/export', apiError(404, 'Course not found'));
    areasPage();
    await screen.findByTestId('element-totals');
    await userEvent.click(screen.getByRole('button', { name: 'Download the areas of Old Course as CSV' }));
    expect(await screen.findByText('The areas could not be downloaded')).toBeInTheDocument();
    expect(screen.getByText('Course not found')).toBeInTheDocument();
  });

  it('compares the first and the last date by default, and two other dates when picked', async () => {
    areasServer();
    areasPage();
    const history = await screen.findByTestId('area-history');
    const comparison = await within(history).findByTestId('comparison');
    expect(within(history).getByRole('heading', { name: 'Apr 1, 2030 compared with Aug 15, 2030' })).toBeInTheDocument();
    expect(rowsOf(comparison)).toEqual([
      ['Element', 'Apr 1, 2030 (ha)', 'Aug 15, 2030 (ha)', 'Difference (ha)', 'Change'],
      ['Fairway', '2.20', '2.10', '-0.10', '-4.5%'],
      ['Green', '0.11', '0.11', '0.00', '0.0%'],
      ['Bunker', '0.00', '0.03', '+0.03', 'new'],
      ['Rough', '5.00', '5.10', '+0.10', '+2.0%'],
    ]);
    expect(within(history).getByTestId('comparison-summary')).toHaveTextContent('3 elements changed between the two dates.');
    expect(within(history).getByTestId('trend-summary')).toHaveTextContent('From Apr 1, 2030 to Aug 15, 2030: Fairway -4.5%, Rough +2.0%.');

    await userEvent.click(within(history).getByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jun 1, 2030' }));
    await userEvent.click(screen.getByRole('button', { name: 'm²' }));
    expect(rowsOf(within(history).getByTestId('comparison'))).toEqual([
      ['Element', 'Jun 1, 2030 (m²)', 'Aug 15, 2030 (m²)', 'Difference (m²)', 'Change'],
      ['Fairway', '21,500', '21,000', '-500', '-2.3%'],
      ['Green', '1,100', '1,100', '0', '0.0%'],
      ['Bunker', '0', '300', '+300', 'new'],
      ['Rough', '50,500', '51,000', '+500', '+1.0%'],
    ]);
  });

  it('says when only one date is kept', async () => {
    areasServer({ history: { courseId: 5, snapshots: [HISTORY.snapshots[0]!] } });
    areasPage();
    expect(await screen.findByText('Only Apr 1, 2030 is kept so far: a comparison needs two dates.')).toBeInTheDocument();
    expect(screen.getByText('The trend shows once two dates are kept.')).toBeInTheDocument();
  });

  it('shows a printable page of the course and goes back', async () => {
    areasServer();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    areasPage();
    await screen.findByTestId('element-totals');
    await userEvent.click(screen.getByRole('button', { name: 'Printable page' }));
    const sheet = await screen.findByTestId('areas-sheet');
    expect(within(sheet).getByRole('heading', { name: 'Areas of Old Course' })).toBeInTheDocument();
    const tables = within(sheet).getAllByRole('table');
    expect(rowsOf(tables[0]!)[2]).toEqual(['Fairway', '2', '2.10']);
    expect(rowsOf(tables[1]!)).toEqual([
      ['Hole', 'Hole boundary', 'Fairway', 'Water', 'Green', 'Bunker'],
      ['Hole 1', '4.00 (1)', '1.20 (1)', '–', '0.05 (1)', '0.03 (2)'],
      ['Hole 2 · Lakeside', '3.00 (1)', '0.90 (1)', '0.25 (1)', '0.06 (1)', '–'],
      ['Course total', '7.00 (2)', '2.10 (2)', '0.25 (1)', '0.11 (2)', '0.03 (2)'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the areas' }));
    expect(await screen.findByTestId('element-totals')).toBeInTheDocument();
  });

  it('shows the failure with Retry, and the club without courses', async () => {
    fakeApi.get('clubs/1/greenkeeper/areas', { courses: [], totals: [] } satisfies ClubAreas);
    fakeApi.get('clubs/1/greenkeeper/areas', apiError(403, 'Forbidden'), { once: true });
    areasPage();
    expect(await screen.findByText('Could not load the area statistics')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('The club has no courses yet')).toBeInTheDocument();
  });

  it('shows the history’s failure inside its card', async () => {
    areasServer();
    fakeApi.get('clubs/1/greenkeeper/areas/history', apiError(404, 'Course not found'));
    areasPage();
    expect(await screen.findByText('Could not load the history of the areas')).toBeInTheDocument();
    expect(screen.getByTestId('element-totals')).toBeInTheDocument();
  });
});

describe('area utilities', () => {
  it('formats areas, differences and changes in the reader’s language and unit', () => {
    const da = areaFormat('da', 'ha');
    expect(da.area(21_000)).toBe('2,10');
    expect(da.signedArea(-1_000)).toBe('-0,10');
    expect(da.signedArea(20)).toBe('0,00');
    expect(da.signedPercent(-4.5454)).toBe('-4,5\u00a0%');
    expect(da.date('2030-08-15')).toBe('15. aug. 2030');
    const sv = areaFormat('sv', 'm2');
    expect(sv.area(1_234_567.4)).toBe('1\u00a0234\u00a0567');
    expect(sv.signedArea(300)).toBe('+300');
    expect(sv.value(1234.6)).toBe(1235);
    expect(areaFormat('en', 'ha').value(12_345)).toBe(1.23);
  });

  it('remembers only a known unit', () => {
    localStorage.clear();
    expect(storedUnit()).toBe('ha');
    storeUnit('m2');
    expect(storedUnit()).toBe('m2');
    localStorage.setItem(UNIT_STORAGE_KEY, 'acres');
    expect(storedUnit()).toBe('ha');
  });

  it('sorts numbers by size and names by collation, missing values last', () => {
    const rows = [{ n: 'b', v: 2 }, { n: 'Å', v: null }, { n: 'a', v: 10 }, { n: 'c', v: 2 }];
    expect(sortRows(rows, (r) => r.v, 'asc', 'en').map((r) => r.n)).toEqual(['b', 'c', 'a', 'Å']);
    expect(sortRows(rows, (r) => r.v, 'desc', 'en').map((r) => r.n)).toEqual(['a', 'b', 'c', 'Å']);
    expect(sortRows(rows, (r) => r.n, 'asc', 'da').map((r) => r.n)).toEqual(['a', 'b', 'c', 'Å']);
    expect(sortRows([{ n: 'Hole 10' }, { n: 'Hole 9' }], (r) => r.n, 'asc', 'en').map((r) => r.n)).toEqual(['Hole 9', 'Hole 10']);
  });

  it('builds the per-hole and per-course tables and the make-up without the hole boundary', () => {
    const holes = holeMatrix(OLD);
    expect(holes.elements).toEqual(['hole boundary', 'fairway', 'water', 'green', 'bunker']);
    expect(holes.rows.map((r) => r.order)).toEqual([1, 2]);
    expect(holes.totals.fairway).toEqual({ count: 2, area: 21000 });
    const courses = courseMatrix(CLUB);
    expect(courses.rows.map((r) => r.name)).toEqual(['Old Course', 'Short Course']);
    expect(courses.rows[1]!.cells).toEqual({});
    expect(makeUp(OLD.totals).map((e) => e.element)).toEqual(['fairway', 'water', 'green', 'bunker']);
  });

  it('compares two dates per element, new and removed elements included', () => {
    const rows = compareSnapshots(
      { date: '2030-04-01', totals: [{ element: 'fairway', count: 2, area: 20000 }, { element: 'trees', count: 1, area: 400 }] },
      { date: '2030-05-01', totals: [{ element: 'fairway', count: 2, area: 19000 }, { element: 'rough', count: 1, area: 1000 }] },
    );
    expect(rows).toEqual([
      { element: 'fairway', fromArea: 20000, toArea: 19000, fromCount: 2, toCount: 2, difference: -1000, percent: -5 },
      { element: 'rough', fromArea: 0, toArea: 1000, fromCount: 0, toCount: 1, difference: 1000, percent: null },
      { element: 'trees', fromArea: 400, toArea: 0, fromCount: 1, toCount: 0, difference: -400, percent: -100 },
    ]);
    expect(percentChange(0, 0)).toBe(0);
  });

  it('follows fairway and rough over the snapshots', () => {
    expect(trendSeries(HISTORY.snapshots)).toEqual([
      { element: 'fairway', areas: [22000, 21500, 21000] },
      { element: 'rough', areas: [50000, 50500, 51000] },
    ]);
    expect(trendSeries([{ date: '2030-01-01', totals: [{ element: 'green', count: 1, area: 5 }] }])).toEqual([]);
    // The axis lies around the values, so that a few per cent show.
    expect(trendRange([2.2, 2.15, 2.1])).toEqual({ min: expect.closeTo(2.056, 3) as number, max: expect.closeTo(2.244, 3) as number });
    expect(trendRange([5, 5])).toEqual({ min: 4.9, max: 5.1 });
    expect(trendRange([0, 0.001]).min).toBe(0);
  });

  it('asks the export for the course, format and unit, and names the file', () => {
    expect(exportQuery({ courseId: 5, format: 'xlsx', unit: 'ha' })).toBe('courseId=5&format=xlsx&unit=ha');
    expect(exportQuery({ courseId: null, format: 'csv', unit: 'm2' })).toBe('format=csv&unit=m2');
    expect(attachmentName('attachment; filename="areas-old.csv"')).toBe('areas-old.csv');
    expect(attachmentName("attachment; filename=\"x.csv\"; filename*=UTF-8''%C3%98stre%20bane.csv")).toBe('Østre bane.csv');
    expect(attachmentName('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(attachmentName(null)).toBeNull();
    expect(fallbackFileName('Østre Bane', 'xlsx', '2030-05-01')).toBe('areas-ostre-bane-2030-05-01.xlsx');
    expect(fallbackFileName(null, 'csv', '2030-05-01')).toBe('areas-all-courses-2030-05-01.csv');
  });
});
