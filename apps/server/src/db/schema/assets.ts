/**
 * Assets (issue 26, §3 'Asset: name, categories, per-club assets by element name; upload carries a
 * bundle name'): icons, textures and sponsor sign images, uploaded by admins as zip bundles that
 * are checked, previewed (what they add, replace and remove) and then published. Written by the
 * assets area only.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs, users } from './core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A published bundle: its name is what an upload names and what DELETE assets/upload/{name} removes. */
export const assetBundles = pgTable('asset_bundles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: at('published_at').notNull().defaultNow(),
});

/** One file of a published bundle: its category, and for a club's asset the club and element name. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => assetBundles.id, { onDelete: 'cascade' }),
    /** The entry's path inside the bundle (checked: relative, no '..'). */
    path: text('path').notNull(),
    category: text('category').notNull(),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    elementName: text('element_name'),
    /** The file type found from the file's bytes. */
    mediaType: text('media_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the file is stored (below the data folder's public files). */
    storedName: text('stored_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assets_bundle_path_key').on(t.bundleId, t.path),
    index('assets_category_idx').on(t.category),
    index('assets_club_element_idx').on(t.clubId, t.elementName),
  ],
);

/** An uploaded bundle, checked and waiting to be published (or discarded): what it holds and where it is staged. */
export const assetUploads = pgTable('asset_uploads', {
  id: serial('id').primaryKey(),
  bundleName: text('bundle_name').notNull(),
  /** The checked entries: path, category, club, element, media type, bytes, sha256. */
  manifest: jsonb('manifest').notNull(),
  stagedDir: text('staged_dir').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});
