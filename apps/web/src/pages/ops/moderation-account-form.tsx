import type { OpsUserLookup } from '@food-link/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { moderationEndpoints } from '../../api/moderation-endpoints';
import { FormField } from '../../components/form-field';
import { useServerMessage } from '../../i18n/server-message';
import { actionButton, useModerationAction } from './moderation-action';
import { ModerationButtons } from './moderation-buttons';
import { useReportOpsError } from './ops-access';

type Move = { userId: number; suspend: boolean };

/**
 * Suspends an account (a reason is required; the account holder is told it) or reinstates it. The
 * operator types the account's number or finds it by e-mail (`GET /api/ops/users?email=`), which fills it in.
 */
export function ModerationAccountForm({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('moderation');
  const report = useReportOpsError();
  const serverMessage = useServerMessage();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | undefined>();
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const [found, setFound] = useState<OpsUserLookup | null>(null);
  const { mutation, problems, setProblems, outcome, take } = useModerationAction<Move>(
    operatorId,
    ({ userId: id, suspend }) => (suspend ? moderationEndpoints.suspendUser(id, reason.trim()) : moderationEndpoints.reinstateUser(id)),
    ({ userId: id, suspend }) => {
      setFound((account) => (account?.user_id === id ? { ...account, suspended: suspend } : account));
      return t(suspend ? 'ops.account.suspended' : 'ops.account.reinstated', { id });
    },
    t('ops.reasonRequired'),
  );
  const lookup = useMutation({
    mutationFn: moderationEndpoints.lookupUser,
    onMutate: () => {
      setEmailProblem(undefined);
      setFound(null);
    },
    onSuccess: (account) => {
      setFound(account);
      setUserId(String(account.user_id));
      setProblems({});
    },
    onError: (error) => {
      report(error);
      setEmailProblem(error instanceof ApiError && error.body ? serverMessage(error.message) : error.message);
    },
  });

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') setEmailProblem(t('ops.account.emailRequired'));
    else lookup.mutate(email.trim());
  };

  const act = (suspend: boolean) => take(userId, t('ops.account.idRequired'), suspend ? reason : null, (id) => ({ userId: id, suspend }));

  return (
    <div role="group" aria-labelledby={headingId} data-testid="moderation-account" className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t('ops.account.heading')}
      </h3>
      <form onSubmit={find} noValidate className="flex flex-wrap items-end gap-2">
        <FormField
          label={t('ops.account.email')}
          name="lookup_email"
          type="email"
          dir="ltr"
          className="flex min-w-0 flex-1 flex-col gap-1"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailProblem}
        />
        <button type="submit" disabled={lookup.isPending} className={`${actionButton} bg-green-700 text-white hover:bg-green-800`}>
          {t('ops.account.find')}
        </button>
      </form>
      {found && (
        <p data-testid="moderation-found" className="text-sm text-stone-800">
          <bdi>
            {t('ops.account.found', {
              name: found.name,
              type: t(`ops.account.types.${found.user_type}`),
              id: found.user_id,
              state: t(found.suspended ? 'ops.account.suspendedState' : 'ops.account.active'),
            })}
          </bdi>
        </p>
      )}
      <FormField label={t('ops.account.id')} name="user_id" inputMode="numeric" dir="ltr" value={userId} onChange={(event) => setUserId(event.target.value)} error={problems.subject} />
      <FormField label={t('ops.reason')} name="suspend_reason" dir="auto" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} error={problems.reason} />
      <ModerationButtons pending={mutation.isPending} outcome={outcome} take={t('ops.account.suspend')} undo={t('ops.account.reinstate')} onAct={act} />
    </div>
  );
}
