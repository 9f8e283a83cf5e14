/**
 * A one-dimensional array of numbers in PostgreSQL's binary format (what `array_send` writes and
 * `array_recv` reads), for the long arrays of an ingestion statement (a round's track: four arrays
 * of a thousand points; its shots and holes). node-postgres sends a Buffer parameter in binary, and a
 * parameter cast in the statement (`$1::real[]`) takes that type, so the database reads each
 * element as its bytes: no text of every number written here and parsed there (that text was about
 * a quarter of the server's CPU per round; decision 0030).
 *
 * The format: dimensions (1), a flags word (0: no NULL), the element type's oid, the length and the
 * lower bound (1), then per element its byte length and its bytes, big-endian. No dimension at all
 * for an empty array.
 */
export type ElementType = 'int2' | 'int4' | 'float4' | 'float8';

const TYPES: Record<ElementType, { oid: number; size: number }> = {
  int2: { oid: 21, size: 2 },
  int4: { oid: 23, size: 4 },
  float4: { oid: 700, size: 4 },
  float8: { oid: 701, size: 8 },
};

const HEADER = 20;

export class BinaryArray {
  private readonly buffer: Buffer;
  private readonly size: number;
  private offset = HEADER;
  private count = 0;

  /** Room for `capacity` elements of `type`; more than that throws. */
  constructor(
    readonly type: ElementType,
    readonly capacity: number,
  ) {
    this.size = TYPES[type].size;
    this.buffer = Buffer.allocUnsafe(HEADER + capacity * (4 + this.size));
  }

  get length(): number {
    return this.count;
  }

  /**
   * Appends one element: an integer in the type's range, or any finite number for the floats (a
   * `float4` is the float nearest to it, as Math.fround; `float8` the number itself).
   */
  push(value: number): void {
    if (this.count === this.capacity) throw new RangeError(`BinaryArray: more than ${this.capacity} elements`);
    const b = this.buffer;
    const o = this.offset;
    b.writeInt32BE(this.size, o);
    switch (this.type) {
      case 'int2':
        b.writeInt16BE(value, o + 4);
        break;
      case 'int4':
        b.writeInt32BE(value, o + 4);
        break;
      case 'float4':
        b.writeFloatBE(value, o + 4);
        break;
      case 'float8':
        b.writeDoubleBE(value, o + 4);
        break;
    }
    this.offset = o + 4 + this.size;
    this.count++;
  }

  /** The array's bytes (a view of the buffer: pushing after this is not seen by it). */
  bytes(): Buffer {
    const b = this.buffer;
    const { oid } = TYPES[this.type];
    if (this.count === 0) {
      b.writeInt32BE(0, 0);
      b.writeInt32BE(0, 4);
      b.writeInt32BE(oid, 8);
      return b.subarray(0, 12);
    }
    b.writeInt32BE(1, 0);
    b.writeInt32BE(0, 4);
    b.writeInt32BE(oid, 8);
    b.writeInt32BE(this.count, 12);
    b.writeInt32BE(1, 16);
    return b.subarray(0, this.offset);
  }
}
