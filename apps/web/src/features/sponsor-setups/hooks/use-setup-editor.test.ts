import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { SIGNS_PER_HOLE_MAX } from '@golf/contract/api/sponsors';
import { noticeText } from './use-setup-editor';

/** A stand-in for i18next's t that shows the key and its values, so each notice's words are checked by key and values. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const sponsorName = (id: number) => (id === 7 ? 'Nordbank' : `Sponsor ${id}`);
const holeNumber = (id: number | null) => (id === 51 ? 1 : id === 53 ? 3 : 0);
const text = (notice: Parameters<typeof noticeText>[0]) => noticeText(notice, t, sponsorName, holeNumber);

describe('noticeText', () => {
  it('says nothing without a notice', () => {
    expect(text(null)).toBe('');
  });

  it('names the hole by its number and the sponsor by its name', () => {
    expect(text({ kind: 'placing', holeId: 53, sponsorId: 7 })).toBe('sponsorSetups.place.placing {"number":3,"sponsor":"Nordbank"}');
    expect(text({ kind: 'placing', holeId: 53, sponsorId: null })).toBe('sponsorSetups.place.placing {"number":3,"sponsor":""}');
    expect(text({ kind: 'cancelled' })).toBe('sponsorSetups.place.cancelled');
    expect(text({ kind: 'full', holeId: 51 })).toBe(`sponsorSetups.place.full {"number":1,"max":${SIGNS_PER_HOLE_MAX}}`);
    expect(text({ kind: 'outside', holeId: 51 })).toBe('sponsorSetups.place.outside {"number":1}');
    expect(text({ kind: 'noBoundary', holeId: 53 })).toBe('sponsorSetups.place.noBoundary {"number":3}');
    expect(text({ kind: 'placed', sponsorId: 7, holeId: 51 })).toBe('sponsorSetups.place.placed {"sponsor":"Nordbank","number":1}');
    expect(text({ kind: 'signOutside', holeId: 51 })).toBe('sponsorSetups.sign.outside {"number":1}');
    expect(text({ kind: 'removed', sponsorId: 8, holeId: 53 })).toBe('sponsorSetups.sign.removed {"sponsor":"Sponsor 8","number":3}');
  });

  it('gives a moved sign’s position as latitude and longitude with 7 decimals', () => {
    expect(text({ kind: 'moved', sponsorId: 7, position: [9.0210156, 55.001] })).toBe(
      'sponsorSetups.sign.moved {"sponsor":"Nordbank","latitude":"55.0010000","longitude":"9.0210156"}',
    );
  });
});
