/** Versions of the data sets the server keeps in memory (docs/decisions/0012-fast-reads.md). */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per cached data set (`graphics`: the nine graphics_* tables). Triggers on the data
 * set's tables raise `version` with every statement that writes them (migration 0006), so a
 * server compares one number to know whether what it keeps is current, whoever wrote the change.
 */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
