import type { Hole } from '@golf/contract/api/courses';
import type { Drawing } from '@golf/contract/api/drawings';
import {
  pagePlacesProblem,
  positionProblems,
  SIGNS_PER_HOLE_MAX,
  SPONSOR_FORMATS,
  SponsorPositionInput,
  type SaveSponsorSetupBody,
  type SponsorFormat,
  type SponsorSetup,
} from '@golf/contract/api/sponsors';
import { EL } from '@golf/contract/graphics-catalogue';
import { holeBoundaries, insideHoleBoundary } from '@golf/contract/geo/boundary';
import { centroid } from '@golf/contract/geo/measure';

// The sponsor setup editor's state and rules, without React: what is typed (a draft), what is sent
// (the positions of SaveSponsorSetupBody, §4), and where a problem belongs (the hole it concerns).

/** The page of a hole: its format and one sponsor, or two in a format with room for two. */
export interface PagePlace {
  format: SponsorFormat;
  sponsors: [number | null, number | null];
}

/** A sponsor sign on the course: a point ([longitude, latitude]) inside its hole's boundary. */
export interface DraftSign {
  /** Stable while editing: the saved position's id, or a new key. */
  key: string;
  sponsorId: number;
  holeId: number;
  position: [number, number];
}

export interface SetupDraft {
  name: string;
  /** By hole id; a hole without an entry has no page sponsor. */
  pages: Record<number, PagePlace>;
  signs: DraftSign[];
}

export const EMPTY_PAGE: PagePlace = { format: SPONSOR_FORMATS[0], sponsors: [null, null] };
export const NAME_MAX = 100;

/** How many sponsors a hole page takes in `format`: two where the contract lets two share it (bottom double), else one. */
export function sponsorSlots(format: SponsorFormat): 1 | 2 {
  return pagePlacesProblem([format, format]) === null ? 2 : 1;
}

/** The draft of a saved setup (or an empty one for a new setup). */
export function draftOf(setup: Pick<SponsorSetup, 'name' | 'sponsor_positions'> | null): SetupDraft {
  const draft: SetupDraft = { name: setup?.name ?? '', pages: {}, signs: [] };
  for (const p of setup?.sponsor_positions ?? []) {
    if (p.placement === 'page' && p.format) {
      const page = draft.pages[p.hole_id];
      if (!page) draft.pages[p.hole_id] = { format: p.format, sponsors: [p.sponsor_id, null] };
      else if (page.sponsors[1] === null && sponsorSlots(page.format) === 2 && p.format === page.format) page.sponsors[1] = p.sponsor_id;
    } else if (p.placement === 'sign' && p.position) {
      draft.signs.push({ key: String(p.id), sponsorId: p.sponsor_id, holeId: p.hole_id, position: [p.position.longitude, p.position.latitude] });
    }
  }
  return draft;
}

export function pageOf(draft: SetupDraft, holeId: number): PagePlace {
  return draft.pages[holeId] ?? EMPTY_PAGE;
}

/**
 * Puts `sponsorId` (null: none) in a slot of the hole's page. Emptying the first slot moves the
 * second sponsor up; a sponsor already in the other slot is not put in twice.
 */
export function setPageSponsor(draft: SetupDraft, holeId: number, slot: 0 | 1, sponsorId: number | null): SetupDraft {
  const page = pageOf(draft, holeId);
  const [first, second] = page.sponsors;
  let sponsors: [number | null, number | null];
  if (slot === 0) sponsors = sponsorId === null ? [second, null] : [sponsorId, second === sponsorId ? null : second];
  else {
    if (first === null || sponsorId === first || sponsorSlots(page.format) < 2) return draft;
    sponsors = [first, sponsorId];
  }
  return { ...draft, pages: { ...draft.pages, [holeId]: { ...page, sponsors } } };
}

/** Changes the format of the hole's page; a second sponsor goes when the format has room for one. */
export function setPageFormat(draft: SetupDraft, holeId: number, format: SponsorFormat): SetupDraft {
  const page = pageOf(draft, holeId);
  const sponsors: [number | null, number | null] = sponsorSlots(format) === 2 ? page.sponsors : [page.sponsors[0], null];
  return { ...draft, pages: { ...draft.pages, [holeId]: { format, sponsors } } };
}

export const signsOn = (draft: SetupDraft, holeId: number) => draft.signs.filter((s) => s.holeId === holeId);
export const roomForSign = (draft: SetupDraft, holeId: number) => signsOn(draft, holeId).length < SIGNS_PER_HOLE_MAX;

let nextSign = 1;
/** A new sign's key (never a saved position's id). */
export const newSignKey = () => `new-${nextSign++}`;

export function addSign(draft: SetupDraft, sign: DraftSign): SetupDraft {
  return { ...draft, signs: [...draft.signs, sign] };
}

export function moveSign(draft: SetupDraft, key: string, position: [number, number]): SetupDraft {
  return { ...draft, signs: draft.signs.map((s) => (s.key === key ? { ...s, position } : s)) };
}

export function removeSign(draft: SetupDraft, key: string): SetupDraft {
  return { ...draft, signs: draft.signs.filter((s) => s.key !== key) };
}

/** Points are sent as drawings are stored: 7 decimals (about a centimetre). */
const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

/** The positions to save, hole by hole in the course's order: the page's sponsors, then the signs. */
export function positionsOf(draft: SetupDraft, holes: readonly Hole[]): SponsorPositionInput[] {
  const ordered = [...holes].sort((a, b) => a.order - b.order);
  return ordered.flatMap((hole) => {
    const page = pageOf(draft, hole.id);
    const sponsors = page.sponsors.slice(0, sponsorSlots(page.format)).filter((s): s is number => s !== null);
    const pages: SponsorPositionInput[] = sponsors.map((sponsor_id) => ({ sponsor_id, hole_id: hole.id, placement: 'page', format: page.format, position: null }));
    const signs: SponsorPositionInput[] = signsOn(draft, hole.id).map((s) => ({
      sponsor_id: s.sponsorId,
      hole_id: hole.id,
      placement: 'sign',
      format: null,
      position: { longitude: round7(s.position[0]), latitude: round7(s.position[1]) },
    }));
    return [...pages, ...signs];
  });
}

/** The body of PUT (and, without positions, POST) sponsor-setups. */
export function setupBody(draft: SetupDraft, courseId: number, holes: readonly Hole[]): SaveSponsorSetupBody {
  return { name: draft.name.trim(), course_id: courseId, sponsor_positions: positionsOf(draft, holes) };
}

/** The translation key of what is wrong with the setup's name, or null. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'sponsorSetups.errors.nameRequired';
  if (trimmed.length > NAME_MAX) return 'sponsorSetups.errors.nameTooLong';
  return null;
}

/** Whether two drafts save the same setup. */
export function sameSetup(a: SetupDraft, b: SetupDraft, holes: readonly Hole[]): boolean {
  return a.name.trim() === b.name.trim() && JSON.stringify(positionsOf(a, holes)) === JSON.stringify(positionsOf(b, holes));
}

/** A problem as the server's details and the contract's checks give it. */
export interface ProblemDetail {
  path: string;
  message: string;
}

/** What the problem at `sponsor_positions.N.<field>` concerns: the field's name, '' for the position as a whole, null for another path. */
export function problemField(path: string): string | null {
  const match = /^sponsor_positions\.\d+(?:\.(\w+))?/.exec(path);
  return match ? (match[1] ?? '') : null;
}

/** What is wrong with a save, sorted to where it shows: the name field, a hole, or the whole setup. */
export interface SaveProblems {
  name: string[];
  byHole: Map<number, string[]>;
  general: string[];
}

/**
 * Places problems given as `{ path, message }` (the server's 400 details, or the contract's
 * positionProblems) next to what they concern: `sponsor_positions.N…` belongs to the hole of the
 * N-th position sent, `name` to the name field; anything else to the setup as a whole. `phrase`
 * puts a problem in the reader's words (the server's message by default).
 */
export function placeProblems(
  details: readonly ProblemDetail[],
  sent: readonly SponsorPositionInput[],
  phrase: (detail: ProblemDetail, position: SponsorPositionInput | undefined) => string = (d) => d.message,
): SaveProblems {
  const problems: SaveProblems = { name: [], byHole: new Map(), general: [] };
  for (const detail of details) {
    const { path } = detail;
    const index = /^sponsor_positions\.(\d+)(?:\.|$)/.exec(path)?.[1];
    const position = index !== undefined ? sent[Number(index)] : undefined;
    const hole = position?.hole_id;
    const message = phrase(detail, position);
    if (hole !== undefined) {
      const list = problems.byHole.get(hole) ?? [];
      if (!list.includes(message)) list.push(message);
      problems.byHole.set(hole, list);
    } else if (path === 'name' || path.startsWith('name.')) problems.name.push(message);
    else problems.general.push(message);
  }
  return problems;
}

/** The contract's checks of the positions (the same the server makes), placed by hole; null when there are none. */
export function positionsProblems(sent: readonly SponsorPositionInput[], phrase?: Parameters<typeof placeProblems>[2]): SaveProblems | null {
  const parsed = sent.map((p) => SponsorPositionInput.parse(p));
  const found = positionProblems(parsed);
  return found.length > 0 ? placeProblems(found, sent, phrase) : null;
}

export const hasProblems = (p: SaveProblems | null): p is SaveProblems => !!p && (p.name.length > 0 || p.byHole.size > 0 || p.general.length > 0);

/** Whether a point lies inside the hole's boundary; null when the hole has no boundary drawn (a sign cannot be placed on it). The server's rule (the contract's). */
export function insideHole(drawing: Drawing | null | undefined, point: readonly number[]): boolean | null {
  return insideHoleBoundary(drawing, point);
}

/** Whether signs can be placed on the hole: it has a boundary drawn. */
export const hasBoundary = (drawing: Drawing | null | undefined) => !!drawing && holeBoundaries(drawing).length > 0;

/**
 * Where 'Place at hole centre' puts a sign: the centre of the hole's boundary, or (a boundary bent
 * round its centre) the centre of its green, or the middle of its play line; always inside the
 * boundary. Null when the hole has no boundary.
 */
export function holeCentre(drawing: Drawing | null | undefined): [number, number] | null {
  const [first] = drawing ? holeBoundaries(drawing) : [];
  if (!first || !drawing) return null;
  const candidates: [number, number][] = [centroid(first[0].map((p) => [p[0], p[1]]))];
  for (const f of drawing.features) {
    if (f.properties.element === EL.green && f.geometry.type === 'Polygon') candidates.push(centroid(f.geometry.coordinates[0]));
    if (f.properties.element === EL.playLine && f.geometry.type === 'LineString' && f.geometry.coordinates.length > 0) {
      const c = f.geometry.coordinates;
      candidates.push([c[Math.floor(c.length / 2)][0], c[Math.floor(c.length / 2)][1]]);
    }
  }
  const inside = candidates.find((c) => insideHole(drawing, c));
  if (inside) return inside;
  // The first corner moved a hair toward the centre of the ring's box lies inside for any ordinary boundary.
  const ring = first[0];
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const mid = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  for (const corner of ring) {
    const p: [number, number] = [corner[0] + (mid[0] - corner[0]) * 0.05, corner[1] + (mid[1] - corner[1]) * 0.05];
    if (insideHole(drawing, p)) return p;
  }
  return null;
}

/** How many sponsor places a saved setup has on the holes' pages, and how many signs. */
export function setupCounts(setup: Pick<SponsorSetup, 'sponsor_positions'>): { pages: number; signs: number } {
  const pages = setup.sponsor_positions.filter((p) => p.placement === 'page').length;
  return { pages, signs: setup.sponsor_positions.length - pages };
}
