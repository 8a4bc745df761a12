import type { PendingInvitation } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailAddress } from '../../components/email-address';
import { useTimeFormat } from '../../i18n/format-time';
import { OrgNews, OrgRow, rowButton } from './org-row';
import { useInvitations, useWithdrawInvitation } from './use-org-calls';

/** The invitations nobody has accepted yet, each with Withdraw (administrators). */
export function PendingInvitations() {
  const { t } = useTranslation('org');
  const time = useTimeFormat();
  const headingId = useId();
  const invitations = useInvitations(true);
  const withdraw = useWithdrawInvitation();
  const [asking, setAsking] = useState<PendingInvitation | null>(null);
  const [news, setNews] = useState<{ text: string; error: boolean } | null>(null);
  const list = invitations.data?.invitations ?? [];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('pending.heading')}
      </h2>
      {invitations.isPending && <p role="status" className="text-stone-600">{t('loading')}</p>}
      {invitations.isError && <p role="alert" className="text-red-700">{t('error')}</p>}
      {invitations.isSuccess && list.length === 0 && <p className="text-stone-600">{t('pending.empty')}</p>}
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="pending-invitations">
          {list.map((invitation) => (
            <OrgRow
              key={invitation.invitation_id}
              title={<EmailAddress email={invitation.email} />}
              actions={
                <button
                  type="button"
                  data-testid="invitation-withdraw"
                  aria-label={`${t('pending.withdraw')}: ${invitation.email}`}
                  disabled={withdraw.isPending}
                  onClick={() => setAsking(invitation)}
                  className={`${rowButton} border-red-700 text-red-700 hover:bg-red-50`}
                >
                  {t('pending.withdraw')}
                </button>
              }
            >
              <p>{t(`roles.${invitation.role}`)}</p>
              <p className="text-stone-600" dir="auto">{t('pending.invitedBy', { name: invitation.invited_by })}</p>
              <p className="text-stone-600">{t('pending.expires', { date: time.dayTime(invitation.expires_at) })}</p>
            </OrgRow>
          ))}
        </ul>
      )}
      <OrgNews news={news} />
      <ConfirmDialog
        request={asking && { title: t('pending.withdrawTitle', { email: asking.email }), body: t('pending.withdrawBody'), confirmLabel: t('pending.withdraw') }}
        cancelLabel={t('members.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const invitation = asking;
          setAsking(null);
          if (!invitation) return;
          withdraw.mutate(invitation.invitation_id, {
            onSuccess: () => setNews({ text: t('pending.withdrawn', { email: invitation.email }), error: false }),
            onError: () => setNews({ text: t('members.failed'), error: true }),
          });
        }}
      />
    </section>
  );
}
