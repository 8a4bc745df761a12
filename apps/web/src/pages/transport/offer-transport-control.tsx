import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transportEndpoints } from '../../api/transport-endpoints';
import { formatTimeOfDay } from '../../i18n/format-time';

/**
 * The coordinator's other way to get a claim collected, beside the assignment: offer it to the charity's
 * volunteers whose vehicle and area fit (`POST /api/requests/{id}/transport`); the first to accept gets it.
 */
export function OfferTransportControl({ requestId }: { requestId: number }) {
  const { t, i18n } = useTranslation('org');
  const noteId = useId();
  const [note, setNote] = useState('');
  const offer = useMutation({ mutationFn: () => transportEndpoints.offer(requestId, note.trim()) });
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3" data-testid="offer-transport">
      <label htmlFor={noteId} className="text-sm font-medium text-stone-800">
        {t('transport.offer.note')}
      </label>
      <input
        id={noteId}
        dir="auto"
        maxLength={300}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
      />
      <button
        type="button"
        data-testid="offer-transport-submit"
        disabled={offer.isPending || offer.isSuccess}
        onClick={() => offer.mutate()}
        className="min-h-11 self-start rounded-lg border border-green-700 px-3 py-2 text-sm font-semibold text-green-800 hover:bg-green-50 disabled:opacity-60"
      >
        {offer.isPending ? t('transport.offer.sending') : t('transport.offer.button')}
      </button>
      <p role={offer.isError ? 'alert' : 'status'} className={`min-h-5 text-sm ${offer.isError ? 'text-red-700' : 'text-green-800'}`}>
        {offer.isError
          ? t('transport.offer.failed', { message: offer.error.message })
          : offer.data
            ? t('transport.offer.sent', { count: offer.data.told, time: formatTimeOfDay(offer.data.expires_at, i18n.language) })
            : null}
      </p>
    </div>
  );
}
