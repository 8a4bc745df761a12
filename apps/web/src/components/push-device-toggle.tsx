import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushDevice } from '../push/use-push-device';
/**
 * "Notifications on this device": a switch that asks the browser's permission and subscribes this
 * browser to Web Push for the signed-in user (off unsubscribes it). Browsers that cannot, or a site the
 * user blocked, get a sentence saying so instead of a switch that would do nothing.
 */
export function PushDeviceToggle() {
  const { t } = useTranslation('push');
  const labelId = useId();
  const helpId = useId();
  const { state, failed, busy, change } = usePushDevice();
  const on = state === 'on';
  const usable = state === 'on' || state === 'off';

  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-medium text-stone-900">
          {t('label')}
        </p>
        <p id={helpId} className="text-sm text-stone-600">
          {state === 'unsupported' ? t('unsupported') : state === 'denied' ? t('denied') : t('help')}
        </p>
        {failed && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t('error')}
          </p>
        )}
      </div>
      {state !== 'unsupported' && (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          disabled={busy || !usable}
          onClick={() => change(!on)}
          className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-full px-1 py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <span aria-hidden="true" className={`flex h-6 w-11 items-center rounded-full p-0.5 ${on ? 'justify-end bg-green-700' : 'justify-start bg-stone-300'}`}>
            <span className="h-5 w-5 rounded-full bg-white shadow-sm" />
          </span>
          <span className="text-sm text-stone-700">{busy ? t('working') : on ? t('on') : t('off')}</span>
        </button>
      )}
    </div>
  );
}
