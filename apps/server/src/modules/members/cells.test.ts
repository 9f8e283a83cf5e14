import { describe, expect, it } from 'vitest';
import { dateText, excelDate, numberText } from './cells';

describe('spreadsheet cell text', () => {
  it('writes whole numbers without a decimal point or exponent, others as JavaScript does', () => {
    expect(numberText(4512345678)).toBe('4512345678');
    expect(numberText(1e20)).toBe('100000000000000000000');
    expect(numberText(1e21)).toBe('1e+21');
    expect(numberText(2.5)).toBe('2.5');
    expect(numberText(-7)).toBe('-7');
  });

  it('writes a date at midnight as the day alone, another time with seconds, and an invalid date as empty', () => {
    expect(dateText(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
    expect(dateText(new Date('2026-03-01T13:45:09Z'))).toBe('2026-03-01 13:45:09');
    expect(dateText(new Date('nonsense'))).toBe('');
  });

  it('reads Excel date serials of both date systems', () => {
    expect(dateText(excelDate(45352, false))).toBe('2024-03-01');
    expect(dateText(excelDate(45352 - 1462, true))).toBe('2024-03-01');
    expect(dateText(excelDate(45352.5, false))).toBe('2024-03-01 12:00:00');
  });
});
