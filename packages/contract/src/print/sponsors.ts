import type { SponsorFormat } from '../api/sponsors';
import { EL } from '../graphics-catalogue';
import type { XY } from '../geo/planar';
import type { GuideSponsor, GuideTheme, HoleSponsors } from './input';
import { circlePath, pathOf, roundRectPath, type Item } from './page';
import { fontScale, INK, mix, MUTED, pill, rect, styleOf, text, textOn, type PageContext } from './parts';
import { ellipsize, fitSize, textWidth } from './text';

/**
 * Sponsors on a hole page (decision 0016): the band of the hole's page sponsor(s) at the foot of
 * the page, in one of the four sponsor formats (§9, below), and the sponsor signs of the setup on the drawing.
 *
 * - 'full-filled': a full-width band, the logo filling it edge to edge (cropped to the band).
 * - 'full-centered': the same band on white, the logo fitted and centred, the name under it.
 * - 'bottom-single': a slim strip, the logo at the side and the name and web address beside it.
 * - 'bottom-double': the slim strip split in two, one sponsor in each half.
 * A sponsor without a logo shows its name in the logo's place.
 */

/** Height of the band as a part of the page's height, per format. */
const BAND_SHARE: Record<SponsorFormat, number> = { 'full-filled': 0.16, 'full-centered': 0.16, 'bottom-single': 0.085, 'bottom-double': 0.085 };

export interface PlacedSponsor {
  sponsor: GuideSponsor;
  format: SponsorFormat;
}

/** The hole's page sponsors with what the input knows of them (a key without its sponsor is left out). */
export function pageSponsors(places: HoleSponsors, sponsors: readonly GuideSponsor[]): PlacedSponsor[] {
  const byKey = new Map(sponsors.map((s) => [s.key, s]));
  return places.page.flatMap((p) => {
    const sponsor = byKey.get(p.sponsor);
    return sponsor ? [{ sponsor, format: p.format }] : [];
  });
}

/** The height the band of `placed` takes at the foot of a page of `ctx` (0 for none). */
export function sponsorBandHeight(ctx: PageContext, placed: readonly PlacedSponsor[]): number {
  if (placed.length === 0) return 0;
  return Math.round(ctx.height * Math.max(...placed.map((p) => BAND_SHARE[p.format])) * 100) / 100;
}

/** The web address as printed: without the scheme and a trailing slash. */
export function printedUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

type Box = { x: number; y: number; width: number; height: number };

/** A logo fitted into `box`, or the sponsor's name in its place. */
function logoOrName(sponsor: GuideSponsor, box: Box, fit: 'cover' | 'contain', ink: string, f: number): Item[] {
  if (sponsor.logo) return [{ kind: 'image', ref: sponsor.logo, x: box.x, y: box.y, width: box.width, height: box.height, fit }];
  const size = fitSize(sponsor.name, Math.min(box.height * 0.45, 20 * f), box.width, 700);
  return [text(box.x + box.width / 2, box.y + box.height / 2 + size * 0.35, ellipsize(sponsor.name, size, box.width, 700), size, { weight: 700, anchor: 'middle', fill: ink })];
}

/** One sponsor in a slim strip cell: the logo at the left, the caption, the name and the address beside it. */
function stripCell(ctx: PageContext, sponsor: GuideSponsor, cell: Box): Item[] {
  const f = fontScale(ctx);
  const pad = cell.height * 0.14;
  const logoH = cell.height - 2 * pad;
  const logoW = Math.min(logoH * 2.2, cell.width * 0.42);
  const items: Item[] = [];
  if (sponsor.logo) items.push({ kind: 'image', ref: sponsor.logo, x: cell.x + pad, y: cell.y + pad, width: logoW, height: logoH, fit: 'contain' });
  const tx = cell.x + pad + (sponsor.logo ? logoW + pad : 0);
  const tw = cell.x + cell.width - pad - tx;
  const cap = 5.5 * f;
  const nameSize = fitSize(sponsor.name, 9 * f, tw, 700, 6 * f);
  const mid = cell.y + cell.height / 2;
  items.push(text(tx, mid - nameSize * 0.55, ellipsize(ctx.labels.holeSponsor.toUpperCase(), cap, tw), cap, { fill: MUTED }));
  items.push(text(tx, mid + nameSize * 0.45, ellipsize(sponsor.name, nameSize, tw, 700), nameSize, { weight: 700, fill: INK }));
  if (sponsor.url) items.push(text(tx, mid + nameSize * 0.45 + 8 * f, ellipsize(printedUrl(sponsor.url), 6 * f, tw), 6 * f, { fill: MUTED }));
  return items;
}

/** The sponsor band in `box` (the page's width at its foot, above the footer). */
export function sponsorBand(ctx: PageContext, placed: readonly PlacedSponsor[], box: Box): Item[] {
  if (placed.length === 0) return [];
  const f = fontScale(ctx);
  const format = placed[0].format;
  const edge = mix(ctx.colour, '#ffffff', 0.75);
  const clip = { kind: 'group' as const, clip: box };
  switch (format) {
    case 'full-filled': {
      const sponsor = placed[0].sponsor;
      const fill = sponsor.logo ? '#ffffff' : ctx.colour;
      return [{ ...clip, items: [rect(box.x - 9, box.y, box.width + 18, box.height + 9, { fill }), ...logoOrName(sponsor, box, 'cover', textOn(fill), f)] }];
    }
    case 'full-centered': {
      const sponsor = placed[0].sponsor;
      const pad = box.height * 0.1;
      const caption = 7 * f;
      const logoBox = { x: box.x + pad, y: box.y + pad, width: box.width - 2 * pad, height: box.height - 2 * pad - caption * 1.8 };
      const items: Item[] = [rect(box.x, box.y, box.width, box.height, { fill: '#ffffff' }), { kind: 'path', d: pathOf([[box.x, box.y], [box.x + box.width, box.y]], false), stroke: edge, width: 0.8 * ctx.s }];
      items.push(...logoOrName(sponsor, logoBox, 'contain', INK, f));
      const line = sponsor.url ? `${sponsor.name} · ${printedUrl(sponsor.url)}` : sponsor.name;
      items.push(text(box.x + box.width / 2, box.y + box.height - pad, ellipsize(line, caption, box.width - 2 * pad), caption, { anchor: 'middle', fill: MUTED }));
      return [{ ...clip, items }];
    }
    case 'bottom-single':
    case 'bottom-double': {
      const items: Item[] = [rect(box.x, box.y, box.width, box.height, { fill: mix(ctx.colour, '#ffffff', 0.93) }), { kind: 'path', d: pathOf([[box.x, box.y], [box.x + box.width, box.y]], false), stroke: edge, width: 0.8 * ctx.s }];
      const cells = format === 'bottom-double' ? placed.slice(0, 2) : placed.slice(0, 1);
      const w = box.width / cells.length;
      cells.forEach((p, i) => {
        if (i > 0) items.push({ kind: 'path', d: pathOf([[box.x + i * w, box.y + box.height * 0.18], [box.x + i * w, box.y + box.height * 0.82]], false), stroke: edge, width: 0.8 * ctx.s });
        items.push(...stripCell(ctx, p.sponsor, { x: box.x + i * w + ctx.margin * 0.4, y: box.y, width: w - ctx.margin * 0.8, height: box.height }));
      });
      return [{ ...clip, items }];
    }
  }
}

/** The sponsor signs of a hole on its drawing: a sign in the theme's 'sponsor sign' colour and the sponsor's name beside it. */
export function sponsorSigns(places: HoleSponsors, sponsors: readonly GuideSponsor[], theme: GuideTheme, toPage: (p: readonly number[]) => XY, size: number): Item[] {
  if (places.signs.length === 0) return [];
  const byKey = new Map(sponsors.map((s) => [s.key, s]));
  const style = styleOf(theme, EL.sponsorSign);
  const fill = style.fill ?? '#ff9800';
  const stroke = style.stroke ?? INK;
  const items: Item[] = [];
  for (const sign of places.signs) {
    const sponsor = byKey.get(sign.sponsor);
    if (!sponsor) continue;
    const [x, y] = toPage(sign.position);
    const w = size * 1.1;
    const h = size * 0.75;
    // A board on a post, its foot at the sign's point.
    items.push({ kind: 'path', d: pathOf([[x, y], [x, y - size * 0.9]], false), stroke, width: size * 0.12, lineCap: 'round' });
    items.push({ kind: 'path', d: roundRectPath(x - w / 2, y - size * 0.9 - h, w, h, h * 0.15), fill, stroke, width: size * 0.08 });
    items.push({ kind: 'path', d: circlePath(x, y, size * 0.1), fill: stroke });
    const labelSize = size * 0.8;
    const label = ellipsize(sponsor.name, labelSize, size * 14, 700);
    const pillWidth = textWidth(label, labelSize, 700) + labelSize * 0.9;
    items.push(...pill(x + w / 2 + size * 0.25 + pillWidth / 2, y - size * 0.9 - h / 2, label, labelSize, { fill: '#ffffff', ink: INK, stroke: fill }));
  }
  return items;
}
