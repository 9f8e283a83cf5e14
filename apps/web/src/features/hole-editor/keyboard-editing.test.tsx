import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { renderWithProviders } from '../../testing/render';
import { CoordinatesForm } from './components/coordinates-form';
import { FeatureList } from './components/feature-list';
import { VertexEditor } from './components/vertex-editor';
import type { FeatureRow, HoleEditorController } from './map/editor-controller';

// The hole editor's panels for working without a pointer, with a stand-in for the map controller.

function fakeController() {
  return {
    addFeature: vi.fn(() => true),
    selectFeature: vi.fn(),
    setActiveVertex: vi.fn(),
    moveVertex: vi.fn(),
    nudgeVertex: vi.fn(),
    nudgeFeature: vi.fn(),
  };
}
const asController = (c: ReturnType<typeof fakeController>) => c as unknown as HoleEditorController;

const BUNKER: ElementForEdit = { id: 7, name: 'bunker', groupName: 'hazards', layerName: 'l', geometryType: 'polygon', shorthand: 'bu', zIndex: 1, style: {} };

describe('<CoordinatesForm>', { timeout: 20_000 }, () => {
  it('adds the typed positions as [longitude, latitude], then empties the field', async () => {
    const controller = fakeController();
    renderWithProviders(<CoordinatesForm element={BUNKER} controller={asController(controller)} />);
    const field = screen.getByRole('textbox', { name: 'Latitude, longitude (one point a line)' });
    fireEvent.change(field, { target: { value: '55.71, 9.53\n55.72, 9.53\n55.72, 9.54' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Bunker' }));
    expect(controller.addFeature).toHaveBeenCalledWith('bunker', [
      [9.53, 55.71],
      [9.53, 55.72],
      [9.54, 55.72],
    ]);
    expect(field).toHaveValue('');
  });

  it('names the line that is not a position, and asks for enough points, adding nothing', async () => {
    const controller = fakeController();
    renderWithProviders(<CoordinatesForm element={BUNKER} controller={asController(controller)} />);
    const field = screen.getByRole('textbox', { name: 'Latitude, longitude (one point a line)' });
    fireEvent.change(field, { target: { value: '55.71, 9.53\nby the green' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Bunker' }));
    expect(screen.getByText('Line 2 is not a latitude and longitude, e.g. 55.71234, 9.53456')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: '55.71, 9.53' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Bunker' }));
    expect(screen.getByText('Three or more points; the area closes by itself')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(controller.addFeature).not.toHaveBeenCalled();
  });
});

describe('<VertexEditor>', { timeout: 20_000 }, () => {
  const vertices = { featureId: 'f1', element: 'bunker', positions: [[9.53, 55.71], [9.531, 55.711], [9.532, 55.71]] };

  it('moves the chosen point with the arrow keys, 1 m and with Shift 10 m, and the whole feature the same way', () => {
    const controller = fakeController();
    renderWithProviders(<VertexEditor vertices={vertices} activeVertex={1} controller={asController(controller)} />);
    expect(screen.getByTestId('vertex-number')).toHaveTextContent('Point 2 of 3');
    const point = screen.getByRole('button', { name: 'Move point 2' });
    expect(point).toHaveAccessibleDescription(/arrow keys/);
    fireEvent.keyDown(point, { key: 'ArrowUp' });
    fireEvent.keyDown(point, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(point, { key: 'a' });
    expect(controller.nudgeVertex.mock.calls).toEqual([
      [1, 0, 1],
      [1, -10, 0],
    ]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move the whole Bunker' }), { key: 'ArrowDown' });
    expect(controller.nudgeFeature).toHaveBeenCalledWith(0, -1);
  });

  it('puts the point at a typed latitude, refusing one off the Earth', async () => {
    const controller = fakeController();
    renderWithProviders(<VertexEditor vertices={vertices} activeVertex={0} controller={asController(controller)} />);
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    expect(latitude).toHaveValue('55.7100000');
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '95{Enter}');
    expect(screen.getByText('Degrees from −90 to 90')).toBeInTheDocument();
    expect(controller.moveVertex).not.toHaveBeenCalled();
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '55,7105{Enter}');
    expect(controller.moveVertex).toHaveBeenCalledWith(0, [9.53, 55.7105]);
  });

  it('steps between the points; a point feature has no steps', async () => {
    const controller = fakeController();
    const { unmount } = renderWithProviders(<VertexEditor vertices={vertices} activeVertex={0} controller={asController(controller)} />);
    expect(screen.getByRole('button', { name: 'Previous point' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next point' }));
    expect(controller.setActiveVertex).toHaveBeenCalledWith(1);
    unmount();
    renderWithProviders(<VertexEditor vertices={{ ...vertices, positions: [[9.53, 55.71]] }} activeVertex={null} controller={asController(controller)} />);
    expect(screen.queryByRole('button', { name: 'Next point' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move point/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move the whole Bunker' })).toBeInTheDocument();
  });
});

describe('<FeatureList>', { timeout: 20_000 }, () => {
  const row = (id: string, element: string, extra: Partial<FeatureRow> = {}): FeatureRow => ({ id, element, length: null, area: null, editable: true, selected: false, ...extra });

  it('lists every feature with its number and measure; the editable ones select, the others are marked', async () => {
    const controller = fakeController();
    renderWithProviders(
      <FeatureList
        language="en"
        controller={asController(controller)}
        features={[
          row('a', 'bunker', { area: 143.4, selected: true }),
          row('b', 'bunker', { area: 80 }),
          row('c', 'play line', { length: 377.2, editable: false }),
          row('d', 'label', { label: 'Out of bounds' }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Features on the map' });
    expect(list).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Bunker 1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Bunker 1/ })).toHaveTextContent('143 m²');
    await userEvent.click(screen.getByRole('button', { name: /^Bunker 2/ }));
    expect(controller.selectFeature).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('button', { name: /^Play line/ })).toBeNull();
    expect(screen.getByText('377 m · edited on another screen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Label “Out of bounds”/ })).toBeInTheDocument();
  });
});
