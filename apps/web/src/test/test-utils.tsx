import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  cairoDate,
  type AnyEventEnvelope,
  type CharityRequestItem,
  type DomainEventPayloads,
  type DomainEventType,
  type DonorFoodItem,
  type FoodItemView,
  type NotificationView,
  type UserType,
} from '@food-link/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { storeSession } from '../session/session';
import { AnnouncerProvider } from '../live/announcer';
import { LiveTotalsSync } from '../live/live-totals-sync';
import { LiveContext } from '../live/live-context';
import type { LiveHub } from '../live/live-hub';

/** Test helpers for the donor and charity screens: API replies, factories, sessions and rendering. */

export { failure, heldReply, mockApi, type Reply } from './mock-api';

export function foodItem(overrides: Partial<FoodItemView> = {}): FoodItemView {
  const id = overrides.id ?? 1;
  return {
    id,
    food_id: id,
    food_name: 'Koshari',
    quantity: 40,
    quantity_left: overrides.quantity ?? 40,
    description: 'Cooked this morning',
    expiration_date: '2030-05-20',
    status: 'available',
    governorate: 'EG-C',
    area: 'Downtown',
    pickup_from: null,
    pickup_until: null,
    safe_until: '2030-05-20T21:00:00.000Z',
    category: 'other',
    storage: 'ambient',
    unit: 'portion',
    weight_kg: null,
    allergens: [],
    photo_urls: [],
    thumbnail_urls: [],
    ...overrides,
  };
}

/** An in-app notification; ids are uuids, as the server's are. */
export function notification(overrides: Partial<NotificationView> & { id?: string } = {}): NotificationView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'food.matched',
    created_at: '2030-05-20T10:00:00.000Z',
    read_at: null,
    data: { foodId: 1, foodName: 'Koshari' },
    ...overrides,
  };
}

type Claim = NonNullable<DonorFoodItem['request']>;

/** A donor's item; `request` may name only the claim's fields a test cares about. */
export function donorItem(overrides: Omit<Partial<DonorFoodItem>, 'request'> & { request?: Partial<Claim> | null } = {}): DonorFoodItem {
  const { request, ...rest } = overrides;
  return {
    ...foodItem(rest),
    user_id: 7,
    pickup_point_id: null,
    prepared_at: null,
    offer_stage: 'open',
    offer_open_at: null,
    offer_partner_ids: [],
    photo_count: 0,
    hidden_reason: null,
    created_at: '2030-05-01T10:00:00Z',
    request: request ? claim(request) : null,
    claims: [],
    ...rest,
  };
}

/** The claim on a donor's item, with the fields a test does not care about filled in. */
export function claim(overrides: Partial<Claim> = {}): Claim {
  return {
    request_id: 50,
    status: 'pending',
    quantity: 40,
    name: 'Hope Kitchen',
    email: 'hope@example.org',
    charity_user_id: 9,
    charity_verified: false,
    charity_phone: null,
    reliability: { completed: 0, no_shows: 0, late_cancellations: 0, score: null },
    received: null,
    ...overrides,
  };
}

export function charityRequest(overrides: Partial<CharityRequestItem> = {}): CharityRequestItem {
  const requestId = overrides.request_id ?? 50;
  return {
    request_id: requestId,
    requestId,
    food_id: 1,
    status: 'pending',
    created_at: '2030-05-01T10:00:00Z',
    food_name: 'Koshari',
    quantity: 40,
    claimed_quantity: overrides.quantity ?? 40,
    expiration_date: '2030-05-20',
    governorate: 'EG-C',
    area: 'Downtown',
    pickup_from: null,
    pickup_until: null,
    safe_until: '2030-05-20T21:00:00.000Z',
    unit: 'portion',
    received: null,
    donor_user_id: 7,
    name: 'Nile Bakery',
    email: 'bakery@example.com',
    ...overrides,
  };
}

/** The Cairo calendar date `days` from today (`YYYY-MM-DD`): listings may not lie more than a year ahead. */
export function inDays(days: number): string {
  const [year, month, day] = cairoDate().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Umm al-Qura date of a Gregorian `YYYY-MM-DD`, as the API's occurrences carry it (no operator shift). */
export function hijriOf(date: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year') || part('relatedYear'), month: part('month'), day: part('day') };
}

export function signInAs(userType: UserType, userId: number, name = userType === 'charity' ? 'Hope Kitchen' : 'Nile Bakery') {
  storeSession(`token-${userId}`, { user_id: userId, user_type: userType, name });
}

/** Renders `page` at `url` with a fresh query cache, the announcer and, given a hub, the totals' live sync (as LiveProvider; the areas render their own LiveCacheSync). */
export function renderPage(page: ReactElement, url: string, { hub }: { hub?: LiveHub } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = url.split(/[?#]/)[0];
  const tree = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/Login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>
  );
  const view = render(
    <QueryClientProvider client={client}>
      <AnnouncerProvider>
        {hub ? (
          <LiveContext.Provider value={hub}>
            <LiveTotalsSync />
            {tree}
          </LiveContext.Provider>
        ) : (
          tree
        )}
      </AnnouncerProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

let eventSeq = 0;

/** A live event as the server sends it; each one newer than the last unless told otherwise. */
export function liveEvent<T extends DomainEventType>(
  type: T,
  data: DomainEventPayloads[T],
  { id, occurredAt }: { id?: string; occurredAt?: string } = {},
): AnyEventEnvelope {
  eventSeq += 1;
  return {
    id: id ?? `event-${eventSeq}`,
    type,
    occurredAt: occurredAt ?? new Date(Date.UTC(2030, 0, 1) + eventSeq * 1000).toISOString(),
    data,
  } as AnyEventEnvelope;
}

/** Every key path of a nested text table, to compare the two languages. */
export const textKeys = (texts: object, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' ? textKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/**
 * Gives the browser a position service (jsdom has none) that answers `answer()` each time it is asked:
 * a position, or a refusal (null). Removed again after the test.
 */
export function stubGeolocation(answer: () => { latitude: number; longitude: number } | null) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback) => {
        const coords = answer();
        if (coords) ok({ coords } as GeolocationPosition);
        else fail?.({ code: 1 } as GeolocationPositionError);
      },
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});
