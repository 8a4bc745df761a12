import type { ImpactFactor, ImpactFigures, ReportLanguage, ReportParty } from '@food-link/contracts';
import type { ReportRow } from './impact.repository';
import { REPORT_TEXTS, type ReportTexts } from './report-texts';

/** A text column of the table (kg, meals and CO2e follow them); `key` lets the PDF size it. */
export interface AcknowledgmentColumn {
  key: 'date' | 'food' | 'counterpart' | 'moss';
  heading: string;
}

/**
 * A monthly acknowledgment, ready to be written as CSV or PDF: a donor's (what it gave, with each
 * charity and its MoSS number) or a charity's (what it received, with each donor, and its own MoSS number
 * in the heading). One shape, so that one CSV writer and one PDF renderer serve both.
 */
export interface Acknowledgment {
  language: ReportLanguage;
  texts: ReportTexts;
  title: string;
  month: string;
  /** The month by its name in the report's language: `November 2026`, `نوفمبر 2026`. */
  monthName: string;
  /** The lines under the title, label and value: whose report, the month, a charity's own MoSS number. */
  heading: [label: string, value: string][];
  columns: AcknowledgmentColumn[];
  /** Cells in the columns' order; null: a MoSS number not yet verified (empty in CSV, "Not yet verified" in PDF). */
  rows: { cells: (string | null)[]; figures: ImpactFigures }[];
  /** Said instead of rows when the month has none. */
  none: string;
  totals: ImpactFigures;
  /** Every factor version a row of the month was computed with. */
  factors: ImpactFactor[];
}

export interface AcknowledgmentInput {
  party: ReportParty;
  language: ReportLanguage;
  /** The donor's or the charity's name, as the app shows it. */
  name: string;
  month: string;
  rows: ReportRow[];
  totals: ImpactFigures;
  factors: ImpactFactor[];
  /** A charity's own MoSS number once an operator verified it (a charity's report only). */
  ownMossNumber: string | null;
}

/**
 * `2026-11` as `November 2026` or `نوفمبر 2026`: the year in the digits of the PDF's other figures (its
 * Arabic font has no Arabic-Indic digits).
 */
export function monthName(month: string, language: ReportLanguage): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** Lays out a party's acknowledgment: the donor's names the charities and their MoSS numbers; the charity's, the donors. */
export function acknowledgment(input: AcknowledgmentInput): Acknowledgment {
  const { party } = input;
  const texts = REPORT_TEXTS[input.language];
  const donor = party === 'donor';
  const columns: AcknowledgmentColumn[] = [
    { key: 'date', heading: texts.columns.date },
    { key: 'food', heading: texts.columns.food },
    { key: 'counterpart', heading: texts.party[donor ? 'charity' : 'donor'] },
    ...(donor ? [{ key: 'moss' as const, heading: texts.columns.moss }] : []),
  ];
  const heading: [string, string][] = [
    [texts.party[party], input.name],
    [texts.month, input.month],
    ...(input.ownMossNumber === null ? [] : [[texts.columns.moss, input.ownMossNumber] as [string, string]]),
  ];
  return {
    language: input.language,
    texts,
    title: texts.title[party],
    month: input.month,
    monthName: monthName(input.month, input.language),
    heading,
    columns,
    rows: input.rows.map(({ fulfilled_on, food_name, counterpart_name, moss_number, kg, meals, co2e_kg, water_l }) => ({
      cells: [fulfilled_on, food_name, counterpart_name, ...(donor ? [moss_number] : [])],
      figures: { kg, meals, co2e_kg, water_l },
    })),
    none: texts.none[party],
    totals: input.totals,
    factors: input.factors,
  };
}
