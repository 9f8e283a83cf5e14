// The binary arrays of the ingestion statement (binary-array.ts): their bytes, their capacity, and
// the claim that a float4 of whole centimetres is the same float the database made of the decimal
// text before (ingestion.test.ts sends them to both databases).
import { describe, expect, it } from 'vitest';
import { BinaryArray } from './binary-array';

describe('BinaryArray', () => {
  it('writes PostgreSQL\'s binary array format: one dimension from 1, no NULL, the element type, each element with its length', () => {
    const a = new BinaryArray('int2', 3);
    a.push(1);
    a.push(-2);
    expect(a.length).toBe(2);
    const bytes = a.bytes();
    expect([...bytes]).toEqual([
      ...[0, 0, 0, 1], // dimensions
      ...[0, 0, 0, 0], // flags: no NULL
      ...[0, 0, 0, 21], // int2
      ...[0, 0, 0, 2], // length
      ...[0, 0, 0, 1], // lower bound
      ...[0, 0, 0, 2, 0, 1],
      ...[0, 0, 0, 2, 0xff, 0xfe],
    ]);
    const f = new BinaryArray('float8', 1);
    f.push(0.1);
    expect(f.bytes().readInt32BE(8)).toBe(701);
    expect(f.bytes().readDoubleBE(24)).toBe(0.1);
  });

  it('writes an empty array with no dimension', () => {
    expect([...new BinaryArray('float4', 0).bytes()]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 188]);
  });

  it('refuses more elements than its capacity and integers out of the type\'s range', () => {
    const a = new BinaryArray('int4', 1);
    a.push(2_147_483_647);
    expect(() => a.push(1)).toThrow(RangeError);
    expect(() => new BinaryArray('int2', 1).push(32_768)).toThrow(RangeError);
  });

  it('makes of whole centimetres the float nearest to them, everywhere within 167 km (2^24 cm)', () => {
    // Math.fround(c / 100) rounds twice (to a double, then to a float); that differs from rounding
    // c/100 once only where the double lands exactly halfway between two floats. It never does here.
    const f32 = new Float32Array(1);
    const u32 = new Uint32Array(f32.buffer);
    let halfway = 0;
    let checked = 0;
    for (let c = -(2 ** 24); c <= 2 ** 24; c++) {
      const d = c / 100;
      const f = Math.fround(d);
      if (f === d) continue;
      f32[0] = f;
      // The float on d's other side.
      u32[0] += (d > f) === (f > 0) ? 1 : -1;
      const other = f32[0];
      if (!(Math.abs(f - d) < Math.abs(other - d))) halfway++;
      checked++;
    }
    expect(checked).toBeGreaterThan(2 ** 24);
    expect(halfway).toBe(0);
  });
});
