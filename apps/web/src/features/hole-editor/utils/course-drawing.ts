import type { Drawing, DrawingFeature, DrawingResponse } from '@golf/contract/api/drawings';
import { courseMapFeatureId, holeIdOfFeature } from '../../../lib/map/course-map';

// The course-wide mapping (/metamap, /admin/atla) edits every hole's drawing on one map: each
// feature's map id is `holeId:featureId`, so the hole a feature belongs to travels with it through
// undo and redo; a feature drawn where no boundary holds it has a bare id (no hole yet). These
// pure functions merge the holes' drawings into that one drawing, split it back and find what a
// save must send.

/** The hole of a feature's map id, or null when it has none yet. */
export const holeOfMapId = (id: string): number | null => (id.includes(':') ? holeIdOfFeature(id) : null);

/** The feature's own id inside its hole's drawing (the map id without its hole). */
export function ownFeatureId(id: string): string {
  return holeOfMapId(id) === null ? id : id.slice(id.indexOf(':') + 1);
}

/** The map id of a feature given to `holeId` (null: no hole). */
export const withHole = (id: string, holeId: number | null): string => (holeId === null ? ownFeatureId(id) : courseMapFeatureId(holeId, ownFeatureId(id)));

/** One drawing of the whole course from the holes' drawings, each feature named by its hole. */
export function mergeCourse(holes: readonly { holeId: number; drawing: Drawing }[]): Drawing {
  return {
    type: 'FeatureCollection',
    features: holes.flatMap(({ holeId, drawing }) => drawing.features.map((f) => ({ ...f, id: courseMapFeatureId(holeId, f.id) }))),
  };
}

/** The course's drawing split back by hole (features with their own ids), and the features of no hole. */
export function splitCourse(drawing: Drawing): { byHole: Map<number, DrawingFeature[]>; unassigned: DrawingFeature[] } {
  const byHole = new Map<number, DrawingFeature[]>();
  const unassigned: DrawingFeature[] = [];
  for (const f of drawing.features) {
    const holeId = holeOfMapId(f.id);
    if (holeId === null) unassigned.push(f);
    else byHole.set(holeId, [...(byHole.get(holeId) ?? []), { ...f, id: ownFeatureId(f.id) }]);
  }
  return { byHole, unassigned };
}

/** A hole as the mapping loaded it (or last saved it): its features and the version a save replaces. */
export interface LoadedHole {
  version: number;
  features: DrawingFeature[];
}

/** One hole of a course-wide save (the body of POST courses/{courseId}/drawings). */
export interface HoleSave {
  hole_id: number;
  version: number;
  drawing: Drawing;
}

const same = (a: readonly DrawingFeature[], b: readonly DrawingFeature[]) => a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

/**
 * The holes whose features differ from what was loaded, each with its whole new drawing and the
 * version it was loaded at, in the order of `loaded`. A hole all of whose features went elsewhere
 * is saved empty. Features of no hole are not part of any (the save refuses while there are some).
 */
export function changedHoles(loaded: ReadonlyMap<number, LoadedHole>, current: Drawing): HoleSave[] {
  const { byHole } = splitCourse(current);
  const out: HoleSave[] = [];
  for (const [holeId, hole] of loaded) {
    const features = byHole.get(holeId) ?? [];
    if (!same(hole.features, features)) out.push({ hole_id: holeId, version: hole.version, drawing: { type: 'FeatureCollection', features } });
  }
  return out;
}

/** The features of no hole yet. */
export const unassignedFeatures = (current: Drawing): DrawingFeature[] => current.features.filter((f) => holeOfMapId(f.id) === null);

/** What the mapping loaded of each hole, from the course drawing as the map holds it right after loading and the holes' versions. */
export function loadedHoles(current: Drawing, versions: ReadonlyMap<number, number>): Map<number, LoadedHole> {
  const { byHole } = splitCourse(current);
  return new Map([...versions].map(([holeId, version]) => [holeId, { version, features: byHole.get(holeId) ?? [] }]));
}

/**
 * The course drawing after a save: the holes the server saved as it stored them, every other hole
 * (refused, changed meanwhile, unchanged) and the features of no hole as the map holds them.
 */
export function afterSave(current: Drawing, saved: readonly Pick<DrawingResponse, 'hole_id' | 'drawing'>[]): Drawing {
  const savedIds = new Set(saved.map((s) => s.hole_id));
  const kept = current.features.filter((f) => {
    const holeId = holeOfMapId(f.id);
    return holeId === null || !savedIds.has(holeId);
  });
  return { type: 'FeatureCollection', features: [...mergeCourse(saved.map((s) => ({ holeId: s.hole_id, drawing: s.drawing }))).features, ...kept] };
}

/**
 * The course drawing with one hole as stored now (its reload after a conflict): the features the
 * map gives that hole, and those it loaded from it (even if since given to another hole), are
 * replaced by the stored ones.
 */
export function replaceHole(current: Drawing, holeId: number, stored: Drawing): Drawing {
  const kept = current.features.filter((f) => holeOfMapId(f.id) !== holeId);
  return { type: 'FeatureCollection', features: [...kept, ...mergeCourse([{ holeId, drawing: stored }]).features] };
}
