import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdParam, Int32, IntParam, NonNegativeInt32, NUL_MESSAGE, PositiveInt32, Text, UNICODE_MESSAGE, wholeNumberInput } from './common';
import { CreateClubBody, UpdateClubBody } from './clubs';
import { MemberIdsBody, MembersQuery } from './members';
import { SavePinPositionBody } from './pins';
import { CreateCourseBody } from './courses';
import { HoursDocument } from './hours';
import { SaveDrawingBody } from './drawings';

describe('ids in a path or a query string', () => {
  it('reads decimal digits, leading zeros included', () => {
    expect(IdParam.parse('1')).toBe(1);
    expect(IdParam.parse('007')).toBe(7);
    expect(IdParam.parse('2147483647')).toBe(2_147_483_647);
  });

  it("refuses '0x1', '+1', '1e0', '2.9999999999999999' and the like instead of reading them as numbers", () => {
    for (const bad of ['0x1', '+1', '1e0', '2.9999999999999999', '1.0', ' 1', '1 ', '-1', 'abc', '', '\u0000', '1\u0000', 'Infinity', '0b1', '0o1', '1_000']) {
      expect(IdParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses ids outside an integer column: 0, 2147483648 and longer digit strings', () => {
    for (const bad of ['0', '2147483648', '9999999999', '9'.repeat(30)]) {
      expect(IdParam.safeParse(bad).success, bad).toBe(false);
    }
    expect(IdParam.safeParse('2147483648').error?.issues[0].message).toBe('Must be from 1 to 2147483647');
    expect(IdParam.safeParse('0x1').error?.issues[0].message).toBe('Must be a whole number written with the digits 0-9 only');
  });

  it('IntParam keeps its own range', () => {
    const page = IntParam(1, 500);
    expect(page.parse('500')).toBe(500);
    expect(page.safeParse('501').success).toBe(false);
    expect(page.safeParse('1e2').success).toBe(false);
  });
});

describe('integers of a body', () => {
  it('have the range of an integer column', () => {
    expect(Int32.safeParse(-2_147_483_648).success).toBe(true);
    expect(Int32.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [2_147_483_648, -2_147_483_649, 1e308, 2 ** 53, 1.5, Number.NaN, '1', null]) {
      expect(Int32.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(NonNegativeInt32.safeParse(0).success).toBe(true);
    expect(NonNegativeInt32.safeParse(-1).success).toBe(false);
    expect(PositiveInt32.safeParse(0).success).toBe(false);
    expect(PositiveInt32.safeParse(2_147_483_648).success).toBe(false);
  });

  it('whole numbers sent as form text are decimal digits only', () => {
    const par = wholeNumberInput(z.number().int().min(3).max(7), 'Par is 3 to 7');
    expect(par.parse(4)).toBe(4);
    expect(par.parse(' 5 ')).toBe(5);
    for (const bad of ['0x5', '5e0', '+5', '', '5.0', null, true, [], 4.5]) {
      expect(par.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(par.safeParse('0x5').error?.issues[0].message).toBe('Par is 3 to 7');
  });

  it('the named cases: drawing_style_id and member ids of 2147483648 are refused', () => {
    expect(UpdateClubBody.safeParse({ drawing_style_id: 2_147_483_648 }).success).toBe(false);
    expect(CreateClubBody.safeParse({ name: 'A', handle: 'ab', drawing_style_id: 2_147_483_648 }).success).toBe(false);
    expect(CreateClubBody.safeParse({ name: 'A', handle: 'ab', region_ids: [2_147_483_648] }).success).toBe(false);
    expect(CreateClubBody.safeParse({ name: 'A', handle: 'ab', admin_id: 2_147_483_648 }).success).toBe(false);
    expect(MemberIdsBody.safeParse({ ids: [2_147_483_648] }).success).toBe(false);
    expect(MemberIdsBody.safeParse({ ids: [2_147_483_647] }).success).toBe(true);
    expect(SaveDrawingBody.safeParse({ drawing: { type: 'FeatureCollection', features: [] }, version: 2_147_483_648 }).success).toBe(false);
    expect(SavePinPositionBody.safeParse({ holeId: 2_147_483_648, outMeters: 1, sideMeters: 0 }).success).toBe(false);
    expect(SavePinPositionBody.safeParse({ holeId: 1, outMeters: '0x5', sideMeters: 0 }).success).toBe(false);
    expect(MembersQuery.safeParse({ page: '1e0' }).success).toBe(false);
    expect(MembersQuery.parse({ page: '2', page_size: '20' })).toMatchObject({ page: 2, page_size: 20 });
  });
});

describe('text', () => {
  it('refuses the NUL character anywhere, with a clear message', () => {
    expect(Text.parse('plain text')).toBe('plain text');
    for (const bad of ['\u0000', 'a\u0000', '\u0000a', 'a\u0000b']) {
      expect(Text.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toBe(NUL_MESSAGE);
    }
    // Trimming does not remove it.
    expect(Text.trim().safeParse(' \u0000 ').success).toBe(false);
  });

  it('refuses half of a surrogate pair, and keeps whole ones', () => {
    expect(Text.parse('golf ⛳ 😀')).toBe('golf ⛳ 😀');
    for (const bad of ['\ud800', 'a\ud800b', '\udc00', 'a\udc00', '\ud83d\ud83d', '😀'.slice(1)]) {
      expect(Text.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toBe(UNICODE_MESSAGE);
    }
    expect(HoursDocument.safeParse({ seasons: [], closed_days: [], details: '\ud800', price_groups: [] }).success).toBe(false);
  });

  it('the request schemas refuse it: search, names, addresses, drawings, hours', () => {
    expect(MembersQuery.safeParse({ search: '\u0000' }).success).toBe(false);
    expect(UpdateClubBody.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(UpdateClubBody.safeParse({ address: { street: '\u0000', city: '', zip: '', country_code: 'dk' } }).success).toBe(false);
    expect(UpdateClubBody.safeParse({ homepage: 'https://example.com/\u0000' }).success).toBe(false);
    expect(CreateCourseBody.safeParse({ name: 'C', holes: [{ par: 4, pro_guideline: '\u0000' }] }).success).toBe(false);
    const feature = { type: 'Feature', id: 'f', geometry: { type: 'Point', coordinates: [10, 55] }, properties: { element: 'tree' } };
    expect(SaveDrawingBody.safeParse({ drawing: { type: 'FeatureCollection', features: [feature] } }).success).toBe(true);
    for (const properties of [{ element: 'tree\u0000' }, { element: 'tree', label: '\u0000' }, { element: 'tree', attributes: { 'k\u0000': 1 } }, { element: 'tree', attributes: { k: '\u0000' } }]) {
      expect(SaveDrawingBody.safeParse({ drawing: { type: 'FeatureCollection', features: [{ ...feature, properties }] } }).success, JSON.stringify(properties)).toBe(false);
    }
    expect(HoursDocument.safeParse({ seasons: [], closed_days: [], details: 'a\u0000', price_groups: [] }).success).toBe(false);
  });
});
