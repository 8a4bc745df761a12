import {
  API_ROUTES,
  apiPath,
  type AddFoodBody,
  type AddedFoodItem,
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
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
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

export async function apiAddFood(token: string, food: AddFoodBody): Promise<number> {
  return (await call<AddedFoodItem>(API_ROUTES.addFood, { method: 'POST', body: food, token })).id;
}

/** Claims the food for the charity; returns the request id. */
export async function apiRequestPickup(token: string, foodId: number): Promise<number> {
  return (await call<PickupRequestResponse>(API_ROUTES.requestPickup, { method: 'POST', body: { food_id: foodId }, token })).request_id;
}

export async function apiFulfil(token: string, requestId: number): Promise<void> {
  await call(apiPath(API_ROUTES.fulfilRequest, { requestId }), { method: 'PUT', body: { status: 'fulfilled' }, token });
}

/** Adds a pickup point for the donor; returns its id. */
export async function apiAddPickupPoint(token: string, point: PickupPointBody): Promise<number> {
  return (await call<PickupPointView>('/api/pickup-points', { method: 'POST', body: point, token })).id;
}
