import type { ImportPlan } from '@golf/contract/api/course-import';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { serverError } from '@golf/contract/api/errors';
import { courses, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { taskRunner } from '../../platform/worker-tasks';
import { drawingChecks, getCourse, type DrawingChecks } from '../courses';
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
 * Creates a course from an import plan in one transaction: the course, its holes (in ref order,
 * with name, par and handicap) and each hole's drawing in the edit style (version 1) with its status checks.
 */
export async function createCourseFromPlan(
  db: DbOrTx,
  input: { clubId: number; name?: string; userId?: number | null } & ({ plan: ImportPlan } | { prepared: PreparedImport }),
): Promise<Course> {
  // A prepared import (readImport) was checked in the worker, its status checks computed there.
  const prepared = 'prepared' in input ? input.prepared : null;
  const plan = prepared ? prepared.plan : checkedPlan((input as { plan: ImportPlan }).plan);
  const name = (input.name?.trim() || plan.name.trim() || 'Imported course').slice(0, 100);
  // Computed before the transaction opens, so it is not held open by the geometry work.
  const checks: DrawingChecks[] = prepared?.checks ?? plan.holes.map((h) => drawingChecks(h.drawing));
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
