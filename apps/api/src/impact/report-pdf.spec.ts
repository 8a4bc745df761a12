import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
