import { describe, expect, it } from 'vitest';
import type { Hole } from '@golf/contract/api/courses';
import type { Drawing } from '@golf/contract/api/drawings';
import type { SponsorSetup } from '@golf/contract/api/sponsors';
import {
  addSign,
  draftOf,
  holeCentre,
  insideHole,
  moveSign,
  nameProblem,
  pageOf,
  placeProblems,
  positionsOf,
  positionsProblems,
  problemField,
  removeSign,
  roomForSign,
  sameSetup,
  setPageFormat,
  setPageSponsor,
  setupBody,
  setupCounts,
  sponsorSlots,
  type SetupDraft,
} from './draft';

const hole = (id: number, order: number): Hole => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: true });
// Deliberately out of order: positions follow the holes' order, not the array's.
const holes = [hole(52, 2), hole(51, 1), hole(53, 3)];

const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
/** A hole whose boundary is an L: its box's centre lies outside it. */
const lShape: Drawing = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'b',
      geometry: { type: 'Polygon', coordinates: [[[9, 55], [9.004, 55], [9.004, 55.001], [9.001, 55.001], [9.001, 55.004], [9, 55.004], [9, 55]]] },
      properties: { element: 'hole boundary' },
    },
    { type: 'Feature', id: 'g', geometry: { type: 'Polygon', coordinates: [square(9.0002, 55.003, 0.0004)] }, properties: { element: 'green' } },
  ],
};
const squareHole: Drawing = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'b', geometry: { type: 'Polygon', coordinates: [square(9, 55, 0.002)] }, properties: { element: 'hole boundary' } }],
};
const noBoundary: Drawing = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'g', geometry: { type: 'Polygon', coordinates: [square(9, 55, 0.001)] }, properties: { element: 'green' } }],
};

const saved: SponsorSetup = {
  id: 9,
  club_id: 1,
  course_id: 5,
  name: 'Season 2026',
  updated_at: '2030-01-01T00:00:00.000Z',
  sponsor_positions: [
    { id: 1, sponsor_setup_id: 9, sponsor_id: 7, hole_id: 51, placement: 'page', format: 'bottom-double', position: null },
    { id: 2, sponsor_setup_id: 9, sponsor_id: 8, hole_id: 51, placement: 'page', format: 'bottom-double', position: null },
    { id: 3, sponsor_setup_id: 9, sponsor_id: 7, hole_id: 53, placement: 'sign', format: null, position: { longitude: 9.001, latitude: 55.001 } },
    { id: 4, sponsor_setup_id: 9, sponsor_id: 8, hole_id: 52, placement: 'page', format: 'full-centered', position: null },
  ],
};

describe('sponsor setup draft', () => {
  it('gives two sponsors a hole page only in bottom double (the contract’s rule)', () => {
    expect(sponsorSlots('bottom-double')).toBe(2);
    expect(sponsorSlots('bottom-single')).toBe(1);
    expect(sponsorSlots('full-filled')).toBe(1);
    expect(sponsorSlots('full-centered')).toBe(1);
  });

  it('reads a saved setup and sends it back the same, hole by hole in the course’s order', () => {
    const draft = draftOf(saved);
    expect(pageOf(draft, 51)).toEqual({ format: 'bottom-double', sponsors: [7, 8] });
    expect(pageOf(draft, 52)).toEqual({ format: 'full-centered', sponsors: [8, null] });
    expect(pageOf(draft, 53).sponsors).toEqual([null, null]);
    expect(draft.signs).toEqual([{ key: '3', sponsorId: 7, holeId: 53, position: [9.001, 55.001] }]);
    expect(positionsOf(draft, holes)).toEqual([
      { sponsor_id: 7, hole_id: 51, placement: 'page', format: 'bottom-double', position: null },
      { sponsor_id: 8, hole_id: 51, placement: 'page', format: 'bottom-double', position: null },
      { sponsor_id: 8, hole_id: 52, placement: 'page', format: 'full-centered', position: null },
      { sponsor_id: 7, hole_id: 53, placement: 'sign', format: null, position: { longitude: 9.001, latitude: 55.001 } },
    ]);
    expect(setupBody({ ...draft, name: '  Season 2026 ' }, 5, holes)).toMatchObject({ name: 'Season 2026', course_id: 5 });
    expect(sameSetup(draft, draftOf(saved), holes)).toBe(true);
    expect(setupCounts(saved)).toEqual({ pages: 3, signs: 1 });
  });

  it('drops the second sponsor when the format has room for one, and moves it up when the first is emptied', () => {
    let draft = draftOf(saved);
    expect(pageOf(setPageFormat(draft, 51, 'bottom-single'), 51)).toEqual({ format: 'bottom-single', sponsors: [7, null] });
    expect(pageOf(setPageSponsor(draft, 51, 0, null), 51).sponsors).toEqual([8, null]);
    // The same sponsor twice on a page is not taken; a second slot in a one-sponsor format neither.
    expect(setPageSponsor(draft, 51, 1, 7)).toBe(draft);
    expect(setPageSponsor(draft, 52, 1, 7)).toBe(draft);
    // Choosing the second sponsor as the first leaves the slot of the second empty.
    expect(pageOf(setPageSponsor(draft, 51, 0, 8), 51).sponsors).toEqual([8, null]);
    draft = setPageSponsor(draftOf(null), 53, 0, 7);
    expect(positionsOf(draft, holes)).toEqual([{ sponsor_id: 7, hole_id: 53, placement: 'page', format: 'full-filled', position: null }]);
    expect(sameSetup(draft, draftOf(null), holes)).toBe(false);
  });

  it('adds, moves and removes signs; a hole takes at most ten; points go with 7 decimals', () => {
    let draft: SetupDraft = draftOf(null);
    for (let i = 0; i < 10; i++) draft = addSign(draft, { key: `k${i}`, sponsorId: 7, holeId: 51, position: [9.0005, 55.0005] });
    expect(roomForSign(draft, 51)).toBe(false);
    expect(roomForSign(draft, 52)).toBe(true);
    draft = removeSign(draft, 'k0');
    expect(roomForSign(draft, 51)).toBe(true);
    draft = moveSign(draft, 'k1', [9.000123456789, 55.000987654321]);
    expect(positionsOf(draft, holes)[0].position).toEqual({ longitude: 9.0001235, latitude: 55.0009877 });
  });

  it('checks the name', () => {
    expect(nameProblem('  ')).toBe('sponsorSetups.errors.nameRequired');
    expect(nameProblem('x'.repeat(101))).toBe('sponsorSetups.errors.nameTooLong');
    expect(nameProblem(' Season ')).toBeNull();
  });

  it('places the server’s problems next to the hole of the position they name, the rest on the setup', () => {
    const sent = positionsOf(draftOf(saved), holes);
    const placed = placeProblems(
      [
        { path: 'sponsor_positions.3.position', message: 'The point is outside the hole boundary' },
        { path: 'sponsor_positions.1.format', message: 'A hole page has one sponsor, or two in bottom double' },
        { path: 'name', message: 'Name is required' },
        { path: 'course_id', message: 'Unknown course' },
        { path: 'sponsor_positions.99.sponsor_id', message: 'Unknown sponsor' },
      ],
      sent,
    );
    expect([...placed.byHole.entries()]).toEqual([
      [53, ['The point is outside the hole boundary']],
      [51, ['A hole page has one sponsor, or two in bottom double']],
    ]);
    expect(placed.name).toEqual(['Name is required']);
    const phrased = placeProblems([{ path: 'sponsor_positions.3.position', message: 'x' }, { path: 'course_id', message: 'Unknown course' }], sent, (d, p) => (p ? `${problemField(d.path)} of sponsor ${p.sponsor_id}` : d.message));
    expect([...phrased.byHole.values()]).toEqual([['position of sponsor 7']]);
    expect(phrased.general).toEqual(['Unknown course']);
    expect([problemField('sponsor_positions.4'), problemField('sponsor_positions.4.format'), problemField('name')]).toEqual(['', 'format', null]);
    expect(placed.general).toEqual(['Unknown course', 'Unknown sponsor']);
  });

  it('finds what the server would refuse before sending: too many signs on a hole', () => {
    let draft = draftOf(null);
    for (let i = 0; i < 11; i++) draft = { ...draft, signs: [...draft.signs, { key: `k${i}`, sponsorId: 7, holeId: 52, position: [9, 55] }] };
    const problems = positionsProblems(positionsOf(draft, holes));
    expect([...problems!.byHole.keys()]).toEqual([52]);
    expect(positionsProblems(positionsOf(draftOf(saved), holes))).toBeNull();
  });

  it('tells whether a point is inside the hole’s boundary, and finds a centre inside it', () => {
    expect(insideHole(squareHole, [9.001, 55.001])).toBe(true);
    expect(insideHole(squareHole, [9.003, 55.001])).toBe(false);
    expect(insideHole(noBoundary, [9.0005, 55.0005])).toBeNull();
    expect(holeCentre(noBoundary)).toBeNull();
    const [lon, lat] = holeCentre(squareHole)!;
    expect(lon).toBeCloseTo(9.001, 6);
    expect(lat).toBeCloseTo(55.001, 6);
    // The L's centroid lies in its notch: the centre of its green is taken instead.
    const centre = holeCentre(lShape)!;
    expect(insideHole(lShape, centre)).toBe(true);
    expect(centre[0]).toBeCloseTo(9.0004, 6);
    expect(centre[1]).toBeCloseTo(55.0032, 6);
  });
});
