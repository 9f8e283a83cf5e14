/** The clubs' app keys (the clubs area; issue 22): what the golfers' app authenticates with. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs, users } from './core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A key of a club for the golfers' app. Only the SHA-256 of the key is stored (hex); `prefix` is
 * its first characters, listed to tell keys apart. A revoked key keeps its row (`revoked_at`) and
 * is refused at once: the check reads the row on every call.
 */
export const appKeys = pgTable(
  'app_keys',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('app_keys_hash_key').on(t.keyHash), index('app_keys_club_idx').on(t.clubId)],
);
