import type { ImportPlan } from '@golf/contract/api/course-import';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { serverError } from '@golf/contract/api/errors';
import { courses, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { taskRunner } from '../../platform/worker-tasks';
import { catalogueRuleBreaches, describeBreach, type ElementRule } from '@golf/contract/geo/catalogue-rules';
import { drawingChecks, getCourse, type DrawingChecks } from '../courses';
import { getElementRules } from '../graphics';
import { checkedPlan, type ImportFile, type PreparedImport } from './plan';

export type { ImportFile } from './plan';

/** Longest time reading and planning one import file may take. */
export const IMPORT_TIMEOUT_MS = 30_000;

const importReader = taskRunner<{ data: Uint8Array; filename: string; name?: string }, PreparedImport>({
  entry: 'import-worker',
  from: import.meta.url,
  timeoutMs: IMPORT_TIMEOUT_MS,
  maxHeapMb: 256,
  maxWorkers: 2,
  timeoutMessage: serverError('imports.timeout', { seconds: IMPORT_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('imports.outOfMemory'),
  whenBusy: serverError('imports.busy'),
});

/**
 * Reads, plans and checks an import file in a worker thread (plan.ts: prepareImport): the event
 * loop stays free, and a file that takes too long or too much memory stops its worker only.
 */
export function readImport(file: ImportFile, name?: string): Promise<PreparedImport> {
  return importReader.run({ data: file.buffer, filename: file.filename, name });
}

/**
 * The graphics catalogue's rules applied to a plan (issue 26), as a mapper expects of a file drawn by
 * others: a shape the catalogue finds implausible (an area out of its element's range) or misplaced
 * (outside what it must lie inside, e.g. a green outside its hole boundary) is probably mistagged,
 * so it is left out of its hole, as the import leaves out other unusable shapes; a missing required
 * attribute the file cannot carry keeps the element, for the hole editor to complete. Each is
 * named in the plan's warnings, by hole. The status checks of a changed hole are computed again.
 */
export function applyCatalogueRules(prepared: { plan: ImportPlan; checks: DrawingChecks[] | null }, rules: ReadonlyMap<string, ElementRule>): { plan: ImportPlan; checks: DrawingChecks[] | null } {
  const warnings = [...prepared.plan.warnings];
  let changed = false;
  const checks = prepared.checks ? [...prepared.checks] : null;
  const holes = prepared.plan.holes.map((hole, i) => {
    const breaches = catalogueRuleBreaches(hole.drawing, rules);
    if (breaches.length === 0) return hole;
    const leftOut = new Set<string>();
    for (const b of breaches) {
      if (b.rule === 'requiredAttribute') {
        warnings.push(`Hole ${hole.ref}: ${describeBreach(b)}; add it in the hole editor.`);
      } else if (!leftOut.has(b.featureId)) {
        leftOut.add(b.featureId);
        warnings.push(`Hole ${hole.ref}: ${describeBreach(b)}; it was left out.`);
      }
    }
    if (leftOut.size === 0) return hole;
    changed = true;
    const features = hole.drawing.features.filter((f) => !leftOut.has(String(f.id)));
    const counts: Record<string, number> = {};
    for (const f of features) counts[f.properties.element] = (counts[f.properties.element] ?? 0) + 1;
    const drawing = { ...hole.drawing, features };
    if (checks) checks[i] = drawingChecks(drawing);
    return { ...hole, drawing, counts: Object.fromEntries(Object.keys(hole.counts).flatMap((k) => (counts[k] ? [[k, counts[k]]] : []))) };
  });
  if (!changed && warnings.length === prepared.plan.warnings.length) return prepared;
  return { plan: { ...prepared.plan, holes, warnings }, checks };
}

/** POST …/courses/import/preview: the file's plan (read in a worker) with the catalogue's rules applied. */
export async function previewImport(db: DbOrTx, file: ImportFile): Promise<ImportPlan> {
  const [prepared, rules] = await Promise.all([readImport(file), getElementRules(db)]);
  return applyCatalogueRules(prepared, rules).plan;
}

/**
 * Creates a course from an import plan in one transaction: the course, its holes (in ref order,
 * with name, par and handicap) and each hole's drawing in the edit style (version 1) with its status checks.
 */
export async function createCourseFromPlan(
  db: DbOrTx,
  input: { clubId: number; name?: string; userId?: number | null } & ({ plan: ImportPlan } | { prepared: PreparedImport }),
): Promise<Course> {
  // A prepared import (readImport) was checked in the worker, its status checks computed there.
  const given = 'prepared' in input ? input.prepared : { plan: checkedPlan((input as { plan: ImportPlan }).plan), checks: null };
  // The catalogue's rules as the preview applied them (an element breaking them is left out).
  const ruled = applyCatalogueRules(given, await getElementRules(db));
  const plan = ruled.plan;
  const name = (input.name?.trim() || plan.name.trim() || 'Imported course').slice(0, 100);
  // Computed before the transaction opens, so it is not held open by the geometry work.
  const checks: DrawingChecks[] = ruled.checks ?? plan.holes.map((h) => drawingChecks(h.drawing));
  return db.transaction(async (tx) => {
    const [course] = await tx.insert(courses).values({ clubId: input.clubId, name, attribution: plan.attribution }).returning();
    const rows = await tx
      .insert(holes)
      .values(plan.holes.map((h, i) => ({ courseId: course.id, order: i + 1, name: h.name, par: h.par, handicap: h.handicap })))
      .returning();
    await tx.insert(holeDrawings).values(
      rows.map((row, i) => ({
        holeId: row.id,
        styleId: EDIT_DRAWING_STYLE,
        document: plan.holes[i].drawing,
        checks: checks[i],
        version: 1,
        updatedBy: input.userId ?? null,
      })),
    );
    // The same presentation as GET courses, inside the transaction that wrote it.
    return getCourse(tx, input.clubId, course.id);
  });
}

/** The confirming call: reads the file again and creates the course from the server's own plan. */
export async function importCourse(db: DbOrTx, input: { clubId: number; file: ImportFile; name?: string; userId: number }): Promise<Course> {
  const prepared = await readImport(input.file, input.name);
  return createCourseFromPlan(db, { clubId: input.clubId, prepared, name: input.name, userId: input.userId });
}
