import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportResult, MembersResponse, UploadResponse } from '@golf/contract/api/members';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** A multipart/form-data body with one file field. */
function multipart(fileName: string, data: Buffer, field = 'file') {
  const boundary = `----golf${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function csv(lines: string[]): Buffer {
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

describe(`members import (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  let owner: string;
  let staff: string;
  /** Holds user-management in the Swedish club only. */
  let swede: string;
  let club: number;
  let seClub: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    club = ids.dkClubId;
    seClub = ids.seClubId;
    ({ admin, owner, staff, swede } = await signInActors(t, ['admin', 'owner', 'staff'], {
      swede: { email: 'swede-manager@example.com', password: 'swede-password', clubRoles: { [seClub]: ['user-management', 'club-info'] } },
    }));
  });
  afterAll(() => t?.close());

  const upload = (token: string | null, clubId: number, fileName: string, data: Buffer, field = 'file') => {
    const body = multipart(fileName, data, field);
    return t.app.inject({
      method: 'POST',
      url: `/api/clubs/${clubId}/members/uploads`,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body.payload,
    });
  };
  const uploadOk = async (clubId: number, fileName: string, data: Buffer, token = owner) => {
    const res = await upload(token, clubId, fileName, data);
    expect(res.statusCode, res.body).toBe(201);
    return UploadResponse.parse(res.json());
  };
  const runImport = (token: string, clubId: number, body: unknown) => call(t.app, 'POST', `/api/clubs/${clubId}/members/imports`, { token, payload: body });
  const importOk = async (clubId: number, up: UploadResponse, mapping: unknown = up.suggested_mapping, extra: Record<string, unknown> = {}) => {
    const res = await runImport(owner, clubId, { upload_id: up.upload_id, mapping, consent: true, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return ImportResult.parse(res.json());
  };
  const members = async (clubId: number, query = '', token = owner) => {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/members${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return MembersResponse.parse(res.json());
  };
  const memberByUnion = async (clubId: number, union: string) => {
    const list = await members(clubId, `?search=${encodeURIComponent(union)}&page_size=500`);
    const found = list.items.find((m) => m.union_number === union);
    if (!found) throw new Error(`member ${union} not found`);
    return found;
  };
  const memberCount = async (clubId: number) =>
    Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from club_members where club_id = ${clubId}`)).rows[0].n);
  const storedFiles = () => {
    const out: string[] = [];
    const walk = (dir: string, prefix: string) => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
        else out.push(`${prefix}${entry.name}`);
      }
    };
    walk(t.filesDir, '');
    return out;
  };

  describe('an XLSX file written by LibreOffice with two bad rows', () => {
    let up: UploadResponse;

    it('answers the columns, the first rows and a suggested mapping, and keeps the file privately', async () => {
      up = await uploadOk(club, 'members-libreoffice.xlsx', fixture('members-libreoffice.xlsx'));
      expect(up.format).toBe('xlsx');
      expect(up.file_name).toBe('members-libreoffice.xlsx');
      expect(up.columns.map((c) => c.header)).toEqual(['Medlemsnummer', 'Fornavn', 'Efternavn', 'E-mail', 'Mobil', 'Medlemstype', 'Handicap', 'Indmeldt', 'Note']);
      expect(up.row_count).toBe(10);
      expect(up.sample).toHaveLength(10);
      expect(up.sample[0]).toEqual({
        row: 2,
        cells: ['1001-0001', 'Søren', 'Ærø', 'soren.aero@example.dk', '+45 20 11 22 33', 'Senior', '12.4', '2015-04-01', ''],
      });
      // The formula LibreOffice stored (=1+2) is read as its stored result, not evaluated.
      expect(up.sample[6].cells[8]).toBe('3');
      expect(up.suggested_mapping).toEqual({ union_number: 0, email: 3, first_name: 1, last_name: 2, phone: 4, extra: [5, 6, 7, 8] });
      const files = storedFiles();
      expect(files.filter((f) => f.includes(up.upload_id))).toEqual(
        expect.arrayContaining([`private/member-imports/${club}/${up.upload_id}.xlsx`]),
      );
      expect(files.some((f) => f.startsWith('public/'))).toBe(false);
      // Private files have no URL.
      const key = `private/member-imports/${club}/${up.upload_id}.xlsx`;
      expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    });

    it('a dry run reports the two bad rows with the messages of §5 and writes nothing', async () => {
      const result = await importOk(club, up, up.suggested_mapping, { dry_run: true, consent: false });
      expect(result).toMatchObject({ dry_run: true, total_rows: 10, imported: 8, updated: 0, failed: 2, duplicates: [] });
      expect(result.errors).toEqual([
        { row: 5, field: 'union_number', code: 'union_number', value: '1001-004', message: 'Invalid Union ID format (e.g. 1234-5678)' },
        {
          row: 7,
          field: 'email',
          code: 'email',
          value: 'kirsten.kjaer(at)example.dk',
          message: 'Invalid email format (e.g. kirsten.kjaer(at)example.dk)',
        },
      ]);
      expect(await memberCount(club)).toBe(0);
    });

    it('refuses to import without the consent tick', async () => {
      for (const consent of [false, undefined]) {
        const res = await runImport(owner, club, { upload_id: up.upload_id, mapping: up.suggested_mapping, ...(consent === undefined ? {} : { consent }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toContain('I have consent to upload this data');
      }
      expect(await memberCount(club)).toBe(0);
    });

    it('imports the eight good rows with their details, then forgets the upload', async () => {
      const result = await importOk(club, up);
      expect(result).toMatchObject({ dry_run: false, total_rows: 10, imported: 8, updated: 0, unchanged: 0, failed: 2 });
      expect(result.errors.map((e) => e.row)).toEqual([5, 7]);
      const list = await members(club, '?page_size=100');
      expect(list.total).toBe(8);
      expect(list.counts).toEqual({ all: 8, members: 0, invited: 0, banned: 0 });
      const lise = list.items.find((m) => m.union_number === '1001-0007')!;
      expect(lise).toMatchObject({
        email: 'lise.lund@example.dk',
        first_name: 'Lise',
        last_name: 'Lund',
        phone: '+45 26 11 22 33',
        status: 'imported',
        last_invited_at: null,
        recently_mailed: false,
        details: { Medlemstype: 'Senior', Handicap: '15', Indmeldt: '2016-05-05', Note: '3' },
      });
      expect(list.items.find((m) => m.union_number === '1001-0001')).toMatchObject({ first_name: 'Søren', last_name: 'Ærø' });
      expect(list.items.some((m) => m.union_number === '1001-004')).toBe(false);
      // The upload is gone: its files and its id.
      expect(storedFiles().filter((f) => f.includes(up.upload_id))).toEqual([]);
      const again = await runImport(owner, club, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true });
      expect(again.statusCode).toBe(404);
    });

    it('re-importing the same file adds nobody twice', async () => {
      const second = await uploadOk(club, 'members-libreoffice.xlsx', fixture('members-libreoffice.xlsx'));
      const result = await importOk(club, second);
      expect(result).toMatchObject({ imported: 0, updated: 0, unchanged: 8, failed: 2 });
      expect(await memberCount(club)).toBe(8);
    });

    it('updates a known union number whose data changed', async () => {
      const changed = await uploadOk(club, 'changed.csv', csv(['Medlemsnummer,E-mail,Fornavn', '1001-0001,soren.new@example.dk,Søren', '1001-0099,new.member@example.dk,Ny']));
      const result = await importOk(club, changed);
      expect(result).toMatchObject({ imported: 1, updated: 1, unchanged: 0, failed: 0 });
      expect(await memberByUnion(club, '1001-0001')).toMatchObject({ email: 'soren.new@example.dk', last_name: '' });
      expect(await memberCount(club)).toBe(9);
    });
  });

  describe('CSV files as Danish and Swedish Excel exports', () => {
    it('reads `;`-separated Windows-1252 (Latin-1) with æøå and headers in another order', async () => {
      const up = await uploadOk(club, 'members-latin1.csv', fixture('members-latin1.csv'));
      expect(up).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';', row_count: 4 });
      expect(up.columns.map((c) => c.header)).toEqual(['Efternavn', 'Fornavn', 'Telefon', 'E-mail', 'DGU-nummer', 'Køn', 'Årgang']);
      expect(up.suggested_mapping).toEqual({ union_number: 4, email: 3, first_name: 1, last_name: 0, phone: 2, extra: [5, 6] });
      const result = await importOk(club, up);
      expect(result).toMatchObject({ imported: 4, failed: 0 });
      expect(await memberByUnion(club, '2002-0002')).toMatchObject({
        first_name: 'Ærtebjørg',
        last_name: 'Østergaard',
        details: { Køn: 'Kvinde', Årgang: '1975' },
      });
      // A quoted separator stays inside its cell.
      expect(await memberByUnion(club, '2002-0004')).toMatchObject({ last_name: 'Nørgaard; jr.' });
      expect(await memberByUnion(club, '2002-0003')).toMatchObject({ first_name: 'Bøje', last_name: 'Ålund', phone: '' });
    });

    it('reads `;`-separated UTF-8 with a byte order mark with åäö', async () => {
      const up = await uploadOk(seClub, 'members-utf8-bom.csv', fixture('members-utf8-bom.csv'), admin);
      expect(up).toMatchObject({ format: 'csv', encoding: 'utf-8-bom', delimiter: ';', row_count: 3 });
      // The byte order mark is not part of the first header.
      expect(up.columns[0].header).toBe('Golf-ID');
      expect(up.suggested_mapping).toEqual({ union_number: 0, email: 3, first_name: 1, last_name: 2, phone: 4, extra: [5] });
      const res = await runImport(admin, seClub, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true });
      expect(res.json()).toMatchObject({ imported: 3, failed: 0 });
      const list = await members(seClub, '?search=örjan', admin);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ first_name: 'Örjan', last_name: 'Östberg', details: { Hemmaklubb: 'Ljungbacka GK' } });
      expect((await members(seClub, '', admin)).items.map((m) => m.last_name).sort()).toEqual(['Åkesson', 'Ängström', 'Östberg'].sort());
    });

    it('reads tab-separated UTF-16 (Excel "Unicode text")', async () => {
      const text = 'Union number\tEmail\tFirst name\r\n6006-0001\tgreta@example.se\tGréta\r\n';
      const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const up = await uploadOk(club, 'unicode.txt', data);
      expect(up).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', row_count: 1 });
      expect(up.sample[0].cells).toEqual(['6006-0001', 'greta@example.se', 'Gréta']);
    });

    it('skips empty lines, imports a repeated row once and reports duplicates', async () => {
      const up = await uploadOk(club, 'members-duplicates.csv', fixture('members-duplicates.csv'));
      expect(up.row_count).toBe(6);
      expect(up.sample.map((s) => s.row)).toEqual([2, 3, 4, 6, 8, 10]);
      const result = await importOk(club, up);
      expect(result).toMatchObject({ imported: 3, failed: 2 });
      expect(result.duplicates).toEqual([
        { row: 3, first_row: 2, field: 'row', value: '4004-0001' },
        { row: 6, first_row: 2, field: 'union_number', value: '4004-0001' },
        { row: 8, first_row: 4, field: 'email', value: 'bo@example.dk' },
      ]);
      expect(result.errors.map((e) => [e.row, e.code, e.message])).toEqual([
        [6, 'duplicate_union_number', 'Union ID 4004-0001 is already used in row 2'],
        [8, 'duplicate_email', 'Email bo@example.dk is already used in row 4'],
      ]);
      expect((await memberByUnion(club, '4004-0001')).first_name).toBe('Anna');
      expect((await members(club, '?search=4004-')).total).toBe(3);
    });

    it('stores cells that look like formulas as text and exports them with a leading quote', async () => {
      const up = await uploadOk(club, 'members-formulas.csv', fixture('members-formulas.csv'));
      const result = await importOk(club, up);
      expect(result).toMatchObject({ imported: 2, failed: 0 });
      expect(await memberByUnion(club, '5005-0001')).toMatchObject({
        first_name: '=HYPERLINK("http://evil.example";"click")',
        last_name: '-Eve',
        phone: '+45 40 11 22 33',
        details: { Note: '@SUM(A1:A2)' },
      });
      expect(await memberByUnion(club, '5005-0002')).toMatchObject({ last_name: '=1+2', phone: '-10', details: { Note: "=cmd|' /C calc'!A0" } });

      const res = await call(t.app, 'GET', `/api/clubs/${club}/members/export?search=5005-`, { token: owner });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.charCodeAt(0)).toBe(0xfeff);
      const lines = res.body.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe('Union number;Email;First name;Last name;Phone;Status;Last invited;Note');
      expect(lines).toContain(`5005-0001;eve@example.dk;"'=HYPERLINK(""http://evil.example"";""click"")";'-Eve;'+45 40 11 22 33;imported;;'@SUM(A1:A2)`);
      expect(lines).toContain(`5005-0002;frank@example.dk;Frank;'=1+2;'-10;imported;;'=cmd|' /C calc'!A0`);
    });
  });

  describe('files that cannot be imported', () => {
    it.each([
      ['an empty file', 'empty.csv', () => fixture('empty.csv'), 'The file is empty: it has no rows.'],
      ['a file of empty lines', 'blank.csv', () => Buffer.from('\r\n\r\n;;;\r\n'), 'The file is empty: it has no rows.'],
      ['a header without rows', 'header.csv', () => csv(['Union number;Email']), 'The file has a header row but no members below it.'],
      ['an old .xls file', 'old.xls', () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'Old Excel files (.xls) cannot be read. Save the file as .xlsx or .csv and try again.'],
      ['a binary file', 'image.csv', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 'This file is neither a CSV nor an XLSX file.'],
      ['a broken zip', 'broken.xlsx', () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 'The file could not be read as an XLSX spreadsheet. Save it again as .xlsx or .csv and try again.'],
    ])('refuses %s with a clear message', async (_label, name, data, message) => {
      const res = await upload(owner, club, name, data());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code: expect.stringMatching(/^members\./) });
    });

    it('refuses more than 100,000 rows', async () => {
      const lines = ['Union number;Email'];
      for (let i = 0; i <= 100_000; i++) lines.push(`${String(1000 + (i % 9000))}-${String(i % 10000).padStart(4, '0')};m${i}@x.dk`);
      const res = await upload(owner, club, 'huge.csv', csv(lines));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('The file has more than 100,000 rows. Split it into smaller files.');
    });

    it('refuses a file over 20 MB with 413', async () => {
      const res = await upload(owner, club, 'big.csv', Buffer.alloc(20 * 1024 * 1024 + 10, 'a'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'The file is larger than 20 MB', code: 'uploads.tooLarge', params: { limit: '20 MB' } });
    });

    it('refuses a request without the file field or not as multipart', async () => {
      const wrongField = await upload(owner, club, 'a.csv', csv(['Union number;Email', '1234-5678;a@b.dk']), 'data');
      expect(wrongField.statusCode).toBe(400);
      const json = await call(t.app, 'POST', `/api/clubs/${club}/members/uploads`, { token: owner, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
    });

    it('makes rows with overlong cells fail, not the whole file', async () => {
      const up = await uploadOk(club, 'long.csv', csv(['Union number;Email;Note', `7007-0001;long@example.dk;${'x'.repeat(1001)}`, '7007-0002;short@example.dk;ok']));
      const result = await importOk(club, up, up.suggested_mapping, { dry_run: true });
      expect(result).toMatchObject({ imported: 1, failed: 1 });
      expect(result.errors[0]).toMatchObject({ row: 2, code: 'too_long', message: 'Extra column is too long (at most 1000 characters)' });
    });

    it('refuses a mapping that names a column twice or a column the file lacks', async () => {
      const up = await uploadOk(club, 'two.csv', csv(['Union number;Email', '7007-0003;x@example.dk']));
      const twice = await runImport(owner, club, { upload_id: up.upload_id, mapping: { union_number: 0, email: 0 }, consent: true });
      expect(twice.statusCode).toBe(400);
      const missing = await runImport(owner, club, { upload_id: up.upload_id, mapping: { union_number: 0, email: 5 }, consent: true });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('The file has 2 columns; choose columns that exist');
    });
  });

  describe('one transaction per import', () => {
    it('leaves nothing written when the database fails in the middle, and the upload can be tried again', async () => {
      const lines = ['Union number;Email'];
      for (let i = 0; i < 5000; i++) lines.push(`8008-${String(i).padStart(4, '0')};t${i}@example.dk`);
      lines[4001] = '9999-9999;boom@example.dk';
      const up = await uploadOk(club, 'fails.csv', csv(lines));
      const before = await memberCount(club);
      const db = t.database.db;
      // The third batch of the import hits a row the database refuses.
      await db.execute(sql`create or replace function refuse_9999() returns trigger language plpgsql as $$
        begin if new.union_number = '9999-9999' then raise exception 'refused by test trigger'; end if; return new; end $$`);
      await db.execute(sql`create trigger refuse_9999 before insert on club_members for each row execute function refuse_9999()`);
      try {
        const res = await runImport(owner, club, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: 'Internal server error', code: 'server.internal' });
        expect(await memberCount(club)).toBe(before);
      } finally {
        await db.execute(sql`drop trigger refuse_9999 on club_members`);
        await db.execute(sql`drop function refuse_9999()`);
      }
      const retry = await importOk(club, up);
      expect(retry).toMatchObject({ imported: 5000, failed: 0 });
      expect(await memberCount(club)).toBe(before + 5000);
      await db.execute(sql`delete from club_members where club_id = ${club} and union_number like '8008-%'`);
    });
  });

  describe('uploads of other clubs and old uploads', () => {
    it("refuses another club's upload id", async () => {
      const up = await uploadOk(club, 'mine.csv', csv(['Union number;Email', '7007-0010;mine@example.dk']));
      const res = await runImport(admin, seClub, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true });
      expect(res.statusCode).toBe(404);
      expect((await runImport(swede, seClub, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true })).statusCode).toBe(404);
      expect((await runImport(swede, club, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true })).statusCode).toBe(403);
    });

    it('deletes uploads older than 24 hours with their files', async () => {
      const up = await uploadOk(club, 'old.csv', csv(['Union number;Email', '7007-0011;old@example.dk']));
      await t.database.db.execute(sql`update import_uploads set created_at = now() - interval '25 hours' where id = ${up.upload_id}`);
      expect((await runImport(owner, club, { upload_id: up.upload_id, mapping: up.suggested_mapping, consent: true })).statusCode).toBe(404);
      await uploadOk(club, 'new.csv', csv(['Union number;Email', '7007-0012;new@example.dk']));
      const rows = await t.database.db.select().from(schema.importUploads);
      expect(rows.some((r) => r.id === up.upload_id)).toBe(false);
      expect(storedFiles().some((f) => f.includes(up.upload_id))).toBe(false);
    });
  });

  describe('the member lists', () => {
    it('filters by status, searches by comma-separated terms and pages', async () => {
      const all = await members(club, '?page_size=500');
      const søren = all.items.find((m) => m.union_number === '2002-0001')!;
      const mikkel = all.items.find((m) => m.union_number === '2002-0004')!;
      await t.database.db.execute(sql`update club_members set status = 'member' where id = ${søren.id}`);
      expect((await call(t.app, 'PUT', `/api/clubs/${club}/members/${mikkel.id}`, { token: owner, payload: { status: 'banned' } })).json()).toMatchObject({ status: 'banned' });

      expect((await members(club, '?filter=members')).items.map((m) => m.id)).toEqual([søren.id]);
      expect((await members(club, '?filter=banned')).items.map((m) => m.id)).toEqual([mikkel.id]);
      const counts = (await members(club)).counts;
      expect(counts).toMatchObject({ all: all.total, members: 1, banned: 1 });
      expect((await members(club, `?search=${encodeURIComponent('ærtebjørg, 2002-0003')}`)).items.map((m) => m.union_number).sort()).toEqual(['2002-0002', '2002-0003']);
      expect((await members(club, '?search=%25')).total).toBe(0);

      const page1 = await members(club, '?page=1&page_size=3');
      const page2 = await members(club, '?page=2&page_size=3');
      expect(page1.items).toHaveLength(3);
      expect(page1.total).toBe(all.total);
      expect(page1.items.map((m) => m.id)).not.toEqual(expect.arrayContaining(page2.items.map((m) => m.id)));
      expect((await call(t.app, 'GET', `/api/clubs/${club}/members?filter=joined`, { token: owner })).statusCode).toBe(400);

      // Lifting the ban: back to 'member' for one who had joined, else 'imported'.
      const lifted = await call(t.app, 'PUT', `/api/clubs/${club}/members/${mikkel.id}`, { token: owner, payload: { status: 'imported' } });
      expect(lifted.json()).toMatchObject({ status: 'imported' });
      expect((await call(t.app, 'PUT', `/api/clubs/${club}/members/${mikkel.id}`, { token: owner, payload: { status: 'member' } })).statusCode).toBe(400);
    });
  });

  describe('invitations', () => {
    it('mails members who have not joined, once per 24 hours, and flags them', async () => {
      const list = await members(club, '?search=2002-&page_size=100');
      const byUnion = (u: string) => list.items.find((m) => m.union_number === u)!;
      const joined = byUnion('2002-0001'); // status 'member' (above)
      const fresh = byUnion('2002-0002');
      const other = byUnion('2002-0003');
      const banned = byUnion('2002-0004');
      await call(t.app, 'PUT', `/api/clubs/${club}/members/${banned.id}`, { token: owner, payload: { status: 'banned' } });
      const swedish = (await members(seClub, '', admin)).items[0];
      const mailsBefore = t.outbox.length;

      const res = await call(t.app, 'POST', `/api/clubs/${club}/members/invitations`, {
        token: owner,
        payload: { ids: [joined.id, fresh.id, other.id, banned.id, swedish.id, fresh.id] },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.sent).toBe(2);
      expect(body.skipped).toEqual(
        expect.arrayContaining([
          { id: joined.id, reason: 'joined' },
          { id: banned.id, reason: 'banned' },
          { id: swedish.id, reason: 'not_found' },
        ]),
      );
      expect(body.skipped).toHaveLength(3);
      const mails = t.outbox.slice(mailsBefore);
      expect(mails.map((m) => m.to).sort()).toEqual(['aertebjorg@example.dk', 'boje.alund@example.dk']);
      // In the language of the club's country (Danish); platform/mail-templates.test.ts covers the languages.
      expect(mails[0].subject).toBe('Fjordvang Golfklub inviterer dig til at blive medlem af klubben');
      expect(mails.find((m) => m.to === 'aertebjorg@example.dk')!.text).toContain('DGU-nummer 2002-0002');

      const after = await members(club, '?search=2002-&page_size=100');
      const freshAfter = after.items.find((m) => m.id === fresh.id)!;
      expect(freshAfter).toMatchObject({ status: 'invited', recently_mailed: true });
      expect(Date.now() - new Date(freshAfter.last_invited_at!).getTime()).toBeLessThan(60_000);
      expect(after.items.find((m) => m.id === joined.id)).toMatchObject({ status: 'member', recently_mailed: false, last_invited_at: null });
      expect((await members(club, '?filter=invited')).items.map((m) => m.id).sort()).toEqual([fresh.id, other.id].sort());

      // Within 24 hours nobody is mailed again: 'No mails were sent'.
      const again = await call(t.app, 'POST', `/api/clubs/${club}/members/invitations`, { token: owner, payload: { ids: [fresh.id, other.id] } });
      expect(again.json()).toEqual({ sent: 0, skipped: [{ id: fresh.id, reason: 'recently_mailed' }, { id: other.id, reason: 'recently_mailed' }] });
      expect(t.outbox.length).toBe(mailsBefore + 2);

      // After 24 hours the flag is gone and the member can be mailed again.
      await t.database.db.execute(sql`update club_members set last_invited_at = now() - interval '25 hours' where id = ${fresh.id}`);
      expect((await memberByUnion(club, '2002-0002')).recently_mailed).toBe(false);
      const later = await call(t.app, 'POST', `/api/clubs/${club}/members/invitations`, { token: owner, payload: { ids: [fresh.id] } });
      expect(later.json()).toEqual({ sent: 1, skipped: [] });
      expect(t.outbox.at(-1)!.to).toBe('aertebjorg@example.dk');
    });

    it("answers 'Failed to send mails' when no mail could be sent, and does not flag the member", async () => {
      const up = await uploadOk(club, 'mailfail.csv', csv(['Union number;Email', '7007-0020;mailfail@example.dk']));
      await importOk(club, up);
      const member = await memberByUnion(club, '7007-0020');
      const push = t.outbox.push;
      t.outbox.push = () => {
        throw new Error('SMTP is down');
      };
      try {
        const res = await call(t.app, 'POST', `/api/clubs/${club}/members/invitations`, { token: owner, payload: { ids: [member.id] } });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ error: 'Failed to send mails', code: 'members.mailsFailed' });
      } finally {
        t.outbox.push = push;
      }
      expect(await memberByUnion(club, '7007-0020')).toMatchObject({ status: 'imported', last_invited_at: null, recently_mailed: false });
    });
  });

  describe('removal', () => {
    it("removes the chosen members of this club only, never another club's", async () => {
      const target = await memberByUnion(club, '7007-0020');
      const swedish = (await members(seClub, '', admin)).items[0];
      const res = await call(t.app, 'POST', `/api/clubs/${club}/members/removals`, { token: owner, payload: { ids: [target.id, swedish.id] } });
      expect(res.json()).toEqual({ removed: 1 });
      expect((await members(club, '?search=7007-0020')).total).toBe(0);
      expect((await members(seClub, '', admin)).total).toBe(3);
      expect((await call(t.app, 'POST', `/api/clubs/${club}/members/removals`, { token: owner, payload: { ids: [] } })).statusCode).toBe(400);
    });
  });

  describe('who may', () => {
    const calls = () => {
      const body = { ids: [1] };
      return [
        ['GET', `/api/clubs/${club}/members`, undefined],
        ['GET', `/api/clubs/${club}/members/export`, undefined],
        ['POST', `/api/clubs/${club}/members/imports`, { upload_id: '00000000-0000-4000-8000-000000000000', mapping: { union_number: 0, email: 1 }, consent: true }],
        ['POST', `/api/clubs/${club}/members/invitations`, body],
        ['POST', `/api/clubs/${club}/members/removals`, body],
        ['PUT', `/api/clubs/${club}/members/999999`, { status: 'banned' }],
      ] as const;
    };

    it('refuses staff without user-management and managers of another club with 403', async () => {
      for (const [method, url, payload] of calls()) {
        for (const token of [staff, swede]) {
          const res = await call(t.app, method, url, { token, payload });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json()).toEqual({ error: 'You do not have access to the users of this club', code: 'users.noAccess' });
        }
      }
      const filesBefore = storedFiles().length;
      for (const token of [staff, swede]) {
        expect((await upload(token, club, 'a.csv', csv(['Union number;Email', '1234-5678;a@b.dk']))).statusCode).toBe(403);
      }
      expect(storedFiles()).toHaveLength(filesBefore);
    });

    it('answers 401 without a token', async () => {
      for (const [method, url, payload] of calls()) expect((await call(t.app, method, url, { payload })).statusCode).toBe(401);
      expect((await upload(null, club, 'a.csv', csv(['Union number;Email', '1234-5678;a@b.dk']))).statusCode).toBe(401);
    });

    it('lets admin and owner in; unknown ids answer 404', async () => {
      for (const token of [admin, owner]) {
        expect((await call(t.app, 'GET', `/api/clubs/${club}/members`, { token })).statusCode).toBe(200);
        const missing = await call(t.app, 'POST', `/api/clubs/${club}/members/imports`, { token, payload: calls()[2][2] });
        expect(missing.statusCode).toBe(404);
        expect((await call(t.app, 'PUT', `/api/clubs/${club}/members/999999`, { token, payload: { status: 'banned' } })).statusCode).toBe(404);
      }
      expect((await call(t.app, 'GET', '/api/clubs/99999/members', { token: admin })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/clubs/99999/members', { token: owner })).statusCode).toBe(403);
      expect((await upload(swede, seClub, 'ok.csv', csv(['Union number;Email', '3003-0009;ok@example.se']))).statusCode).toBe(201);
    });
  });
});
