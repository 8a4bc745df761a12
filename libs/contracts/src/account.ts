import { z } from 'zod';
import { FOOD_STATUSES, LANGUAGES, LIMITS, REQUEST_STATUSES, USER_TYPES } from './domain';
import { emailText, oneOf, text } from './fields';
import { RegisterBody } from './http';
import { GOVERNORATE_CODES } from './places';
import { CharityProfileView, NotificationPreferences, NotificationView } from './notifications';
import { VolunteerProfileView } from './transport';
import { AUDIT_ACTIONS, DOCUMENT_TYPES, VERIFICATION_STATUSES } from './verification-constants';

/**
 * A user's own personal data (Egypt's Personal Data Protection Law, 151 of 2020): a download of
 * everything stored about them, and deleting the account. Operators can do both on a user's behalf.
 * (The paths, ACCOUNT_ROUTES, are in routes.ts: the web's first screen needs them without these shapes.)
 */

export const DeleteAccountBody = z
  .object({
    password: text(LIMITS.passwordMaxLength, { trim: false, format: 'password', description: "The account's password, to confirm" }),
  })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** `POST /api/auth/forgot-password`: where to send a reset link, and the language to write it in. */
export const ForgotPasswordBody = z
  .object({
    email: emailText(LIMITS.emailMaxLength, { mustBeValid: true, description: 'The sign-in e-mail, any case', example: 'koshary.tahrir@demo.foodlink.eg' }),
    language: oneOf(LANGUAGES, { description: "The e-mail's language; default: the request's Accept-Language, else English" }).optional(),
  })
  .meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** `POST /api/auth/reset-password`: the link's token and the new password (the sign-up rules). */
export const ResetPasswordBody = z
  .object({
    token: text(LIMITS.resetTokenMaxLength, { trim: true, description: 'The `token` of the e-mailed link', example: 'q3Jm…' }),
    password: RegisterBody.shape.password,
  })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The answer to every forgot-password request, whatever happens next (so it tells nobody whether an account exists). */
export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this e-mail address, a link to reset its password is on its way';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed; sign in with it';

const isoTime = () => z.string().meta({ format: 'date-time' });

/** Everything stored about a user, as the export hands it over. */
export const AccountExport = z
  .object({
    exported_at: isoTime(),
    account: z.object({ user_id: z.int(), name: z.string(), email: z.string(), user_type: z.enum(USER_TYPES), created_at: isoTime() }),
    charity: z.object({ charity_id: z.int(), created_at: isoTime() }).nullable().meta({ description: 'Charities only: the public charity number' }),
    donations: z
      .array(
        z.object({
          food_id: z.int(),
          food_name: z.string(),
          quantity: z.int(),
          description: z.string(),
          expiration_date: z.string().meta({ format: 'date' }),
          status: z.enum(FOOD_STATUSES),
          created_at: isoTime(),
          requests: z.array(
            z.object({ request_id: z.int(), status: z.enum(REQUEST_STATUSES), created_at: isoTime(), charity_name: z.string() }),
          ),
        }),
      )
      .meta({ description: 'Donors: every item listed, with the requests made for it' }),
    pickup_requests: z
      .array(
        z.object({
          request_id: z.int(),
          status: z.enum(REQUEST_STATUSES),
          created_at: isoTime(),
          food_id: z.int(),
          food_name: z.string(),
          quantity: z.int(),
          donor_name: z.string(),
        }),
      )
      .meta({ description: 'Charities: every pickup request made' }),
    charity_profile: CharityProfileView.nullable().meta({ description: 'Charities only: the matching profile (with its phone), `saved: false` when none was saved' }),
    notification_preferences: NotificationPreferences.meta({ description: 'Choices per kind and channel, and the language of e-mail and push (the defaults when never saved)' }),
    volunteer_profile: VolunteerProfileView.nullable().meta({ description: "Volunteers: the profile they saved (vehicle, what it carries, governorates, hours); null when they saved none" }),
    trip_orders: z
      .array(z.object({ date: z.string(), request_ids: z.array(z.int()) }))
      .meta({ description: 'Volunteers: the order they chose for the pickups of a day (PUT /api/volunteer/trips/{date}/order)' }),
    notifications: z.array(NotificationView).meta({ description: 'Every in-app notification, newest first' }),
    push_subscriptions: z
      .array(z.object({ endpoint: z.string(), created_at: isoTime(), last_success_at: isoTime().nullable() }))
      .meta({ description: "The browsers that receive Web Push (the push service's address; not the browser's keys)" }),
    partners: z
      .array(z.object({ charity_name: z.string(), position: z.int(), created_at: isoTime() }))
      .meta({ description: 'Donors: the partner charities named, in order' }),
    partner_of: z
      .array(z.object({ donor_name: z.string(), created_at: isoTime() }))
      .meta({ description: 'Charities: the donors that named it a partner' }),
    pickup_points: z
      .array(
        z.object({
          id: z.int(),
          label: z.string(),
          governorate: z.enum(GOVERNORATE_CODES),
          area: z.string(),
          address_line: z.string().nullable(),
          landmark: z.string().nullable(),
          lat: z.number().nullable(),
          lng: z.number().nullable(),
          contact_name: z.string().nullable(),
          contact_phone: z.string().nullable(),
          notes: z.string().nullable(),
          is_default: z.boolean(),
          created_at: isoTime(),
          deleted_at: isoTime().nullable(),
        }),
      )
      .meta({ description: 'Donors: every pickup point stored, deleted ones too (deleting a point only hides it)' }),
    verification: z
      .object({
        status: z.enum(VERIFICATION_STATUSES),
        moss_number: z.string().nullable(),
        address: z.string().nullable(),
        contact_phone: z.string().nullable(),
        submitted_at: isoTime().nullable(),
        decided_at: isoTime().nullable(),
        reason: z.string().nullable(),
        claiming_suspended_until: isoTime().nullable(),
        document: z
          .object({ type: z.enum(DOCUMENT_TYPES), note: z.string() })
          .nullable()
          .meta({ description: 'The document submitted: its type and a note on where to get the file (its bytes are not in the export)' }),
        audit: z
          .array(z.object({ action: z.enum(AUDIT_ACTIONS), reason: z.string().nullable(), status_before: z.enum(VERIFICATION_STATUSES), status_after: z.enum(VERIFICATION_STATUSES), created_at: isoTime() }))
          .meta({ description: 'Its audit trail: submissions and decisions, oldest first' }),
      })
      .nullable()
      .meta({ description: 'Charities only: the verification submitted (Ministry of Social Solidarity registration) and its decisions' }),
  })
  .meta({ id: 'AccountExport' });

/** The export's note on the verification document, whose bytes it leaves out. */
export const EXPORT_DOCUMENT_NOTE =
  'The document file itself is not part of this export; download it from GET /api/charity/verification/document while signed in.';
export type AccountExport = z.infer<typeof AccountExport>;

