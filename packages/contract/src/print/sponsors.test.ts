import { describe, expect, it } from 'vitest';
import { EL } from '../graphics-catalogue';
import { featuresOf, meanPosition } from './frame';
import { demoGuideInput } from './demo-guide.test-support';
import type { HolePage } from './hole-page';
import { GuideRenderInput, type GuideRenderInputIn, type HoleSponsors } from './input';
import { layoutGuide, layoutHoles, layoutTeeSigns } from './layout';
import type { ImageItem, Item } from './page';
import { pageToSvg } from './svg';
import { printedUrl } from './sponsors';

function flat(items: Item[]): Item[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...flat(i.items)] : [i]));
}
const texts = (items: Item[]) => flat(items).flatMap((i) => (i.kind === 'text' ? [i.text] : []));
const images = (items: Item[]) => flat(items).filter((i): i is ImageItem => i.kind === 'image');

const SPONSORS = [
  { key: '7', name: 'Fjord Bank', url: 'https://fjordbank.example/', logo: 'sponsor-7', logoUrl: '/files/x/7.png' },
  { key: '8', name: 'Vejle Auto', url: '', logo: null },
  { key: '9', name: 'Café Greenen', url: 'http://cafe.example', logo: 'sponsor-9' },
];

/** The demo guide with `places` on holes 1.., and the three sponsors. */
function withSponsors(places: Partial<HoleSponsors>[]): GuideRenderInput {
  const base = demoGuideInput();
  const input: GuideRenderInputIn = {
    ...base,
    sponsors: SPONSORS,
    courses: base.courses.map((c) => ({ ...c, holes: c.holes.map((h, i) => (places[i] ? { ...h, sponsors: { page: [], signs: [], ...places[i] } } : h)) })),
  };
  return GuideRenderInput.parse(input);
}

const plain = layoutGuide(GuideRenderInput.parse(demoGuideInput())).filter((p): p is HolePage => p.kind === 'hole');

/** The drawing's frame height (its clip group) on a hole page. */
function drawingHeight(page: HolePage): number {
  const group = page.items.find((i) => i.kind === 'group');
  if (!group || group.kind !== 'group') throw new Error('no drawing group');
  return group.clip.height;
}

describe('sponsors on the hole pages (decision 0016)', () => {
  const input = withSponsors([
    { page: [{ sponsor: '7', format: 'full-filled' }] },
    { page: [{ sponsor: '9', format: 'full-centered' }] },
    { page: [{ sponsor: '7', format: 'bottom-single' }] },
    { page: [{ sponsor: '8', format: 'bottom-double' }, { sponsor: '9', format: 'bottom-double' }] },
  ]);
  const holes = layoutGuide(input).filter((p): p is HolePage => p.kind === 'hole');

  it("puts the sponsor's logo in the band of its format: filled covers, the others fit inside", () => {
    expect(images(holes[0].items)).toEqual([expect.objectContaining({ ref: 'sponsor-7', fit: 'cover' })]);
    expect(images(holes[1].items)).toEqual([expect.objectContaining({ ref: 'sponsor-9', fit: 'contain' })]);
    expect(images(holes[2].items)).toEqual([expect.objectContaining({ ref: 'sponsor-7', fit: 'contain' })]);
    // Bottom double: two halves; the sponsor without a logo shows its name only.
    expect(images(holes[3].items).map((i) => i.ref)).toEqual(['sponsor-9']);
    expect(texts(holes[3].items)).toEqual(expect.arrayContaining(['Vejle Auto', 'Café Greenen', 'cafe.example']));
    expect(texts(holes[2].items)).toEqual(expect.arrayContaining(['HULSPONSOR', 'Fjord Bank', 'fjordbank.example']));
  });

  it('takes the band from the drawing: a full band more than a bottom strip, none on holes without sponsors', () => {
    const full = plain[0] && drawingHeight(plain[0]) - drawingHeight(holes[0]);
    const strip = drawingHeight(plain[2]) - drawingHeight(holes[2]);
    expect(full).toBeGreaterThan(strip);
    expect(strip).toBeGreaterThan(0);
    expect(drawingHeight(holes[4])).toBeCloseTo(drawingHeight(plain[4]), 6);
    // The band stays on the page, above the footer.
    for (const page of holes.slice(0, 4)) {
      for (const img of images(page.items)) expect(img.y + img.height).toBeLessThanOrEqual(page.height);
    }
  });

  it('draws a sponsor sign at its point inside the hole, with the sponsor’s name', () => {
    const drawing = demoGuideInput().courses[0].holes[0].drawing;
    const boundary = featuresOf(GuideRenderInput.parse(demoGuideInput()).courses[0].holes[0].drawing as never, EL.holeBoundary);
    expect(boundary.length).toBe(1);
    const at = meanPosition(drawing as never, EL.green)!;
    const signed = layoutGuide(withSponsors([{ signs: [{ sponsor: '8', position: at }] }])).find((p): p is HolePage => p.kind === 'hole')!;
    expect(texts(signed.items)).toContain('Vejle Auto');
    expect(texts(plain[0].items)).not.toContain('Vejle Auto');
  });

  it('shows the same band on the tee signs and the web images, and an unknown key is left out', () => {
    expect(images(layoutTeeSigns(input)[0].items).map((i) => i.ref)).toEqual(['sponsor-7']);
    expect(images(layoutHoles(input)[1].items).map((i) => i.ref)).toEqual(['sponsor-9']);
    const unknown = withSponsors([{ page: [{ sponsor: '99', format: 'full-filled' }] }]);
    const page = layoutGuide(unknown).find((p): p is HolePage => p.kind === 'hole')!;
    expect(images(page.items)).toEqual([]);
    expect(drawingHeight(page)).toBeCloseTo(drawingHeight(plain[0]), 6);
  });

  it('gives the SVG of the preview the logo by its URL', () => {
    const svg = pageToSvg(holes[0], { imageHref: (ref) => SPONSORS.find((s) => s.logo === ref)?.logoUrl ?? null });
    expect(svg).toContain('href="/files/x/7.png"');
  });

  it('refuses more than two page sponsors on a hole and an unknown format', () => {
    const base = demoGuideInput();
    const hole = base.courses[0].holes[0];
    const bad = (sponsors: unknown) => GuideRenderInput.safeParse({ ...base, courses: [{ ...base.courses[0], holes: [{ ...hole, sponsors }] }] }).success;
    expect(bad({ page: [{ sponsor: '1', format: 'bottom-double' }, { sponsor: '2', format: 'bottom-double' }, { sponsor: '3', format: 'bottom-double' }] })).toBe(false);
    expect(bad({ page: [{ sponsor: '1', format: 'half' }] })).toBe(false);
    expect(bad({ page: [{ sponsor: '1', format: 'bottom-single' }] })).toBe(true);
  });

  it('prints a web address without its scheme and trailing slash', () => {
    expect(printedUrl('https://www.fjordbank.dk/')).toBe('www.fjordbank.dk');
    expect(printedUrl('HTTP://a.example/path')).toBe('a.example/path');
  });
});
