import { MAX_PARTNERS, type CharitySummary } from '@food-link/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '../../i18n/server-message';
import { ApiError } from '../../api/client';
import { useCharitySearch, usePartners, useSavePartners } from './use-partners';

const button =
  'min-h-11 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

/**
 * The donor's partner charities (the offer cascade): new listings are offered to them alone for a while
 * before the open board. Found by name, added and removed; each change saves the whole list at once.
 */
export function PartnersSection({ userId }: { userId: number }) {
  const { t } = useTranslation('donor');
  const serverMessage = useServerMessage();
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const partners = usePartners(userId);
  const save = useSavePartners(userId);
  const found = useCharitySearch(userId, deferredSearch);
  const chosen = partners.data?.charities ?? [];
  const full = chosen.length >= MAX_PARTNERS;
  const saveList = (list: CharitySummary[]) => save.mutate(list.map((charity) => charity.user_id));

  return (
    <section aria-labelledby={headingId} data-testid="partners" className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('partners.heading')}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{t('partners.intro', { count: MAX_PARTNERS })}</p>
      {partners.isPending && <p role="status" className="text-stone-600">{t('partners.loading')}</p>}
      {partners.isError && (
        <p className="flex flex-wrap items-center gap-3 text-red-700">
          {t('partners.loadError')}
          <button type="button" onClick={() => void partners.refetch()} className="font-semibold text-green-800 underline">
            {t('partners.retry')}
          </button>
        </p>
      )}
      {partners.data && chosen.length === 0 && <p className="text-stone-600">{t('partners.empty')}</p>}
      {chosen.length > 0 && (
        <ul aria-label={t('partners.chosen')} data-testid="partners-chosen" className="mb-4 flex flex-col gap-2">
          {chosen.map((charity) => (
            <li key={charity.user_id} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 text-sm">
              <bdi className="me-auto font-semibold text-stone-900">{charity.name}</bdi>
              <button
                type="button"
                aria-label={t('partners.removeNamed', { name: charity.name })}
                disabled={save.isPending}
                onClick={() => saveList(chosen.filter((other) => other.user_id !== charity.user_id))}
                className={`${button} border border-red-700 text-red-700 hover:bg-red-50`}
              >
                {t('partners.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {partners.data && (
        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-medium text-stone-800">
            {t('partners.search')}
          </label>
          <input
            id={searchId}
            type="search"
            data-testid="partners-search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 px-3 py-2"
          />
          {full && <p className="text-sm text-stone-600">{t('partners.full', { count: MAX_PARTNERS })}</p>}
          {found.data && deferredSearch.trim() && (
            found.data.items.length === 0 ? (
              <p className="text-sm text-stone-600">{t('partners.noneFound')}</p>
            ) : (
              <ul aria-label={t('partners.results')} className="flex flex-col gap-2">
                {found.data.items.map((charity) => {
                  const already = chosen.some((other) => other.user_id === charity.user_id);
                  return (
                    <li key={charity.user_id} className="flex flex-wrap items-center gap-3 text-sm">
                      <bdi className="me-auto text-stone-900">{charity.name}</bdi>
                      <button
                        type="button"
                        aria-label={t('partners.addNamed', { name: charity.name })}
                        disabled={already || full || save.isPending}
                        onClick={() => saveList([...chosen, charity])}
                        className={`${button} bg-green-700 text-white hover:bg-green-800`}
                      >
                        {already ? t('partners.added') : t('partners.add')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )
          )}
        </div>
      )}
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('partners.saveError')} {save.error instanceof ApiError && save.error.body ? serverMessage(save.error.message) : null}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {t('partners.saved')}
        </p>
      )}
    </section>
  );
}
