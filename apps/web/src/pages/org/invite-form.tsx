import { BRANCH_ROLES, INVITATION_DAYS, InvitationBody, rolesOf, type OrgKind, type OrgRole, type PickupPointView } from '@food-link/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { checkForm, serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useFormat } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { BranchChoice } from './branch-choice';
import { RoleSelect } from './role-select';
import { useInvite } from './use-org-calls';

const FIELDS = ['email', 'role', 'pickup_point_ids'] as const;

/** An administrator invites someone by e-mail, with a role and, for a donor's branch roles, the branches. */
export function InviteForm({ kind, points }: { kind: OrgKind; points: readonly PickupPointView[] }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>(rolesOf(kind).at(-1) ?? 'admin');
  const [branches, setBranches] = useState<number[]>([]);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInvite();
  const branchRole = kind === 'donor' && BRANCH_ROLES.includes(role);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const checked = checkForm(InvitationBody, { email, role, ...(branchRole ? { pickup_point_ids: branches } : {}) });
    const found: FieldProblems = { ...checked.problems };
    if (branchRole && branches.length === 0) found.pickup_point_ids = t('invite.needBranch');
    setProblems(found);
    if (!checked.body || Object.keys(found).length > 0) return;
    invite.mutate(checked.body, {
      onSuccess: () => {
        setSentTo(checked.body.email);
        setEmail('');
        setBranches([]);
      },
      onError: (error) => setProblems(serverFieldProblems(error, FIELDS).problems),
    });
  };

  const { rest } = serverFieldProblems(invite.error, FIELDS);
  const refusal = invite.error instanceof ApiError && invite.error.status !== 400 && invite.error.body ? serverMessage(invite.error.message) : rest.join(' ');

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        {t('invite.heading')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-600">{t('invite.intro', { days: format.number(INVITATION_DAYS) })}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="invite-form">
        <FormField
          label={t('invite.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="off"
          required
          value={email}
          error={fieldMessage(problems.email)}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="invite-email"
        />
        <RoleSelect kind={kind} value={role} onChange={setRole} label={t('invite.role')} testId="invite-role" />
        {branchRole && <BranchChoice name="invite-branches" points={points} selected={branches} onChange={setBranches} error={fieldMessage(problems.pickup_point_ids)} />}
        <button
          type="submit"
          disabled={invite.isPending}
          data-testid="invite-submit"
          className="min-h-11 self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60"
        >
          {invite.isPending ? t('invite.sending') : t('invite.submit')}
        </button>
        <div className="min-h-6 text-sm">
          <p role="alert" className="font-semibold text-red-700">
            {invite.isError && !Object.keys(problems).length ? (
              <>
                {t('invite.failed')} {refusal && <span className="font-normal">{refusal}</span>}
              </>
            ) : null}
          </p>
          <p role="status" className="font-semibold text-green-800">
            {sentTo && t('invite.sent', { email: sentTo })}
          </p>
        </div>
      </form>
    </section>
  );
}
