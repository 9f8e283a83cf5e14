/** The job queue's own record of each job (platform/jobs.ts). */
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './core';

/**
 * One row per job, written when it is enqueued, beside pg-boss's own row (schema `pgboss`, which
 * pg-boss creates and migrates itself). pg-boss holds the state, the times, the result and the
 * error; this row holds who the job is for (club, guide, the request that asked for it) and how
 * far it got (percent and message, written by the worker as it runs, read by any process), and
 * the heartbeat of the process running it, so a job whose process died is run again.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** pg-boss's job id. */
    id: uuid('id').primaryKey(),
    /** pg-boss's queue name: what the job does ('guide.pdf', 'uploads.sweep', ...). */
    kind: text('kind').notNull(),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id'),
    requestId: text('request_id'),
    percent: smallint('percent').notNull().default(0),
    message: text('message'),
    /** The process running the job and when it last said it is alive. */
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('jobs_created_idx').on(t.createdAt), index('jobs_club_created_idx').on(t.clubId, t.createdAt)],
);
