import { FOOD_CATEGORIES, GOVERNORATES, STORAGE_KINDS, type BoardWindow, type FoodCategory, type GovernorateCode, type StorageKind } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import type { BoardFilters as Filters } from '../../api/board-query';
import { useLocate } from '../../components/use-locate';

const select =
  'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:ring-2 focus-visible:ring-green-600';
const label = 'flex flex-col gap-1 text-sm font-medium text-stone-800';

type BoardFiltersProps = { filters: Filters; onChange: (next: Filters) => void };

/**
 * The board's filters (GET /api/available): governorate, kind of food, storage, when it can be collected,
 * and "near me" from the browser's position (asked only when pressed; a refusal is said, not hidden).
 */
export function BoardFilters({ filters, onChange }: BoardFiltersProps) {
  const { i18n } = useTranslation();
  const { t: tl } = useTranslation('listing');
  const [locating, locate] = useLocate({ enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 });
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });

  function toggleNear() {
    if (filters.near) set({ near: undefined });
    else locate((coords) => set({ near: { lat: coords.latitude, lng: coords.longitude } }));
  }

  const active = Boolean(filters.governorate || filters.category || filters.storage || filters.window || filters.near);
  return (
    <form role="search" aria-label={tl('filters.label')} data-testid="board-filters" className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <label className={label}>
        {tl('filters.governorate')}
        <select
          data-testid="filter-governorate"
          className={select}
          value={filters.governorate ?? ''}
          onChange={(event) => set({ governorate: (event.target.value || undefined) as GovernorateCode | undefined })}
        >
          <option value="">{tl('filters.all')}</option>
          {GOVERNORATES.map((g) => (
            <option key={g.code} value={g.code}>
              {g[language]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {tl('category.label')}
        <select
          data-testid="filter-category"
          className={select}
          value={filters.category ?? ''}
          onChange={(event) => set({ category: (event.target.value || undefined) as FoodCategory | undefined })}
        >
          <option value="">{tl('filters.all')}</option>
          {FOOD_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {tl(`category.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {tl('storage.label')}
        <select
          data-testid="filter-storage"
          className={select}
          value={filters.storage ?? ''}
          onChange={(event) => set({ storage: (event.target.value || undefined) as StorageKind | undefined })}
        >
          <option value="">{tl('filters.all')}</option>
          {STORAGE_KINDS.map((storage) => (
            <option key={storage} value={storage}>
              {tl(`storage.${storage}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {tl('filters.when')}
        <select
          data-testid="filter-window"
          className={select}
          value={filters.window ?? ''}
          onChange={(event) => set({ window: (event.target.value || undefined) as BoardWindow | undefined })}
        >
          <option value="">{tl('filters.anyTime')}</option>
          <option value="now">{tl('filters.now')}</option>
          <option value="today">{tl('filters.today')}</option>
        </select>
      </label>
      <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-4">
        <button
          type="button"
          data-testid="filter-near"
          aria-pressed={Boolean(filters.near)}
          disabled={locating === 'asking'}
          onClick={toggleNear}
          className="min-h-11 rounded-lg border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50 aria-pressed:bg-green-700 aria-pressed:text-white disabled:opacity-60"
        >
          {locating === 'asking' ? tl('filters.locating') : tl('filters.near')}
        </button>
        {active && (
          <button type="button" data-testid="filter-clear" onClick={() => onChange({})} className="min-h-11 px-2 font-semibold text-stone-700 underline">
            {tl('filters.clear')}
          </button>
        )}
        <p role="status" className="text-sm text-red-700">
          {locating === 'refused' ? tl('filters.locationRefused') : null}
        </p>
      </div>
    </form>
  );
}
