import { describe, expect, it } from 'vitest';
import {
  AppOrders,
  CopyGuideBody,
  CreateGuideBody,
  defaultGuideSettings,
  DistanceMarkersBody,
  generationInProgress,
  GUIDE_PRODUCTS,
  GuideRatings,
  GuideSettings,
  markerProblems,
  moveItem,
  PRINT_LAYOUTS,
  sortMarkers,
  UpdateGuideBody,
} from './guides';

const times = (generated: string | null, requested: string | null) => {
  const out: Record<string, string | null> = {};
  for (const p of GUIDE_PRODUCTS) {
    out[`generated_at_${p}`] = null;
    out[`requested_at_${p}`] = null;
  }
  out.generated_at_pdf = generated;
  out.requested_at_pdf = requested;
  return out as Parameters<typeof generationInProgress>[0];
};

describe('guide settings', () => {
  it('accepts the defaults and keeps them as they are', () => {
    const settings = defaultGuideSettings(6, 'Yardage book');
    expect(GuideSettings.parse(settings)).toEqual(settings);
    expect(settings.front_page.title).toBe('Yardage book');
    expect(settings.print.layout).toBe('pocket');
  });

  it('refuses a banner colour that is not #RRGGBB, and unknown styles', () => {
    const base = defaultGuideSettings(6);
    for (const colour of ['green', '#12345', '#1234567', '123456', '#GGGGGG']) {
      const result = GuideSettings.safeParse({ ...base, print: { ...base.print, banner_colour: colour } });
      expect(result.success, colour).toBe(false);
      expect(result.error?.issues[0].message).toBe('Colour must look like #RRGGBB');
    }
    expect(GuideSettings.safeParse({ ...base, print: { ...base.print, banner_colour: '#A1b2C3' } }).success).toBe(true);
    expect(GuideSettings.safeParse({ ...base, handicap_style: 'stars' }).success).toBe(false);
    expect(GuideSettings.safeParse({ ...base, print: { ...base.print, layout: 'letter' } }).success).toBe(false);
    expect(GuideSettings.safeParse({ ...base, tee_ids: [3, 3] }).success).toBe(false);
    expect(GuideSettings.safeParse({ ...base, front_page: { ...base.front_page, text: 'a\u0000b' } }).success).toBe(false);
  });

  it('keeps the pocket book within the Rule 4.3 limit of 4.25 × 7 inches', () => {
    for (const layout of Object.values(PRINT_LAYOUTS).filter((l) => l.pocket)) {
      expect(layout.widthMm).toBeLessThanOrEqual(4.25 * 25.4 + 0.01);
      expect(layout.heightMm).toBeLessThanOrEqual(7 * 25.4 + 0.01);
    }
  });
});

describe('create, update and copy bodies', () => {
  it('needs a title and one to six distinct courses', () => {
    expect(CreateGuideBody.safeParse({ title: ' Book ', course_ids: [1] }).data?.title).toBe('Book');
    expect(CreateGuideBody.safeParse({ title: ' ', course_ids: [1] }).success).toBe(false);
    expect(CreateGuideBody.safeParse({ title: 'Book', course_ids: [] }).error?.issues[0].message).toBe('Choose at least one course');
    expect(CreateGuideBody.safeParse({ title: 'Book', course_ids: [1, 1] }).error?.issues[0].message).toBe('A course is chosen twice');
    expect(CreateGuideBody.safeParse({ title: 'x'.repeat(121), course_ids: [1] }).success).toBe(false);
    expect(CopyGuideBody.safeParse({ guide_id: 0, title: 'Copy' }).success).toBe(false);
  });

  it('names the version a save edited', () => {
    expect(UpdateGuideBody.safeParse({ title: 'Book' }).success).toBe(false);
    expect(UpdateGuideBody.safeParse({ version: 3, title: 'Book' }).success).toBe(true);
    expect(UpdateGuideBody.safeParse({ version: 3, holes: [{ hole_id: 1, page: true, green: true, pin_chart: false, pro_guideline: true }, { hole_id: 1, page: true, green: true, pin_chart: false, pro_guideline: true }] }).success).toBe(false);
  });
});

describe('ratings', () => {
  it('takes a course rating with one decimal and a whole slope, once per tee and sex', () => {
    expect(GuideRatings.safeParse([{ tee_id: 1, sex: 'men', course_rating: 71.2, slope: 128 }, { tee_id: 1, sex: 'women', course_rating: 73.9, slope: 131 }]).success).toBe(true);
    const bad = [
      { tee_id: 1, sex: 'men', course_rating: 71.25, slope: 128 },
      { tee_id: 1, sex: 'men', course_rating: 49.9, slope: 128 },
      { tee_id: 1, sex: 'men', course_rating: 71.2, slope: 156 },
      { tee_id: 1, sex: 'men', course_rating: 71.2, slope: 12.5 },
      { tee_id: 1, sex: 'other', course_rating: 71.2, slope: 128 },
      { tee_id: 1, sex: 'men', course_rating: '71.2', slope: 128 },
    ];
    for (const rating of bad) expect(GuideRatings.safeParse([rating]).success, JSON.stringify(rating)).toBe(false);
    const twice = GuideRatings.safeParse([{ tee_id: 1, sex: 'men', course_rating: 71.2, slope: 128 }, { tee_id: 1, sex: 'men', course_rating: 70, slope: 120 }]);
    expect(twice.error?.issues[0]).toMatchObject({ path: [1, 'tee_id'], message: 'This tee is rated twice for the same sex' });
  });
});

describe('distance markers', () => {
  it('refuses negative, zero, fractional, huge and repeated distances', () => {
    expect(DistanceMarkersBody.parse([200, 100, 150])).toEqual([200, 100, 150]);
    expect(DistanceMarkersBody.parse([])).toEqual([]);
    const message = (list: unknown[]) => DistanceMarkersBody.safeParse(list).error?.issues[0].message;
    expect(message([-100])).toBe('A marker is at least 10 m from the green');
    expect(message([0])).toBe('A marker is at least 10 m from the green');
    expect(message([100.5])).toBe('A marker is a whole number of metres');
    expect(message([5000])).toBe('A marker is at most 600 m from the green');
    expect(message([100, 100])).toBe('100 m is listed twice');
    expect(message(['100'])).toBe('A marker is a whole number of metres');
    expect(message(Array.from({ length: 9 }, (_, i) => 100 + i))).toBe('At most 8 markers per hole');
  });

  it('refuses a marker at or beyond the hole’s length', () => {
    expect(markerProblems([100, 150, 200], 340)).toEqual([]);
    expect(markerProblems([100, 340, 400], 340)).toEqual([
      { index: 1, problem: { code: 'beyondHole', length: 340 } },
      { index: 2, problem: { code: 'beyondHole', length: 340 } },
    ]);
    // A hole without distances is checked against the limits only.
    expect(markerProblems([550], null)).toEqual([]);
    expect(sortMarkers([200, 100, 150])).toEqual([100, 150, 200]);
  });
});

describe('generation progress (§4)', () => {
  it('runs while the request is later than the last generation', () => {
    expect(generationInProgress(times(null, null), 'pdf')).toBe(false);
    expect(generationInProgress(times(null, '2030-01-01T10:00:00.000Z'), 'pdf')).toBe(true);
    expect(generationInProgress(times('2030-01-01T09:00:00.000Z', '2030-01-01T10:00:00.000Z'), 'pdf')).toBe(true);
    expect(generationInProgress(times('2030-01-01T10:00:01.000Z', '2030-01-01T10:00:00.000Z'), 'pdf')).toBe(false);
    expect(generationInProgress(times('2030-01-01T10:00:01.000Z', '2030-01-01T10:00:00.000Z'), 'json')).toBe(false);
  });
});

describe('app order', () => {
  it('lists each guide once with distinct places', () => {
    expect(AppOrders.safeParse({ orders: [{ guide_id: 1, order: 1 }, { guide_id: 2, order: 2 }] }).success).toBe(true);
    expect(AppOrders.safeParse({ orders: [{ guide_id: 1, order: 1 }, { guide_id: 1, order: 2 }] }).success).toBe(false);
    expect(AppOrders.safeParse({ orders: [{ guide_id: 1, order: 1 }, { guide_id: 2, order: 1 }] }).success).toBe(false);
  });

  it('moves an item up and down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
