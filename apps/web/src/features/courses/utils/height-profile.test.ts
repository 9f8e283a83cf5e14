import { describe, expect, it } from 'vitest';
import { profileFormat, riseText } from './height-profile';

describe('height profile texts', () => {
  it('says a rise, a fall or level ground, to a tenth of a metre', () => {
    expect(riseText([{ height: 29.94 }, { height: 20.43 }])).toEqual({ key: 'heightProfiles.falls', metres: 9.5 });
    expect(riseText([{ height: 10 }, { height: 11.04 }])).toEqual({ key: 'heightProfiles.rises', metres: 1 });
    expect(riseText([{ height: 10 }, { height: 10.4 }])).toEqual({ key: 'heightProfiles.level', metres: 0 });
  });

  it("writes heights and distances as the reader's language does", () => {
    const da = profileFormat('da');
    expect(da.height(9.5)).toBe('9,5');
    expect(da.height(29.94)).toBe('29,9');
    expect(da.height(30)).toBe('30');
    expect(da.distance(1234.4)).toBe('1.234');
    const en = profileFormat('en');
    expect(en.height(9.5)).toBe('9.5');
    expect(en.distance(1234.6)).toBe('1,235');
    expect(profileFormat('sv').height(-2.26)).toBe('−2,3');
  });
});
