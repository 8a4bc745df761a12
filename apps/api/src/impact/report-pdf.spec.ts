import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { INITIAL_IMPACT_FACTORS } from '@food-link/contracts';
import { acknowledgment } from './acknowledgment';
import { acknowledgmentPdf, fontPath } from './report-pdf';

/**
 * The PDF's fonts are found from the module, not the working directory: the API started from anywhere
 * (a service manager's `/`, another checkout) still writes PDFs (issue 31, item 10).
 */
describe('the PDF fonts', () => {
  const startedIn = process.cwd();
  let elsewhere: string;

  beforeEach(() => {
    elsewhere = mkdtempSync(join(tmpdir(), 'foodlink-cwd-'));
    process.chdir(elsewhere);
  });
  afterEach(() => {
    process.chdir(startedIn);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('are resolved to files that exist, from a working directory without node_modules', () => {
    for (const [pkg, file] of [
      ['@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'],
      ['@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'],
    ]) {
      const found = fontPath(pkg, file);
      expect(found.startsWith(elsewhere)).toBe(false);
      expect(existsSync(found)).toBe(true);
    }
  });

  it('let a PDF in Arabic be written from such a directory', async () => {
    const report = acknowledgment({
      party: 'donor',
      language: 'ar',
      name: 'مخبز الإسكندرية',
      month: '2026-03',
      rows: [],
      totals: { kg: 0, meals: 0, co2e_kg: 0, water_l: 0 },
      factors: [...INITIAL_IMPACT_FACTORS],
      ownMossNumber: null,
    });
    const pdf = await acknowledgmentPdf(report);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('NotoSansArabic');
  });
});

/**
 * The Arabic acknowledgment as a reader sees it (issue 30): the month by its name, whole meals, Latin
 * pieces (a colon, digits, names) on the Arabic words' baseline, and the two-line column headings clear of
 * the first row. The words are read back through poppler (`pdftotext -bbox`); where each piece is drawn,
 * from the page's content stream (pdfkit starts each piece with `BT`, its position `Tm` and its font `Tf`).
 */
describe('the Arabic PDF, read back', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'foodlink-pdf-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const arabicReport = async () => {
    const report = acknowledgment({
      party: 'donor',
      language: 'ar',
      name: 'Alexandria Bakery',
      month: '2026-11',
      rows: [
        { request_id: 1, food_name: 'عيش بلدي', fulfilled_on: '2026-11-20', counterpart_name: 'Resala Giza', moss_number: '1375/2019', kg: 3, meals: 7.143, co2e_kg: 7.5, water_l: 0 },
      ],
      totals: { kg: 3, meals: 7.143, co2e_kg: 7.5, water_l: 0 },
      factors: [...INITIAL_IMPACT_FACTORS],
      ownMossNumber: null,
    });
    return acknowledgmentPdf(report);
  };

  /** Latin words as poppler finds them, with their boxes (Arabic ones carry ActualText and no real box). */
  const latinWords = (pdf: Buffer) => {
    const file = join(dir, 'ar.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-']).toString('utf8');
    return [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      yMin: Number(m[1]),
      yMax: Number(m[2]),
      text: m[3],
    }));
  };

  /** Each drawn piece, in drawing order: its font, size and baseline (from the page's top). */
  const pieces = (pdf: Buffer) => {
    const raw = pdf.toString('latin1');
    const drawn: { font: string; size: number; baseline: number }[] = [];
    for (const match of raw.matchAll(/stream\r?\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      const content = inflateSync(Buffer.from(raw.slice(start, raw.indexOf('endstream', start)), 'latin1')).toString('latin1');
      for (const piece of content.matchAll(/BT\n1 0 0 1 [\d.]+ ([\d.]+) Tm\n\/(F\d+) ([\d.]+) Tf/g)) {
        drawn.push({ font: piece[2], size: Number(piece[3]), baseline: 841.89 - Number(piece[1]) });
      }
      if (drawn.length > 0) break;
    }
    return drawn;
  };

  it('names the month and counts whole meals', async () => {
    const words = latinWords(await arabicReport());
    const text = words.map((word) => word.text).join(' ');
    expect(words.filter((word) => word.text === '2026')).toHaveLength(1);
    expect(text).not.toMatch(/11-2026|2026-11(?!-)/);
    expect(text).not.toContain('7.143');
    // The row's meals and the totals'.
    expect(words.filter((word) => word.text === '7')).toHaveLength(2);
  });

  it('draws the Latin pieces of an Arabic line (the colon, the name) on the Arabic words\' baseline', async () => {
    const drawn = pieces(await arabicReport());
    let mixed = 0;
    for (let i = 1; i < drawn.length; i += 1) {
      const [before, after] = [drawn[i - 1], drawn[i]];
      // Two pieces of one line in two fonts: drawn one after the other, a few points apart at most.
      if (before.font !== after.font && Math.abs(before.baseline - after.baseline) < 5) {
        mixed += 1;
        expect(after.baseline).toBeCloseTo(before.baseline, 2);
      }
    }
    expect(mixed).toBeGreaterThan(3);
  });

  it('leaves room for Arabic letters between the two lines of a column heading and the first row', async () => {
    const drawn = pieces(await arabicReport());
    // The table's lines (8.5 pt, or shrunk to fit): the headings' two lines, the row, the totals.
    const lines = [...new Set(drawn.filter((piece) => piece.size <= 8.5).map((piece) => Math.round(piece.baseline * 10) / 10))].slice(0, 4);
    expect(lines).toHaveLength(4);
    // An Arabic line reaches about 1 em above its baseline and half an em below.
    for (let i = 1; i < lines.length; i += 1) expect(lines[i] - lines[i - 1]).toBeGreaterThanOrEqual(1.5 * 8.5);
  });
});
