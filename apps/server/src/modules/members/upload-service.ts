/** Members import, step 1: the uploaded sheet is read in a worker, stored privately and described (§5). */
import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { serverError, serverErrorText } from '@golf/contract/api/errors';
import {
  MEMBERS_IMPORT_LIMITS,
  type UploadResponse,
} from '@golf/contract/api/members';
import { importUploads } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import type { FileStorage } from '../../platform/storage';
import { taskRunner } from '../../platform/worker-tasks';
import { suggestMapping } from './mapping';
import type { ParsedUpload } from './parse';

/** Uploads not imported within this time are deleted. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;

export const UPLOAD_NOT_FOUND = serverErrorText('members.uploadNotFound');

/** Longest time reading one uploaded file may take. */
export const PARSE_TIMEOUT_MS = 60_000;

const sheetReader = taskRunner<{ data: Uint8Array; fileName: string }, ParsedUpload>({
  entry: 'sheet-worker',
  from: import.meta.url,
  timeoutMs: PARSE_TIMEOUT_MS,
  // Beside this, a worker holds the file, its unpacked pieces and the stored rows as buffers.
  maxHeapMb: 256,
  maxWorkers: 2,
  timeoutMessage: serverError('members.timeout', { seconds: PARSE_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('members.outOfMemory'),
  whenBusy: serverError('members.busy'),
});

/**
 * Reads an uploaded members file in a worker thread (parse.ts: parseUpload): the event loop stays
 * free, and a file that takes too long or too much memory stops its worker, not the server.
 */
export async function readUploadedSheet(data: Buffer, fileName: string): Promise<ParsedUpload> {
  const parsed = await sheetReader.run({ data, fileName });
  const stored = parsed.stored as Uint8Array;
  return { ...parsed, stored: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) };
}

/**
 * Beside the original file an upload keeps the rows already read (stored-rows.ts), so an import
 * reads no spreadsheet.
 */
const folder = (clubId: number) => `private/member-imports/${clubId}`;
export const parsedKey = (fileKey: string) => fileKey.replace(/\.[a-z0-9]+$/, '-rows.json');

export async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * POST clubs/{clubId}/members/uploads: reads the file (so a file that cannot be imported is
 * refused at once), keeps it and the rows read from it in the private storage, and answers the
 * columns, the first rows and a suggested column mapping.
 */
export async function createUpload(
  deps: { db: Db; storage: FileStorage },
  input: { clubId: number; userId: number; fileName: string; data: Buffer },
): Promise<UploadResponse> {
  await purgeExpiredUploads(deps);
  const { sheet, sample, stored } = await readUploadedSheet(input.data, input.fileName);
  const id = randomUUID();
  const ext = sheet.format;
  const fileKey = `${folder(input.clubId)}/${id}.${ext}`;
  await deps.storage.put(fileKey, input.data, ext === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv');
  await deps.storage.put(parsedKey(fileKey), stored, 'application/json');
  const fileName = input.fileName.replace(/[\\/]/g, '_').slice(0, 255) || `members.${ext}`;
  await deps.db.insert(importUploads).values({ id, clubId: input.clubId, userId: input.userId, fileKey, fileName });
  return {
    upload_id: id,
    file_name: fileName,
    format: sheet.format,
    encoding: sheet.encoding,
    delimiter: sheet.delimiter,
    columns: sheet.headers.map((header, index) => ({ index, header })),
    sample: sample.map((r) => ({ row: r.row, cells: fit(r.cells, sheet.headers.length) })),
    row_count: sheet.rowCount,
    suggested_mapping: suggestMapping(sheet.headers),
  };
}

function fit(cells: string[], width: number): string[] {
  return Array.from({ length: width }, (_, i) => (cells[i] ?? '').slice(0, MEMBERS_IMPORT_LIMITS.maxCellLength));
}

/** Deletes uploads older than a day, with their files. */
export async function purgeExpiredUploads(deps: { db: DbOrTx; storage: FileStorage }): Promise<number> {
  const expired = await deps.db
    .delete(importUploads)
    .where(lt(importUploads.createdAt, new Date(Date.now() - UPLOAD_TTL_MS)))
    .returning({ fileKey: importUploads.fileKey });
  for (const { fileKey } of expired) await deleteFiles(deps.storage, fileKey);
  return expired.length;
}

export async function deleteFiles(storage: FileStorage, fileKey: string): Promise<void> {
  await storage.delete(fileKey);
  await storage.delete(parsedKey(fileKey));
}
