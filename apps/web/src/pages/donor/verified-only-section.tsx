import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useServerMessage } from '../../i18n/server-message';
import { useDonorSettings, useSaveDonorSettings } from './use-donor-settings';

/**
 * "Only verified charities may claim my food" (DOMAIN-RULES.md, "Trust"): a switch over the donor's
 * `verified_only` setting, saved as soon as it is flipped, with a sentence saying what it means.
 */
export function VerifiedOnlySection({ userId }: { userId: number }) {
  const { t } = useTranslation('moderation');
  const serverMessage = useServerMessage();
  const headingId = useId();
  const meansId = useId();
  const settings = useDonorSettings(userId);
  const save = useSaveDonorSettings(userId);
  const on = save.isPending ? Boolean(save.variables?.verified_only) : Boolean(settings.data?.verified_only);

  return (
    <section aria-labelledby={headingId} data-testid="verified-only" className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('donor.settings.heading')}
      </h2>
      {settings.isPending && <p role="status" className="text-stone-600">{t('donor.settings.loading')}</p>}
      {settings.isError && (
        <p className="flex flex-wrap items-center gap-3 text-red-700">
          {t('donor.settings.loadError')}
          <button type="button" onClick={() => void settings.refetch()} className="font-semibold text-green-800 underline">
            {t('donor.settings.retry')}
          </button>
        </p>
      )}
      {settings.data && (
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            aria-describedby={meansId}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ verified_only: event.target.checked })}
            className="h-6 w-6 accent-green-700"
          />
          <span className="font-medium text-stone-900">{t('donor.settings.verifiedOnly')}</span>
        </label>
      )}
      <p id={meansId} className="mt-2 text-sm text-stone-600">
        {t('donor.settings.means')}
      </p>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('donor.settings.saveError')} {save.error instanceof ApiError && save.error.body ? serverMessage(save.error.message) : null}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {t(save.data.verified_only ? 'donor.settings.savedOn' : 'donor.settings.savedOff')}
        </p>
      )}
    </section>
  );
}
