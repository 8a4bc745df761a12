import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/use-session';
import { currentPushState, turnPushOff, turnPushOn, type PushDeviceState } from './web-push';

/** This browser's push state for the signed-in user, and turning it on or off. */
export function usePushDevice() {
  const userId = useSession()?.userId ?? 0;
  const client = useQueryClient();
  const key = queryKeys.pushDevice(userId);
  const state = useQuery({ queryKey: key, queryFn: currentPushState, enabled: userId > 0, staleTime: Infinity, retry: false });
  const change = useMutation({
    mutationFn: (on: boolean): Promise<PushDeviceState> => (on ? turnPushOn() : turnPushOff()),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return { state: state.data, failed: state.isError || change.isError, busy: state.isPending || change.isPending, change: change.mutate };
}
