import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import { EL } from '../graphics-catalogue';
import { distance } from '../geo/measure';
import { playLine } from '../geo/profile';
import { DEMO_MARKERS, demoGuideInput, FJORDVANG_HOLES } from './demo-guide.test-support';
import { pointsPerMetre, RULE_4_3_SCALE } from './green-page';
import type { HolePage } from './hole-page';
import { GuideRenderInput, LAYOUT_SIZES_PT } from './input';
import { layoutGuide, pageSizeMm } from './layout';
import { PT_PER_INCH, type Item, type Page } from './page';
import { pageToSvg } from './svg';
import { textWidth, wrapText } from './text';
import { builtInCatalogue, resolveTheme } from './theme';

const input = GuideRenderInput.parse(demoGuideInput());
const pages = layoutGuide(input);
const course = input.courses[0];

function texts(items: Item[]): string[] {
  return items.flatMap((i) => (i.kind === 'text' ? [i.text] : i.kind === 'group' ? texts(i.items) : []));
}

const holePages = pages.filter((p): p is HolePage => p.kind === 'hole');
const greenPages = pages.filter((p) => p.kind === 'green');

describe('layoutGuide on the demo course', () => {
  it('makes a hole page and a green page for every one of the 18 holes, hole pages on the left', () => {
    expect(holePages.map((p) => p.hole)).toEqual(course.holes.map((h) => h.number));
    expect(greenPages.map((p) => p.hole)).toEqual(course.holes.map((h) => h.number));
    for (const page of holePages) {
      const index = pages.indexOf(page);
      expect((index + 1) % 2, `${page.label} is on page ${index + 1}`).toBe(0);
      expect(pages[index + 1].kind).toBe('green');
    }
    expect(pages[0].kind).toBe('front');
    expect(pages[pages.length - 1].kind).toBe('back');
    expect(pages.map((p) => p.kind)).toEqual(expect.arrayContaining(['welcome', 'local-rules', 'handicap', 'overview']));
  });

  it('prints each hole’s name, par, stroke index and the distance from every tee', () => {
    for (const [i, page] of holePages.entries()) {
      const hole = course.holes[i];
      const words = texts(page.items);
      expect(words).toContain(FJORDVANG_HOLES[i]);
      expect(words).toContain(`Par ${hole.par} · Hcp ${hole.strokeIndex}`);
      for (const tee of course.tees) {
        expect(words).toContain(String(hole.distances[tee.key]));
        expect(words).toContain(tee.name);
      }
    }
  });

  it('labels each leg of the play line with its length', () => {
    for (const [i, page] of holePages.entries()) {
      const line = playLine(course.holes[i].drawing)!;
      const words = texts(page.items);
      for (let k = 1; k < line.length; k++) expect(words).toContain(String(Math.round(distance(line[k - 1], line[k]))));
    }
  });

  it('draws the distance markers across the line of play at their metres from the front of the green', () => {
    let checked = 0;
    for (const [i, page] of holePages.entries()) {
      const hole = course.holes[i];
      const line = playLine(hole.drawing)!;
      const green = hole.drawing.features.find((f) => f.properties.element === EL.green)!;
      // Independently: the line sampled every 0.25 m; the front is the first sample on the green (turf).
      const samples: number[][] = [];
      for (let k = 1; k < line.length; k++) {
        const n = Math.ceil(distance(line[k - 1], line[k]) / 0.25);
        for (let j = 0; j < n; j++) samples.push([line[k - 1][0] + ((line[k][0] - line[k - 1][0]) * j) / n, line[k - 1][1] + ((line[k][1] - line[k - 1][1]) * j) / n]);
      }
      const along = [0];
      for (let k = 1; k < samples.length; k++) along.push(along[k - 1] + distance(samples[k - 1], samples[k]));
      const front = samples.findIndex((p) => booleanPointInPolygon(p, green.geometry as never));
      expect(front).toBeGreaterThan(0);
      const expected = DEMO_MARKERS.filter((m) => m < along[front]);
      expect(page.marks.map((m) => m.metres).sort()).toEqual([...expected].sort());
      for (const mark of page.marks) {
        // Back from the page to longitude/latitude through the page's frame.
        const { origin, upBearing, ptPerMetre, offset } = page.geo!;
        const [u, v] = [(mark.x - offset[0]) / ptPerMetre, (offset[1] - mark.y) / ptPerMetre];
        const t = (upBearing * Math.PI) / 180;
        const [east, north] = [u * Math.cos(t) + v * Math.sin(t), -u * Math.sin(t) + v * Math.cos(t)];
        const lat = origin[1] + north / 111_300;
        const lon = origin[0] + east / (111_300 * Math.cos((origin[1] * Math.PI) / 180));
        let nearest = 0;
        for (let k = 1; k < front; k++) if (distance(samples[k], [lon, lat]) < distance(samples[nearest], [lon, lat])) nearest = k;
        expect(distance(samples[nearest], [lon, lat])).toBeLessThan(1.5);
        expect(Math.abs(along[front] - along[nearest] - mark.metres)).toBeLessThan(1.5);
        expect(texts(page.items)).toContain(String(mark.metres));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('draws every green at 1:480 or smaller, with the scale printed on the page', () => {
    const limit = pointsPerMetre(RULE_4_3_SCALE);
    expect(limit).toBeCloseTo((3 / 8) * PT_PER_INCH / (5 * 0.9144), 6);
    for (const page of greenPages) {
      expect(page.scale).toBeGreaterThanOrEqual(RULE_4_3_SCALE);
      expect(page.geo!.ptPerMetre).toBeLessThanOrEqual(limit);
      expect(page.geo!.ptPerMetre).toBeCloseTo(pointsPerMetre(page.scale!), 9);
      expect(texts(page.items)).toContain(`Målestok 1:${page.scale}`);
    }
  });

  it('keeps a pocket guide within 4.25 × 7 inches (Rules of Golf 4.3) and A5/A4 at their ISO sizes', () => {
    for (const page of pages) {
      expect(page.width).toBeLessThanOrEqual(4.25 * PT_PER_INCH);
      expect(page.height).toBeLessThanOrEqual(7 * PT_PER_INCH);
    }
    expect(pageSizeMm(LAYOUT_SIZES_PT.a5).width).toBeCloseTo(148, 6);
    expect(pageSizeMm(LAYOUT_SIZES_PT.a4).height).toBeCloseTo(297, 6);
    const a4 = layoutGuide(demoGuideInput({ layout: 'a4' }));
    expect(a4.every((p) => Math.abs(p.width - LAYOUT_SIZES_PT.a4.width) < 1e-9)).toBe(true);
  });

  it('makes one handicap table per shown tee and sex with ratings', () => {
    const tables = pages.filter((p) => p.kind === 'handicap');
    expect(tables).toHaveLength(6);
    const words = texts(tables[0].items);
    expect(words).toContain('Course rating 73.4 · Slope 134 · Par 72');
    // Index 18.2 on Hvid for men: 18.2 × 134 / 113 + 1.4 = 22.98 → 23; the row holding 18.2 gives 23.
    const row = words.findIndex((w) => /^[\d.]+ – [\d.]+$/.test(w) && Number(w.split(' – ')[0]) <= 18.2 && Number(w.split(' – ')[1]) >= 18.2);
    expect(words[row + 1]).toBe('23');
  });

  it('is deterministic and writes text in the guide’s language', () => {
    expect(layoutGuide(demoGuideInput())).toEqual(pages);
    const en = layoutGuide(demoGuideInput({ language: 'en' }));
    expect(texts(en.find((p) => p.kind === 'green')!.items).some((t) => t.startsWith('Scale 1:'))).toBe(true);
  });

  it('puts a double overview on two facing pages and lets a front image replace the front texts', () => {
    const double = layoutGuide(demoGuideInput({ overview: 'double' }));
    const overview = double.filter((p) => p.kind === 'overview');
    expect(overview).toHaveLength(2);
    expect((double.indexOf(overview[0]) + 1) % 2).toBe(0);
    const withImage = layoutGuide(demoGuideInput({ front: { image: 'front', imageFit: 'filled' } }));
    expect(texts(withImage[0].items)).toEqual([]);
    expect(JSON.stringify(withImage[0].items)).toContain('"ref":"front"');
  });

  it('leaves out pages that are switched off and holes that are not included', () => {
    const raw = demoGuideInput({ pages: { front: false, welcome: false, localRules: false, holes: true, greens: false, handicap: false, overview: false, back: false } });
    raw.courses[0].holes[3].included = false;
    const only = layoutGuide(raw);
    expect(only.map((p) => p.kind)).toEqual(Array(17).fill('hole'));
    expect(only.map((p) => p.hole)).not.toContain(4);
  });
});

describe('pageToSvg', () => {
  it('writes a page as SVG with its texts escaped and its clips', () => {
    const svg = pageToSvg(holePages[1], { pixelWidth: 600 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="600"')).toBe(true);
    expect(svg).toContain('>Bøgeskoven</text>');
    expect(svg).toContain('<clipPath id="c0">');
    const page: Page = { kind: 'custom', width: 100, height: 100, label: 'x', items: [{ kind: 'text', x: 1, y: 2, text: 'A <b> & "c"', size: 8, weight: 400, anchor: 'start', fill: '#000000' }] };
    expect(pageToSvg(page)).toContain('>A &lt;b&gt; &amp; &quot;c&quot;</text>');
  });
});

describe('text metrics', () => {
  it('measures Danish and Swedish letters from the embedded table and wraps within the width', () => {
    expect(textWidth('Åå Ææ Øø Ää Öö', 10)).toBeGreaterThan(40);
    expect(textWidth('W', 10, 700)).toBeGreaterThan(textWidth('i', 10, 700));
    for (const line of wrapText(input.guide.welcome, 9, 120)) expect(textWidth(line, 9)).toBeLessThanOrEqual(120);
  });
});

describe('resolveTheme', () => {
  it('reads an element’s style from the theme, its parents and the defaults', () => {
    const minimal = resolveTheme(builtInCatalogue(), 'Minimal');
    expect(minimal.elements.fairway.fill).toBe('#cfe8bf');
    expect(minimal.elements.green.fill).toBe('#4caf50');
    expect(minimal.elements.green.strokeWidth).toBe(2);
    expect(minimal.elements.green.zIndex).toBeGreaterThan(minimal.elements.fairway.zIndex);
    expect(resolveTheme(builtInCatalogue(), 'Satellite').elements.rough.opacity).toBe(0.6);
  });
});
