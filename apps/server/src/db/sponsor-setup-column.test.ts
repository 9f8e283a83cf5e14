import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database';
import { databaseBefore, migrateRest, testDatabaseKind } from './migration-test-db';

// Migration 0011 (issue 20): a guide's sponsor setup moves from its settings JSON into the column
// guides.sponsor_setup_id, a foreign key to sponsor_setups with on delete set null. The stored
// values are migrated: kept when the setup exists and belongs to the guide's club, null otherwise,
// and the key leaves the JSON. Deleting a setup then nulls the column and counts a new guide version.

describe(`migration 0011: guides.sponsor_setup_id (${testDatabaseKind})`, () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const query = async <T>(text: string, values: unknown[] = []) => (await database.db.$client.query(text, values)).rows as T[];

  beforeAll(async () => {
    ({ database, cleanup } = await databaseBefore('0011_'));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it('keeps a stored setup of the guide own club, nulls any other, removes the key from the JSON, and lets a deleted setup null the column', async () => {
    // Old-style rows: the choice is a key of guides.settings.
    await query(`insert into countries (code, name) values ('dk', 'Denmark') on conflict do nothing`);
    await query(`insert into drawing_styles (id, name) values (6, 'Style') on conflict do nothing`);
    const [own, other] = await query<{ id: number }>(`insert into clubs (name, handle) values ('Own', 'own'), ('Other', 'other') returning id`);
    const [ownCourse] = await query<{ id: number }>(`insert into courses (club_id, name) values ($1, 'Links') returning id`, [own.id]);
    const [otherCourse] = await query<{ id: number }>(`insert into courses (club_id, name) values ($1, 'Park') returning id`, [other.id]);
    const [ownSetup] = await query<{ id: number }>(`insert into sponsor_setups (club_id, course_id, name) values ($1, $2, 'Own setup') returning id`, [own.id, ownCourse.id]);
    const [otherSetup] = await query<{ id: number }>(`insert into sponsor_setups (club_id, course_id, name) values ($1, $2, 'Other setup') returning id`, [other.id, otherCourse.id]);
    const guide = async (title: string, choice: unknown) => {
      const settings = JSON.stringify({ title, tee_ids: [], sponsor_setup_id: choice });
      const [row] = await query<{ id: number }>(`insert into guides (club_id, title, settings) values ($1, $2, $3::jsonb) returning id`, [own.id, title, settings]);
      return row.id;
    };
    const kept = await guide('Own setup', ownSetup.id);
    const foreign = await guide("Another club's setup", otherSetup.id);
    const gone = await guide('Setup deleted long ago', 999_999);
    const none = await guide('No setup', null);
    const text = await guide('Not a number', String(ownSetup.id));

    await migrateRest(database);

    const rows = await query<{ id: number; sponsor_setup_id: number | null; settings: Record<string, unknown>; version: number }>(
      'select id, sponsor_setup_id, settings, version from guides order by id',
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(kept)!.sponsor_setup_id).toBe(ownSetup.id);
    for (const id of [foreign, gone, none, text]) expect(byId.get(id)!.sponsor_setup_id).toBeNull();
    for (const row of rows) {
      expect(row.settings).not.toHaveProperty('sponsor_setup_id');
      expect(row.settings).toHaveProperty('title');
    }

    // The column is a real foreign key: an unknown setup is refused.
    await expect(query('update guides set sponsor_setup_id = 999999 where id = $1', [none])).rejects.toThrow(/foreign key/);

    // Deleting the setup nulls the guide's column (on delete set null) and makes it a new version.
    const before = byId.get(kept)!;
    await query('delete from sponsor_setups where id = $1', [ownSetup.id]);
    const [after] = await query<{ sponsor_setup_id: number | null; version: number }>('select sponsor_setup_id, version from guides where id = $1', [kept]);
    expect(after).toEqual({ sponsor_setup_id: null, version: before.version + 1 });
    // Guides that did not show it stay as they were.
    const [untouched] = await query<{ version: number }>('select version from guides where id = $1', [none]);
    expect(untouched.version).toBe(byId.get(none)!.version);
  });

  it('leaves the version alone when the saving side counts it itself', async () => {
    const [club] = await query<{ id: number }>(`select id from clubs where handle = 'own'`);
    const [course] = await query<{ id: number }>('select id from courses where club_id = $1', [club.id]);
    const [setup] = await query<{ id: number }>(`insert into sponsor_setups (club_id, course_id, name) values ($1, $2, 'Again') returning id`, [club.id, course.id]);
    const [row] = await query<{ id: number; version: number }>(
      `insert into guides (club_id, title, settings, sponsor_setup_id) values ($1, 'Saved', '{}'::jsonb, $2) returning id, version`,
      [club.id, setup.id],
    );
    await query('update guides set sponsor_setup_id = null, version = version + 1 where id = $1', [row.id]);
    const [after] = await query<{ version: number }>('select version from guides where id = $1', [row.id]);
    expect(after.version).toBe(row.version + 1);
  });
});
