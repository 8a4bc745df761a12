import { cairoDate, endOfCairoDay, type AddedFoodItem, type UserType } from '@food-link/contracts';
import type { HttpClient } from './http-client';

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
  type: UserType;
  /** The charity's public number; charities only. */
  charityId?: number;
}

let sequence = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

export const PASSWORD = 'correct horse battery';

/** A calendar date `days` after today in Cairo. */
export function cairoDateIn(days: number): string {
  const today = new Date(`${cairoDate()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first Cairo date a listing can carry as its expiration date: today, unless less than 35 minutes of
 * it are left (a listing must stay safe for at least 30 minutes: docs/DOMAIN-RULES.md), then tomorrow. For
 * tests that list food "good until tonight" and must pass at any hour, Cairo's last half hour included.
 */
export function listableDay(): string {
  const leftToday = endOfCairoDay(cairoDate()).getTime() - Date.now();
  return cairoDateIn(leftToday < 35 * 60_000 ? 1 : 0);
}

/** What a sign-up may set besides the defaults: `language` goes in the body, `acceptLanguage` in the header. */
export type SignUpOverrides = Partial<{ name: string; email: string; language: 'ar' | 'en'; acceptLanguage: string }>;

export async function createDonor(http: HttpClient, overrides: SignUpOverrides = {}) {
  return createUser(http, 'donor', overrides);
}

export async function createCharity(http: HttpClient, overrides: SignUpOverrides = {}) {
  return createUser(http, 'charity', overrides);
}

async function createUser(http: HttpClient, type: 'donor' | 'charity', overrides: SignUpOverrides): Promise<TestUser> {
  const id = unique();
  const name = overrides.name ?? (type === 'donor' ? `Donor ${id}` : `Charity ${id}`);
  const email = overrides.email ?? `${type}-${id}@example.eg`;
  const path = type === 'donor' ? '/api/registerdonor' : '/api/registercharity';
  const body = { name, email, password: PASSWORD, ...(overrides.language ? { language: overrides.language } : {}) };
  const headers = overrides.acceptLanguage ? { 'accept-language': overrides.acceptLanguage } : undefined;
  const registered = await http.post(path, body, { headers });
  if (registered.status !== 201) throw new Error(`register ${type} failed: ${JSON.stringify(registered.body)}`);
  const token = await loginAs(http, email);
  return { id: registered.body.user_id, name, email: email.toLowerCase(), password: PASSWORD, token, type, charityId: registered.body.charity_id };
}

export async function loginAs(http: HttpClient, email: string, password = PASSWORD): Promise<string> {
  const login = await http.post('/api/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return login.body.token;
}

/**
 * A hot cooked meal prepared five minutes ago, expiring tomorrow (today's date would end its safe time at
 * Cairo's midnight, under the shortest window late in the evening); its partners stage is
 * OFFER_COOKED_MINUTES.
 */
export async function addCookedMeal(http: HttpClient, donor: TestUser, food_name = 'Molokhia with rice'): Promise<AddedFoodItem> {
  const response = await http.post(
    '/api/add',
    {
      food_name,
      quantity: 20,
      description: 'Cooked this morning',
      expiration_date: cairoDateIn(1),
      category: 'cooked_meal',
      storage: 'hot',
      prepared_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    { token: donor.token },
  );
  if (response.status !== 201) throw new Error(`add cooked meal failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function addFood(
  http: HttpClient,
  donor: TestUser,
  overrides: Partial<{ food_name: string; quantity: number; description: string; expiration_date: string }> = {},
): Promise<AddedFoodItem> {
  const response = await http.post(
    '/api/add',
    { food_name: 'Koshary', quantity: 10, description: 'Fresh koshary boxes', expiration_date: cairoDateIn(2), ...overrides },
    { token: donor.token },
  );
  if (response.status !== 201) throw new Error(`add food failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The charity claims the listing (all that is left, or `quantity` of it: partial claims); the request's id. */
export async function requestPickup(http: HttpClient, charity: TestUser, foodId: number, quantity?: number): Promise<number> {
  const response = await http.post('/api/request', { food_id: foodId, ...(quantity === undefined ? {} : { quantity }) }, { token: charity.token });
  if (response.status !== 201) throw new Error(`pickup request failed: ${JSON.stringify(response.body)}`);
  return response.body.request_id;
}

/** A valid pickup point body (PickupPointBody); `overrides` change, add or (with undefined) leave out fields. */
export function pickupPointBody(overrides: Record<string, unknown> = {}) {
  return {
    label: 'Tahrir branch',
    governorate: 'EG-C',
    area: 'Downtown',
    address_line: '12 Talaat Harb Street',
    landmark: 'Next to the Al-Nour mosque',
    lat: 30.0478,
    lng: 31.2386,
    contact_name: 'Mona Adel',
    contact_phone: '010 1234 5678',
    notes: 'Ring twice',
    ...overrides,
  };
}

/** Creates a pickup point for the donor and returns its view. */
export async function createPickupPoint(http: HttpClient, donor: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await http.post('/api/pickup-points', pickupPointBody(overrides), { token: donor.token });
  if (response.status !== 201) throw new Error(`create pickup point failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: number; governorate: string; area: string; is_default: boolean };
}

/**
 * Makes charities verified directly in the database, as if an operator had approved their submission
 * (tests of the claim limit of verified charities, or of partners, which must be verified). The decision
 * itself is tested through the API in verification.int-spec.ts.
 */
export async function verifyCharities(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, ...charities: TestUser[]): Promise<void> {
  await db.query(
    `UPDATE charities SET verification_status = 'verified', moss_number = '1/' || user_id, document_key = 'doc-' || md5(user_id::text) || '.pdf',
            document_type = 'application/pdf', submitted_at = now(), decided_at = now(), claim_limit = 5
      WHERE user_id = ANY($1::int[])`,
    [charities.map((charity) => charity.id)],
  );
}
