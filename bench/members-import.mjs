// Members import of a 50,000-row XLSX end to end on the embedded database: upload (parse, keep)
// and import (validate, store in one transaction) through the API of the built server, timed as a
// whole and with the server's peak memory. Baseline, measured in the same run: the same rows
// written by plain multi-row INSERTs (1000 rows each, one transaction) into club_members of a
// fresh PGlite opened in this process with the app's migrations.
// Targets: within 3x of the plain insert; server peak RSS under 400 MB.
// With BENCH_DATABASE_URL (a PostgreSQL server) the import runs a second time on a scratch
// database there: the server's memory then shows the import's own share, without PGlite's.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fmt, freshDataDir, root, startServer } from './lib.mjs';

const ROWS = 50_000;
const TIME_TARGET = 3;
const RSS_TARGET_MB = 400;

const FIRST = ['Anders', 'Birgitte', 'Christian', 'Dorthe', 'Erik', 'Freja', 'Gustav', 'Hanne', 'Ida', 'Jens', 'Karen', 'Lars', 'Mette', 'Niels', 'Søren', 'Åse'];
const LAST = ['Andersen', 'Bach', 'Christensen', 'Dahl', 'Eriksen', 'Frederiksen', 'Hansen', 'Jensen', 'Kjær', 'Larsen', 'Møller', 'Nielsen', 'Østergaard', 'Ærø'];
const TYPES = ['Senior', 'Junior', 'Flex', 'Passiv', 'Greenfee'];

/** The members of the file, as the import stores them (details: extra columns as text). */
function members() {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    rows.push({
      union_number: `${String(1000 + Math.floor(i / 10_000))}-${String(i % 10_000).padStart(4, '0')}`,
      email: `${first}.${last}.${i}@example.dk`.toLowerCase().replace(/[^a-z0-9.@]/g, 'x'),
      first_name: first,
      last_name: last,
      phone: `+45 ${String(20_000_000 + i).replace(/(\d\d)(?=\d)/g, '$1 ')}`,
      details: {
        Medlemstype: TYPES[i % TYPES.length],
        Handicap: String(((i * 37) % 540) / 10),
        Hjemmeklub: 'Fjordvang Golfklub',
        Indmeldt: `${2000 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      },
    });
  }
  return rows;
}

async function writeXlsx(rows) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Medlemmer');
  sheet.getColumn(9).numFmt = 'yyyy-mm-dd';
  sheet.addRow(['Medlemsnummer', 'Fornavn', 'Efternavn', 'E-mail', 'Mobil', 'Medlemstype', 'Handicap', 'Hjemmeklub', 'Indmeldt']);
  for (const r of rows) {
    sheet.addRow([r.union_number, r.first_name, r.last_name, r.email, r.phone, r.details.Medlemstype, Number(r.details.Handicap), r.details.Hjemmeklub, r.details.Indmeldt]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function rssMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function importThroughServer(file, rows, env = {}) {
  // The first start creates the database (on the embedded one, initdb grows PGlite's memory for
  // good); a server runs on a database created before, so it is started a second time.
  const dataDir = freshDataDir();
  const first = await startServer({ dataDir, port: 3955, env });
  const firstStartMb = rssMb(first.pid, 'VmRSS');
  await first.stop();
  const server = await startServer({ dataDir, port: 3955, env });
  try {
    const login = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@example.com', password: 'owner-demo' }),
    });
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };
    const before = rssMb(server.pid, 'VmRSS');
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid, 'VmRSS'));
    }, 100);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file]), 'members-50000.xlsx');
    const uploaded = await fetch(`${server.url}/api/clubs/1/members/uploads`, { method: 'POST', headers: auth, body: form });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const upload = await uploaded.json();
    const uploadMs = performance.now() - started;
    const imported = await fetch(`${server.url}/api/clubs/1/members/imports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ upload_id: upload.upload_id, mapping: upload.suggested_mapping, consent: true }),
    });
    const result = await imported.json();
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.pid, 'VmRSS'));
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${JSON.stringify(result)}`);
    if (result.imported !== rows.length || result.failed !== 0) throw new Error(`import result: ${JSON.stringify(result).slice(0, 300)}`);
    const list = await (await fetch(`${server.url}/api/clubs/1/members?page_size=1`, { headers: auth })).json();
    if (list.total !== rows.length) throw new Error(`members listed: ${list.total}`);
    return { ms, uploadMs, importMs: ms - uploadMs, before, peak, hwm: rssMb(server.pid, 'VmHWM'), firstStartMb };
  } finally {
    await server.stop();
  }
}

async function plainInsert(rows) {
  const db = await PGlite.create();
  try {
    const dir = join(root, 'apps/server/src/db/migrations');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      for (const statement of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    }
    const {
      rows: [club],
    } = await db.query(`insert into clubs (name, handle) values ('Fjordvang Golfklub', 'fjordvang') returning id`);
    const started = performance.now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        const batch = rows.slice(i, i + 1000);
        const values = [];
        const params = [];
        batch.forEach((r, j) => {
          const p = j * 6;
          values.push(`(${club.id}, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::jsonb)`);
          params.push(r.union_number, r.email, r.first_name, r.last_name, r.phone, JSON.stringify(r.details));
        });
        await tx.query(`insert into club_members (club_id, union_number, email, first_name, last_name, phone, details) values ${values.join(', ')}`, params);
      }
    });
    const ms = performance.now() - started;
    const {
      rows: [{ n }],
    } = await db.query('select count(*)::int as n from club_members');
    if (n !== rows.length) throw new Error(`baseline inserted ${n}`);
    return ms;
  } finally {
    await db.close();
  }
}

const rows = members();
const generated = performance.now();
const file = await writeXlsx(rows);
console.log(`file: ${ROWS.toLocaleString('en')} rows, 9 columns, ${(file.length / 1024 / 1024).toFixed(1)} MB XLSX (written by ExcelJS in ${fmt(performance.now() - generated)})`);

const server = await importThroughServer(file, rows);
const baseline = await plainInsert(rows);
const ratio = server.ms / baseline;
console.log(`members import (upload ${fmt(server.uploadMs)} + import ${fmt(server.importMs)}) ${fmt(server.ms)}`);
console.log(`plain multi-row INSERT (baseline)          ${fmt(baseline)}`);
console.log(`ratio ${ratio.toFixed(2)}x (target within ${TIME_TARGET}x of the plain insert: ${ratio <= TIME_TARGET ? 'met' : 'NOT met'})`);
console.log(
  `server RSS: ${server.before.toFixed(0)} MB before, peak ${server.peak.toFixed(0)} MB during the import (sampled every 100 ms), ` +
    `VmHWM ${server.hwm.toFixed(0)} MB (target under ${RSS_TARGET_MB} MB: ${Math.max(server.peak, server.hwm) < RSS_TARGET_MB ? 'met' : 'NOT met'})`,
);
console.log(`  for reference: ${server.firstStartMb.toFixed(0)} MB after the very first start, which creates the database`);

if (process.env.BENCH_DATABASE_URL) {
  const name = `golf_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const onPg = await importThroughServer(file, rows, { DATABASE_URL: url.toString() });
    console.log(
      `on PostgreSQL: import ${fmt(onPg.ms)} (${(onPg.ms / baseline).toFixed(2)}x the embedded plain insert); server RSS ${onPg.before.toFixed(0)} MB before, ` +
        `peak ${Math.max(onPg.peak, onPg.hwm).toFixed(0)} MB (the import's own share: ${(Math.max(onPg.peak, onPg.hwm) - onPg.before).toFixed(0)} MB)`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
if (ratio > TIME_TARGET || Math.max(server.peak, server.hwm) >= RSS_TARGET_MB) process.exitCode = 1;
