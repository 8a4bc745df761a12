import type { FoodStatus, RequestStatus, UserType } from './domain';

/**
 * A user's own personal data (Egypt's Personal Data Protection Law, 151 of 2020): a download of
 * everything stored about them, and deleting the account. Operators can do both on a user's behalf.
 */
export const ACCOUNT_ROUTES = {
  /** GET: the signed-in user's data as a JSON download. */
  export: '/api/account/export',
  /** POST `{ password }`: delete the signed-in user's account. */
  delete: '/api/account/delete',
  /** GET (operators): a user's data. */
  opsExport: '/api/ops/users/:userId/export',
  /** DELETE (operators): delete a user's account on their request. */
  opsDelete: '/api/ops/users/:userId',
} as const;

export interface DeleteAccountBody {
  /** The account's password, to confirm. */
  password: string;
}

export interface AccountExport {
  exported_at: string;
  account: { user_id: number; name: string; email: string; user_type: UserType; created_at: string };
  /** Charities only: the public charity number. */
  charity: { charity_id: number; created_at: string } | null;
  /** Donors: every item listed, with the requests made for it. */
  donations: {
    food_id: number;
    food_name: string;
    quantity: number;
    description: string;
    expiration_date: string;
    status: FoodStatus;
    created_at: string;
    requests: { request_id: number; status: RequestStatus; created_at: string; charity_name: string }[];
  }[];
  /** Charities: every pickup request made. */
  pickup_requests: {
    request_id: number;
    status: RequestStatus;
    created_at: string;
    food_id: number;
    food_name: string;
    quantity: number;
    donor_name: string;
  }[];
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';
