import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Acknowledgment } from './acknowledgment';
import { drawnPieces } from './bidi-line';

/*
 * The acknowledgment as PDF (pdfkit; it shapes Arabic through fontkit). Fonts: Noto Sans Arabic and Noto
 * Sans (SIL Open Font License 1.1, from the @fontsource packages), embedded as subsets: the Arabic one
 * for Arabic letters, the Latin one for everything else (Latin, digits, punctuation).
 */
// Resolved from the working directory (the module is compiled both as CommonJS and, under Jest, as ESM).
const fontFile = (pkg: string, file: string) => readFileSync(createRequire(`${process.cwd()}/`).resolve(`${pkg}/files/${file}`));
let fonts: Record<'arabic' | 'latin' | 'latinBold', Buffer> | undefined;
/** Read on the first PDF, then kept. */
const FONTS = () =>
  (fonts ??= {
    arabic: fontFile('@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'),
    latin: fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
    latinBold: fontFile('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
  });
const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF ]/;

const PAGE = { margin: 40, width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

type Doc = InstanceType<typeof PDFDocument>;

/** Writes one line in a box, in bidi order, shrinking the size (down to 6 pt) until it fits. */
function line(doc: Doc, text: string, box: { x: number; y: number; width: number }, options: { size: number; rtl: boolean; bold?: boolean; align?: 'start' | 'end' }) {
  const pieces = drawnPieces(text, options.rtl, (char) => ARABIC_LETTERS.test(char));
  const fontOf = (arabic: boolean) => (arabic ? 'arabic' : options.bold ? 'latinBold' : 'latin');
  let size = options.size;
  const width = () => pieces.reduce((sum, piece) => sum + doc.font(fontOf(piece.arabic)).fontSize(size).widthOfString(piece.text), 0);
  while (width() > box.width && size > 6) size -= 0.5;
  const total = width();
  // "start" is the reading start: the right edge in Arabic.
  const toRight = (options.align ?? 'start') === 'start' ? options.rtl : !options.rtl;
  let x = toRight ? box.x + box.width - Math.min(total, box.width) : box.x;
  for (const piece of pieces) {
    // Shaped Arabic reuses glyphs across letters (dotless bodies and dots), which one ToUnicode entry per
    // glyph cannot say; ActualText gives copy and search the real letters.
    if (piece.arabic) doc.markContent('Span', { actual: piece.text } as never);
    doc.font(fontOf(piece.arabic)).fontSize(size).text(piece.text, x, box.y, { lineBreak: false });
    if (piece.arabic) doc.endMarkedContent();
    x += doc.widthOfString(piece.text);
  }
}

/** Renders the acknowledgment; resolves with the PDF's bytes. */
export function acknowledgmentPdf(report: Acknowledgment): Promise<Buffer> {
  const rtl = report.language === 'ar';
  const { texts } = report;
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${texts.title} ${report.month}`, Author: 'Food Link' }, lang: report.language });
  for (const [name, data] of Object.entries(FONTS())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = PAGE.margin;
  const full = (text: string, size: number, bold = false) => {
    line(doc, text, { x: PAGE.margin, y, width: CONTENT_WIDTH }, { size, rtl, bold });
    y += size * 1.6;
  };
  full(texts.title, 15, true);
  full(`${texts.donor}: ${report.donorName}`, 11);
  full(`${texts.month}: ${report.month}`, 11);
  y += 8;

  // Columns in reading order; in Arabic the first is at the right.
  const columns: { width: number; end?: boolean }[] = [{ width: 62 }, { width: 120 }, { width: 105 }, { width: 78 }, { width: 45, end: true }, { width: 50, end: true }, { width: 55, end: true }];
  const cellX = (index: number) => {
    const before = columns.slice(0, index).reduce((sum, column) => sum + column.width, 0);
    return rtl ? PAGE.margin + CONTENT_WIDTH - before - columns[index].width : PAGE.margin + before;
  };
  const row = (cells: string[], bold = false) => {
    if (y > PAGE.height - PAGE.margin - 30) {
      doc.addPage();
      y = PAGE.margin;
    }
    cells.forEach((cell, index) => {
      line(doc, cell, { x: cellX(index), y, width: columns[index].width - 4 }, { size: 8.5, rtl, bold, align: columns[index].end ? 'end' : 'start' });
    });
    y += 15;
  };
  const c = texts.columns;
  row([c.date, c.food, c.charity, c.moss, c.kg, c.meals, c.co2e], true);
  doc.moveTo(PAGE.margin, y - 3).lineTo(PAGE.width - PAGE.margin, y - 3).lineWidth(0.5).stroke();
  for (const r of report.rows) {
    row([r.fulfilled_on, r.food_name, r.charity_name, r.moss_number ?? texts.mossPending, String(r.kg), String(r.meals), String(r.co2e_kg)]);
  }
  if (report.rows.length === 0) full(texts.none, 9);
  doc.moveTo(PAGE.margin, y - 3).lineTo(PAGE.width - PAGE.margin, y - 3).lineWidth(0.5).stroke();
  row([texts.totals, '', '', '', String(report.totals.kg), String(report.totals.meals), String(report.totals.co2e_kg)], true);

  y += 12;
  if (y > PAGE.height - 200) {
    doc.addPage();
    y = PAGE.margin;
  }
  full(texts.factors, 11, true);
  for (const factor of report.factors) {
    full(`${texts.factorNames[factor.name]}: ${factor.value} (${factor.valid_from})`, 9);
    full(factor.source, 8);
    full(factor.source_url, 7);
  }
  y += 6;
  full(texts.method, 8);
  full(texts.notTaxAdvice, 10, true);
  doc.end();
  return done;
}
