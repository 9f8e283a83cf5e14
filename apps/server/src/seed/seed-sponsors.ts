import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { EDIT_DRAWING_STYLE, type Drawing } from '@golf/contract/api/drawings';
import type { SponsorFormat } from '@golf/contract/api/sponsors';
import { insideHoleBoundary } from '@golf/contract/geo/boundary';
import { EL } from '@golf/contract/graphics-catalogue';
import type { DbOrTx } from '../platform/database';
import { savedDrawings } from '../modules/courses';
import { setSponsorLogo, type SponsorDeps } from '../modules/sponsors';
import { clubs, holes, sponsorPositions, sponsors, sponsorSetups } from '../db/schema/index';

/** The demo's sponsors of Fjordvang Golfklub (issue 11), with the colours of their generated logos. */
export const DEMO_SPONSORS = [
  { name: 'Fjord Bank', url: 'https://example.com/fjord-bank', colour: '#0d47a1' },
  { name: 'Vejle Auto', url: 'https://example.com/vejle-auto', colour: '#b71c1c' },
  { name: 'Café Greenen', url: 'https://example.com/cafe-greenen', colour: '#2e7d32' },
] as const;

export const DEMO_SPONSOR_SETUP = 'Sæson 2026';

type DemoSponsor = (typeof DEMO_SPONSORS)[number]['name'];

/** Page places of the demo setup by hole number: one of each format, two sponsors sharing bottom double. */
const PAGE_PLACES: [hole: number, sponsor: DemoSponsor, format: SponsorFormat][] = [
  [1, 'Fjord Bank', 'full-filled'],
  [2, 'Vejle Auto', 'full-centered'],
  [3, 'Café Greenen', 'bottom-single'],
  [4, 'Fjord Bank', 'bottom-double'],
  [4, 'Vejle Auto', 'bottom-double'],
];
/** Sponsor signs of the demo setup, beside the tee of these holes. */
const SIGNS: [hole: number, sponsor: DemoSponsor][] = [
  [1, 'Café Greenen'],
  [2, 'Fjord Bank'],
];

/**
 * A sign's point beside the tee: 15 % of the way from the tee to the first aim point, 12 m to the
 * right of the play line; on the play line when that is outside the hole's boundary.
 */
export function demoSignPoint(drawing: Drawing): [number, number] {
  const line = drawing.features.find((f) => f.properties.element === EL.playLine && f.geometry.type === 'LineString');
  if (!line || line.geometry.type !== 'LineString' || line.geometry.coordinates.length < 2) throw new Error('seedDemoSponsors: a hole has no play line');
  const [[x0, y0], [x1, y1]] = line.geometry.coordinates;
  const on: [number, number] = [x0 + (x1 - x0) * 0.15, y0 + (y1 - y0) * 0.15];
  // Metres to degrees near the point; the right of the direction (dx, dy) is (dy, -dx).
  const mPerDegLat = 111_320;
  const mPerDegLon = mPerDegLat * Math.cos((on[1] * Math.PI) / 180);
  const dx = (x1 - x0) * mPerDegLon;
  const dy = (y1 - y0) * mPerDegLat;
  const length = Math.hypot(dx, dy) || 1;
  const beside: [number, number] = [on[0] + ((dy / length) * 12) / mPerDegLon, on[1] + ((-dx / length) * 12) / mPerDegLat];
  for (const point of [beside, on]) if (insideHoleBoundary(drawing, point)) return [round7(point[0]), round7(point[1])];
  throw new Error('seedDemoSponsors: no point for a sign inside the hole boundary');
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

/**
 * The demo's sponsors and the setup 'Sæson 2026' on the course `courseId` (written inside the demo
 * seed's transaction): page places on holes 1–4 and signs on holes 1 and 2. The logos are files,
 * written after the transaction by addDemoSponsorLogos (main.ts), which has the file storage.
 */
export async function seedDemoSponsors(tx: DbOrTx, input: { clubId: number; courseId: number }): Promise<number> {
  const rows = await tx
    .insert(sponsors)
    .values(DEMO_SPONSORS.map((s) => ({ clubId: input.clubId, name: s.name, url: s.url })))
    .returning({ id: sponsors.id, name: sponsors.name });
  const sponsorId = (name: DemoSponsor) => rows.find((r) => r.name === name)!.id;
  const holeRows = await tx
    .select({ id: holes.id, order: holes.order })
    .from(holes)
    .where(and(eq(holes.courseId, input.courseId), inArray(holes.order, [1, 2, 3, 4])))
    .orderBy(asc(holes.order));
  const holeId = (order: number) => {
    const hole = holeRows.find((h) => h.order === order);
    if (!hole) throw new Error(`seedDemoSponsors: the course has no hole ${order}`);
    return hole.id;
  };
  const drawings = await savedDrawings(tx, SIGNS.map(([order]) => holeId(order)), EDIT_DRAWING_STYLE);
  const [setup] = await tx.insert(sponsorSetups).values({ clubId: input.clubId, courseId: input.courseId, name: DEMO_SPONSOR_SETUP }).returning({ id: sponsorSetups.id });
  await tx.insert(sponsorPositions).values([
    ...PAGE_PLACES.map(([order, sponsor, format]) => ({ sponsorSetupId: setup.id, sponsorId: sponsorId(sponsor), holeId: holeId(order), placement: 'page', format })),
    ...SIGNS.map(([order, sponsor]) => {
      const drawing = drawings.get(holeId(order));
      if (!drawing) throw new Error(`seedDemoSponsors: hole ${order} has no drawing`);
      const [longitude, latitude] = demoSignPoint(drawing);
      return { sponsorSetupId: setup.id, sponsorId: sponsorId(sponsor), holeId: holeId(order), placement: 'sign', longitude, latitude };
    }),
  ]);
  return setup.id;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small logo for a demo sponsor: its name in white on its colour, 480 × 160 px, as PNG. */
export async function demoLogo(name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <rect x="4" y="4" width="472" height="152" rx="24" fill="${colour}"/>
  <circle cx="80" cy="80" r="44" fill="none" stroke="#ffffff" stroke-width="8"/>
  <path d="M58 96 L80 52 L102 96 Z" fill="#ffffff"/>
  <text x="144" y="96" font-family="DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="bold" fill="#ffffff">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The logos of the demo's sponsors that have none yet: drawn here, then uploaded through the
 * same path as a user's upload (checked, re-encoded, stored under the club's public files).
 */
export async function addDemoSponsorLogos(deps: SponsorDeps): Promise<number> {
  const [club] = await deps.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'fjordvang'));
  if (!club) return 0;
  const missing = await deps.db
    .select({ id: sponsors.id, name: sponsors.name })
    .from(sponsors)
    .where(and(eq(sponsors.clubId, club.id), isNull(sponsors.logoFileName), inArray(sponsors.name, DEMO_SPONSORS.map((s) => s.name))))
    .orderBy(asc(sponsors.id));
  for (const sponsor of missing) {
    const colour = DEMO_SPONSORS.find((s) => s.name === sponsor.name)!.colour;
    const buffer = await demoLogo(sponsor.name, colour);
    await setSponsorLogo(deps, club.id, sponsor.id, { buffer, filename: 'logo.png', mimetype: 'image/png' });
  }
  return missing.length;
}
