import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationBody, MemberPatchBody } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { orgEndpoints } from '../../api/org-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';

/** The organisation's calls as react-query hooks; every change fetches the organisation again. */
function useToken(): string {
  return useSession()?.token ?? '';
}

export function useInvitations(enabled: boolean) {
  const token = useToken();
  return useQuery({ queryKey: queryKeys.orgInvitations(token), queryFn: orgEndpoints.invitations, enabled });
}

function useRefreshOrg() {
  const client = useQueryClient();
  const token = useToken();
  return () => client.invalidateQueries({ queryKey: queryKeys.org(token) });
}

export function useInvite() {
  const refresh = useRefreshOrg();
  const { i18n } = useTranslation();
  return useMutation({ mutationFn: (body: InvitationBody) => orgEndpoints.invite(body, i18n.language), onSuccess: refresh });
}

export function useWithdrawInvitation() {
  const refresh = useRefreshOrg();
  return useMutation({ mutationFn: (id: number) => orgEndpoints.withdrawInvitation(id), onSuccess: refresh });
}

export function useUpdateMember() {
  const refresh = useRefreshOrg();
  return useMutation({ mutationFn: ({ userId, body }: { userId: number; body: MemberPatchBody }) => orgEndpoints.updateMember(userId, body), onSuccess: refresh });
}

export function useRemoveMember() {
  const refresh = useRefreshOrg();
  return useMutation({ mutationFn: (userId: number) => orgEndpoints.removeMember(userId), onSuccess: refresh });
}

/** The activity list, newest first, a page at a time (`next_cursor` asks for the older ones). */
export function useActivity(enabled: boolean) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: queryKeys.orgActivity(token),
    queryFn: ({ pageParam }) => orgEndpoints.activity(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

export function useMyPickups(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: queryKeys.myPickups(token), queryFn: orgEndpoints.myPickups, enabled });
}
