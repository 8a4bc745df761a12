import type { MyPickup, OrgMember, OrgView, PendingInvitation } from '@food-link/contracts';

/** Test helpers for the organisation's screens: an organisation, its members, invitations and pickups. */

export function member(overrides: Partial<OrgMember> = {}): OrgMember {
  return { user_id: 7, name: 'Nile Bakery', email: 'bakery@example.com', role: 'admin', pickup_point_ids: [], ...overrides };
}

export function donorOrg(overrides: Partial<OrgView> = {}): OrgView {
  return {
    id: 1,
    name: 'Nile Bakery',
    kind: 'donor',
    account_id: 7,
    my_role: 'admin',
    my_pickup_point_ids: [],
    members: [
      member(),
      member({ user_id: 21, name: 'Mona Adel', email: 'mona@example.com', role: 'staff', pickup_point_ids: [3] }),
    ],
    ...overrides,
  };
}

export function charityOrg(overrides: Partial<OrgView> = {}): OrgView {
  return {
    id: 2,
    name: 'Hope Kitchen',
    kind: 'charity',
    account_id: 9,
    my_role: 'admin',
    my_pickup_point_ids: [],
    members: [
      member({ user_id: 9, name: 'Hope Kitchen', email: 'hope@example.org', role: 'admin' }),
      member({ user_id: 31, name: 'Omar Said', email: 'omar@example.org', role: 'volunteer' }),
    ],
    ...overrides,
  };
}

export function invitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    invitation_id: 5,
    email: 'sara@example.com',
    role: 'viewer',
    pickup_point_ids: [],
    invited_by: 'Nile Bakery',
    created_at: '2030-05-01T10:00:00.000Z',
    expires_at: '2030-05-08T10:00:00.000Z',
    ...overrides,
  };
}

export function pickup(overrides: Partial<MyPickup> = {}): MyPickup {
  return {
    request_id: 50,
    food_id: 1,
    food_name: 'Koshari',
    quantity: 40,
    status: 'pending',
    pickup_code: '482913',
    donor_name: 'Nile Bakery',
    address: '12 Talaat Harb Street, Downtown',
    phone: '+201001234567',
    window_start: null,
    window_end: null,
    unit: 'portion',
    received: null,
    ...overrides,
  };
}
