import { IMPACT_ROUTES, type CharityImpactResponse, type DonorImpactResponse, type PublicImpactResponse, type ReportFormat, type ReportParty } from '@food-link/contracts';
import { apiBlob } from './api-blob';
import { api } from './client';

/**
 * The impact calls (docs/API.md, "Impact"). Only types and IMPACT_ROUTES come from the contracts: a value
 * imported from impact.ts would bring zod with it.
 */
export const impactEndpoints = {
  donor: () => api<DonorImpactResponse>(IMPACT_ROUTES.donor, { auth: true }),
  charity: () => api<CharityImpactResponse>(IMPACT_ROUTES.charity, { auth: true }),
  public: () => api<PublicImpactResponse>(IMPACT_ROUTES.public),
  /** A party's monthly acknowledgment (the donor's or the charity's) as a file, handed to the browser as a blob (saveBlob). */
  report: async (party: ReportParty, month: string, format: ReportFormat, lang: 'en' | 'ar'): Promise<{ blob: Blob; fileName: string }> => {
    const response = await apiBlob(`${REPORT_ROUTES[party]}?${new URLSearchParams({ month, format, lang })}`);
    return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) ?? `foodlink-${party}-acknowledgment-${month}.${format}` };
  },
};

const REPORT_ROUTES: Record<ReportParty, string> = { donor: IMPACT_ROUTES.donorReport, charity: IMPACT_ROUTES.charityReport };

/** The file name a `Content-Disposition: attachment; filename="…"` names, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename="([^"]+)"/) ?? header?.match(/filename=([^;\s]+)/);
  return match ? match[1] : null;
}
