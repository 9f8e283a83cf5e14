/**
 * Mismatches (issue 26, §2 /admin/mismatches/:guideId?): what does not fit between guides, courses
 * and the graphics catalogue's rules, computed by a nightly job; and the findings an admin
 * dismissed as 'not an error', for good. Written by the mismatches area only.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs, users } from './core';
import { courses, holes } from './courses';
import { guides } from './products';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One computation: when it ran and how many findings it made. */
export const mismatchRuns = pgTable('mismatch_runs', {
  id: serial('id').primaryKey(),
  startedAt: at('started_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
  found: integer('found').notNull().default(0),
});

/** A finding of the latest computation. */
export const mismatches = pgTable(
  'mismatches',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => mismatchRuns.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id').references(() => holes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    /** Stable across computations for the same finding: what a dismissal names. */
    fingerprint: text('fingerprint').notNull(),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [index('mismatches_guide_idx').on(t.guideId), index('mismatches_club_idx').on(t.clubId), index('mismatches_fingerprint_idx').on(t.fingerprint)],
);

/** A finding dismissed as 'not an error': never shown again. */
export const mismatchDismissals = pgTable('mismatch_dismissals', {
  fingerprint: text('fingerprint').primaryKey(),
  clubId: integer('club_id')
    .notNull()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  dismissedAt: at('dismissed_at').notNull().defaultNow(),
});
