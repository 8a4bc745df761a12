import { Injectable } from '@nestjs/common';
import {
  addImpact,
  factorsOn,
  NO_IMPACT,
  type CharityImpactResponse,
  type DonorImpactResponse,
  type ImpactFactor,
  type ImpactFigures,
  type ImpactReportQuery,
  type PublicImpactResponse,
  type ReportParty,
} from '@food-link/contracts';
import { accountOf, assertBranch, branchesOf, type AuthUser } from '../auth/auth-user';

/** The pickup points a donor member's figures cover: one asked for (within their branches), their branches, or all (null). */
function scopeOf(user: AuthUser, pickupPointId: number | undefined): number[] | null {
  if (pickupPointId === undefined) return branchesOf(user);
  assertBranch(user, pickupPointId);
  return [pickupPointId];
}
import { governorateOfKey } from '../stats/stats.repository';
import { StatsService } from '../stats/stats.service';
import { acknowledgment } from './acknowledgment';
import { ImpactRepository } from './impact.repository';
import { acknowledgmentCsv } from './report-csv';
import { acknowledgmentPdf } from './report-pdf';
import { reportLanguage } from './report-texts';

const figuresOf = ({ kg, meals, co2e_kg, water_l }: ImpactFigures): ImpactFigures => ({ kg, meals, co2e_kg, water_l });
const sum = (rows: ImpactFigures[]) => rows.reduce<ImpactFigures>((total, row) => addImpact(total, figuresOf(row)), NO_IMPACT);

/** The file names' word: `food-link-acknowledgment-2026-03-en.csv` for a donor, `food-link-received-…` for a charity. */
const REPORT_FILE_NAMES: Record<ReportParty, string> = { donor: 'acknowledgment', charity: 'received' };

export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * What the impact projection says to a donor (what it gave), a charity (what it received) and the public
 * (per governorate and month, naming nobody), and each party's monthly acknowledgment.
 */
@Injectable()
export class ImpactService {
  constructor(
    private readonly impact: ImpactRepository,
    private readonly stats: StatsService,
  ) {}

  /**
   * The donor organisation's impact; a branch manager's covers their branches, and `pickupPointId` narrows
   * it to one branch (a branch manager: one of theirs, else 403).
   */
  async donor(donor: AuthUser, pickupPointId?: number): Promise<DonorImpactResponse> {
    const points = scopeOf(donor, pickupPointId);
    const [months, byPoint, charities] = await Promise.all([
      this.impact.months('donor', accountOf(donor), points),
      this.impact.pickupPoints(accountOf(donor), points),
      this.impact.counterparts('donor', accountOf(donor), points),
    ]);
    return {
      ...sum(months),
      months,
      pickup_points: byPoint,
      charities: charities.map(({ user_id, ...rest }) => ({ charity_user_id: user_id, ...rest })),
    };
  }

  async charity(charity: AuthUser): Promise<CharityImpactResponse> {
    const [months, donors] = await Promise.all([this.impact.months('charity', accountOf(charity)), this.impact.counterparts('charity', accountOf(charity))]);
    return { ...sum(months), months, donors: donors.map(({ user_id, ...rest }) => ({ donor_user_id: user_id, ...rest })) };
  }

  async publicImpact(): Promise<PublicImpactResponse> {
    const [governorates, months, rows, factors] = await Promise.all([
      this.impact.rollups('governorate'),
      this.impact.rollups('month'),
      this.impact.rollups('governorate_month'),
      this.stats.factors(),
    ]);
    return {
      ...sum(months),
      governorates: governorates.map(({ key, ...figures }) => ({ governorate: governorateOfKey(key), ...figures })),
      months: months.map(({ key, ...figures }) => ({ month: key, ...figures })),
      rows: rows.map(({ key, ...figures }) => {
        const [governorate, month] = key.split('|');
        return { governorate: governorateOfKey(governorate), month, ...figures };
      }),
      factors,
    };
  }

  /**
   * A party's acknowledgment for a Cairo month, as CSV or PDF, in `lang` or the Accept-Language: a donor's
   * (what it gave) or a charity's (what it received, with its own MoSS number once verified).
   */
  async report(party: ReportParty, user: AuthUser, query: ImpactReportQuery, acceptLanguage: string | undefined): Promise<ReportFile> {
    const language = reportLanguage(query.lang, acceptLanguage);
    const [rows, name, allFactors, ownMossNumber] = await Promise.all([
      this.impact.reportRows(party, accountOf(user), query.month, party === 'donor' ? branchesOf(user) : null),
      this.impact.userName(accountOf(user)),
      this.stats.factors(),
      party === 'charity' ? this.impact.verifiedMossNumber(accountOf(user)) : null,
    ]);
    const used = new Map<string, ImpactFactor>();
    for (const row of rows) for (const factor of Object.values(factorsOn(allFactors, row.fulfilled_on))) used.set(`${factor.name}@${factor.valid_from}`, factor);
    // A month without donations still says which factors were in force on its first day.
    if (rows.length === 0) for (const factor of Object.values(factorsOn(allFactors, `${query.month}-01`))) used.set(factor.name, factor);
    const report = acknowledgment({
      party,
      language,
      name,
      month: query.month,
      rows,
      totals: sum(rows),
      factors: [...used.values()],
      ownMossNumber,
    });
    const fileName = `food-link-${REPORT_FILE_NAMES[party]}-${query.month}-${language}.${query.format}`;
    if (query.format === 'csv') return { body: Buffer.from(acknowledgmentCsv(report), 'utf8'), contentType: 'text/csv; charset=utf-8', fileName };
    return { body: await acknowledgmentPdf(report), contentType: 'application/pdf', fileName };
  }
}
