import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { cairoDaysAhead, cairoHour, cairoTime, cairoDateTime } from './cairo-time';
import { useNow } from './use-now';

type CountdownProps = {
  /** Collect by: the window's end, else the food's safe time. */
  until: string;
  /** The window's start, when it has one: before it, the card says when it opens. */
  from?: string | null;
};

const MINUTE = 60_000;

/**
 * "Collect by 11:00 pm tonight · in 45 min": when a charity must be at the door, on Cairo's clock, in
 * words a coordinator reads at a glance on a phone. Ticks every 30 seconds; amber under an hour, red
 * once over.
 */
export function Countdown({ until, from }: CountdownProps) {
  const { t, i18n } = useTranslation('listing');
  const now = useNow();
  const deadline = new Date(until);
  const left = deadline.getTime() - now.getTime();
  const language = i18n.language;

  if (left <= 0) {
    return (
      <p data-testid="countdown" data-deadline={until} className="text-sm font-semibold text-red-700">
        {t('countdown.over')}
      </p>
    );
  }
  const time = cairoTime(deadline, language);
  const days = cairoDaysAhead(deadline, now);
  const when =
    days === 0
      ? t(cairoHour(deadline) === 24 ? 'countdown.midnightTonight' : cairoHour(deadline) >= 18 ? 'countdown.tonight' : 'countdown.today', { time })
      : days === 1
        ? t('countdown.tomorrow', { time })
        : t('countdown.later', { date: cairoDateTime(deadline, language) });
  const minutes = Math.ceil(left / MINUTE);
  const soon =
    minutes < 60
      ? t('countdown.inMinutes', { n: formatNumber(minutes, language) })
      : minutes < 6 * 60
        ? minutes % 60 === 0
          ? t('countdown.inWholeHours', { h: formatNumber(minutes / 60, language) })
          : t('countdown.inHours', { h: formatNumber(Math.floor(minutes / 60), language), m: formatNumber(minutes % 60, language) })
        : null;
  const opens = from && new Date(from).getTime() > now.getTime() ? t('countdown.opensAt', { time: cairoTime(from, language) }) : null;
  return (
    <p
      data-testid="countdown"
      data-deadline={until}
      className={`text-sm font-semibold ${minutes < 60 ? 'text-amber-800' : 'text-stone-800'}`}
    >
      <span>{when}</span>
      {soon && <span> · {soon}</span>}
      {opens && <span className="block font-normal text-stone-600">{opens}</span>}
    </p>
  );
}
