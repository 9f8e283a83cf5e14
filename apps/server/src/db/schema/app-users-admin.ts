/**
 * The app users' administration (issue 26, /admin/events/{product}-users): a record of every
 * erasure made on request (GDPR), kept without the erased data: which app user (by the SHA-256 of
 * the app's id), who erased them, when, and how many rows of each kind went. Written by the
 * app-users area only; the erased rows belong to insights, communication and communities, which
 * erase them through their entries.
 */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

export const appUserErasures = pgTable('app_user_erasures', {
  id: serial('id').primaryKey(),
  appIdSha256: text('app_id_sha256').notNull(),
  erasedBy: integer('erased_by').references(() => users.id, { onDelete: 'set null' }),
  erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
});
