import { describe, expect, it } from 'vitest';
import { MISMATCH_KINDS, type Mismatch } from '@golf/contract/api/mismatches';
import { findingText, fixPlace } from './mismatch-text';

const at = { club_id: 4, guide_id: 9, course_id: 7, hole_id: 70 };

describe('fixPlace', () => {
  it('opens the hole editor for what is drawn, the course for tees, the guide screens for the guide', () => {
    expect(fixPlace({ kind: 'holeWithoutDrawing', ...at })).toEqual({ href: '/4/courses/7/holes/70/edit', labelKey: 'mismatches.open.holeEditor' });
    expect(fixPlace({ kind: 'catalogueRule', ...at })?.href).toBe('/4/courses/7/holes/70/edit');
    expect(fixPlace({ kind: 'teeWithoutDistance', ...at })).toEqual({ href: '/4/courses/7', labelKey: 'mismatches.open.course' });
    expect(fixPlace({ kind: 'markerBeyondHole', ...at })?.href).toBe('/4/products/9/setup-distance-markers');
    expect(fixPlace({ kind: 'guideRemovedTee', ...at })?.href).toBe('/4/products/9/setup-tees');
    expect(fixPlace({ kind: 'guideWithoutCourses', ...at })?.href).toBe('/4/products/9/setup-courses');
    expect(fixPlace({ kind: 'guideRemovedPinSetup', ...at })?.href).toBe('/4/products/9');
  });

  it('has a place for every kind while its rows exist, and none once they are gone', () => {
    for (const kind of MISMATCH_KINDS) expect(fixPlace({ kind, ...at }), kind).not.toBeNull();
    expect(fixPlace({ kind: 'holeWithoutDrawing', club_id: 4, guide_id: null, course_id: 7, hole_id: null })).toBeNull();
    expect(fixPlace({ kind: 'markerBeyondHole', club_id: 4, guide_id: null, course_id: 7, hole_id: 70 })).toBeNull();
  });
});

describe('findingText', () => {
  const base: Pick<Mismatch, 'hole_number' | 'course_name'> = { hole_number: 3, course_name: 'North' };
  it('names the catalogue rule broken, with its parameters', () => {
    expect(findingText({ ...base, kind: 'catalogueRule', details: { rule: 'areaTooLarge', area: 100, max: 50, element: 'bunker' } })).toEqual({
      key: 'mismatches.kinds.catalogueRule.areaTooLarge',
      params: { rule: 'areaTooLarge', area: 100, max: 50, element: 'bunker', hole: 3, course: 'North' },
    });
    expect(findingText({ ...base, kind: 'catalogueRule', details: { rule: 'later' } }).key).toBe('mismatches.kinds.catalogueRule.unknown');
  });
  it('takes the kind as the key otherwise', () => {
    expect(findingText({ ...base, kind: 'teeWithoutDistance', details: { tee: 'Blue', tee_id: 5, holes: '1–3', count: 3 } })).toEqual({
      key: 'mismatches.kinds.teeWithoutDistance',
      params: { tee: 'Blue', tee_id: 5, holes: '1–3', count: 3, hole: 3, course: 'North' },
    });
  });
});
