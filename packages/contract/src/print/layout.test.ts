import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import { EL } from '../graphics-catalogue';
import { distance } from '../geo/measure';
import { playLine } from '../geo/profile';
import { DEMO_MARKERS, demoGuideInput, FJORDVANG_HOLES } from './demo-guide.test-support';
import { pointsPerMetre, RULE_4_3_SCALE } from './green-page';
import type { HolePage } from './hole-page';
import { GuideRenderInput, LAYOUT_SIZES_PT, PRINT_LAYOUT_IDS, PRINT_LAYOUTS } from './input';
import { strokeBands } from './hole-page';
import { BORDER_WIDTHS, textOn } from './parts';
import { layoutGreens, layoutGuide, layoutHoles, layoutTeeSigns, pageSizeMm } from './layout';
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
    // The demo guide is Danish: its numbers have a decimal comma.
    expect(words).toContain('Course rating 73,4 · Slope 134 · Par 72');
    // Index 18.2 on Hvid for men: 18.2 × 134 / 113 + 1.4 = 22.98 → 23; the row holding 18.2 gives 23.
    const number = (w: string) => Number(w.replace(',', '.'));
    const row = words.findIndex((w) => /^[\d,]+ – [\d,]+$/.test(w) && number(w.split(' – ')[0]) <= 18.2 && number(w.split(' – ')[1]) >= 18.2);
    expect(words[row + 1]).toBe('23');
  });

  it('is deterministic and writes text in the guide’s language', () => {
    expect(layoutGuide(demoGuideInput())).toEqual(pages);
    const en = layoutGuide(demoGuideInput({ language: 'en' }));
    expect(texts(en.find((p) => p.kind === 'green')!.items).some((t) => t.startsWith('Scale 1:'))).toBe(true);
    // Numbers too: an English guide writes a decimal point.
    expect(texts(en.find((p) => p.kind === 'handicap')!.items)).toContain('Course rating 73.4 · Slope 134 · Par 72');
  });

  it('puts a double overview on two facing pages and lets a front image replace the front texts', () => {
    const double = layoutGuide(demoGuideInput({ overview: { pages: 'double' } }));
    const overview = double.filter((p) => p.kind === 'overview');
    expect(overview).toHaveLength(2);
    expect((double.indexOf(overview[0]) + 1) % 2).toBe(0);
    const withImage = layoutGuide(demoGuideInput({ frontPage: { image: 'front', imageOption: 'filled', title: 'Forsiden', text: 'Tekst' } }));
    expect(texts(withImage[0].items)).toEqual([]);
    expect(JSON.stringify(withImage[0].items)).toContain('"ref":"front"');
  });

  it('leaves out pages that are switched off and holes that are not included', () => {
    const raw = demoGuideInput({ pages: { frontPage: false, welcome: false, localRules: false, holes: true, handicapTables: false, overview: false, backPage: false } });
    for (const hole of raw.courses[0].holes) hole.green = false;
    raw.courses[0].holes[3].page = false;
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
    for (const line of wrapText(input.guide.welcome.text, 9, 120)) expect(textWidth(line, 9)).toBeLessThanOrEqual(120);
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

// Each case lays the 18-hole guide out several times: on a loaded machine that takes more than the default 5 s.
describe('the guide’s settings (the stored guides’ vocabulary) each change the pages', { timeout: 60_000 }, () => {
  const holeOf = (ps: Page[], n: number) => ps.find((p) => p.kind === 'hole' && p.hole === n)!;
  const topPaths = (page: Page) => page.items.filter((i): i is Extract<Item, { kind: 'path' }> => i.kind === 'path');
  const allPaths = (items: Item[]): Extract<Item, { kind: 'path' }>[] => items.flatMap((i) => (i.kind === 'path' ? [i] : i.kind === 'group' ? allPaths(i.items) : []));
  const tees = course.tees;

  it('sizes every page by the print layout’s millimetres (PRINT_LAYOUTS), a6 included', () => {
    for (const id of PRINT_LAYOUT_IDS) {
      const laid = layoutGuide(demoGuideInput({ layout: id }));
      for (const page of laid) {
        expect(pageSizeMm(page).width, `${id} ${page.label}`).toBeCloseTo(PRINT_LAYOUTS[id].widthMm, 6);
        expect(pageSizeMm(page).height, `${id} ${page.label}`).toBeCloseTo(PRINT_LAYOUTS[id].heightMm, 6);
      }
    }
    const a6 = layoutGuide(demoGuideInput({ layout: 'a6' }));
    expect(pageSizeMm(a6[0])).toEqual({ width: expect.closeTo(105, 6), height: expect.closeTo(148, 6) });
  });

  it('draws the border style: none, thin, thick (three times as wide) and rounded corners', () => {
    const frame = (style: 'none' | 'thin' | 'thick' | 'rounded') => {
      const page = holeOf(layoutGuide(demoGuideInput({ borderStyle: style })), 3);
      // The frame: the page's one unfilled, opaque stroke (the banner's divider is translucent).
      return topPaths(page).filter((p) => p.stroke && !p.fill && p.opacity === undefined);
    };
    const s = LAYOUT_SIZES_PT.pocket.width / 306;
    expect(frame('none')).toEqual([]);
    expect(frame('thin').map((p) => p.width)).toEqual([BORDER_WIDTHS.thin * s]);
    expect(frame('thick').map((p) => p.width)).toEqual([BORDER_WIDTHS.thick * s]);
    expect(BORDER_WIDTHS.thick).toBeGreaterThanOrEqual(2 * BORDER_WIDTHS.thin);
    expect(frame('thin')[0].d).not.toContain('C');
    expect(frame('rounded')[0].d).toContain('C');
  });

  it('shows each tee by its colour, its name or both (tee style)', () => {
    const strip = (style: 'colour' | 'name' | 'colour_and_name') => {
      const page = holeOf(layoutGuide(demoGuideInput({ teeStyle: style })), 5);
      const dots = topPaths(page).filter((p) => tees.some((t) => t.colour.toLowerCase() === p.fill?.toLowerCase()) && p.d.includes('C'));
      const words = texts(page.items);
      return { dots: dots.length, names: tees.filter((t) => words.includes(t.name)).length, distances: tees.filter((t) => words.includes(String(course.holes[4].distances[t.key]))).length };
    };
    expect(strip('colour')).toEqual({ dots: 3, names: 0, distances: 3 });
    expect(strip('name')).toEqual({ dots: 0, names: 3, distances: 3 });
    expect(strip('colour_and_name')).toEqual({ dots: 3, names: 3, distances: 3 });
  });

  it('prints the stroke index as the handicap style says: "Hcp 7", dots for the strokes received, or not at all', () => {
    const hole = course.holes[6];
    const si = hole.strokeIndex!;
    const number = layoutGuide(demoGuideInput({ handicapStyle: 'number' }));
    expect(texts(holeOf(number, 7).items)).toContain(`Par ${hole.par} · Hcp ${si}`);
    const hidden = layoutGuide(demoGuideInput({ handicapStyle: 'hidden' }));
    for (const page of hidden.filter((p) => p.kind === 'hole' || p.kind === 'green')) expect(texts(page.items).join(' ')).not.toContain('Hcp');
    expect(texts(holeOf(hidden, 7).items)).toContain(`Par ${hole.par}`);
    const dots = holeOf(layoutGuide(demoGuideInput({ handicapStyle: 'dots' })), 7);
    const words = texts(dots.items);
    expect(words.join(' ')).not.toContain('Hcp');
    // One stroke from a course handicap of the index, two from index + 18, three from index + 36 (up to 54).
    const bands = strokeBands(si, 18);
    expect(bands.map((b) => b.from)).toEqual([si, si + 18, si + 36].filter((x) => x <= 54));
    for (const b of bands) expect(words).toContain(`${b.from}+`);
    const ink = textOn(input.guide.bannerColour);
    const banner = topPaths(dots).filter((p) => p.fill === ink && !p.stroke && p.d.includes('C'));
    expect(banner).toHaveLength(bands.reduce((n, b) => n + b.strokes, 0));
    expect(strokeBands(1, 9).map((b) => b.strokes)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('honours each hole’s toggles: its page, its green, its pin chart and its pro guideline', () => {
    const raw = demoGuideInput();
    const holes = raw.courses[0].holes;
    for (const h of holes) h.notes = `Spil mod venstre side af fairway på hul ${h.number}.`;
    holes[1].page = false;
    holes[2].green = false;
    holes[3].pinChart = false;
    holes[4].proGuideline = false;
    const laid = layoutGuide(raw);
    const of = (kind: string, n: number) => laid.filter((p) => p.kind === kind && p.hole === n);
    expect(of('hole', 2)).toHaveLength(0);
    expect(of('green', 2)).toHaveLength(1);
    expect(of('hole', 3)).toHaveLength(1);
    expect(of('green', 3)).toHaveLength(0);
    // Hole pages that have a green stay on left-hand pages, their green facing them.
    for (const [i, page] of laid.entries()) if (page.kind === 'hole' && laid[i + 1]?.kind === 'green') expect((i + 1) % 2).toBe(0);
    // The pin's flag is a red triangle (lateral water is red too: count against the same hole with its pin chart on).
    const flags = (page: Page) => allPaths(page.items).filter((p) => p.fill === '#d32f2f' && /^M[^L]+L[^L]+L[^L]+Z$/.test(p.d)).length;
    const withPin = layoutGuide(demoGuideInput());
    for (const kind of ['hole', 'green']) {
      const on = flags(withPin.find((p) => p.kind === kind && p.hole === 4)!);
      expect(on, kind).toBeGreaterThan(0);
      expect(flags(of(kind, 4)[0]), kind).toBe(on - 1);
      expect(flags(of(kind, 1)[0]), kind).toBe(flags(withPin.find((p) => p.kind === kind && p.hole === 1)!));
    }
    expect(flags(of('green', 4)[0])).toBe(0);
    expect(texts(of('green', 1)[0].items).some((t) => t.startsWith('Flag:'))).toBe(true);
    expect(texts(of('green', 4)[0].items).some((t) => t.startsWith('Flag:'))).toBe(false);
    expect(texts(of('hole', 1)[0].items).join(' ')).toContain('Spil mod venstre side');
    expect(texts(of('hole', 5)[0].items).join(' ')).not.toContain('Spil mod venstre side');
    // The other products follow the toggles too: web images and tee signs the pages, green drawings the greens.
    expect(layoutHoles(raw).map((p) => p.hole)).not.toContain(2);
    expect(layoutTeeSigns(raw).map((p) => p.hole)).not.toContain(2);
    expect(layoutGreens(raw).map((p) => p.hole)).not.toContain(3);
  });

  it('leaves out each page the print settings switch off', () => {
    const kinds = (pages: Partial<Record<'frontPage' | 'welcome' | 'overview' | 'holes' | 'localRules' | 'backPage', boolean>>) => new Set(layoutGuide(demoGuideInput({ pages })).map((p) => p.kind));
    const all = kinds({});
    for (const kind of ['front', 'welcome', 'overview', 'hole', 'green', 'local-rules', 'back']) expect(all.has(kind as never)).toBe(true);
    expect(kinds({ frontPage: false }).has('front')).toBe(false);
    expect(kinds({ welcome: false }).has('welcome')).toBe(false);
    expect(kinds({ overview: false }).has('overview')).toBe(false);
    expect(kinds({ localRules: false }).has('local-rules')).toBe(false);
    expect(kinds({ backPage: false }).has('back')).toBe(false);
    const noHoles = kinds({ holes: false });
    expect(noHoles.has('hole') || noHoles.has('green')).toBe(false);
  });

  it('labels the overview (numbers, numbers and par, none) and turns it across for landscape', () => {
    const overview = (o: { labels?: 'numbers' | 'numbers_and_par' | 'none'; orientation?: 'portrait' | 'landscape'; pages?: 'single' | 'double' }) => layoutGuide(demoGuideInput({ overview: o })).filter((p) => p.kind === 'overview');
    const numbers = texts(overview({ labels: 'numbers' })[0].items);
    expect(numbers).toEqual(expect.arrayContaining(course.holes.map((h) => String(h.number))));
    expect(numbers.some((t) => t.startsWith('Par '))).toBe(false);
    const withPar = texts(overview({ labels: 'numbers_and_par' })[0].items);
    for (const h of course.holes) expect(withPar).toContain(`Par ${h.par}`);
    // The drawing (the page's clipped group) carries the labels: none leaves it without text.
    const drawingTexts = (page: Page) => texts(page.items.filter((i) => i.kind === 'group'));
    expect(drawingTexts(overview({ labels: 'numbers' })[0])).toHaveLength(course.holes.length);
    expect(drawingTexts(overview({ labels: 'none' })[0])).toEqual([]);
    const [portrait] = overview({ orientation: 'portrait' });
    expect(portrait.height).toBeGreaterThan(portrait.width);
    const landscape = overview({ orientation: 'landscape', pages: 'double' });
    expect(landscape).toHaveLength(2);
    for (const page of landscape) {
      expect(page.width).toBeGreaterThan(page.height);
      expect(page.width).toBeCloseTo(LAYOUT_SIZES_PT.pocket.height, 9);
    }
  });

  it('colours each course’s pages with its own banner colour and draws the chosen overview courses', () => {
    const raw = demoGuideInput({ bannerColour: '#123456', overview: { courseKey: '2' } });
    raw.courses.push({ ...raw.courses[0], key: '2', name: 'Skovbanen', colour: '#aa3300', holes: raw.courses[0].holes.slice(0, 9) });
    const laid = layoutGuide(raw);
    const bannerFill = (page: Page) => topPaths(page)[0].fill;
    expect(bannerFill(laid[0])).toBe('#123456');
    const skov = laid.filter((p) => (p.kind === 'hole' || p.kind === 'green' || p.kind === 'handicap') && texts(p.items).join(' ').includes('Skovbanen'));
    const skovHoles = laid.slice(laid.findIndex((p) => p.kind === 'hole' && p.hole === 18) + 1).filter((p) => p.kind === 'hole');
    expect(skovHoles).toHaveLength(9);
    for (const page of skovHoles) expect(bannerFill(page)).toBe('#aa3300');
    expect(bannerFill(holeOf(laid, 1))).toBe('#123456');
    for (const page of skov.filter((p) => p.kind === 'handicap')) expect(bannerFill(page)).toBe('#aa3300');
    const overview = laid.filter((p) => p.kind === 'overview');
    expect(overview).toHaveLength(1);
    expect(texts(overview[0].items)).toContain('Skovbanen');
    expect(bannerFill(overview[0])).toBe('#aa3300');
    const both = layoutGuide({ ...raw, guide: { ...raw.guide, overview: { courseKey: '2', courseKeys: ['1', '2'] } } }).find((p) => p.kind === 'overview')!;
    expect(texts(both.items)).toContain('Fjordvang Links · Skovbanen');
  });

  it('prints the front, welcome, local rules, custom and back pages’ titles and texts', () => {
    const laid = layoutGuide(
      demoGuideInput({
        frontPage: { title: 'Banebog 2025', subtitle: 'Fjordvej 1 · Vejle', text: 'Gælder fra 1. april', image: null, imageOption: 'centered' },
        welcome: { title: 'Kære gæst', text: 'Velkommen til banen.', signature: 'Søren Ågård, formand' },
        localRules: { title: 'Lokalregler 2025', text: 'Hvide pæle: out of bounds.' },
        backPage: { title: 'Tak for i dag', text: 'Fjordvang Golfklub · 7100 Vejle' },
        customPages: {
          information: { enabled: true, title: '', text: 'Buggies kan lejes i shoppen.' },
          etiquette: { enabled: true, title: 'God tone', text: 'Ret nedslag på greens.' },
          notes: { enabled: false, title: 'Noter', text: 'Skjult tekst' },
        },
      }),
    );
    const words = (kind: string) => laid.filter((p) => p.kind === kind).flatMap((p) => texts(p.items));
    expect(words('front')).toEqual(expect.arrayContaining(['Banebog 2025', 'Fjordvej 1 · Vejle', 'Gælder fra 1. april']));
    expect(words('welcome')).toEqual(expect.arrayContaining(['Kære gæst', 'Velkommen til banen.', 'Søren Ågård, formand']));
    expect(words('local-rules')).toEqual(expect.arrayContaining(['Lokalregler 2025', 'Hvide pæle: out of bounds.']));
    expect(words('back')).toEqual(expect.arrayContaining(['Tak for i dag', 'Fjordvang Golfklub · 7100 Vejle']));
    const custom = laid.filter((p) => p.kind === 'custom');
    expect(custom.map((p) => p.label)).toEqual(['Information', 'God tone']);
    expect(words('custom')).toContain('Buggies kan lejes i shoppen.');
    expect(words('custom')).not.toContain('Skjult tekst');
    const centred = layoutGuide(demoGuideInput({ frontPage: { image: 'front', imageOption: 'centered', title: 'Banebog' } }))[0];
    expect(texts(centred.items)).toEqual([]);
    expect(JSON.stringify(centred.items)).toContain('"fit":"contain"');
  });

  it('formats the handicap tables as ranges or one row per whole index (handicapTable, apart from the handicap style)', () => {
    const table = (format: 'ranges' | 'whole') => texts(layoutGuide(demoGuideInput({ handicapTable: format, handicapStyle: 'hidden' })).find((p) => p.kind === 'handicap')!.items);
    const range = /^\+?[\d,]+ – \+?[\d,]+$/;
    expect(table('ranges').some((t) => range.test(t))).toBe(true);
    expect(table('whole').some((t) => range.test(t))).toBe(false);
    expect(table('whole')).toContain('18,0');
  });
});
