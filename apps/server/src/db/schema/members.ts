/** Club members imported from spreadsheets, and the uploads waiting to be imported. */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs, timestamps, users } from './core';

export const clubMembers = pgTable(
  'club_members',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    unionNumber: text('union_number').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Other columns the club chose to import, as text. */
    details: jsonb('details').notNull().default({}),
    /** 'imported', 'invited', 'member' (joined) or 'banned'. */
    status: text('status').notNull().default('imported'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lastInvitedAt: timestamp('last_invited_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('club_members_club_union_key').on(t.clubId, t.unionNumber),
    index('club_members_club_status_idx').on(t.clubId, t.status),
  ],
);

/** A spreadsheet uploaded for import, kept until it is imported or expires. */
export const importUploads = pgTable('import_uploads', {
  id: text('id').primaryKey(),
  clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A club's course. Holes and tees belong to it and go with it. */
