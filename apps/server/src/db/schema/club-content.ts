/** Club content: gallery images and opening hours. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs } from './core';

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('gallery_images_club_idx').on(t.clubId)],
);

/** Opening hours, closed days, extra details and prices of a club: one validated document. */
export const clubHours = pgTable('club_hours', {
  clubId: integer('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Members imported from a club's spreadsheet; the union number identifies a member in a club. */
