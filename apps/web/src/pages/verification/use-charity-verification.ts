import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { useSession } from '../../session/use-session';
import { useAnnounce } from '../../live/announcer';
import { useLiveEvent } from '../../live/live-context';

/**
 * The signed-in charity's verification. An operator's decision (or claiming suspended after no-shows)
 * arrives live as `charity.verification` in the charity's own room, with the view as it now stands: it
 * replaces the cached one and is said aloud, so the screen changes without a reload.
 */
export function useCharityVerification() {
  const session = useSession();
  const client = useQueryClient();
  const announce = useAnnounce();
  const { t } = useTranslation('verification');
  // As the profile: a session from before user types were stored counts as a charity's in its own area.
  const isCharity = session !== null && session.userType !== 'donor' && session.userType !== 'operator';
  const key = queryKeys.charityVerification(session?.token ?? '');
  useLiveEvent('charity.verification', (event) => {
    if (!isCharity) return;
    client.setQueryData(key, event.data.verification);
    announce(t('live.changed', { status: t(`status.${event.data.verification.status}`) }));
  });
  return useQuery({ queryKey: key, queryFn: verificationEndpoints.mine, enabled: isCharity });
}

/** Sends (or sends again) the charity's registration; the answer (`pending`) becomes the cached view. */
export function useSubmitVerification() {
  const client = useQueryClient();
  const key = queryKeys.charityVerification(useSession()?.token ?? '');
  return useMutation({
    mutationFn: verificationEndpoints.submit,
    onSuccess: (view) => client.setQueryData(key, view),
  });
}
