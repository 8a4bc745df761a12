import type { ImpactFactorName, ReportLanguage, ReportParty } from '@food-link/contracts';

/**
 * The monthly acknowledgment's words, in the reader's language (the web's i18n does not reach the API).
 * `party` names a donor or a charity (the report's own side, and the other side's column); `title` and
 * `none` are per report: the donor's (what it gave) and the charity's (what it received).
 */
export interface ReportTexts {
  title: Record<ReportParty, string>;
  party: Record<ReportParty, string>;
  month: string;
  columns: { date: string; food: string; moss: string; kg: string; meals: string; co2e: string };
  totals: string;
  factors: string;
  factorNames: Record<ImpactFactorName, string>;
  mossPending: string;
  method: string;
  notTaxAdvice: string;
  none: Record<ReportParty, string>;
}

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = {
  en: {
    title: { donor: 'Food Link: monthly acknowledgment of donations', charity: 'Food Link: monthly acknowledgment of food received' },
    party: { donor: 'Donor', charity: 'Charity' },
    month: 'Month',
    columns: { date: 'Date', food: 'Food', moss: 'Charity MoSS number', kg: 'kg', meals: 'Meals', co2e: 'kg CO2e avoided' },
    totals: 'Totals',
    factors: 'Factors used',
    factorNames: { kg_per_meal: 'kg per meal', co2e_per_kg: 'kg CO2e per kg of food', water_l_per_kg: 'Litres of water per kg of food' },
    mossPending: 'Not yet verified',
    method:
      'Weights are what the charity reported it received, otherwise the donor\'s estimate. Meals are portions, or kg ÷ kg per meal for other units.',
    notTaxAdvice: 'This is a record of donations, not tax advice.',
    none: { donor: 'No fulfilled donations this month.', charity: 'No donations received this month.' },
  },
  ar: {
    title: { donor: 'فود لينك: إقرار شهري بالتبرعات', charity: 'فود لينك: إقرار شهري بالطعام المستلَم' },
    party: { donor: 'المتبرع', charity: 'الجمعية' },
    month: 'الشهر',
    columns: { date: 'التاريخ', food: 'الطعام', moss: 'رقم قيد الجمعية بوزارة التضامن', kg: 'كجم', meals: 'وجبات', co2e: 'كجم مكافئ ثاني أكسيد الكربون المُتجنَّب' },
    totals: 'الإجمالي',
    factors: 'المعاملات المستخدمة',
    factorNames: { kg_per_meal: 'كجم لكل وجبة', co2e_per_kg: 'كجم مكافئ ثاني أكسيد الكربون لكل كجم طعام', water_l_per_kg: 'لترات مياه لكل كجم طعام' },
    mossPending: 'لم يتم التحقق بعد',
    method: 'الأوزان هي ما أبلغت الجمعية باستلامه، وإلا فتقدير المتبرع. الوجبات هي الحصص، أو الكيلوجرامات مقسومة على كجم لكل وجبة للوحدات الأخرى.',
    notTaxAdvice: 'هذا سجل للتبرعات وليس استشارة ضريبية.',
    none: { donor: 'لا توجد تبرعات مكتملة في هذا الشهر.', charity: 'لم تُستلم أي تبرعات في هذا الشهر.' },
  },
};

/** The language of `lang`, else the first of Accept-Language that is Arabic or English, else English. */
export function reportLanguage(lang: ReportLanguage | undefined, acceptLanguage: string | undefined): ReportLanguage {
  if (lang) return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...parameters] = part.trim().toLowerCase().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'ar' || tag.startsWith('ar-')) return 'ar';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
