import { BRANCH_ROLES, type OrgMember, type OrgRole, type OrgView, type PickupPointView } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailAddress } from '../../components/email-address';
import { localeOf } from '../../i18n/i18n';
import { BranchChoice, branchNames } from './branch-choice';
import { OrgNews, OrgRow, rowButton } from './org-row';
import { RoleSelect } from './role-select';
import { useRemoveMember, useUpdateMember } from './use-org-calls';

type MemberListProps = {
  org: OrgView;
  myUserId: number | null;
  /** An administrator changes and removes members; everyone else sees names and roles. */
  manage: boolean;
  points: readonly PickupPointView[] | undefined;
};


/** The organisation's members with their roles (and branches); an administrator's controls beside each. */
export function MemberList({ org, myUserId, manage, points }: MemberListProps) {
  const { t, i18n } = useTranslation('org');
  const list = new Intl.ListFormat(localeOf(i18n.language), { type: 'unit' });
  const headingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const [news, setNews] = useState<{ text: string; error: boolean } | null>(null);
  const remove = useRemoveMember();
  const refusal = (error: unknown) => (error instanceof ApiError && error.status === 409 ? t('members.lastAdmin') : t('members.failed'));

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('members.heading')}
      </h2>
      {!manage && <p className="mb-3 text-sm text-stone-600">{t('members.namesOnly')}</p>}
      <ul className="flex flex-col gap-3" data-testid="member-list">
        {org.members.map((member) => (
          <OrgRow
            key={member.user_id}
            memberId={member.user_id}
            title={
              <>
                <span dir="auto" className="wrap-anywhere">
                  {member.name}
                </span>
                {member.user_id === myUserId && <span className="text-sm font-normal text-stone-600">{t('members.you')}</span>}
              </>
            }
            actions={
              manage &&
              editing !== member.user_id && (
                <>
                  <button
                    type="button"
                    data-testid="member-edit"
                    aria-label={`${t('members.edit')}: ${member.name}`}
                    onClick={() => setEditing(member.user_id)}
                    className={`${rowButton} border-stone-300 text-stone-800 hover:bg-stone-100`}
                  >
                    {t('members.edit')}
                  </button>
                  {member.user_id !== myUserId && (
                    <button
                      type="button"
                      data-testid="member-remove"
                      aria-label={`${t('members.remove')}: ${member.name}`}
                      disabled={remove.isPending}
                      onClick={() => setRemoving(member)}
                      className={`${rowButton} border-red-700 text-red-700 hover:bg-red-50`}
                    >
                      {t('members.remove')}
                    </button>
                  )}
                </>
              )
            }
            footer={
              manage &&
              editing === member.user_id && (
                <MemberEditor
                  org={org}
                  member={member}
                  points={points ?? []}
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) setNews({ text: t('members.saved', { name: saved.name, role: t(`roles.${saved.role}`) }), error: false });
                  }}
                  refusal={refusal}
                />
              )
            }
          >
            {member.email && (
              <p className="text-stone-700">
                <EmailAddress email={member.email} />
              </p>
            )}
            <p className="mt-1">
              <span className="text-stone-600">{t('members.role')}: </span>
              <span data-testid="member-role">{t(`roles.${member.role}`)}</span>
            </p>
            {org.kind === 'donor' && BRANCH_ROLES.includes(member.role) && (
              <p>
                <span className="text-stone-600">{t('members.branches')}: </span>
                <span dir="auto">{member.pickup_point_ids.length ? list.format(branchNames(member.pickup_point_ids, points)) : t('members.noBranches')}</span>
              </p>
            )}
          </OrgRow>
        ))}
      </ul>
      <OrgNews news={news} />
      <ConfirmDialog
        request={
          removing && {
            title: t('members.removeTitle', { name: removing.name }),
            body: t('members.removeBody', { name: removing.name }),
            confirmLabel: t('members.removeConfirm'),
          }
        }
        cancelLabel={t('members.cancel')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing;
          setRemoving(null);
          if (!member) return;
          remove.mutate(member.user_id, {
            onSuccess: () => setNews({ text: t('members.removed', { name: member.name }), error: false }),
            onError: (error) => setNews({ text: refusal(error), error: true }),
          });
        }}
      />
    </section>
  );
}

type MemberEditorProps = {
  org: OrgView;
  member: OrgMember;
  points: readonly PickupPointView[];
  onDone: (saved: OrgMember | null) => void;
  refusal: (error: unknown) => string;
};

function MemberEditor({ org, member, points, onDone, refusal }: MemberEditorProps) {
  const { t } = useTranslation('org');
  const [role, setRole] = useState<OrgRole>(member.role);
  const [branches, setBranches] = useState<number[]>(member.pickup_point_ids);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateMember();
  const branchRole = org.kind === 'donor' && BRANCH_ROLES.includes(role);
  const save = () => {
    if (branchRole && branches.length === 0) {
      setProblem(t('invite.needBranch'));
      return;
    }
    setProblem(null);
    update.mutate(
      { userId: member.user_id, body: branchRole ? { role, pickup_point_ids: branches } : { role } },
      { onSuccess: (saved) => onDone({ ...member, ...saved }) },
    );
  };
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-stone-200 pt-3" data-testid="member-editor">
      <RoleSelect kind={org.kind} value={role} onChange={setRole} label={t('members.role')} testId="member-role-select" />
      {branchRole && <BranchChoice name={`member-branches-${member.user_id}`} points={points} selected={branches} onChange={setBranches} error={problem ?? undefined} />}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="member-save"
          disabled={update.isPending}
          onClick={save}
          className={`${rowButton} border-green-700 bg-green-700 text-white hover:bg-green-800`}
        >
          {update.isPending ? t('members.saving') : t('members.save')}
        </button>
        <button type="button" onClick={() => onDone(null)} className={`${rowButton} border-stone-300 text-stone-800 hover:bg-stone-100`}>
          {t('members.cancel')}
        </button>
      </div>
      {update.isError && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {refusal(update.error)}
        </p>
      )}
    </div>
  );
}
