import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import type { Course } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { LOCALES } from '@golf/contract/locales';
import { i18n } from '../../lib/i18n';
import { fakeApi, json } from '../../testing/api';
import { club, profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { HoleEditorPage } from './components/hole-editor-page';
import { drawingProblemText, refusalText } from '../../lib/drawing-problems';
import { stubResizeObserver } from '../../testing/resize-observer';

const mapper = profile({ roles: { '1': ['courses'] } });
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: mapper }) }));

beforeAll(() => {
  stubResizeObserver();
  i18n.addResourceBundle('da', 'translation', LOCALES.da, true, true);
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const da = () => i18n.getFixedT('da') as TFunction;
const en = () => i18n.getFixedT('en') as TFunction;

/** Problems as the server sends them (DrawingProblem / a refused save's details). */
const LATITUDE = {
  feature: 'b1',
  code: 'drawings.problem.latitudeOutOfRange',
  params: { element: 'bunker', feature: 'b1', latitude: 95 },
  message: "Bunker 'b1': has latitude 95 outside -90..90",
};
const INSIDE = {
  feature: 't1',
  code: 'drawings.problem.mustLieInside',
  params: { element: 'tee', feature: 't1', container: 'hole boundary' },
  message: "Tee 't1': the graphics catalogue requires it to lie inside the hole boundary",
};

describe('drawing problems in the reader’s language', () => {
  it('writes a problem by its code, the element names translated; English as the server wrote it', () => {
    expect(drawingProblemText(da(), LATITUDE)).toBe("Bunker 'b1': har breddegraden 95 uden for -90..90");
    expect(drawingProblemText(da(), INSIDE)).toBe("Tee 't1': grafikkataloget kræver, at den ligger inden for hulgrænse");
    expect(drawingProblemText(en(), LATITUDE)).toBe(LATITUDE.message);
    expect(drawingProblemText(en(), INSIDE)).toBe(INSIDE.message);
    const area = { feature: 'h', code: 'drawings.problem.areaTooSmall', params: { element: 'hole boundary', feature: 'h', area: 70, min: 100 }, message: '' };
    expect(drawingProblemText(da(), area)).toBe("Hulgrænse 'h': dækker 70 m², mindre end grafikkatalogets mindste hulgrænse (100 m²)");
    const geometry = { feature: 'g', code: 'drawings.problem.wrongGeometry', params: { element: 'green', feature: 'g', geometry: 'line', drawnAs: 'Point' }, message: '' };
    expect(drawingProblemText(da(), geometry)).toBe("Green 'g': et element af typen linje kan ikke tegnes som Point");
    // A feature without an element, and an element the catalogue's translations lack.
    expect(drawingProblemText(da(), { feature: 'x', code: 'drawings.problem.duplicateId', params: { element: '', feature: 'x' }, message: '' })).toBe(
      "Objekt 'x': objekt-id’et bruges af mere end ét objekt",
    );
    expect(drawingProblemText(da(), { feature: 'x', code: 'drawings.problem.unknownElement', params: { element: 'lava', feature: 'x', name: 'lava' }, message: '' })).toBe(
      "Lava 'x': 'lava' er ikke et element i grafikkataloget",
    );
  });

  it('falls back to the message for a code it does not know, and to path and message without a code', () => {
    expect(drawingProblemText(da(), { feature: 'b1', code: 'drawings.problem.fromANewerServer', params: {}, message: "Bunker 'b1': is too shiny" })).toBe("Bunker 'b1': is too shiny");
    expect(drawingProblemText(da(), { feature: 'b1', code: 'not a code', params: {}, message: 'Odd' })).toBe('Odd');
    expect(drawingProblemText(da(), { feature: 'drawing.features.0.id', message: 'Too small' })).toBe('drawing.features.0.id: Too small');
    expect(refusalText(da(), { message: 'The drawing has 2 problems', code: 'drawings.problems', params: { problems: 2 } })).toBe('Tegningen har 2 problemer');
    expect(refusalText(da(), { message: 'The drawing has 2 problems' })).toBe('The drawing has 2 problems');
  });
});

const COURSE: Course = {
  id: 5,
  club_id: 1,
  name: 'Old Course',
  holes: [{ id: 51, course_id: 5, order: 1, name: '', par: 4, handicap: 1, pro_guideline: '', has_drawing: true }],
  attribution: null,
  updated_at: '2030-01-01T00:00:00.000Z',
};
const ELEMENTS: ElementForEdit[] = [
  { id: 1, name: EL.holeBoundary, groupName: 'Surroundings', layerName: 'l', geometryType: 'polygon', shorthand: 'HB', zIndex: 1, style: {} },
  { id: 2, name: EL.bunker, groupName: 'Hazards', layerName: 'l', geometryType: 'polygon', shorthand: 'BU', zIndex: 5, style: {} },
];
const DRAWING: DrawingResponse = {
  hole_id: 51,
  course_id: 5,
  style_id: 1,
  drawing: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'hb',
        geometry: { type: 'Polygon', coordinates: [[[9, 55], [9.002, 55], [9.002, 55.002], [9, 55.002], [9, 55]]] },
        properties: { element: EL.holeBoundary },
      },
    ],
  },
  version: 3,
  updated_at: '2030-01-01T00:00:00.000Z',
};

describe('the hole editor’s refused save', { timeout: 60_000 }, () => {
  it('lists the server’s problems in the reader’s language', async () => {
    fakeApi.get('clubs/1/courses', [COURSE]);
    fakeApi.get('clubs/1/club', club());
    fakeApi.get('graphics/elements-for-edit', ELEMENTS);
    fakeApi.get('graphics/contexts/1', { drawingStyleId: 1, themeName: 'Default', contexts: [{ name: 'hole', elementNames: [EL.holeBoundary, EL.bunker] }] });
    fakeApi.get('clubs/1/holes/51/drawing/1', DRAWING);
    fakeApi.post(
      'clubs/1/holes/51/save_drawing',
      json(
        {
          error: 'The drawing has 2 problems',
          code: 'drawings.problems',
          params: { problems: 2 },
          details: [
            { path: LATITUDE.feature, message: LATITUDE.message, code: LATITUDE.code, params: LATITUDE.params },
            { path: INSIDE.feature, message: INSIDE.message, code: INSIDE.code, params: INSIDE.params },
          ],
        },
        400,
      ),
    );
    renderRoutes([{ path: '/:clubId/courses/:courseId/holes/:holeId/edit', element: <HoleEditorPage /> }], '/1/courses/5/holes/51/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const problems = await screen.findByTestId('save-problems');
    const items = () => within(problems).getAllByRole('listitem').map((li) => li.textContent);
    expect(items()).toEqual([LATITUDE.message, INSIDE.message]);

    await act(() => i18n.changeLanguage('da'));
    expect(items()).toEqual(["Bunker 'b1': har breddegraden 95 uden for -90..90", "Tee 't1': grafikkataloget kræver, at den ligger inden for hulgrænse"]);
  });
});
