import { describe, expect, it } from 'vitest';
import { courseHandicap, formatCourseHandicap, formatIndex, handicapRanges } from './handicap';

describe('courseHandicap (World Handicap System)', () => {
  it('computes index × slope / 113 + (course rating − par) for worked examples', () => {
    // 10.4 × 125 / 113 = 11.504; + (71.2 − 72) = 10.704 → 11
    expect(courseHandicap(10.4, { courseRating: 71.2, slope: 125, par: 72 })).toBe(11);
    // 18.2 × 129 / 113 = 20.777; + (71.3 − 72) = 20.077 → 20
    expect(courseHandicap(18.2, { courseRating: 71.3, slope: 129, par: 72 })).toBe(20);
    // 28.0 × 113 / 113 + (74.5 − 72) = 30.5 → 31 (.5 rounds upwards)
    expect(courseHandicap(28, { courseRating: 74.5, slope: 113, par: 72 })).toBe(31);
    // 54.0 × 155 / 113 = 74.07; + (79.0 − 72) = 81.07 → 81
    expect(courseHandicap(54, { courseRating: 79, slope: 155, par: 72 })).toBe(81);
  });

  it('handles plus handicaps and rounds .5 upwards on both sides of zero', () => {
    // +2.1: −2.1 × 140 / 113 = −2.6018; + (74.0 − 72) = −0.6018 → −1, printed +1
    expect(courseHandicap(-2.1, { courseRating: 74, slope: 140, par: 72 })).toBe(-1);
    expect(formatCourseHandicap(-1)).toBe('+1');
    expect(courseHandicap(0, { courseRating: 72.5, slope: 113, par: 72 })).toBe(1);
    expect(courseHandicap(0, { courseRating: 71.5, slope: 113, par: 72 })).toBe(0);
    expect(courseHandicap(-1.5, { courseRating: 72, slope: 113, par: 72 })).toBe(-1);
  });

  it('is exact where binary fractions are not (0.1 steps)', () => {
    // 4.5 × 113 / 113 + 0 = 4.5 → 5; floating point gives 4.499999… for some forms of the sum.
    expect(courseHandicap(4.5, { courseRating: 72, slope: 113, par: 72 })).toBe(5);
    expect(courseHandicap(0.3 * 3 + 0.6, { courseRating: 72, slope: 113, par: 72 })).toBe(2);
  });
});

describe('handicapRanges', () => {
  it('covers every index from +5.0 to 54.0 once, in contiguous ranges of rising course handicaps', () => {
    const rating = { courseRating: 71.2, slope: 128, par: 72 };
    const rows = handicapRanges(rating);
    expect(rows[0].from).toBe(-5);
    expect(rows[rows.length - 1].to).toBe(54);
    for (let i = 1; i < rows.length; i++) {
      expect(Math.round((rows[i].from - rows[i - 1].to) * 10)).toBe(1);
      expect(rows[i].courseHandicap).toBe(rows[i - 1].courseHandicap + 1);
    }
    for (const row of rows) {
      expect(courseHandicap(row.from, rating)).toBe(row.courseHandicap);
      expect(courseHandicap(row.to, rating)).toBe(row.courseHandicap);
    }
    expect(formatIndex(-2.1)).toBe('+2.1');
    expect(formatIndex(12)).toBe('12.0');
    // In the guide's language: Danish and Swedish write a decimal comma.
    expect(formatIndex(-2.1, 'da')).toBe('+2,1');
    expect(formatIndex(36, 'sv')).toBe('36,0');
    expect(formatIndex(12.4, 'en')).toBe('12.4');
  });
});
