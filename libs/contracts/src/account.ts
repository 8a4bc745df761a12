import { z } from 'zod';
import { FOOD_STATUSES, LIMITS, REQUEST_STATUSES, USER_TYPES } from './domain';
import { text } from './fields';

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
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;

