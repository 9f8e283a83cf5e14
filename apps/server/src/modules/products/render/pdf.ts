import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type * as fontkit from 'fontkit';
import { BLEED_PT, PT_PER_MM, type Item, type Page, type PathItem, type TextItem } from '@golf/contract/print/page';
import { textWidth } from '@golf/contract/print/text';
import { faceRuns, guideFaces } from './fonts';
import { bookletPages, saddleStitchSides } from './imposition';

/**
 * The printed guide as PDF with pdfkit: vector paths and real text in the embedded guide font
 * (subsets of Noto Sans), never a picture of the page. Options give the print shop's variant
 * (bleed and crop marks) and a saddle-stitch booklet (two pages per printed side, in folding order).
 */
export interface PdfOptions {
  /** Bleed around each page in millimetres (0 for a screen PDF; print shops ask for 3). */
  bleedMm?: number;
  /** Crop marks at the trim's corners, outside the bleed. */
  cropMarks?: boolean;
  /** 'saddle-stitch': pages padded to a multiple of 4 with blank pages and placed two by two for folding. */
  imposition?: 'none' | 'saddle-stitch';
  /** Bytes of the images the pages refer to (PNG, JPEG or WebP), by reference. */
  images?: Record<string, Uint8Array>;
  title?: string;
  author?: string;
}

/** Crop marks: 5 mm long, starting 3 mm (or the bleed, when larger) outside the trim. */
const MARK_LENGTH = 5 * PT_PER_MM;
const MARK_GAP = 3 * PT_PER_MM;
/** 'Registration' colour for marks: every ink at full, so they show on each plate. */
const REGISTRATION: [number, number, number, number] = [100, 100, 100, 100];

interface Placement {
  page: Page | null;
  /** x of the page's trim on the sheet's trim. */
  x: number;
  /** Sides whose edge is a sheet edge (bleed shows there). */
  outerLeft: boolean;
  outerRight: boolean;
}

interface Sheet {
  width: number;
  height: number;
  placements: Placement[];
  /** A fold in the middle (booklet sides). */
  fold: boolean;
}

function sheetsOf(pages: Page[], imposition: 'none' | 'saddle-stitch'): Sheet[] {
  if (imposition === 'none') return pages.map((page) => ({ width: page.width, height: page.height, placements: [{ page, x: 0, outerLeft: true, outerRight: true }], fold: false }));
  if (pages.length === 0) return [];
  // Blanks go before the back cover, or at the end when the guide has none (no other page moves).
  const order = bookletPages(pages.length, pages[pages.length - 1].kind === 'back').map((i) => (i === null ? null : pages[i]));
  // The book's page size: the upright size of its pages (a landscape overview is turned into it).
  const { width, height } = pages.find((p) => p.height >= p.width) ?? pages[0];
  return saddleStitchSides(order.length).map(([left, right]) => ({
    width: 2 * width,
    height,
    fold: true,
    placements: [
      { page: order[left], x: 0, outerLeft: true, outerRight: false },
      { page: order[right], x: width, outerLeft: false, outerRight: true },
    ],
  }));
}

/** Images in a format pdfkit reads (PNG, JPEG); others are converted to PNG once. */
async function pdfImages(images: Record<string, Uint8Array>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const [ref, bytes] of Object.entries(images)) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const png = buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const jpeg = buf[0] === 0xff && buf[1] === 0xd8;
    out.set(ref, png || jpeg ? buf : await sharp(buf).png().toBuffer());
  }
  return out;
}

export async function renderPdf(pages: Page[], options: PdfOptions = {}): Promise<Buffer> {
  const bleed = Math.max(0, options.bleedMm ?? 0) * PT_PER_MM;
  if (bleed > BLEED_PT + 0.01) throw new Error(`renderPdf: the layout has ${BLEED_PT / PT_PER_MM} mm of bleed; ${options.bleedMm} mm was asked`);
  const marks = options.cropMarks ?? false;
  const markGap = Math.max(MARK_GAP, bleed);
  const slug = marks ? markGap + MARK_LENGTH + 2 : bleed;
  const images = await pdfImages(options.images ?? {});
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.7',
    info: { Title: options.title ?? '', Author: options.author ?? '', Creator: 'Golf console guide renderer', Producer: 'pdfkit' },
  });
  for (const face of guideFaces()) doc.registerFont(face.name, face.data);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const sheet of sheetsOf(pages, options.imposition ?? 'none')) {
    const [W, H] = [sheet.width, sheet.height];
    doc.addPage({ size: [W + 2 * slug, H + 2 * slug], margin: 0 });
    const dict = doc.page.dictionary.data as Record<string, unknown>;
    dict.TrimBox = [slug, slug, slug + W, slug + H];
    dict.BleedBox = [slug - bleed, slug - bleed, slug + W + bleed, slug + H + bleed];
    doc.save();
    doc.translate(slug, slug);
    const slotW = sheet.fold ? W / 2 : W;
    for (const p of sheet.placements) {
      if (!p.page) continue;
      const x0 = p.x - (p.outerLeft ? bleed : 0);
      const x1 = p.x + slotW + (p.outerRight ? bleed : 0);
      doc.save();
      doc.rect(x0, -bleed, x1 - x0, H + 2 * bleed).clip();
      // A page across (landscape) in an upright booklet slot is turned a quarter clockwise.
      if (sheet.fold && p.page.width > p.page.height && p.page.width > slotW + 0.01) doc.transform(0, 1, -1, 0, p.x + slotW, 0);
      else doc.translate(p.x, 0);
      drawItems(doc, p.page.items, images);
      doc.restore();
    }
    if (marks) cropMarks(doc, W, H, markGap, sheet.fold);
    doc.restore();
  }
  doc.end();
  return done;
}

function cropMarks(doc: PDFKit.PDFDocument, W: number, H: number, gap: number, fold: boolean): void {
  doc.save();
  doc.lineWidth(0.25).strokeColor(REGISTRATION);
  const line = (x1: number, y1: number, x2: number, y2: number) => doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
  for (const x of [0, W]) {
    for (const y of [0, H]) {
      const sx = x === 0 ? -1 : 1;
      const sy = y === 0 ? -1 : 1;
      line(x + sx * gap, y, x + sx * (gap + MARK_LENGTH), y);
      line(x, y + sy * gap, x, y + sy * (gap + MARK_LENGTH));
    }
  }
  if (fold) {
    doc.dash(2, { space: 2 });
    line(W / 2, -gap, W / 2, -gap - MARK_LENGTH);
    line(W / 2, H + gap, W / 2, H + gap + MARK_LENGTH);
    doc.undash();
  }
  doc.restore();
}

function drawItems(doc: PDFKit.PDFDocument, items: Item[], images: Map<string, Buffer>): void {
  for (const item of items) {
    switch (item.kind) {
      case 'path':
        drawPath(doc, item);
        break;
      case 'text':
        drawText(doc, item);
        break;
      case 'image': {
        const data = images.get(item.ref);
        if (!data) break;
        const box: [number, number] = [item.width, item.height];
        doc.image(data, item.x, item.y, item.fit === 'cover' ? { cover: box, align: 'center', valign: 'center' } : { fit: box, align: 'center', valign: 'center' });
        break;
      }
      case 'group':
        doc.save();
        doc.rect(item.clip.x, item.clip.y, item.clip.width, item.clip.height).clip();
        drawItems(doc, item.items, images);
        doc.restore();
        break;
    }
  }
}

function drawPath(doc: PDFKit.PDFDocument, p: PathItem): void {
  if (!p.d || (!p.fill && !p.stroke)) return;
  const styled = p.opacity !== undefined || p.dash !== undefined || p.lineCap !== undefined || p.lineJoin !== undefined;
  if (styled) doc.save();
  if (p.opacity !== undefined) doc.opacity(p.opacity);
  if (p.stroke) {
    doc.lineWidth(p.width ?? 1);
    if (p.dash?.length) doc.dash(p.dash[0], { space: p.dash[1] ?? p.dash[0] });
    if (p.lineCap) doc.lineCap(p.lineCap);
    if (p.lineJoin) doc.lineJoin(p.lineJoin);
  }
  doc.path(p.d);
  const rule = p.evenOdd ? 'even-odd' : 'non-zero';
  if (p.fill && p.stroke) doc.fillAndStroke(p.fill, p.stroke, rule);
  else if (p.fill) doc.fill(p.fill, rule);
  else doc.stroke(p.stroke);
  if (styled) doc.restore();
  else if (p.stroke) doc.lineWidth(1);
}

/**
 * The parts of pdfkit's embedded font (EmbeddedFont) the text writer uses: its resource name, its
 * subset and the widths and code points it writes into the PDF's font dictionaries and ToUnicode
 * map at the end.
 */
interface PdfkitFont {
  id: string;
  ref(): unknown;
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  /** pdfkit's fontkit font of the face (the same file as fonts.ts reads, so the same glyph ids). */
  font: fontkit.Font;
}

/** Per document and font: code point → the subset's glyph id as four hex digits (Identity-H). */
const glyphCodes = new WeakMap<PdfkitFont, Map<number, string>>();

/**
 * The text as the font's glyph codes, one glyph per code point from the font's cmap: no shaping,
 * no kerning, no ligatures, exactly as the layout measured it (font-metrics.ts). pdfkit's own
 * text() shapes every string with fontkit (GSUB/GPOS) twice (to draw and to measure), which was
 * most of the time of a guide.
 */
function glyphHex(font: PdfkitFont, text: string): string {
  let codes = glyphCodes.get(font);
  if (!codes) glyphCodes.set(font, (codes = new Map()));
  let hex = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let code = codes.get(cp);
    if (code === undefined) {
      const glyph = font.font.glyphForCodePoint(cp);
      const gid = font.subset.includeGlyph(glyph.id);
      font.widths[gid] ??= glyph.advanceWidth * font.scale;
      font.unicode[gid] ??= [cp];
      code = gid.toString(16).padStart(4, '0');
      codes.set(cp, code);
    }
    hex += code;
  }
  return hex;
}

const fixed = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * One text item as PDF text: a text object per face run with the run's glyph codes, the baseline
 * at the item's y (the page's y axis points down, so the text matrix flips it back upright).
 */
function drawText(doc: PDFKit.PDFDocument, t: TextItem): void {
  if (!t.text) return;
  const width = textWidth(t.text, t.size, t.weight);
  let x = t.anchor === 'middle' ? t.x - width / 2 : t.anchor === 'end' ? t.x - width : t.x;
  if (t.opacity !== undefined) doc.save().fillOpacity(t.opacity);
  doc.fillColor(t.fill);
  const internal = doc as unknown as { _font: PdfkitFont; page: { fonts: Record<string, unknown> }; addContent(op: string): void };
  for (const run of faceRuns(t.text, t.weight)) {
    doc.font(run.face.name);
    const font = internal._font;
    internal.page.fonts[font.id] ??= font.ref();
    internal.addContent(`BT 1 0 0 -1 ${fixed(x)} ${fixed(t.y)} Tm /${font.id} ${fixed(t.size)} Tf <${glyphHex(font, run.text)}> Tj ET`);
    x += textWidth(run.text, t.size, t.weight);
  }
  if (t.opacity !== undefined) doc.restore();
}
