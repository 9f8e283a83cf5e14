import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Guide } from '@golf/contract/api/guides';
import { fakeApi } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { useGuide } from './api/guides';
import { OverviewSection } from './components/overview-section';
import { CLUB, GUIDE_ID, guide } from './guide-fixture.test-support';

// The guide's General and Print sections choose the sponsor setup (issue 11), the pin setup, the
// language and the handicap tables (issue 10): only setups of the guide's courses are offered,
// and the save sends what was chosen.

const setup = (id: number, name: string, course: number) => ({ id, club_id: CLUB, course_id: course, name, sponsor_positions: [], updated_at: '2030-05-01T09:00:00.000Z' });
const pins = (id: number, name: string, course: number) => ({ id, name, courseId: course, clubId: CLUB, updatedAt: '2030-05-01T09:00:00.000Z' });

/** The guide's server: the guide (saved by PUT), its files, the club's setups, jobs and drawing styles; returns the saved bodies. */
function server(state: { guide: Guide }) {
  const saved: unknown[] = [];
  fakeApi.put(`clubs/${CLUB}/guides/${GUIDE_ID}`, ({ body }) => {
    const sent = body as { settings: Guide['settings'] };
    saved.push(sent);
    state.guide = { ...state.guide, settings: sent.settings, version: state.guide.version + 1 };
    return state.guide;
  });
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}`, () => state.guide);
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}/files`, {});
  fakeApi.get(`clubs/${CLUB}/sponsor-setups`, [setup(11, 'Sæson 2026', 3), setup(12, 'Other course', 4)]);
  fakeApi.get(`clubs/${CLUB}/pin-setups`, [pins(21, 'Weekend', 3), pins(22, 'Elsewhere', 4)]);
  fakeApi.get(`clubs/${CLUB}/events/jobs`, []);
  fakeApi.get('drawing_styles', [{ id: 1, name: 'Standard' }]);
  return saved;
}

function Screen() {
  const loaded = useGuide(CLUB, GUIDE_ID);
  return loaded.data ? <OverviewSection clubId={CLUB} guide={loaded.data} /> : <p>loading</p>;
}

async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  await userEvent.click(within(list).getByRole('option', { name: option }));
}

// Four MUI selects and a save: slow in jsdom on a loaded machine, each test has 40 s.
describe("the guide's sponsor setup, pin setup, language and handicap tables", { timeout: 40_000 }, () => {
  it("offers the setups of the guide's courses only, and saves what was chosen", async () => {
    const saved = server({ guide: guide() });
    renderRoutes([{ path: '/:clubId/products/:guideId', element: <Screen /> }], `/${CLUB}/products/${GUIDE_ID}`);

    // 'None' shows as the field's value while nothing is chosen.
    expect(await screen.findByRole('combobox', { name: 'Sponsor setup' })).toHaveTextContent('No sponsors');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sponsor setup' }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['No sponsors', 'Sæson 2026']);
    await userEvent.keyboard('{Escape}');

    await choose('Sponsor setup', 'Sæson 2026');
    await choose('Pin setup', 'Weekend');
    await choose('Language', 'Swedish');
    await choose('Handicap tables', 'Course handicap per whole index');
    await userEvent.click(screen.getByRole('switch', { name: 'Handicap tables' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const { settings } = saved[0] as { settings: Guide['settings'] };
    expect(settings).toMatchObject({ sponsor_setup_id: 11, pin_setup_id: 21, language: 'sv' });
    expect(settings.print.handicap_table).toBe('whole');
    expect(settings.print.pages.handicap_tables).toBe(false);
  });

  it('sets the language back to the country’s (null) and the setups back to none', async () => {
    const start = guide();
    const saved = server({ guide: { ...start, settings: { ...start.settings, sponsor_setup_id: 11, pin_setup_id: 21, language: 'da' } } });
    renderRoutes([{ path: '/:clubId/products/:guideId', element: <Screen /> }], `/${CLUB}/products/${GUIDE_ID}`);
    // Once the club's setups are loaded, the chosen one shows by its name.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sponsor setup' })).toHaveTextContent('Sæson 2026'));
    await choose('Sponsor setup', 'No sponsors');
    await choose('Pin setup', 'No pins');
    await choose('Language', 'The club’s country language');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { settings: Guide['settings'] }).settings).toMatchObject({ sponsor_setup_id: null, pin_setup_id: null, language: null });
  });
});
