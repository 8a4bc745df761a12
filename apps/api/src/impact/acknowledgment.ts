import type { ImpactFactor, ImpactFigures, ReportLanguage } from '@food-link/contracts';
import type { ReportRow } from './impact.repository';
import type { ReportTexts } from './report-texts';

/** A donor's monthly acknowledgment, ready to be written as CSV or PDF. */
export interface Acknowledgment {
  language: ReportLanguage;
  texts: ReportTexts;
  donorName: string;
  month: string;
  rows: ReportRow[];
  totals: ImpactFigures;
  /** Every factor version a row of the month was computed with. */
  factors: ImpactFactor[];
}
