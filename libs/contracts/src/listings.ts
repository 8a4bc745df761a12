import { z } from 'zod';
import { FOOD_CATEGORIES, LIMITS, REQUEST_STATUSES, STORAGE_KINDS } from './domain';
import { count, dateTime, egyptianMobile, id, latitude, longitude, number, oneOf, optionalText, said, text, wholeNumber, kilograms } from './fields';
import { GOVERNORATE_CODES } from './places';
import { isCalendarDate } from './dates';

/** Any real calendar date `YYYY-MM-DD` (past or future). */
function calendarDay(doc: { description?: string; example?: unknown } = {}) {
  const bad = 'must be a date written YYYY-MM-DD';
  return z
    .string({ error: bad })
    .refine(isCalendarDate, { error: bad })
    .meta({ ...doc, format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
}
import { Reliability } from './http';

/*
 * Shapes of what this stage adds around a listing (docs/DOMAIN-RULES.md): donors' pickup points, the pickup details
 * a claim opens, the charity's report of what it received, photos, and reliability.
 */

const pickupPointFields = {
  label: text(LIMITS.labelMaxLength, { description: 'The donor\'s name for the place', example: 'Tahrir branch' }),
  governorate: oneOf(GOVERNORATE_CODES, { description: 'ISO 3166-2:EG code' }),
  area: text(LIMITS.areaMaxLength, { description: 'District or neighbourhood (shown publicly)', example: 'Downtown' }),
  address_line: text(LIMITS.addressMaxLength, { description: 'Street and building', example: '12 Talaat Harb Street' }),
  landmark: optionalText(LIMITS.landmarkMaxLength, { description: 'How to find it', example: 'Next to the Al-Nour mosque, green door' }),
  lat: latitude({ description: 'Map position (with lng)' }).nullish(),
  lng: longitude({ description: 'Map position (with lat)' }).nullish(),
  contact_name: text(LIMITS.nameMaxLength, { description: 'Who hands the food over', example: 'Mona Adel' }),
  contact_phone: egyptianMobile({ description: 'Egyptian mobile; any usual form, answered as E.164' }),
  notes: optionalText(LIMITS.notesMaxLength, { description: 'For the entrance, parking, hours', example: 'Ring the bell twice' }),
  is_default: z.boolean({ error: 'must be true or false' }).optional().meta({ description: 'New listings take this point; the first point is the default' }),
};

function positionWhole(point: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx): void {
  const hasLat = point.lat !== undefined && point.lat !== null;
  const hasLng = point.lng !== undefined && point.lng !== null;
  if (hasLat && !hasLng) ctx.addIssue({ code: 'custom', path: ['lng'], message: 'is required with lat' });
  if (hasLng && !hasLat) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required with lng' });
}

export const PickupPointBody = z.object(pickupPointFields).superRefine(positionWhole).meta({ id: 'PickupPointBody' });
export type PickupPointBody = z.infer<typeof PickupPointBody>;

/** `PATCH /api/pickup-points/{id}`: any of the fields; null clears an optional one (lat and lng together). */
export const UpdatePickupPointBody = z
  .object({
    label: pickupPointFields.label.optional(),
    governorate: pickupPointFields.governorate.optional(),
    area: pickupPointFields.area.optional(),
    address_line: pickupPointFields.address_line.optional(),
    landmark: pickupPointFields.landmark,
    lat: pickupPointFields.lat,
    lng: pickupPointFields.lng,
    contact_name: pickupPointFields.contact_name.optional(),
    contact_phone: pickupPointFields.contact_phone.optional(),
    notes: pickupPointFields.notes,
    is_default: pickupPointFields.is_default,
  })
  .superRefine((body, ctx) => {
    // A position changes whole: both numbers, or both null to clear it.
    if (body.lat !== undefined && (body.lng === undefined || (body.lat === null) !== (body.lng === null))) {
      ctx.addIssue({ code: 'custom', path: ['lng'], message: 'is required with lat' });
    } else if (body.lng !== undefined && (body.lat === undefined || (body.lat === null) !== (body.lng === null))) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required with lng' });
    }
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'must change at least one field' })
  .meta({ id: 'UpdatePickupPointBody' });
export type UpdatePickupPointBody = z.infer<typeof UpdatePickupPointBody>;

/** A pickup point as its donor (and, through pickup details, the claiming charity) sees it. */
export const PickupPointView = z
  .object({
    id: id('The pickup point', 3),
    label: said("The donor's name for the place", 'Tahrir branch'),
    governorate: z.enum(GOVERNORATE_CODES).meta({ example: 'EG-C' }),
    area: said('District', 'Downtown'),
    address_line: said('Street and building', '12 Talaat Harb Street'),
    landmark: said('How to find it', 'Next to the Al-Nour mosque, green door').nullable(),
    lat: number('Latitude', 30.0478).nullable(),
    lng: number('Longitude', 31.2386).nullable(),
    contact_name: said('Who hands the food over', 'Mona Adel'),
    contact_phone: said('E.164', '+201001234567'),
    notes: said('For the entrance', 'Ring the bell twice').nullable(),
    is_default: z.boolean(),
    active_listings: count('Available or claimed listings using it (it cannot be deleted while any do)', 2),
  })
  .meta({ id: 'PickupPointView' });
export type PickupPointView = z.infer<typeof PickupPointView>;

/**
 * `GET /api/requests/{requestId}/pickup`: what the claiming charity needs to go and collect, for it, the
 * donor and operators. `pickup_code` only for the charity.
 */
export const PickupDetails = z
  .object({
    request_id: id('The pickup request', 9),
    food_id: id('The food item', 15),
    status: z.enum(REQUEST_STATUSES).meta({ example: 'pending' }),
    food_name: said('What is collected', 'Koshary boxes'),
    category: z.enum(FOOD_CATEGORIES).meta({ description: 'What kind of food: the advice on carrying it follows it', example: 'cooked_meal' }),
    storage: z.enum(STORAGE_KINDS).meta({ description: 'How it is kept: the advice on carrying it follows it', example: 'hot' }),
    pickup_from: dateTime('Collect from').nullable(),
    pickup_until: dateTime('Collect by').nullable(),
    safe_until: dateTime('The food stops being safe at this moment'),
    serve_within_minutes: count('Serve or chill cooked food (category cooked_meal, or kept hot) within this long of collecting it', 90),
    point: PickupPointView.omit({ is_default: true, active_listings: true, id: true })
      .extend({ map_url: said('Opens the position in a map app', 'https://www.google.com/maps/search/?api=1&query=30.0478,31.2386').nullable() })
      .nullable()
      .meta({ description: 'Where to collect; null when the donor gave no pickup point (ask the donor by e-mail)' }),
    donor_name: said("The donor's name", 'Koshary El Tahrir'),
    charity_name: said("The claiming charity's name", 'Ahl Masr Foundation'),
    pickup_code: z
      .string()
      .nullable()
      .meta({ description: 'For the charity only: the code to show at the door (null for others)', example: '482913' }),
  })
  .meta({ id: 'PickupDetails' });
export type PickupDetails = z.infer<typeof PickupDetails>;

/** `POST /api/requests/{id}/received`, after fulfilment: at least one field. */
export const ReceivedBody = z
  .object({
    received_quantity: wholeNumber(
      { min: 0, max: LIMITS.quantityMax },
      { notWhole: 'must be a whole number', tooBig: `must not exceed ${LIMITS.quantityMax}` },
      { description: 'How many units arrived' },
    ).optional(),
    received_weight_kg: kilograms({ description: 'How many kg arrived' }).optional(),
    comment: optionalText(LIMITS.commentMaxLength, { description: 'Anything the donor should know' }),
  })
  .refine((body) => body.received_quantity !== undefined || body.received_weight_kg !== undefined || body.comment, {
    error: 'must report received_quantity, received_weight_kg or a comment',
  })
  .meta({ id: 'ReceivedBody' });
export type ReceivedBody = z.infer<typeof ReceivedBody>;

export const ReliabilityResponse = Reliability;

/** `POST /api/food/{id}/photos`: the item's photos after the upload. */
export const PhotosResponse = z
  .object({
    photo_urls: z.array(z.string()).meta({ example: ['/api/photos/3f2a….webp'] }),
    thumbnail_urls: z.array(z.string()).meta({ example: ['/api/photos/3f2a…-thumb.webp'] }),
  })
  .meta({ id: 'PhotosResponse' });
export type PhotosResponse = z.infer<typeof PhotosResponse>;

/** An operator's heatwave override: the day's high (°C) used by the 1-hour rule in a governorate on a date. */
export const HeatOverrideBody = z
  .object({
    governorate: oneOf(GOVERNORATE_CODES, { description: 'ISO 3166-2:EG code' }),
    date: calendarDay({ example: '2026-07-14' }),
    high_c: z.number({ error: 'must be a temperature in °C' }).min(-10, { error: 'must be at least -10' }).max(60, { error: 'must be at most 60' }).meta({ example: 44 }),
  })
  .meta({ id: 'HeatOverrideBody' });
export type HeatOverrideBody = z.infer<typeof HeatOverrideBody>;

/** Which override `DELETE /api/ops/heat-overrides` removes (query string or body). */
export const HeatOverrideKey = HeatOverrideBody.pick({ governorate: true, date: true }).meta({ id: 'HeatOverrideKey' });
export type HeatOverrideKey = z.infer<typeof HeatOverrideKey>;

export const NoShowResponse = z
  .object({ message: said('For display', 'No-show recorded'), status: z.literal('not_collected'), food_status: said('Where the item went', 'available') })
  .meta({ id: 'NoShowResponse' });
export type NoShowResponse = z.infer<typeof NoShowResponse>;

