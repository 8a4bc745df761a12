import { PARTNER_ROUTES, type CharitySearchResponse, type PartnersView } from '@food-link/contracts';
import { api } from './client';

/** The donor's partner charities and the search for them (PARTNER_ROUTES; donors only). */
export const partnerEndpoints = {
  partners: () => api<PartnersView>(PARTNER_ROUTES.donorPartners, { auth: true }),
  savePartners: (charityIds: number[]) => api<PartnersView>(PARTNER_ROUTES.donorPartners, { method: 'PUT', body: { charity_ids: charityIds }, auth: true }),
  searchCharities: (search: string) =>
    api<CharitySearchResponse>(`${PARTNER_ROUTES.charities}?${new URLSearchParams({ search, limit: '10' })}`, { auth: true }),
};
