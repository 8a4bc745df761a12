import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve as resolvePath } from 'node:path';
import PDFDocument from 'pdfkit';
import type { ImpactFigures } from '@food-link/contracts';
import type { Acknowledgment, AcknowledgmentColumn } from './acknowledgment';
import { drawnPieces, type DrawnPiece } from './bidi-line';

/*
 * The acknowledgment as PDF (pdfkit; it shapes Arabic through fontkit). Fonts: Noto Sans Arabic and Noto
 * Sans (SIL Open Font License 1.1, from the @fontsource packages), embedded as subsets: the Arabic one
 * for Arabic letters, the Latin one for everything else (Latin, digits, punctuation).
 */
/**
 * The file the font packages are resolved from: this module's own in the build (CommonJS), so the API
 * finds them in its node_modules wherever it is started from, whatever the working directory. Jest runs
 * the module as an ES module, which has no __filename (and TypeScript allows no import.meta in a file
 * built as CommonJS); there the script that started the process (Jest's, in the repository's
 * node_modules) stands in. Neither depends on the working directory.
 */
export function fontResolutionBase(): string {
  return typeof __filename === 'string' ? __filename : resolvePath(process.argv[1] ?? process.execPath);
}

/** The absolute path of a font file of an @fontsource package. */
export function fontPath(pkg: string, file: string): string {
  return createRequire(fontResolutionBase()).resolve(`${pkg}/files/${file}`);
}

const fontFile = (pkg: string, file: string) => readFileSync(fontPath(pkg, file));
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
/**
 * Every piece of a line sits on one baseline, this many ems below the line's top, whatever its font:
 * pdfkit places text by its font's ascender, which is 1.374 em in Noto Sans Arabic and 1.069 em in Noto
 * Sans, so Latin pieces (a colon, digits) beside Arabic ones were drawn 0.3 em too high.
 */
const BASELINE_EM = 1;
/** From one line's top to the next line's in a cell (Arabic letters descend about half an em). */
const LINE_PITCH_EM = 1.65;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Widths of the text columns (points); the food's is what is left of the row. */
const TEXT_COLUMN_WIDTHS: Partial<Record<AcknowledgmentColumn['key'], number>> = { date: 62, counterpart: 105, moss: 78 };

type Doc = InstanceType<typeof PDFDocument>;

interface LineOptions {
  size: number;
  rtl: boolean;
  bold?: boolean;
  align?: 'start' | 'end';
  /** Cut a text too wide at its size into two lines, at the space nearest its middle (column headings). */
  wrap?: boolean;
}

/**
 * Writes a line in a box, in bidi order, shrinking the size (down to 6 pt) until it fits; with `wrap`, a
 * text that does not fit is first cut in two. Answers how many lines it took.
 */
function line(doc: Doc, text: string, box: { x: number; y: number; width: number }, options: LineOptions): number {
  const pieces = drawnPieces(text, options.rtl, (char) => ARABIC_LETTERS.test(char));
  const fontOf = (arabic: boolean) => (arabic ? 'arabic' : options.bold ? 'latinBold' : 'latin');
  // Without `features` pdfkit lays a text out word by word, and an Arabic word's trailing space is lost in
  // the reversal; with them (none beyond the script's own) fontkit lays the whole piece out at once.
  const shaping = (piece: DrawnPiece) => (piece.arabic ? { features: [] } : {});
  let size = options.size;
  const width = () => pieces.reduce((sum, piece) => sum + doc.font(fontOf(piece.arabic)).fontSize(size).widthOfString(piece.text, shaping(piece)), 0);
  const spaces = [...text.matchAll(/ /g)].map((match) => match.index);
  if (options.wrap && spaces.length > 0 && width() > box.width) {
    const cut = spaces.reduce((best, at) => (Math.abs(at - text.length / 2) < Math.abs(best - text.length / 2) ? at : best));
    const next = { ...options, wrap: false };
    line(doc, text.slice(0, cut), box, next);
    line(doc, text.slice(cut + 1), { ...box, y: box.y + options.size * LINE_PITCH_EM }, next);
    return 2;
  }
  while (width() > box.width && size > 6) size -= 0.5;
  const total = width();
  // "start" is the reading start: the right edge in Arabic.
  const toRight = (options.align ?? 'start') === 'start' ? options.rtl : !options.rtl;
  let x = toRight ? box.x + box.width - Math.min(total, box.width) : box.x;
  for (const piece of pieces) {
    // Shaped Arabic reuses glyphs across letters (dotless bodies and dots), which one ToUnicode entry per
    // glyph cannot say; ActualText gives copy and search the real letters.
    if (piece.arabic) doc.markContent('Span', { actual: piece.text } as never);
    doc
      .font(fontOf(piece.arabic))
      .fontSize(size)
      .text(piece.text, x, box.y + options.size * BASELINE_EM, { lineBreak: false, baseline: 'alphabetic', ...shaping(piece) });
    if (piece.arabic) doc.endMarkedContent();
    x += doc.widthOfString(piece.text, shaping(piece));
  }
  return 1;
}

/** Renders an acknowledgment (a donor's or a charity's); resolves with the PDF's bytes. */
export function acknowledgmentPdf(report: Acknowledgment): Promise<Buffer> {
  const rtl = report.language === 'ar';
  const { texts } = report;
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${report.title} ${report.monthName}`, Author: 'Food Link' }, lang: report.language });
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
  full(report.title, 15, true);
  // The month by its name ("November 2026", "نوفمبر 2026"): "2026-11" reads "11-2026" right to left.
  for (const [label, value] of report.heading) full(`${label}: ${label === texts.month ? report.monthName : value}`, 11);
  y += 8;

  // Columns in reading order; in Arabic the first is at the right. The food takes what the others leave.
  const figureColumns = [{ width: 45, end: true }, { width: 50, end: true }, { width: 55, end: true }];
  const fixed = report.columns.reduce((sum, column) => sum + (TEXT_COLUMN_WIDTHS[column.key] ?? 0), 0) + figureColumns.reduce((sum, column) => sum + column.width, 0);
  const columns: { width: number; end?: boolean }[] = [
    ...report.columns.map((column) => ({ width: TEXT_COLUMN_WIDTHS[column.key] ?? CONTENT_WIDTH - fixed })),
    ...figureColumns,
  ];
  const cellX = (index: number) => {
    const before = columns.slice(0, index).reduce((sum, column) => sum + column.width, 0);
    return rtl ? PAGE.margin + CONTENT_WIDTH - before - columns[index].width : PAGE.margin + before;
  };
  const row = (cells: string[], bold = false, wrap = false) => {
    if (y > PAGE.height - PAGE.margin - 30) {
      doc.addPage();
      y = PAGE.margin;
    }
    const lines = cells.map((cell, index) =>
      line(doc, cell, { x: cellX(index), y, width: columns[index].width - 4 }, { size: 8.5, rtl, bold, wrap, align: columns[index].end ? 'end' : 'start' }),
    );
    y += 15 + 8.5 * LINE_PITCH_EM * (Math.max(...lines) - 1);
  };
  // Meals are whole meals (7.143 of them is no count a reader can use); kg and CO2e keep their decimals.
  const figures = ({ kg, meals, co2e_kg }: ImpactFigures) => [String(kg), String(Math.round(meals)), String(co2e_kg)];
  const c = texts.columns;
  row([...report.columns.map((column) => column.heading), c.kg, c.meals, c.co2e], true, true);
  doc.moveTo(PAGE.margin, y - 3).lineTo(PAGE.width - PAGE.margin, y - 3).lineWidth(0.5).stroke();
  for (const r of report.rows) row([...r.cells.map((cell) => cell ?? texts.mossPending), ...figures(r.figures)]);
  if (report.rows.length === 0) full(report.none, 9);
  doc.moveTo(PAGE.margin, y - 3).lineTo(PAGE.width - PAGE.margin, y - 3).lineWidth(0.5).stroke();
  row([texts.totals, ...report.columns.slice(1).map(() => ''), ...figures(report.totals)], true);

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
