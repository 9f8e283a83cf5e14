import { describe, expect, it } from 'vitest';
import { defaultGuideSettings, markerProblems, type Guide } from '@golf/contract/api/guides';
import type { Tee } from '@golf/contract/api/courses';
import { guidePageOf, lastGenerated, parseDecimal, parseMarkerInput, ratingProblem, ratingRows, ratingsOf, teesOfGuide } from './guide-pages';

const tee = (id: number, course_id: number, name: string): Tee => ({ id, course_id, name, color: '#ffffff', distance: 0, total_distance: 0 });

describe('guide pages', () => {
  it('finds the page of every path under a guide', () => {
    expect(guidePageOf('/1/products/7')?.key).toBe('overview');
    expect(guidePageOf('/1/products/7/setup-ratings')?.key).toBe('setupRatings');
    expect(guidePageOf('/1/products/7/setup-distance-markers')?.key).toBe('setupDistanceMarkers');
    expect(guidePageOf('/1/products/7/local-rules')?.key).toBe('localRules');
    expect(guidePageOf('/1/products/7/custom/etiquette')).toMatchObject({ key: 'custom.etiquette', type: 'etiquette' });
    expect(guidePageOf('/1/products/7/custom/unknown')).toBeNull();
    expect(guidePageOf('/1/products/7/nothing')).toBeNull();
  });
});

describe('the ratings form', () => {
  it('reads decimals with a point or a comma', () => {
    expect(parseDecimal('71,2')).toBe(71.2);
    expect(parseDecimal(' 71.2 ')).toBe(71.2);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('7x')).toBeNaN();
  });

  it('wants both numbers or neither, in their ranges', () => {
    const row = { tee_id: 1, sex: 'men' as const, course_rating: '', slope: '' };
    expect(ratingProblem(row)).toEqual({ courseRating: null, slope: null });
    expect(ratingProblem({ ...row, course_rating: '71.2', slope: '128' })).toEqual({ courseRating: null, slope: null });
    expect(ratingProblem({ ...row, course_rating: '71.2' })).toEqual({ courseRating: null, slope: 'bothOrNeither' });
    expect(ratingProblem({ ...row, slope: '128' })).toEqual({ courseRating: 'bothOrNeither', slope: null });
    expect(ratingProblem({ ...row, course_rating: '71.25', slope: '128' }).courseRating).toBe('courseRating');
    expect(ratingProblem({ ...row, course_rating: '95', slope: '128' }).courseRating).toBe('courseRating');
    expect(ratingProblem({ ...row, course_rating: '71.2', slope: '300' }).slope).toBe('slope');
    expect(ratingProblem({ ...row, course_rating: '71.2', slope: '12.5' }).slope).toBe('slope');
  });

  it('makes a row per tee and sex from the saved ratings, and gives back the filled rows', () => {
    const rows = ratingRows([tee(1, 1, 'Gul')], [{ tee_id: 1, sex: 'women', course_rating: 73, slope: 131 }]);
    expect(rows).toEqual([
      { tee_id: 1, sex: 'men', course_rating: '', slope: '' },
      { tee_id: 1, sex: 'women', course_rating: '73.0', slope: '131' },
    ]);
    expect(ratingsOf([{ ...rows[0], course_rating: '70,4', slope: '125' }, rows[1]])).toEqual([
      { tee_id: 1, sex: 'men', course_rating: 70.4, slope: 125 },
      { tee_id: 1, sex: 'women', course_rating: 73, slope: 131 },
    ]);
  });

  it('shows the chosen tees in their order, else every tee of the guide’s courses', () => {
    const tees = [tee(1, 1, 'Hvid'), tee(2, 1, 'Gul'), tee(3, 2, 'Blå'), tee(4, 9, 'Other')];
    const guide = { courses: [{ course_id: 2, name: 'B' }, { course_id: 1, name: 'A' }], settings: defaultGuideSettings(6) };
    expect(teesOfGuide(guide, tees).map((t) => t.id)).toEqual([3, 1, 2]);
    expect(teesOfGuide({ ...guide, settings: { ...guide.settings, tee_ids: [2, 3, 4] } }, tees).map((t) => t.id)).toEqual([2, 3]);
  });
});

describe('the distance markers form', () => {
  it('reads several markers at once and marks words that are not whole metres', () => {
    expect(parseMarkerInput('100, 150 200')).toEqual([100, 150, 200]);
    expect(parseMarkerInput('')).toEqual([]);
    const [bad] = parseMarkerInput('1e2');
    expect(bad).toBeNaN();
    expect(markerProblems([Number.NaN], 300)[0].problem.code).toBe('whole');
    expect(markerProblems(parseMarkerInput('-5'), 300)[0].problem.code).toBe('whole');
  });
});

describe('the guides list', () => {
  it('names the product made last', () => {
    const guide = { generated_at_pdf: '2030-01-02T00:00:00.000Z', generated_at_json: '2030-01-03T00:00:00.000Z', generated_at_overview: null } as unknown as Guide;
    expect(lastGenerated(guide)).toEqual({ product: 'json', at: '2030-01-03T00:00:00.000Z' });
    expect(lastGenerated({} as Guide)).toBeNull();
  });
});
