import type { ImpactFigures } from '@food-link/contracts';
import type { Acknowledgment } from './acknowledgment';

/**
 * A spreadsheet cannot run what a cell holds: text starting with = + - @ (or a tab or carriage return,
 * which some programs strip first) is prefixed with an apostrophe (OWASP, "CSV injection").
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function field(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The acknowledgment as CSV: RFC 4180 (CRLF between records), UTF-8 with a byte-order mark so that
 * Excel reads Arabic correctly. The heading, one row per donation, then the totals, the factors and the notes.
 */
export function acknowledgmentCsv(report: Acknowledgment): string {
  const { texts } = report;
  const figures = ({ kg, meals, co2e_kg }: ImpactFigures) => [kg, meals, co2e_kg];
  const records: (string | number | null)[][] = [
    [report.title],
    ...report.heading,
    [],
    [...report.columns.map((column) => column.heading), texts.columns.kg, texts.columns.meals, texts.columns.co2e],
    ...report.rows.map((row) => [...row.cells, ...figures(row.figures)]),
    ...(report.rows.length === 0 ? [[report.none]] : []),
    [texts.totals, ...report.columns.slice(1).map(() => ''), ...figures(report.totals)],
    [],
    [texts.factors],
    ...report.factors.map((factor) => [texts.factorNames[factor.name], factor.value, factor.valid_from, factor.source, factor.source_url]),
    [],
    [texts.method],
    [texts.notTaxAdvice],
  ];
  return `\uFEFF${records.map((record) => record.map(field).join(',')).join('\r\n')}\r\n`;
}
