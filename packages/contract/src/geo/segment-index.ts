/**
 * A static spatial index of the segments of polylines and rings in a flat x/y plane (local metres):
 * a packed R-tree (items sorted along a Hilbert curve, 16 per node, as flatbush builds it) with
 * the queries the course import needs, each visiting only the part of the tree that can matter:
 * the distance from a point (nearest first, pruned by the best distance found), point-in-polygon
 * (only the edges a ray from the point can cross), the crossings of one segment, and the distance
 * between two segment sets (both trees walked together, pruned the same way).
 *
 * Every query spends units of a `WorkBudget` (about one per 70 ns of work, see NEAREST_STEP), so a caller can
 * bound the total work of many queries: geometry built to defeat the pruning (thousands of long
 * segments lying over one another) runs out of budget instead of running for minutes.
 */

export type XY = readonly [number, number] | number[];

/** Raised when a `WorkBudget` is spent. */
export class WorkBudgetSpent extends Error {
  constructor(readonly units: number) {
    super(`more than ${units} steps of geometry work`);
  }
}

/** Units of work that queries may spend; `spend` throws `WorkBudgetSpent` past the total. */
export class WorkBudget {
  private left: number;
  constructor(readonly units: number) {
    this.left = units;
  }
  spend(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new WorkBudgetSpent(this.units);
  }
  get spent(): number {
    return this.units - this.left;
  }
}

/** An unlimited budget, for callers that bound their input otherwise. */
export const UNLIMITED = new WorkBudget(Number.POSITIVE_INFINITY);

const NODE_SIZE = 16;

/**
 * Units of work per step, about proportional to its time: a node opened or an item handed on by
 * `search` (a few box comparisons) is 1; an entry taken from the queue of a nearest search or a
 * pair of the two-tree walk (a heap operation and up to 16 box distances) costs about five times as
 * much. A unit is about 70 ns here, so 20 million are about 1.5 s.
 */
const NEAREST_STEP = 4;
const PAIR_STEP = 5;
const HILBERT_MAX = 0xffff;

/** Position along a Hilbert curve of a point of a 65,536 × 65,536 grid. */
function hilbert(x: number, y: number): number {
  let d = 0;
  for (let s = 0x8000; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}

/**
 * A packed R-tree of boxes. Entries 0..count-1 are the items in Hilbert order (`item` gives each
 * one's index in the input), the entries after them the nodes, level by level, the root last.
 */
export class BoxTree {
  readonly count: number;
  /** minX, minY, maxX, maxY of each entry. */
  readonly boxes: Float64Array;
  /** Per item entry: the input index; per node entry: its first child entry. */
  readonly ref: Uint32Array;
  /** Per node entry: one past its last child entry. */
  readonly end: Uint32Array;
  /** The root entry, -1 when empty. */
  readonly root: number;

  /** `input` holds minX, minY, maxX, maxY of each item. */
  constructor(input: Float64Array) {
    const n = input.length / 4;
    this.count = n;
    // The items, then each level of nodes up to the single root.
    let total = n;
    let size = n;
    do {
      size = Math.ceil(size / NODE_SIZE);
      total += size;
    } while (size > 1);
    this.boxes = new Float64Array(total * 4);
    this.ref = new Uint32Array(total);
    this.end = new Uint32Array(total);
    if (n === 0) {
      this.root = -1;
      return;
    }
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, input[4 * i]);
      minY = Math.min(minY, input[4 * i + 1]);
      maxX = Math.max(maxX, input[4 * i + 2]);
      maxY = Math.max(maxY, input[4 * i + 3]);
    }
    const width = maxX - minX || 1;
    const height = maxY - minY || 1;
    const order = this.hilbertOrder(input, n, minX, minY, width, height);
    for (let e = 0; e < n; e++) {
      const i = order[e];
      this.boxes.set(input.subarray(4 * i, 4 * i + 4), 4 * e);
      this.ref[e] = i;
    }
    let levelStart = 0;
    let levelEnd = n;
    let next = n;
    do {
      for (let first = levelStart; first < levelEnd; first += NODE_SIZE) {
        const last = Math.min(first + NODE_SIZE, levelEnd);
        let x0 = Infinity;
        let y0 = Infinity;
        let x1 = -Infinity;
        let y1 = -Infinity;
        for (let c = first; c < last; c++) {
          x0 = Math.min(x0, this.boxes[4 * c]);
          y0 = Math.min(y0, this.boxes[4 * c + 1]);
          x1 = Math.max(x1, this.boxes[4 * c + 2]);
          y1 = Math.max(y1, this.boxes[4 * c + 3]);
        }
        this.boxes[4 * next] = x0;
        this.boxes[4 * next + 1] = y0;
        this.boxes[4 * next + 2] = x1;
        this.boxes[4 * next + 3] = y1;
        this.ref[next] = first;
        this.end[next] = last;
        next++;
      }
      levelStart = levelEnd;
      levelEnd = next;
    } while (levelEnd - levelStart > 1);
    this.root = levelEnd - 1;
  }

  private hilbertOrder(input: Float64Array, n: number, minX: number, minY: number, width: number, height: number): Uint32Array {
    const keyOf = (i: number) =>
      hilbert(
        Math.floor((HILBERT_MAX * ((input[4 * i] + input[4 * i + 2]) / 2 - minX)) / width),
        Math.floor((HILBERT_MAX * ((input[4 * i + 1] + input[4 * i + 3]) / 2 - minY)) / height),
      );
    const order = new Uint32Array(n);
    // A key (< 2^32) and the index (< 2^20) packed into one double sort as numbers, without a comparator.
    if (n < 1 << 20) {
      const packed = new Float64Array(n);
      for (let i = 0; i < n; i++) packed[i] = keyOf(i) * (1 << 20) + i;
      packed.sort();
      for (let e = 0; e < n; e++) order[e] = packed[e] % (1 << 20);
      return order;
    }
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      keys[i] = keyOf(i);
      order[i] = i;
    }
    return order.sort((a, b) => keys[a] - keys[b] || a - b);
  }

  /** Calls `visit` with the input index of every item whose box meets the box (edges included). */
  search(minX: number, minY: number, maxX: number, maxY: number, budget: WorkBudget, visit: (item: number) => void): void {
    if (this.root < 0) return;
    const b = this.boxes;
    const stack = [this.root];
    // One unit per node opened and per item handed on.
    let looked = 0;
    while (stack.length > 0) {
      const node = stack.pop()!;
      const end = this.end[node];
      looked++;
      for (let c = this.ref[node]; c < end; c++) {
        if (b[4 * c] > maxX || b[4 * c + 1] > maxY || b[4 * c + 2] < minX || b[4 * c + 3] < minY) continue;
        if (c < this.count) {
          looked++;
          visit(this.ref[c]);
        } else {
          stack.push(c);
        }
      }
      if (looked >= 4096) {
        budget.spend(looked);
        looked = 0;
      }
    }
    budget.spend(looked);
  }

  /** Distance from the point to the box of an entry; 0 inside. */
  boxDistance(entry: number, x: number, y: number): number {
    const b = this.boxes;
    const dx = x < b[4 * entry] ? b[4 * entry] - x : x > b[4 * entry + 2] ? x - b[4 * entry + 2] : 0;
    const dy = y < b[4 * entry + 1] ? b[4 * entry + 1] - y : y > b[4 * entry + 3] ? y - b[4 * entry + 3] : 0;
    return Math.sqrt(dx * dx + dy * dy);
  }
}

/** A binary min-heap of (key, a, b), reused by the queries (they never run inside one another). */
class Queue {
  private keys: number[] = [];
  private as: number[] = [];
  private bs: number[] = [];
  length = 0;
  a = 0;
  b = 0;

  clear(): void {
    this.length = 0;
  }

  push(key: number, a: number, b: number): void {
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.keys[i] = this.keys[parent];
      this.as[i] = this.as[parent];
      this.bs[i] = this.bs[parent];
      i = parent;
    }
    this.keys[i] = key;
    this.as[i] = a;
    this.bs[i] = b;
  }

  /** The smallest key; Infinity when empty. */
  peek(): number {
    return this.length > 0 ? this.keys[0] : Infinity;
  }

  /** Takes the entry with the smallest key into `a` and `b`. */
  pop(): void {
    this.a = this.as[0];
    this.b = this.bs[0];
    const n = --this.length;
    if (n === 0) return;
    const key = this.keys[n];
    const a = this.as[n];
    const b = this.bs[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.keys[i] = this.keys[child];
      this.as[i] = this.as[child];
      this.bs[i] = this.bs[child];
      i = child;
    }
    this.keys[i] = key;
    this.as[i] = a;
    this.bs[i] = b;
  }
}

const queue = new Queue();
/** The one segment of distanceToSegment, in the form segmentsDistance takes. */
const scratch = new Float64Array(4);

/** Distance between the boxes of entry `a` of `ta` and entry `b` of `tb`; 0 when they meet. */
function boxesDistance(ta: BoxTree, a: number, tb: BoxTree, b: number): number {
  const p = ta.boxes;
  const q = tb.boxes;
  const dx = Math.max(0, p[4 * a] - q[4 * b + 2], q[4 * b] - p[4 * a + 2]);
  const dy = Math.max(0, p[4 * a + 1] - q[4 * b + 3], q[4 * b + 1] - p[4 * a + 3]);
  return Math.sqrt(dx * dx + dy * dy);
}

function boxArea(t: BoxTree, e: number): number {
  const b = t.boxes;
  return (b[4 * e + 2] - b[4 * e]) * (b[4 * e + 3] - b[4 * e + 1]);
}

/** Distance from p to segment ab. */
export function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Where a→b crosses c→d: parameters t along ab and u along cd (both within 0..1), or null (parallel segments never cross). */
export function segmentCrossing(a: XY, b: XY, c: XY, d: XY): { t: number; u: number } | null {
  return crossingOf(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]);
}

function crossingOf(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): { t: number; u: number } | null {
  const rx = bx - ax;
  const ry = by - ay;
  const sx = dx - cx;
  const sy = dy - cy;
  const den = rx * sy - ry * sx;
  if (den === 0) return null;
  const t = ((cx - ax) * sy - (cy - ay) * sx) / den;
  const u = ((cx - ax) * ry - (cy - ay) * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return { t, u };
}

/**
 * The segments between consecutive points of each chain (a ring repeats its first point at the
 * end), indexed. `chain` tells which chain a segment belongs to (for a polygon: ring 0 is the outer).
 */
export class SegmentIndex {
  /** ax, ay, bx, by of each segment, in input order. */
  readonly segments: Float64Array;
  readonly chain: Uint32Array;
  readonly chains: number;
  readonly tree: BoxTree;

  constructor(chains: readonly (readonly XY[])[]) {
    let n = 0;
    for (const c of chains) n += Math.max(0, c.length - 1);
    this.segments = new Float64Array(n * 4);
    this.chain = new Uint32Array(n);
    this.chains = chains.length;
    const boxes = new Float64Array(n * 4);
    let s = 0;
    chains.forEach((points, c) => {
      for (let i = 0; i + 1 < points.length; i++, s++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[i + 1];
        this.segments[4 * s] = ax;
        this.segments[4 * s + 1] = ay;
        this.segments[4 * s + 2] = bx;
        this.segments[4 * s + 3] = by;
        this.chain[s] = c;
        boxes[4 * s] = Math.min(ax, bx);
        boxes[4 * s + 1] = Math.min(ay, by);
        boxes[4 * s + 2] = Math.max(ax, bx);
        boxes[4 * s + 3] = Math.max(ay, by);
      }
    });
    this.tree = new BoxTree(boxes);
  }

  get size(): number {
    return this.tree.count;
  }

  /** The smallest distance from p to a segment when it is at most `cap`; Infinity otherwise (or without segments). */
  distanceTo(p: XY, cap: number, budget: WorkBudget): number {
    const tree = this.tree;
    if (tree.root < 0) return Infinity;
    const px = p[0];
    const py = p[1];
    const s = this.segments;
    let best = Infinity;
    let looked = 0;
    // Nearest box first: once the nearest box left is farther than the best distance, nothing nearer is left.
    queue.clear();
    queue.push(tree.boxDistance(tree.root, px, py), tree.root, 0);
    while (queue.length > 0 && queue.peek() <= Math.min(best, cap)) {
      queue.pop();
      const entry = queue.a;
      looked++;
      if (entry < tree.count) {
        const i = tree.ref[entry];
        const d = segmentDistance(px, py, s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3]);
        if (d < best) best = d;
        continue;
      }
      for (let c = tree.ref[entry]; c < tree.end[entry]; c++) {
        const d = tree.boxDistance(c, px, py);
        if (d <= Math.min(best, cap)) queue.push(d, c, 0);
      }
    }
    budget.spend(looked * NEAREST_STEP);
    return best <= cap ? best : Infinity;
  }

  /**
   * The smallest distance from segment a→b to a segment of the index when it is at most `cap` (0
   * when they cross or touch); Infinity otherwise.
   */
  distanceToSegment(a: XY, b: XY, cap: number, budget: WorkBudget): number {
    const tree = this.tree;
    if (tree.root < 0) return Infinity;
    const s = this.segments;
    const one = scratch;
    one[0] = a[0];
    one[1] = a[1];
    one[2] = b[0];
    one[3] = b[1];
    const x0 = Math.min(a[0], b[0]);
    const y0 = Math.min(a[1], b[1]);
    const x1 = Math.max(a[0], b[0]);
    const y1 = Math.max(a[1], b[1]);
    const boxGap = (e: number) => {
      const bx = tree.boxes;
      const dx = Math.max(0, bx[4 * e] - x1, x0 - bx[4 * e + 2]);
      const dy = Math.max(0, bx[4 * e + 1] - y1, y0 - bx[4 * e + 3]);
      return Math.sqrt(dx * dx + dy * dy);
    };
    let best = Infinity;
    let looked = 0;
    queue.clear();
    queue.push(boxGap(tree.root), tree.root, 0);
    while (queue.length > 0 && best > 0 && queue.peek() <= Math.min(best, cap)) {
      queue.pop();
      const entry = queue.a;
      looked++;
      if (entry < tree.count) {
        const d = segmentsDistance(one, 0, s, tree.ref[entry]);
        if (d < best) best = d;
        continue;
      }
      for (let c = tree.ref[entry]; c < tree.end[entry]; c++) {
        const d = boxGap(c);
        if (d <= Math.min(best, cap)) queue.push(d, c, 0);
      }
    }
    budget.spend(looked * NEAREST_STEP);
    return best <= cap ? best : Infinity;
  }

  /**
   * Whether p lies inside the polygon whose rings are the chains (chain 0 the outer ring): inside
   * the outer ring and in none of the others, each by the even-odd rule with the arithmetic of
   * `pointInRing` (planar.ts), so both always agree. Only edges a ray from p to +x can cross are looked at.
   */
  contains(p: XY, budget: WorkBudget): boolean {
    if (this.tree.root < 0) return false;
    const px = p[0];
    const py = p[1];
    const s = this.segments;
    const crossed: number[] = [];
    this.tree.search(px, py, Infinity, py, budget, (i) => {
      const ax = s[4 * i];
      const ay = s[4 * i + 1];
      const bx = s[4 * i + 2];
      const by = s[4 * i + 3];
      // The edge from a (ring[j]) to b (ring[i]) as pointInRing tests it.
      if (by > py !== ay > py && px < ((ax - bx) * (py - by)) / (ay - by) + bx) crossed.push(this.chain[i]);
    });
    // Inside when the outer ring is crossed an odd number of times and every other ring an even number.
    crossed.sort((a, b) => a - b);
    let inside = false;
    for (let i = 0; i < crossed.length; ) {
      let j = i;
      while (j < crossed.length && crossed[j] === crossed[i]) j++;
      if ((j - i) % 2 === 1) {
        if (crossed[i] !== 0) return false;
        inside = true;
      }
      i = j;
    }
    return inside;
  }

  /** Calls `visit` with each crossing of segment a→b with a segment of the index (t along ab, u along the other). */
  crossings(a: XY, b: XY, budget: WorkBudget, visit: (t: number, u: number) => void): void {
    const s = this.segments;
    this.tree.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]), budget, (i) => {
      const c = crossingOf(a[0], a[1], b[0], b[1], s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3]);
      if (c) visit(c.t, c.u);
    });
  }

  /**
   * The smallest distance between a segment of this index and one of `other` when it is at most
   * `cap` (0 when two cross or touch); Infinity otherwise. The two trees are walked together; a
   * pair of nodes farther apart than the best distance found is never opened.
   */
  distanceBetween(other: SegmentIndex, cap: number, budget: WorkBudget): number {
    const ta = this.tree;
    const tb = other.tree;
    if (ta.root < 0 || tb.root < 0) return Infinity;
    const sa = this.segments;
    const sb = other.segments;
    let best = Infinity;
    let looked = 0;
    // Nearest pair of boxes first; a pair is opened at its larger box.
    queue.clear();
    queue.push(boxesDistance(ta, ta.root, tb, tb.root), ta.root, tb.root);
    while (queue.length > 0 && best > 0 && queue.peek() <= Math.min(best, cap)) {
      queue.pop();
      const a = queue.a;
      const b = queue.b;
      // Spent as it goes: one call may look at far more pairs than a budget allows.
      if (++looked === 4096) {
        budget.spend(looked * PAIR_STEP);
        looked = 0;
      }
      const aItem = a < ta.count;
      const bItem = b < tb.count;
      if (aItem && bItem) {
        const d = segmentsDistance(sa, ta.ref[a], sb, tb.ref[b]);
        if (d < best) best = d;
        continue;
      }
      if (!aItem && (bItem || boxArea(ta, a) >= boxArea(tb, b))) {
        for (let c = ta.ref[a]; c < ta.end[a]; c++) {
          const d = boxesDistance(ta, c, tb, b);
          if (d <= Math.min(best, cap)) queue.push(d, c, b);
        }
      } else {
        for (let c = tb.ref[b]; c < tb.end[b]; c++) {
          const d = boxesDistance(ta, a, tb, c);
          if (d <= Math.min(best, cap)) queue.push(d, a, c);
        }
      }
    }
    budget.spend(looked * PAIR_STEP);
    return best <= cap ? best : Infinity;
  }
}

/** Distance between segment i of `sa` and segment j of `sb`: 0 when they cross, else the nearest end to the other segment. */
function segmentsDistance(sa: Float64Array, i: number, sb: Float64Array, j: number): number {
  const ax = sa[4 * i];
  const ay = sa[4 * i + 1];
  const bx = sa[4 * i + 2];
  const by = sa[4 * i + 3];
  const cx = sb[4 * j];
  const cy = sb[4 * j + 1];
  const dx = sb[4 * j + 2];
  const dy = sb[4 * j + 3];
  if (crossingOf(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  return Math.min(
    segmentDistance(ax, ay, cx, cy, dx, dy),
    segmentDistance(bx, by, cx, cy, dx, dy),
    segmentDistance(cx, cy, ax, ay, bx, by),
    segmentDistance(dx, dy, ax, ay, bx, by),
  );
}
