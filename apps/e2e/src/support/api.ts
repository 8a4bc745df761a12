import {
  API_ROUTES,
  EXTRA_ROUTES,
  IMPACT_ROUTES,
  MODERATION_ROUTES,
  PARTNER_ROUTES,
  VERIFICATION_ROUTES,
  type DonorImpactResponse,
  apiPath,
  type AddFoodBody,
  type AddedFoodItem,
  type DonorFoodItem,
  type LoginResponse,
  type PickupPointBody,
  type PickupPointView,
  type PickupRequestResponse,
} from '@food-link/contracts';
import { baseUrl } from './browser';
import type { E2eUser } from './users';

/**
 * Direct HTTP calls for setting the scene quickly (a donor's listings, a claim) where the scenario is
 * about something else; what a scenario is about always goes through the UI.
 */
async function call<T>(path: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  // A FormData body (a document) sets its own multipart content type with the boundary.
  const multipart = body instanceof FormData;
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { ...(multipart ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface ApiSession {
  token: string;
  /** What the web app's login keeps in local storage, to open a signed-in page without the form. */
  storage: Record<string, string>;
}

/** Registers the user and logs in over HTTP. */
export async function apiSignUp(user: E2eUser, kind: 'donor' | 'charity'): Promise<ApiSession> {
  await call(kind === 'donor' ? API_ROUTES.registerDonor : API_ROUTES.registerCharity, { method: 'POST', body: user });
  const login = await call<LoginResponse>(API_ROUTES.login, { method: 'POST', body: { email: user.email, password: user.password } });
  const [data] = login.data;
  return {
    token: login.token,
    storage: { token: login.token, userId: String(data.user_id), userType: data.user_type, charityName: data.name },
  };
}

/** The run's operator (OPERATOR_EMAIL of the global setup), logged in over HTTP; returns the token. */
export async function apiOperatorLogin(): Promise<string> {
  const [email, password] = [process.env.E2E_OPERATOR_EMAIL, process.env.E2E_OPERATOR_PASSWORD];
  if (!email || !password) throw new Error('E2E_OPERATOR_EMAIL is not set: the global setup did not start the stack');
  return (await call<LoginResponse>(API_ROUTES.login, { method: 'POST', body: { email, password } })).token;
}

/** The run's operator logged in over HTTP, as a session to open the console without the form. */
export async function apiOperatorSession(): Promise<ApiSession> {
  const [email, password] = [process.env.E2E_OPERATOR_EMAIL, process.env.E2E_OPERATOR_PASSWORD];
  if (!email || !password) throw new Error('E2E_OPERATOR_EMAIL is not set: the global setup did not start the stack');
  const login = await call<LoginResponse>(API_ROUTES.login, { method: 'POST', body: { email, password } });
  const [data] = login.data;
  return { token: login.token, storage: { token: login.token, userId: String(data.user_id), userType: data.user_type } };
}

/**
 * Makes the charity verified as it would be for real: it sends its registration with a document, and the
 * operator approves it (`charity-verification.e2e-spec.ts` does both through the screens).
 */
export async function apiVerifyCharity(charity: ApiSession, operatorToken: string, document: Buffer): Promise<void> {
  await apiSubmitVerification(
    charity.token,
    { moss_number: `1/${charity.storage.userId}`, address: '7 Qasr El Nil St, Downtown, Cairo', contact_phone: '0101 234 5678' },
    { name: 'moss-certificate.png', type: 'image/png', data: document },
  );
  const userId = charity.storage.userId;
  await call(apiPath(VERIFICATION_ROUTES.opsDecide, { userId }), { method: 'POST', body: { decision: 'verify' }, token: operatorToken });
}

/** Hides the listing as an operator would (the moderation scenario does it through the console). */
export async function apiHideFood(operatorToken: string, foodId: number, reason: string): Promise<void> {
  await call(apiPath(MODERATION_ROUTES.hideFood, { id: foodId }), { method: 'POST', body: { reason }, token: operatorToken });
}

/** `POST /api/add` as it goes over the wire: the instants are ISO 8601 strings (the shape parses them to dates). */
export type AddFoodWire = Omit<AddFoodBody, 'pickup_from' | 'pickup_until' | 'prepared_at'> & {
  pickup_from?: string | null;
  pickup_until?: string | null;
  prepared_at?: string | null;
};

export async function apiAddFood(token: string, food: AddFoodWire): Promise<number> {
  return (await call<AddedFoodItem>(API_ROUTES.addFood, { method: 'POST', body: food, token })).id;
}

/** Claims the food for the charity; returns the request id. */
/** Claims the listing: all that is left, or `quantity` of it (partial claims); the request's id. */
export async function apiRequestPickup(token: string, foodId: number, quantity?: number): Promise<number> {
  const body = { food_id: foodId, ...(quantity === undefined ? {} : { quantity }) };
  return (await call<PickupRequestResponse>(API_ROUTES.requestPickup, { method: 'POST', body, token })).request_id;
}

export async function apiFulfil(token: string, requestId: number): Promise<void> {
  await call(apiPath(API_ROUTES.fulfilRequest, { requestId }), { method: 'PUT', body: { status: 'fulfilled' }, token });
}

/** Adds a pickup point for the donor; returns its id. */
export async function apiAddPickupPoint(token: string, point: PickupPointBody): Promise<number> {
  return (await call<PickupPointView>(EXTRA_ROUTES.pickupPoints, { method: 'POST', body: point, token })).id;
}

/** The donor's listings as the API has them (to check what the UI did, or did not, change). */
export function apiDonorFood(token: string, userId: number | string): Promise<DonorFoodItem[]> {
  return call<DonorFoodItem[]>(apiPath(API_ROUTES.donorFood, { userId }), { token });
}

/** The donor's impact, once the worker's projection has counted a fulfilment (it runs after the event). */
export async function apiCountedImpact(token: string): Promise<DonorImpactResponse> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const impact = await call<DonorImpactResponse>(IMPACT_ROUTES.donor, { token });
    if (impact.kg > 0) return impact;
    if (Date.now() > deadline) throw new Error('No fulfilled donation was counted in the donor impact');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends the charity's registration for review (multipart, as the form does), with the document given. */
export async function apiSubmitVerification(
  token: string,
  fields: { moss_number: string; address: string; contact_phone: string },
  document: { name: string; type: string; data: Buffer },
): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('document', new Blob([new Uint8Array(document.data)], { type: document.type }), document.name);
  await call(VERIFICATION_ROUTES.charity, { method: 'POST', body, token });
}

/** Names the donor's partner charities (accounts, in order): a new schedule's standing charities. */
export async function apiSetPartners(token: string, charityIds: number[]): Promise<void> {
  await call(PARTNER_ROUTES.donorPartners, { method: 'PUT', body: { charity_ids: charityIds }, token });
}
