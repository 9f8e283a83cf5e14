/** One non-empty row of a spreadsheet: its row number as the spreadsheet shows it, cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/**
 * The rows of an upload as kept beside the original file, so an import reads no spreadsheet:
 * line 1 is the JSON list of headers, then one JSON array per row (its row number, then its
 * cells). Its size is bounded by the reader (RowCollector counts the text it hands on).
 */
export class StoredRowsWriter {
  private readonly chunks: Buffer[] = [];
  private lines: string[] = [];

  add(row: SheetRow): void {
    this.lines.push(JSON.stringify([row.row, ...row.cells]));
    // A thousand lines at a time become bytes, so the rows are never held as many small strings.
    if (this.lines.length === 1000) this.flush();
  }

  /** The stored form with the headers in front. */
  finish(headers: string[]): Buffer {
    this.flush();
    const out = Buffer.concat([Buffer.from(JSON.stringify(headers)), ...this.chunks]);
    this.chunks.length = 0;
    return out;
  }

  private flush(): void {
    if (this.lines.length) this.chunks.push(Buffer.from(`\n${this.lines.join('\n')}`));
    this.lines = [];
  }
}

/** The stored rows of an upload, one at a time. */
export function* storedRows(text: string): Generator<SheetRow> {
  let at = text.indexOf('\n');
  if (at < 0) return;
  while (at < text.length) {
    const end = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, end < 0 ? text.length : end);
    at = end < 0 ? text.length : end;
    if (!line) continue;
    const [row, ...cells] = JSON.parse(line) as [number, ...string[]];
    yield { row, cells };
  }
}

export function storedHeaders(text: string): string[] {
  const end = text.indexOf('\n');
  return JSON.parse(end < 0 ? text : text.slice(0, end)) as string[];
}
