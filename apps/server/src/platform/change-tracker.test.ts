// What changed, and when (issue 21, docs/decisions/0022): the clock the read cache compares a kept
// answer against, the reading of the triggers' payloads, and the tables a statement reads. Pure
// functions, no database: the triggers themselves are checked in read-cache-scope.test.ts.
import { describe, expect, it } from 'vitest';
import { ChangeTracker, MAX_CLUBS_NAMED, MAX_KEYS_NAMED, parseChange, tablesRead, UNKNOWN_STATEMENT, type ChangeScope } from './change-tracker';

const holesOf = (club: number | null): ChangeScope => ({ club, tables: ['holes'] });

describe('ChangeTracker', () => {
  it('starts with nothing changed', () => {
    const tracker = new ChangeTracker();
    expect(tracker.now).toBe(0);
    expect(tracker.changedSince(0, holesOf(1))).toBe(false);
    expect(tracker.changedSince(0, holesOf(null))).toBe(false);
    expect(tracker.changedSince(0, { club: 1, tables: null })).toBe(false);
  });

  it("a change of one club's rows ends that club's answers and the answers of no club that read the table, not another club's", () => {
    const tracker = new ChangeTracker();
    const since = tracker.now;
    tracker.changed('holes', [1, 3]);
    expect(tracker.now).toBe(since + 1);
    expect(tracker.changedSince(since, holesOf(1))).toBe(true);
    expect(tracker.changedSince(since, holesOf(3))).toBe(true);
    expect(tracker.changedSince(since, holesOf(2))).toBe(false);
    expect(tracker.changedSince(since, holesOf(null))).toBe(true);
    // Answers that did not read the table stay, whatever their club.
    expect(tracker.changedSince(since, { club: 1, tables: ['courses', 'tees'] })).toBe(false);
    expect(tracker.changedSince(since, { club: null, tables: ['courses'] })).toBe(false);
    // An answer read from several tables ends when any of them changed.
    expect(tracker.changedSince(since, { club: 1, tables: ['courses', 'holes'] })).toBe(true);
    // An answer whose tables are not known depends on every change.
    expect(tracker.changedSince(since, { club: 2, tables: null })).toBe(true);
  });

  it("a change of a keyed table's rows ends the answers of those keys, and every answer of the club that read the whole table", () => {
    const tracker = new ChangeTracker();
    const hole = (club: number | null, key: number | undefined): ChangeScope => ({ club, tables: ['holes', 'hole_drawings'], rows: key === undefined ? undefined : { hole_drawings: key } });
    const since = tracker.now;
    tracker.changed('hole_drawings', [1], [10]);
    expect(tracker.changedSince(since, hole(1, 10))).toBe(true);
    // Another hole of the same club: its answer stays.
    expect(tracker.changedSince(since, hole(1, 11))).toBe(false);
    // An answer of the club that read all its drawings (a status check), or of no club, ends.
    expect(tracker.changedSince(since, hole(1, undefined))).toBe(true);
    expect(tracker.changedSince(since, hole(null, 11))).toBe(true);
    expect(tracker.changedSince(since, hole(2, undefined))).toBe(false);
    // The key applies to that table only: a change of the club's holes ends hole 11's answer.
    const later = tracker.now;
    tracker.changed('holes', [1]);
    expect(tracker.changedSince(later, hole(1, 11))).toBe(true);
  });

  it("a change of a keyed table whose keys were not told ends every answer of its clubs that read it; everywhere ends all", () => {
    const tracker = new ChangeTracker();
    const drawingOf = (club: number, key: number): ChangeScope => ({ club, tables: ['hole_drawings'], rows: { hole_drawings: key } });
    const since = tracker.now;
    tracker.changed('hole_drawings', [1], null);
    expect(tracker.changedSince(since, drawingOf(1, 10))).toBe(true);
    expect(tracker.changedSince(since, drawingOf(2, 20))).toBe(false);
    const later = tracker.now;
    tracker.changed('hole_drawings', null);
    expect(tracker.changedSince(later, drawingOf(2, 20))).toBe(true);
    // A key changed under another club's change (a row moved) still ends that key's answer.
    const last = tracker.now;
    tracker.changed('hole_drawings', [3], [20]);
    expect(tracker.changedSince(last, drawingOf(2, 20))).toBe(true);
    expect(tracker.changedSince(last, drawingOf(2, 21))).toBe(false);
  });

  it('a change is after the moments before it only: an answer read from the moment of the change on holds', () => {
    const tracker = new ChangeTracker();
    tracker.changed('holes', [1]);
    const after = tracker.now;
    expect(tracker.changedSince(after, holesOf(1))).toBe(false);
    expect(tracker.changedSince(after, { club: 1, tables: null })).toBe(false);
    tracker.changed('holes', [2]);
    // The later change is of another club: club 1's answer read after the first change holds.
    expect(tracker.changedSince(after, holesOf(1))).toBe(false);
    expect(tracker.changedSince(after, holesOf(2))).toBe(true);
    expect(tracker.changedSince(after, holesOf(null))).toBe(true);
  });

  it("a change everywhere in a table (no club, unknown clubs) ends every club's answers that read it", () => {
    const tracker = new ChangeTracker();
    const since = tracker.now;
    tracker.changed('users', null);
    for (const club of [1, 2, 99, null]) expect(tracker.changedSince(since, { club, tables: ['users'] })).toBe(true);
    expect(tracker.changedSince(since, { club: 1, tables: ['clubs'] })).toBe(false);
    // A later change of one club does not hide the earlier change everywhere.
    tracker.changed('users', [1]);
    expect(tracker.changedSince(since, { club: 2, tables: ['users'] })).toBe(true);
  });

  it('a change of everything ends every answer, even one that read no table', () => {
    const tracker = new ChangeTracker();
    tracker.changed('holes', [1]);
    const since = tracker.now;
    tracker.changedEverything();
    expect(tracker.now).toBe(since + 1);
    for (const scope of [holesOf(1), holesOf(2), holesOf(null), { club: 1, tables: [] }, { club: null, tables: null }]) {
      expect(tracker.changedSince(since, scope)).toBe(true);
    }
    expect(tracker.changedSince(tracker.now, holesOf(1))).toBe(false);
  });

  it('an answer that read no table of the app is ended only by a change of everything', () => {
    const tracker = new ChangeTracker();
    const since = tracker.now;
    tracker.changed('holes', null);
    tracker.changed('clubs', [1]);
    expect(tracker.changedSince(since, { club: 1, tables: [] })).toBe(false);
    expect(tracker.changedSince(since, { club: null, tables: [] })).toBe(false);
  });
});

describe('parseChange', () => {
  it('reads a table and its clubs, or the whole table', () => {
    expect(parseChange('holes:1,2,30')).toEqual({ table: 'holes', clubs: [1, 2, 30], keys: null });
    expect(parseChange('club_hours:7')).toEqual({ table: 'club_hours', clubs: [7], keys: null });
    expect(parseChange('graphics_themes:*')).toEqual({ table: 'graphics_themes', clubs: null, keys: null });
  });

  it("reads a keyed table's row keys after the clubs, and tells none when there are more than it names", () => {
    expect(parseChange('hole_drawings:2/37')).toEqual({ table: 'hole_drawings', clubs: [2], keys: [37] });
    expect(parseChange('hole_drawings:2,5/37,40,41')).toEqual({ table: 'hole_drawings', clubs: [2, 5], keys: [37, 40, 41] });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(parseChange(`hole_drawings:3/${ids(MAX_KEYS_NAMED).join(',')}`)).toEqual({ table: 'hole_drawings', clubs: [3], keys: ids(MAX_KEYS_NAMED) });
    expect(parseChange(`hole_drawings:3/${ids(MAX_KEYS_NAMED + 1).join(',')}`)).toEqual({ table: 'hole_drawings', clubs: [3], keys: null });
    // More clubs than named: the whole table, whatever the keys.
    expect(parseChange(`hole_drawings:${ids(MAX_CLUBS_NAMED + 1).join(',')}/4`)).toEqual({ table: 'hole_drawings', clubs: null, keys: null });
  });

  it('counts more clubs than it names as the whole table', () => {
    const clubs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(parseChange(`clubs:${clubs(MAX_CLUBS_NAMED).join(',')}`)).toEqual({ table: 'clubs', clubs: clubs(MAX_CLUBS_NAMED), keys: null });
    expect(parseChange(`clubs:${clubs(MAX_CLUBS_NAMED + 1).join(',')}`)).toEqual({ table: 'clubs', clubs: null, keys: null });
  });

  it.each([
    ['empty', ''],
    ['no colon', 'holes'],
    ['no table', ':1'],
    ['no clubs', 'holes:'],
    ['a trailing comma', 'holes:1,'],
    ['a leading comma', 'holes:,1'],
    ['two commas', 'holes:1,,2'],
    ['a space', 'holes: 1'],
    ['a negative club', 'holes:-1'],
    ['a fraction', 'holes:1.5'],
    ['a name', 'holes:abc'],
    ['two stars', 'holes:**'],
    ['a star among clubs', 'holes:1,*'],
    ['a capital letter', 'Holes:1'],
    ['a quoted table', '"holes":1'],
    ['a schema', 'public.holes:1'],
    ['a table starting with a digit', '1holes:1'],
    ['two colons', 'holes:1:2'],
  ])('refuses %s (%j): null', (_, payload) => {
    expect(parseChange(payload)).toBeNull();
  });
});

describe('tablesRead', () => {
  const TABLES = new Set(['clubs', 'courses', 'holes', 'club_hours', 'users', 'we"ird', 'MixedCase']);
  const read = (statements: string[], memo = new Map<string, readonly string[]>()) => tablesRead(statements, TABLES, memo)?.sort() ?? null;

  it('finds the tables a statement names, quoted or not, in any case when unquoted', () => {
    expect(read(['select "id" from "clubs" where "clubs"."id" = $1'])).toEqual(['clubs']);
    expect(read(['SELECT c.id FROM Courses c JOIN HOLES h ON h.course_id = c.id'])).toEqual(['courses', 'holes']);
    expect(read(['select * from public.club_hours'])).toEqual(['club_hours']);
    expect(read(['select 1 from "we""ird"'])).toEqual(['we"ird']);
    expect(read(['select 1 from "MixedCase"'])).toEqual(['MixedCase']);
  });

  it('follows identifiers, not parts of them', () => {
    // club_hours is not clubs; holes_tees and tees_x are not holes (no such table here).
    expect(read(['select * from club_hours'])).toEqual(['club_hours']);
    expect(read(['select * from holes_tees join clubs_x on true'])).toEqual([]);
    // A quoted name is exact: "Clubs" is not clubs.
    expect(read(['select 1 from "Clubs"'])).toEqual([]);
  });

  it('adds a table named like a column, an alias or a word in a literal: more answers end, none is missed', () => {
    expect(read(['select users from courses'])).toEqual(['courses', 'users']);
    expect(read(['select c.id as holes from courses c'])).toEqual(['courses', 'holes']);
    expect(read(["select 'clubs' from courses"])).toEqual(['clubs', 'courses']);
  });

  it('joins the tables of every statement', () => {
    expect(read(['select 1 from clubs', 'select 1 from holes', 'select 1 from clubs'])).toEqual(['clubs', 'holes']);
    expect(read([])).toEqual([]);
    expect(read(['select 1', 'select now()'])).toEqual([]);
  });

  it('answers null when a statement is unknown (the answer depends on everything)', () => {
    expect(read([UNKNOWN_STATEMENT])).toBeNull();
    expect(read(['select 1 from clubs', UNKNOWN_STATEMENT, 'select 1 from holes'])).toBeNull();
  });

  it('looks at each text once', () => {
    const memo = new Map<string, readonly string[]>();
    expect(read(['select 1 from clubs'], memo)).toEqual(['clubs']);
    expect([...memo]).toEqual([['select 1 from clubs', ['clubs']]]);
    // What the memo says is what is answered for the same text.
    memo.set('select 1 from clubs', ['holes']);
    expect(read(['select 1 from clubs'], memo)).toEqual(['holes']);
  });
});
