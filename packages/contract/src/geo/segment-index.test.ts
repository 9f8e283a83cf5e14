import { describe, expect, it } from 'vitest';
import { pointInPolygon, type XY } from './planar';
import { BoxTree, SegmentIndex, segmentCrossing, segmentDistance, UNLIMITED, WorkBudget, WorkBudgetSpent } from './segment-index';

/** A repeatable random number generator (Park–Miller). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

function wavyRing(rnd: () => number, cx: number, cy: number, r: number, n: number): XY[] {
  const ring: XY[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    const rr = r * (0.6 + 0.4 * rnd());
    ring.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  ring.push(ring[0]);
  return ring;
}

function walk(rnd: () => number, n: number, step: number): XY[] {
  const line: XY[] = [[rnd() * 100, rnd() * 100]];
  for (let i = 1; i < n; i++) line.push([line[i - 1][0] + (rnd() - 0.5) * step, line[i - 1][1] + (rnd() - 0.5) * step]);
  return line;
}

const pointToChains = (p: XY, chains: XY[][]) =>
  Math.min(...chains.flatMap((c) => c.slice(1).map((b, i) => segmentDistance(p[0], p[1], c[i][0], c[i][1], b[0], b[1]))));

function chainsDistance(a: XY[][], b: XY[][]): number {
  let best = Infinity;
  for (const ca of a) {
    for (let i = 0; i + 1 < ca.length; i++) {
      for (const cb of b) {
        for (let j = 0; j + 1 < cb.length; j++) {
          if (segmentCrossing(ca[i], ca[i + 1], cb[j], cb[j + 1])) return 0;
          best = Math.min(
            best,
            segmentDistance(ca[i][0], ca[i][1], cb[j][0], cb[j][1], cb[j + 1][0], cb[j + 1][1]),
            segmentDistance(ca[i + 1][0], ca[i + 1][1], cb[j][0], cb[j][1], cb[j + 1][0], cb[j + 1][1]),
            segmentDistance(cb[j][0], cb[j][1], ca[i][0], ca[i][1], ca[i + 1][0], ca[i + 1][1]),
            segmentDistance(cb[j + 1][0], cb[j + 1][1], ca[i][0], ca[i][1], ca[i + 1][0], ca[i + 1][1]),
          );
        }
      }
    }
  }
  return best;
}

describe('segment index', () => {
  it('finds every box meeting a query box, as a scan of all boxes does', () => {
    const rnd = random(3);
    const n = 5000;
    const boxes = new Float64Array(n * 4);
    for (let i = 0; i < n; i++) {
      const x = rnd() * 1000;
      const y = rnd() * 1000;
      boxes.set([x, y, x + rnd() * 20, y + rnd() * 20], 4 * i);
    }
    const tree = new BoxTree(boxes);
    for (let q = 0; q < 50; q++) {
      const x = rnd() * 1000;
      const y = rnd() * 1000;
      const found: number[] = [];
      tree.search(x, y, x + 50, y + 30, UNLIMITED, (i) => found.push(i));
      const scanned: number[] = [];
      for (let i = 0; i < n; i++) {
        if (boxes[4 * i] <= x + 50 && boxes[4 * i + 1] <= y + 30 && boxes[4 * i + 2] >= x && boxes[4 * i + 3] >= y) scanned.push(i);
      }
      expect(found.sort((a, b) => a - b)).toEqual(scanned);
    }
    expect(new BoxTree(new Float64Array(0)).root).toBe(-1);
    const one = new BoxTree(new Float64Array([1, 2, 3, 4]));
    const hits: number[] = [];
    one.search(0, 0, 10, 10, UNLIMITED, (i) => hits.push(i));
    expect(hits).toEqual([0]);
  });

  it('measures point distances, point-in-polygon, segment distances and crossings exactly as a scan of all segments does', () => {
    const rnd = random(11);
    for (let trial = 0; trial < 40; trial++) {
      const rings = [wavyRing(rnd, 50, 50, 30, 3 + Math.floor(rnd() * 300))];
      if (trial % 3 === 0) rings.push(wavyRing(rnd, 50, 50, 8, 12));
      const polygon = new SegmentIndex(rings);
      const line = walk(rnd, 2 + Math.floor(rnd() * 200), 10);
      const path = new SegmentIndex([line]);
      for (let q = 0; q < 40; q++) {
        const p: XY = [rnd() * 120 - 10, rnd() * 120 - 10];
        expect(polygon.contains(p, UNLIMITED)).toBe(pointInPolygon(p, rings));
        expect(polygon.distanceTo(p, Infinity, UNLIMITED)).toBe(pointToChains(p, rings));
        const near = path.distanceTo(p, 5, UNLIMITED);
        const exact = pointToChains(p, [line]);
        expect(near).toBe(exact <= 5 ? exact : Infinity);
        const b: XY = [p[0] + (rnd() - 0.5) * 30, p[1] + (rnd() - 0.5) * 30];
        expect(polygon.distanceToSegment(p, b, Infinity, UNLIMITED)).toBe(chainsDistance([[p, b]], rings));
        const ts: number[] = [];
        polygon.crossings(p, b, UNLIMITED, (t) => ts.push(t));
        const expected = rings.flatMap((r) => r.slice(1).map((d, i) => segmentCrossing(p, b, r[i], d)?.t)).filter((t): t is number => t !== undefined);
        expect(ts.sort()).toEqual(expected.sort());
      }
      const exact = chainsDistance(rings, [line]);
      expect(polygon.distanceBetween(path, Infinity, UNLIMITED)).toBe(exact);
      expect(path.distanceBetween(polygon, 3, UNLIMITED)).toBe(exact <= 3 ? exact : Infinity);
    }
  });

  it('stops with WorkBudgetSpent once a budget is spent, however large the single query', () => {
    // Two bundles of long segments lying over one another: every pair must be looked at.
    const a: XY[] = [];
    const b: XY[] = [];
    for (let i = 0; i < 3000; i++) {
      a.push(i % 2 ? [1000, 1000 + i * 1e-6] : [0, i * 1e-6]);
      b.push(i % 2 ? [1000, 1030 + i * 1e-6] : [0, 30 + i * 1e-6]);
    }
    const budget = new WorkBudget(100_000);
    expect(() => new SegmentIndex([a]).distanceBetween(new SegmentIndex([b]), Infinity, budget)).toThrow(WorkBudgetSpent);
    expect(budget.spent).toBeGreaterThan(100_000);
    expect(budget.spent).toBeLessThan(200_000);
  });
});
