import { BULL_BOARD_PATH } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsEndpoints } from '../../api/ops-endpoints';
import { useReportOpsError } from './ops-access';

type OpeningState = 'idle' | 'opening' | 'failed' | 'blocked';

/**
 * Opens bull-board in a new tab. A plain link cannot send the bearer token, so the board session cookie
 * is asked for first. The tab is opened at once, while the click still counts as the reader's own act
 * (a tab opened after an await is often blocked), and sent to bull-board once the cookie is set.
 */
export function QueueInspectorButton() {
  const { t } = useTranslation('ops');
  const report = useReportOpsError();
  const [state, setState] = useState<OpeningState>('idle');
  const hintId = useId();

  const open = async () => {
    const tab = window.open('', '_blank');
    // bull-board has no business with this window.
    if (tab) tab.opener = null;
    setState('opening');
    try {
      await opsEndpoints.boardSession();
    } catch (error) {
      tab?.close();
      report(error);
      setState('failed');
      return;
    }
    if (tab) {
      tab.location.href = BULL_BOARD_PATH;
      setState('idle');
    } else {
      setState('blocked');
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        aria-describedby={hintId}
        disabled={state === 'opening'}
        onClick={() => void open()}
        className="rounded-lg border border-green-700 px-3 py-2 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-wait disabled:opacity-60"
      >
        {t('board.open')}
      </button>
      <span id={hintId} hidden>
        {t('board.newTab')}
      </span>
      <div aria-live="polite" className="text-sm">
        {state === 'opening' && <p className="text-stone-600">{t('board.opening')}</p>}
        {state === 'failed' && <p className="text-red-700">{t('board.error')}</p>}
        {state === 'blocked' && (
          <p className="text-stone-700">
            {t('board.blocked')}{' '}
            <a href={BULL_BOARD_PATH} target="_blank" rel="noopener" className="font-semibold text-green-800 underline">
              {t('board.fallback')}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
