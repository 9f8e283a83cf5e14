import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Guide } from '@golf/contract/api/guides';
import { fakeApi } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { CLUB, GUIDE_ID, guide } from './guide-fixture.test-support';
import { ProductsPage } from './components/products-page';

/** The server as the list sees it: the club's guides and courses. */
function server(guides: Guide[]) {
  fakeApi.get(`clubs/${CLUB}/guides`, guides);
  fakeApi.get(`clubs/${CLUB}/courses`, []);
}

const show = () => renderRoutes([{ path: '/:clubId/products', element: <ProductsPage /> }], `/${CLUB}/products`);
/** The six entries of a guide's products, by their text. */
const entries = async (guideId: number) => within(await screen.findByTestId(`product-states-${guideId}`)).getAllByRole('listitem');
const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

describe('the guides list shows the six products of each guide', { timeout: 20_000 }, () => {
  it('says for each product when it was made, that it is not made, out of date or being made', async () => {
    // Inputs last changed at 12:00: the digital guide and the PDF were made after, the overview and the tee signs before.
    const changed = '2030-05-02T12:00:00.000Z';
    const made = {
      json: '2030-05-02T12:30:00.000Z',
      pdf: '2030-05-02T13:00:00.000Z',
      overview: '2030-05-01T08:00:00.000Z',
      tee_signs: '2030-05-02T11:59:00.000Z',
    };
    server([
      guide({
        inputs_changed_at: changed,
        generated_at_json: made.json,
        generated_at_pdf: made.pdf,
        generated_at_overview: made.overview,
        generated_at_tee_signs: made.tee_signs,
        // Asked for after the last green drawings (none): being made.
        requested_at_green_drawings: '2030-05-02T13:05:00.000Z',
      }),
    ]);
    show();
    const list = await screen.findByRole('list', { name: 'Products of Fjordvang Links – Yardage book' });
    expect((await entries(GUIDE_ID)).map((li) => li.textContent)).toEqual([
      `Digital guide: made ${when(made.json)}`,
      `Overview: out of date (made ${when(made.overview)})`,
      `PDF guide: made ${when(made.pdf)}`,
      `Tee signs: out of date (made ${when(made.tee_signs)})`,
      'Web images: not made',
      'Green drawings: being made',
    ]);
    expect((await entries(GUIDE_ID)).map((li) => li.dataset.state)).toEqual(['current', 'out_of_date', 'current', 'out_of_date', 'missing', 'generating']);
    // Each state has its own icon (not colour alone): four states, four icons.
    const icons = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('svg')?.getAttribute('data-testid'));
    expect(new Set(icons).size).toBe(4);
    expect(icons.every((icon) => !!icon)).toBe(true);
    // The states are plain text beside the row's link, not inside its name.
    const link = screen.getByRole('link', { name: /Fjordvang Links – Yardage book/ });
    expect(link.textContent).not.toContain('Digital guide');
  });

  it('a guide with nothing made lists all six as not made; one made after its last change is current', async () => {
    const second = guide({ guide_id: GUIDE_ID + 1, title: 'Second guide', app_order: 2, inputs_changed_at: '2030-05-01T09:00:00.000Z', generated_at_web_images: '2030-05-01T09:00:00.000Z' });
    server([guide(), second]);
    show();
    expect((await entries(GUIDE_ID)).map((li) => li.textContent)).toEqual([
      'Digital guide: not made',
      'Overview: not made',
      'PDF guide: not made',
      'Tee signs: not made',
      'Web images: not made',
      'Green drawings: not made',
    ]);
    // Made at the very time of the last change counts as made from it.
    const states = (await entries(GUIDE_ID + 1)).map((li) => li.dataset.state);
    expect(states).toEqual(['missing', 'missing', 'missing', 'missing', 'current', 'missing']);
  });
});
