import { describe, expect, it } from 'vitest';
import {
  isSponsorUrl,
  pagePlacesProblem,
  positionProblems,
  SaveSponsorBody,
  SaveSponsorSetupBody,
  SIGNS_PER_HOLE_MAX,
  SPONSOR_POSITIONS_MAX,
  SponsorPositionInput,
  URL_MESSAGE,
} from './sponsors';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('sponsor', () => {
  it('takes http(s) web addresses or none', () => {
    for (const ok of ['', 'http://example.com', 'https://example.com/fjord-bank?x=1', 'HTTPS://Example.com']) expect(isSponsorUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'example.com', '//example.com', 'https://', 'http:// spaced.example']) {
      expect(isSponsorUrl(bad), bad).toBe(false);
    }
  });

  it('trims the name and web address, and defaults the address to none', () => {
    expect(SaveSponsorBody.parse({ name: '  Fjord Bank ', url: ' https://example.com ' })).toEqual({ name: 'Fjord Bank', url: 'https://example.com' });
    expect(SaveSponsorBody.parse({ name: 'Vejle Auto' })).toEqual({ name: 'Vejle Auto', url: '' });
  });

  it('refuses a javascript: address, an empty or long name, and NUL', () => {
    expect(messages(SaveSponsorBody.safeParse({ name: 'X', url: 'javascript:alert(1)' }))).toEqual([`url: ${URL_MESSAGE}`]);
    expect(messages(SaveSponsorBody.safeParse({ name: '   ' }))).toEqual(['name: Name is required']);
    expect(messages(SaveSponsorBody.safeParse({ name: 'x'.repeat(101) }))).toEqual(['name: Name is at most 100 characters']);
    expect(SaveSponsorBody.safeParse({ name: 'a\u0000b' }).success).toBe(false);
  });
});

describe('sponsor positions', () => {
  const page = (hole_id: number, sponsor_id: number, format: string) => SponsorPositionInput.parse({ sponsor_id, hole_id, placement: 'page', format });
  const sign = (hole_id: number, sponsor_id: number) => SponsorPositionInput.parse({ sponsor_id, hole_id, placement: 'sign', position: { longitude: 9.5, latitude: 55.7 } });

  it('reads a page place and a sign, filling what they do not carry with null', () => {
    expect(page(1, 2, 'bottom-single')).toEqual({ sponsor_id: 2, hole_id: 1, placement: 'page', format: 'bottom-single', position: null });
    expect(sign(1, 2)).toEqual({ sponsor_id: 2, hole_id: 1, placement: 'sign', format: null, position: { longitude: 9.5, latitude: 55.7 } });
  });

  it('says what is wrong with a place', () => {
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'page', format: 'half-page' }))).toEqual([
      'format: Format must be one of full-filled, full-centered, bottom-single, bottom-double',
    ]);
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'banner' }))).toEqual(["placement: Placement must be 'page' or 'sign'"]);
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'page' }))).toEqual(['format: A place on the hole page needs a format']);
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'page', format: 'full-filled', position: { longitude: 1, latitude: 2 } }))).toEqual([
      'position: A place on the hole page has no point on the course',
    ]);
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'sign' }))).toEqual(['position: A sponsor sign needs its point on the course']);
    expect(messages(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'sign', format: 'full-filled', position: { longitude: 1, latitude: 2 } }))).toEqual([
      'format: A sponsor sign has no page format',
    ]);
    expect(SponsorPositionInput.safeParse({ sponsor_id: 1, hole_id: 1, placement: 'sign', position: { longitude: 181, latitude: 2 } }).success).toBe(false);
    expect(SponsorPositionInput.safeParse({ sponsor_id: 0, hole_id: 1, placement: 'page', format: 'full-filled' }).success).toBe(false);
  });

  it('fits one sponsor on a hole page, or two in bottom double', () => {
    expect(pagePlacesProblem([])).toBeNull();
    expect(pagePlacesProblem(['full-filled'])).toBeNull();
    expect(pagePlacesProblem(['bottom-double'])).toBeNull();
    expect(pagePlacesProblem(['bottom-double', 'bottom-double'])).toBeNull();
    expect(pagePlacesProblem(['bottom-double', 'bottom-double', 'bottom-double'])).toBe('A hole page has room for two sponsors in bottom double');
    expect(pagePlacesProblem(['full-filled', 'bottom-single'])).toBe('A hole page has one sponsor, or two in bottom double');
    expect(pagePlacesProblem(['bottom-double', 'bottom-single'])).toBe('A hole page has one sponsor, or two in bottom double');
  });

  it('finds the problems of a setup once, at the place that caused them', () => {
    expect(positionProblems([page(1, 1, 'full-filled'), page(2, 1, 'full-centered'), page(3, 1, 'bottom-double'), page(3, 2, 'bottom-double'), sign(1, 1), sign(1, 1)])).toEqual([]);
    expect(positionProblems([page(1, 1, 'full-filled'), page(1, 2, 'bottom-single'), page(1, 3, 'bottom-single')])).toEqual([
      { path: 'sponsor_positions.1.format', message: 'A hole page has one sponsor, or two in bottom double' },
    ]);
    expect(positionProblems([page(1, 1, 'bottom-double'), page(1, 1, 'bottom-double')])).toEqual([
      { path: 'sponsor_positions.1.sponsor_id', message: 'This sponsor is already on this hole page' },
    ]);
    const signs = Array.from({ length: SIGNS_PER_HOLE_MAX + 2 }, () => sign(7, 1));
    expect(positionProblems(signs)).toEqual([{ path: `sponsor_positions.${SIGNS_PER_HOLE_MAX}`, message: `A hole has at most ${SIGNS_PER_HOLE_MAX} sponsor signs` }]);
  });
});

describe('sponsor setup', () => {
  it('creates with no positions by default (§4) and trims its name', () => {
    expect(SaveSponsorSetupBody.parse({ name: ' Sæson 2026 ', course_id: 3 })).toEqual({ name: 'Sæson 2026', course_id: 3, sponsor_positions: [] });
  });

  it('caps the positions and names the place of a problem', () => {
    const many = Array.from({ length: SPONSOR_POSITIONS_MAX + 1 }, () => ({ sponsor_id: 1, hole_id: 1, placement: 'sign', position: { longitude: 1, latitude: 1 } }));
    expect(messages(SaveSponsorSetupBody.safeParse({ name: 'x', course_id: 1, sponsor_positions: many }))).toEqual([
      `sponsor_positions: A setup has at most ${SPONSOR_POSITIONS_MAX} sponsor places`,
    ]);
    expect(messages(SaveSponsorSetupBody.safeParse({ name: 'x', course_id: 1, sponsor_positions: [{ sponsor_id: 1, hole_id: 1, placement: 'page', format: 'poster' }] }))).toEqual([
      'sponsor_positions.0.format: Format must be one of full-filled, full-centered, bottom-single, bottom-double',
    ]);
  });
});
