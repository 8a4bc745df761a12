import {
  apiPath,
  SCHEDULE_ROUTES,
  type MessageResponse,
  type OccurrenceChangeBody,
  type OccurrenceView,
  type PickupRequestResponse,
  type ScheduleBody,
  type ScheduleView,
  type StandingOccurrenceView,
  type UpdateScheduleBody,
} from '@food-link/contracts';
import { api } from './client';

/** Standing collections (issue 27; docs/API.md, "Standing collections"): the donor's schedules and the charity's week. */
export const scheduleEndpoints = {
  schedules: () => api<ScheduleView[]>(SCHEDULE_ROUTES.schedules, { auth: true }),
  createSchedule: (body: ScheduleBody) => api<ScheduleView>(SCHEDULE_ROUTES.schedules, { method: 'POST', body, auth: true }),
  updateSchedule: (id: number, body: UpdateScheduleBody) =>
    api<ScheduleView>(apiPath(SCHEDULE_ROUTES.schedule, { id }), { method: 'PATCH', body, auth: true }),
  deleteSchedule: (id: number) => api<MessageResponse>(apiPath(SCHEDULE_ROUTES.schedule, { id }), { method: 'DELETE', auth: true }),
  occurrences: (id: number, from: string, to: string) =>
    api<OccurrenceView[]>(`${apiPath(SCHEDULE_ROUTES.occurrences, { id })}?${new URLSearchParams({ from, to })}`, { auth: true }),
  /** That day's quantity, or `{skip: false}` (collect it after all). */
  changeOccurrence: (id: number, date: string, body: OccurrenceChangeBody) =>
    api<OccurrenceView>(apiPath(SCHEDULE_ROUTES.occurrence, { id, date }), { method: 'PATCH', body, auth: true }),
  /** "Nothing today": a day not listed yet is not listed; a listed day's listing is withdrawn. */
  skip: (id: number, date: string) => api<OccurrenceView>(apiPath(SCHEDULE_ROUTES.skip, { id, date }), { method: 'POST', auth: true }),
  standing: () => api<StandingOccurrenceView[]>(SCHEDULE_ROUTES.charityStanding, { auth: true }),
  confirm: (id: number, date: string) =>
    api<PickupRequestResponse>(apiPath(SCHEDULE_ROUTES.confirm, { id, date }), { method: 'POST', auth: true }),
  decline: (id: number, date: string) => api<MessageResponse>(apiPath(SCHEDULE_ROUTES.decline, { id, date }), { method: 'POST', auth: true }),
  leave: (id: number) => api<MessageResponse>(apiPath(SCHEDULE_ROUTES.leaveStanding, { id }), { method: 'DELETE', auth: true }),
};
