import {
  TRANSPORT_ROUTES,
  apiPath,
  type RequestAssignment,
  type TransportOfferList,
  type TransportOfferView,
  type TripDay,
  type TripState,
  type VolunteerProfileBody,
  type VolunteerProfileView,
} from '@food-link/contracts';
import { api } from './client';
import { orgEndpoints } from './org-endpoints';

/** Getting the food there (TRANSPORT_ROUTES; docs/DOMAIN-RULES.md, "Volunteers and their trips"). */
export const transportEndpoints = {
  profile: () => api<VolunteerProfileView>(TRANSPORT_ROUTES.volunteerProfile, { auth: true }),
  saveProfile: (body: VolunteerProfileBody) => api<VolunteerProfileView>(TRANSPORT_ROUTES.volunteerProfile, { method: 'PUT', body, auth: true }),
  offer: (requestId: number, note: string) =>
    api<TransportOfferView>(apiPath(TRANSPORT_ROUTES.offerTransport, { id: requestId }), { method: 'POST', body: note ? { note } : {}, auth: true }),
  myOffers: () => api<TransportOfferList>(TRANSPORT_ROUTES.myOffers, { auth: true }),
  accept: (offerId: number) => api<TransportOfferView>(apiPath(TRANSPORT_ROUTES.acceptOffer, { id: offerId }), { method: 'POST', body: {}, auth: true }),
  decline: (offerId: number) => api<TransportOfferView>(apiPath(TRANSPORT_ROUTES.declineOffer, { id: offerId }), { method: 'POST', body: {}, auth: true }),
  onTheWay: (requestId: number, etaMinutes: number) =>
    api<TripState>(apiPath(TRANSPORT_ROUTES.onTheWay, { id: requestId }), { method: 'POST', body: { eta_minutes: etaMinutes }, auth: true }),
  delivered: (requestId: number) => api<TripState>(apiPath(TRANSPORT_ROUTES.delivered, { id: requestId }), { method: 'POST', body: {}, auth: true }),
  /** The volunteer gives the pickup back (their coordinators are told at once). */
  giveBack: (requestId: number): Promise<RequestAssignment> => orgEndpoints.unassign(requestId),
  trip: (requestId: number) => api<TripState>(apiPath(TRANSPORT_ROUTES.trip, { id: requestId }), { auth: true }),
  day: (date: string) => api<TripDay>(`${TRANSPORT_ROUTES.trips}?${new URLSearchParams({ date })}`, { auth: true }),
  reorder: (date: string, requestIds: number[]) =>
    api<TripDay>(apiPath(TRANSPORT_ROUTES.tripOrder, { date }), { method: 'PUT', body: { request_ids: requestIds }, auth: true }),
};
