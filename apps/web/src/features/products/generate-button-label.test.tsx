import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUIDE_PRODUCTS } from '@golf/contract/api/guides';
import type { GuideFilesResponse } from '@golf/contract/api/guide-generation';
import { fakeApi } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { CLUB, GUIDE_ID, guide } from './guide-fixture.test-support';
import { useGuide } from './api/guides';
import { OverviewSection } from './components/overview-section';

const PRODUCT_NAMES = ['Digital guide', 'Overview', 'PDF guide', 'Tee signs', 'Web images', 'Green drawings'];
const MADE = '2030-05-01T10:00:00.000Z';
const noFiles = Object.fromEntries(GUIDE_PRODUCTS.map((p) => [p, { location: null, generated_at: null, files: [] }])) as unknown as GuideFilesResponse;

/** The guide with every product made; a generate call is held until the test ends (the button stays 'Starting…'). */
function server() {
  const made = guide(Object.fromEntries(GUIDE_PRODUCTS.map((p) => [`generated_at_${p}`, MADE])));
  fakeApi.post(`clubs/${CLUB}/guides/${GUIDE_ID}/:generate`, {}, { delay: 'infinite' });
  fakeApi.get(`clubs/${CLUB}/events/jobs`, []);
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}/files`, noFiles);
  fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}`, made);
  fakeApi.get('drawing_styles', [{ id: 1, name: 'Standard' }]);
  fakeApi.get(`clubs/${CLUB}/sponsor-setups`, []);
  fakeApi.get(`clubs/${CLUB}/pin-setups`, []);
}

function Screen() {
  const loaded = useGuide(CLUB, GUIDE_ID);
  return loaded.data ? <OverviewSection clubId={CLUB} guide={loaded.data} /> : <p>loading</p>;
}

/** The button's name must start with the words it shows (WCAG 2.5.3, axe's label-content-name-mismatch). */
function expectLabelInName(button: HTMLElement, shown: string, name: string) {
  expect(button).toHaveTextContent(shown);
  expect(button).toHaveAccessibleName(name);
  expect(name.startsWith(shown)).toBe(true);
}

describe('the Generate buttons are named by the words they show', { timeout: 20_000 }, () => {
  it('made: "Generate again" names each product after the words shown; starting: "Starting…" likewise', async () => {
    server();
    renderRoutes([{ path: '/:clubId/products/:guideId', element: <Screen /> }], `/${CLUB}/products/${GUIDE_ID}`);
    await screen.findByTestId('generate-pdf');
    GUIDE_PRODUCTS.forEach((product, i) => {
      const button = within(screen.getByTestId(`generate-${product}`)).getByRole('button', { name: `Generate again: ${PRODUCT_NAMES[i]}` });
      expectLabelInName(button, 'Generate again', `Generate again: ${PRODUCT_NAMES[i]}`);
    });
    await userEvent.click(within(screen.getByTestId('generate-pdf')).getByRole('button', { name: 'Generate again: PDF guide' }));
    const starting = await within(screen.getByTestId('generate-pdf')).findByRole('button', { name: 'Starting… PDF guide' });
    expectLabelInName(starting, 'Starting…', 'Starting… PDF guide');
  });
});
