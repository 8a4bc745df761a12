import { z } from 'zod';
import { isCalendarDate } from './dates';
import { calendarDate, count, dateTime, id, latitude, longitude, number, optionalText, said, setOf } from './fields';
import { ReceivingHours } from './notifications';
import { MemberRef } from './organisations';
import { GOVERNORATE_CODES } from './places';

/*
 * Getting the food there (issue 28; docs/DOMAIN-RULES.md, "Volunteers and their trips"): a volunteer's
 * vehicle and area, the coordinator's offer of a pickup to the charity's volunteers, the trip (on the way,
 * delivered) and a volunteer's day of pickups.
 */

export const TRANSPORT_ROUTES = {
  /** GET → VolunteerProfileView; PUT VolunteerProfileBody → VolunteerProfileView (volunteers). */
  volunteerProfile: '/api/volunteer/profile',
  /** POST TransportOfferBody → 201 TransportOfferView (the claiming charity's admins and coordinators). */
  offerTransport: '/api/requests/:id/transport',
  /** GET → TransportOfferList: the open offers told to the signed-in volunteer. */
  myOffers: '/api/volunteer/offers',
  /** POST → TransportOfferView: the offer's pickup becomes the volunteer's (one wins; the others 409). */
  acceptOffer: '/api/transport/:id/accept',
  /** POST → TransportOfferView: the volunteer will not take it. */
  declineOffer: '/api/transport/:id/decline',
  /** POST OnTheWayBody → TripState (the assignee). */
  onTheWay: '/api/requests/:id/on-the-way',
  /** POST → TripState (the assignee, after the handover). */
  delivered: '/api/requests/:id/delivered',
  /** GET → TripState: who is coming and when (the request's donor, its charity, the assignee). */
  trip: '/api/requests/:id/trip',
  /** GET `?date=YYYY-MM-DD[&from=lat,lng]` → TripDay (volunteers). */
  trips: '/api/volunteer/trips',
  /** PUT TripOrderBody → TripDay (volunteers). */
  tripOrder: '/api/volunteer/trips/:date/order',
} as const;

export const VEHICLES = ['on_foot', 'bicycle', 'motorbike', 'tuk_tuk', 'car', 'van'] as const;
export type Vehicle = (typeof VEHICLES)[number];

export const TRANSPORT_LIMITS = {
  /** The most a volunteer may say they carry, kg. */
  capacityKgMax: 2000,
  /** An ETA is at most this many minutes away. */
  etaMinutesMax: 24 * 60,
  /** The note of an offer. */
  noteMax: 300,
  /** Default minutes an offer waits for a volunteer (TRANSPORT_OFFER_MINUTES). */
  offerMinutes: 30,
} as const;

/** `PUT /api/volunteer/profile`: how the volunteer travels, what it carries, where and when they go. */
export const VolunteerProfileBody = z
  .object({
    vehicle: z
      .enum(VEHICLES, { error: `must be one of: ${VEHICLES.join(', ')}` })
      .meta({ description: 'How the volunteer travels', example: 'car' }),
    capacity_kg: z
      .number({ error: 'must be a number of kilograms' })
      .gt(0, { error: 'must be more than 0' })
      .max(TRANSPORT_LIMITS.capacityKgMax, { error: `must not exceed ${TRANSPORT_LIMITS.capacityKgMax}` })
      .transform((value) => Math.round(value * 100) / 100)
      .meta({ description: 'What the vehicle carries, kg', example: 60 }),
    governorates: setOf(GOVERNORATE_CODES, { description: 'ISO 3166-2:EG codes the volunteer collects in' }).min(1, { error: 'must list at least one' }),
    hours: ReceivingHours.meta({ description: 'When the volunteer is free, Cairo time, within one day' }),
  })
  .meta({ id: 'VolunteerProfileBody' });
export type VolunteerProfileBody = z.infer<typeof VolunteerProfileBody>;

/** `GET /api/volunteer/profile`: `saved: false` (and the other fields null) before the first save: not offered pickups until then. */
export const VolunteerProfileView = z
  .object({
    saved: z.boolean(),
    vehicle: z.enum(VEHICLES).nullable(),
    capacity_kg: z.number().nullable(),
    governorates: z.array(z.string()),
    hours: ReceivingHours.nullable(),
  })
  .meta({ id: 'VolunteerProfileView' });
export type VolunteerProfileView = z.infer<typeof VolunteerProfileView>;

export const TransportOfferBody = z
  .object({ note: optionalText(TRANSPORT_LIMITS.noteMax, { description: 'For the volunteers: what to know about the pickup' }) })
  .meta({ id: 'TransportOfferBody' });
export type TransportOfferBody = z.infer<typeof TransportOfferBody>;

export const TRANSPORT_OFFER_STATES = ['open', 'accepted', 'expired', 'withdrawn'] as const;
export type TransportOfferState = (typeof TRANSPORT_OFFER_STATES)[number];

export const TransportOfferView = z
  .object({
    offer_id: id('The offer'),
    request_id: id('The pickup request'),
    food_id: id('The food item'),
    food_name: said('The food item', 'Koshary, 40 portions'),
    weight_kg: z.number().nullable().meta({ description: "The claim's weight, kg: its share of the listing's (null: the listing has none)" }),
    governorate: z.string().nullable(),
    area: z.string().nullable(),
    window_start: dateTime('When the pickup window opens').nullable(),
    window_end: dateTime('When it closes').nullable(),
    note: z.string().nullable(),
    state: z.enum(TRANSPORT_OFFER_STATES),
    expires_at: dateTime('Past this, nobody having accepted it, it goes back to the coordinator'),
    /** How many volunteers were told. */
    told: count('Volunteers told'),
    accepted_by: MemberRef.nullable().meta({ description: 'The volunteer who took it' }),
  })
  .meta({ id: 'TransportOfferView' });
export type TransportOfferView = z.infer<typeof TransportOfferView>;

export const TransportOfferList = z.object({ offers: z.array(TransportOfferView) }).meta({ id: 'TransportOfferList' });
export type TransportOfferList = z.infer<typeof TransportOfferList>;

export const OnTheWayBody = z
  .object({
    eta_minutes: z
      .int({ error: 'must be a whole number of minutes' })
      .min(0, { error: 'must be 0 or more' })
      .max(TRANSPORT_LIMITS.etaMinutesMax, { error: `must be at most ${TRANSPORT_LIMITS.etaMinutesMax}` })
      .meta({ description: 'Minutes until the volunteer reaches the pickup', example: 20 }),
  })
  .meta({ id: 'OnTheWayBody' });
export type OnTheWayBody = z.infer<typeof OnTheWayBody>;

export const TRIP_STAGES = ['assigned', 'on_the_way', 'collected', 'delivered'] as const;
export type TripStage = (typeof TRIP_STAGES)[number];

/** Who is coming for a claim, and when (the donor's card; the volunteer's trip). */
export const TripState = z
  .object({
    request_id: id('The pickup request'),
    stage: z.enum(TRIP_STAGES),
    volunteer: MemberRef.nullable().meta({ description: 'The assigned volunteer; null: nobody' }),
    on_the_way_at: dateTime('When they set off').nullable(),
    eta: dateTime('When they expect to arrive').nullable(),
    delivered_at: dateTime('When they delivered it to the charity').nullable(),
  })
  .meta({ id: 'TripState' });
export type TripState = z.infer<typeof TripState>;

const tripDate = (description: string) =>
  z
    .string({ error: 'must be a date written YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'must be a date written YYYY-MM-DD' })
    .meta({ description, example: '2026-12-01', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** `from=lat,lng`: where the volunteer starts (inside Egypt). */
const startPoint = z
  .string({ error: 'must be lat,lng' })
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => Number(part.trim()));
    const lat = latitude().safeParse(parts[0]);
    const lng = longitude().safeParse(parts[1]);
    if (parts.length !== 2 || !lat.success || !lng.success) {
      ctx.addIssue({ code: 'custom', message: 'must be lat,lng inside Egypt' });
      return z.NEVER;
    }
    return { lat: lat.data, lng: lng.data };
  })
  .meta({ description: 'Where the volunteer starts, `lat,lng`; default: the charity\'s base (its notification profile)', example: '30.0444,31.2357' });

export const TripsQuery = z
  .object({ date: tripDate('The Cairo day'), from: startPoint.optional() })
  .meta({ id: 'TripsQuery' });
export type TripsQuery = z.infer<typeof TripsQuery>;

export const TripOrderBody = z
  .object({
    request_ids: z
      .array(z.int({ error: 'must be request ids' }).min(1, { error: 'must be request ids' }), { error: 'must be a list of request ids' })
      .min(1, { error: 'must list at least one' })
      .max(200, { error: 'must not list more than 200' })
      .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a request' })
      .meta({ description: "The day's pickups in the volunteer's order: exactly the day's", example: [12, 9] }),
  })
  .meta({ id: 'TripOrderBody' });
export type TripOrderBody = z.infer<typeof TripOrderBody>;

export const TripStop = z
  .object({
    request_id: id('The pickup request'),
    food_id: id('The food item'),
    food_name: said('The food item', 'Koshary, 40 portions'),
    donor_name: said('The donor', 'Koshary El Tahrir'),
    address: said('Where to collect it', '12 Tahrir St, Dokki'),
    phone: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    window_start: dateTime('When the window opens').nullable(),
    window_end: dateTime('When it closes').nullable(),
    weight_kg: z.number().nullable(),
    pickup_code: said('The code to show at the door', '483920'),
    status: said("The request's status", 'pending'),
    trip: TripState,
    /** The pickup alone weighs more than the vehicle carries. */
    over_capacity: z.boolean(),
  })
  .meta({ id: 'TripStop' });
export type TripStop = z.infer<typeof TripStop>;

export const TripDay = z
  .object({
    date: calendarDate('The Cairo day'),
    start: z
      .object({ lat: z.number(), lng: z.number(), source: z.enum(['given', 'charity']) })
      .nullable()
      .meta({ description: 'Where the order starts: `from`, or the charity\'s base; null: neither known (the first stop is the earliest window)' }),
    order: z.enum(['suggested', 'volunteer']).meta({ description: "`volunteer`: the volunteer's own order (PUT …/order); else the suggested one" }),
    stops: z.array(TripStop),
    total_kg: number('The weight of the day\'s pickups (those with a weight)', 42.5),
    capacity_kg: z.number().nullable(),
    vehicle: z.enum(VEHICLES).nullable(),
    warnings: z.array(z.enum(['pickup_over_capacity', 'total_over_capacity'])),
    route_url: z.string().nullable().meta({ description: 'The whole route in a maps app (Google Maps directions, the stops as waypoints); null without stops with a position' }),
  })
  .meta({ id: 'TripDay' });
export type TripDay = z.infer<typeof TripDay>;

/** Kilograms of a listing weighed against a capacity (both kg). */
export function overCapacity(weightKg: number | null, capacityKg: number | null): boolean {
  return weightKg !== null && capacityKg !== null && weightKg > capacityKg;
}
