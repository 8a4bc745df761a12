import type { FieldProblems } from '../../../components/check-form';
import type { ListingValues } from '../listing-rules';

/** What each section of the listing form gets: the values, a setter of one field, and the refusals so far. */
export interface SectionProps {
  values: ListingValues;
  set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => void;
  problems: FieldProblems;
}

export const selectClass =
  'min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus-visible:ring-2 focus-visible:ring-green-600';
export const labelClass = 'text-sm font-medium text-stone-800';
