import type { PickupPointView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { CheckboxGroup } from '../charity/checkbox-group';

type BranchChoiceProps = {
  name: string;
  points: readonly PickupPointView[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
};

/** The branches (the donor's pickup points) a branch manager or staff member works at. */
export function BranchChoice({ name, points, selected, onChange, error }: BranchChoiceProps) {
  const { t } = useTranslation('org');
  if (points.length === 0) return <p className="rounded-lg bg-amber-50 p-3 text-sm text-stone-800">{t('invite.noPoints')}</p>;
  return (
    <CheckboxGroup
      name={name}
      legend={t('invite.branches')}
      hint={t('invite.branchesHint')}
      options={points.map((point) => ({ value: String(point.id), label: point.label }))}
      selected={selected.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      error={error}
    />
  );
}

/** The branches' names, for a member's line. */
export function branchNames(ids: readonly number[], points: readonly PickupPointView[] | undefined): string[] {
  return ids.map((id) => points?.find((point) => point.id === id)?.label ?? `#${id}`);
}
