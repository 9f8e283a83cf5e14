/** Secrets the server makes for itself at its first start and every process of it shares. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per secret, by name: 'file-urls' is the key of the signed file addresses
 * (platform/file-urls.ts, docs/decisions/0017), made by the first process that needs it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
