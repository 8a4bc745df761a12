import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useLiveEvent } from '../../live/live-context';

/**
 * Standing collections live (docs/REALTIME.md, `schedule.occurrence`): a day listed, confirmed, declined,
 * passed over, skipped or changed reaches the schedule's donor and its standing charities in their rooms,
 * and the page fetches its days again, without a reload. A claim's end (`request.fulfilled`,
 * `request.cancelled`) changes a day's status too (collected, listed again), so those refetch as well.
 */
export function useScheduleSync(userId: number, screen: 'donor' | 'charity') {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: screen === 'donor' ? queryKeys.schedules(userId) : queryKeys.charityStanding(userId) });
  useLiveEvent('schedule.occurrence', refetch);
  useLiveEvent('request.fulfilled', refetch);
  useLiveEvent('request.cancelled', refetch);
}
