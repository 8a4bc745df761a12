import { useQuery } from '@tanstack/react-query';
import type { OrgRole, OrgView } from '@food-link/contracts';
import { orgEndpoints } from '../api/org-endpoints';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/use-session';

export type OrgAccess =
  | { state: 'signed-out' }
  | { state: 'loading' }
  /**
   * `org` is null when the server could not say (an older server, or a failed call): the screens then
   * show what a lone account's administrator sees, as before organisations, and the server still refuses
   * what the role may not do.
   */
  | { state: 'ready'; role: OrgRole; org: OrgView | null };

/** The signed-in member's organisation and role (`GET /api/org`), which decide what the screens offer. */
export function useOrg(): OrgAccess {
  const session = useSession();
  const query = useQuery({
    queryKey: queryKeys.org(session?.token ?? ''),
    queryFn: orgEndpoints.org,
    enabled: session !== null && session.userType !== 'operator',
    staleTime: 60_000,
  });
  if (!session) return { state: 'signed-out' };
  if (query.isPending && session.userType !== 'operator') return { state: 'loading' };
  if (query.isSuccess) return { state: 'ready', role: query.data.my_role, org: query.data };
  return { state: 'ready', role: 'admin', org: null };
}

/** What each role may do, as the server checks it (docs/ORGANISATIONS.md): the screens hide the rest. */
export const can = {
  /** List food and hand it over (donor). */
  list: (role: OrgRole) => role === 'admin' || role === 'branch_manager' || role === 'staff',
  /** Edit and withdraw listings, report a no-show (donor). */
  manageListings: (role: OrgRole) => role === 'admin' || role === 'branch_manager',
  /** Impact and reports (a branch manager's cover their branches). */
  reports: (role: OrgRole) => role === 'admin' || role === 'branch_manager' || role === 'viewer' || role === 'coordinator',
  /** The organisation's settings: pickup points, partners, verified-only, verification, the account's data. */
  settings: (role: OrgRole) => role === 'admin',
  /** Claim, cancel, assign, report what arrived (charity). */
  claim: (role: OrgRole) => role === 'admin' || role === 'coordinator',
  /** The activity list. */
  activity: (role: OrgRole) => role !== 'volunteer' && role !== 'staff',
  /** Invite, change and remove members. */
  manageMembers: (role: OrgRole) => role === 'admin',
};
