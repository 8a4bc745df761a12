import type { PendingInvitation } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailAddress } from '../../components/email-address';
import { useTimeFormat } from '../../i18n/format-time';
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
            <li key={invitation.invitation_id} className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-stone-900">
                  <EmailAddress email={invitation.email} />
                </p>
                <p>{t(`roles.${invitation.role}`)}</p>
                <p className="text-stone-600" dir="auto">{t('pending.invitedBy', { name: invitation.invited_by })}</p>
                <p className="text-stone-600">{t('pending.expires', { date: time.dayTime(invitation.expires_at) })}</p>
              </div>
              <button
                type="button"
                data-testid="invitation-withdraw"
                aria-label={`${t('pending.withdraw')}: ${invitation.email}`}
                disabled={withdraw.isPending}
                onClick={() => setAsking(invitation)}
                className="min-h-11 rounded-lg border border-red-700 px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800 disabled:opacity-60"
              >
                {t('pending.withdraw')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role={news?.error ? 'alert' : 'status'} className={`mt-2 min-h-6 text-sm font-semibold ${news?.error ? 'text-red-700' : 'text-green-800'}`}>
        {news?.text}
      </p>
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
