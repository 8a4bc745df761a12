import { rolesOf, type OrgKind, type OrgRole } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type RoleSelectProps = { kind: OrgKind; value: OrgRole; onChange: (role: OrgRole) => void; label: string; testId: string };

/** A role of the organisation's kind, with what the chosen role may do under it. */
export function RoleSelect({ kind, value, onChange, label, testId }: RoleSelectProps) {
  const { t } = useTranslation('org');
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as OrgRole)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:ring-2 focus-visible:ring-green-600"
      >
        {rolesOf(kind).map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {t(`roleHints.${value}`)}
      </p>
    </div>
  );
}
