import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { transportEndpoints } from '../../api/transport-endpoints';
import { formatTimeOfDay } from '../../i18n/format-time';
import { useLiveEvent } from '../../live/live-context';

/**
 * On the donor's card of a claimed listing: who is coming for it and when (`GET /api/requests/{id}/trip`),
 * fetched again, live, when the volunteer sets off or delivers (`request.trip`) or the claim is assigned.
 * Nothing while nobody is assigned.
 */
export function WhoIsComing({ requestId }: { requestId: number }) {
  const { t, i18n } = useTranslation('org');
  const client = useQueryClient();
  const trip = useQuery({ queryKey: queryKeys.trip(requestId), queryFn: () => transportEndpoints.trip(requestId), retry: false });
  const refresh = (event: { data: { requestId: number } }) => {
    if (event.data.requestId === requestId) void client.invalidateQueries({ queryKey: queryKeys.trip(requestId) });
  };
  useLiveEvent('request.trip', refresh);
  useLiveEvent('request.assigned', refresh);
  if (!trip.data?.volunteer) return null;
  const name = `\u2068${trip.data.volunteer.name}\u2069`;
  const time = trip.data.eta ? formatTimeOfDay(trip.data.eta, i18n.language) : '';
  const line =
    trip.data.stage === 'on_the_way'
      ? t('transport.coming.onTheWay', { name, time, interpolation: { escapeValue: false } })
      : t(`transport.coming.${trip.data.stage}`, { name, interpolation: { escapeValue: false } });
  return (
    <p role="status" data-testid="who-is-coming" className="rounded-lg bg-green-50 p-2 text-sm font-semibold text-green-900">
      {line}
    </p>
  );
}
