import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberRef, OrgMember } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgEndpoints } from '../../api/org-endpoints';
import { queryKeys } from '../../api/query-keys';

type AssignControlProps = {
  requestId: number;
  charityUserId: number;
  assignee: MemberRef | null;
  members: readonly OrgMember[];
};

/** Who collects a claim: an administrator or coordinator chooses a member, or takes the assignment back. */
export function AssignControl({ requestId, charityUserId, assignee, members }: AssignControlProps) {
  const { t } = useTranslation('org');
  const client = useQueryClient();
  const selectId = useId();
  const [chosen, setChosen] = useState<string>(String(assignee?.user_id ?? members[0]?.user_id ?? ''));
  const [news, setNews] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (userId: number | null) => (userId === null ? orgEndpoints.unassign(requestId) : orgEndpoints.assign(requestId, userId)),
    onSuccess: (answer) => {
      setNews(answer.assignee ? t('assign.assigned', { name: answer.assignee.name }) : t('assign.unassigned'));
      return client.invalidateQueries({ queryKey: queryKeys.charityRequests(charityUserId) });
    },
  });
  const button =
    'min-h-11 rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3" data-testid="assign-control">
      <p className="text-sm">
        <span className="text-stone-600">{t('assign.label')}: </span>
        <span dir="auto" data-testid="assignee">
          {assignee ? assignee.name : t('assign.nobody')}
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
            {t('assign.choose')}
          </label>
          <select
            id={selectId}
            data-testid="assign-select"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900"
          >
            {members.map((member) => (
              <option key={member.user_id} value={member.user_id}>
                {member.name} · {t(`roles.${member.role}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          data-testid="assign-submit"
          disabled={change.isPending || chosen === ''}
          onClick={() => change.mutate(Number(chosen))}
          className={`${button} border-green-700 bg-green-700 text-white hover:bg-green-800`}
        >
          {change.isPending ? t('assign.saving') : t('assign.assign')}
        </button>
        {assignee && (
          <button
            type="button"
            data-testid="assign-remove"
            disabled={change.isPending}
            onClick={() => change.mutate(null)}
            className={`${button} border-stone-300 text-stone-800 hover:bg-stone-100`}
          >
            {t('assign.unassign')}
          </button>
        )}
      </div>
      <p role={change.isError ? 'alert' : 'status'} className={`min-h-5 text-sm ${change.isError ? 'text-red-700' : 'text-green-800'}`}>
        {change.isError ? t('assign.failed') : news}
      </p>
    </div>
  );
}
