import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { useDocumentTitle } from '../../components/use-document-title';
import { can, useOrg } from '../../components/use-org';
import { useScreenTexts } from '../../i18n/use-screen-texts';
import { useSession } from '../../session/use-session';
import { ActivitySection } from './activity-section';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { OrgPageHeader } from './org-page-header';
import { PendingInvitations } from './pending-invitations';

/**
 * The organisation's page (`/org`): its members and roles for everyone in it; for administrators the
 * invitation form, each member's role and branches, removal and the pending invitations; the activity
 * list for the roles that see it.
 */
export default function MembersPage() {
  useScreenTexts(['org', 'messages']);
  const { t } = useTranslation('org');
  useDocumentTitle(t('title'));
  const session = useSession();
  const access = useOrg();
  const manage = access.state === 'ready' && can.manageMembers(access.role);
  const donor = access.state === 'ready' && access.org?.kind === 'donor';
  const userId = session?.userId ?? 0;
  // A donor organisation's branches are its pickup points: an administrator gives them to members.
  const points = useQuery({ queryKey: queryKeys.pickupPoints(userId), queryFn: endpoints.pickupPoints, enabled: manage && donor });

  let body;
  if (access.state === 'signed-out') body = <SignInPrompt text={t('signIn')} link={t('signInLink')} />;
  else if (access.state === 'loading') body = <p role="status" className="text-stone-600">{t('loading')}</p>;
  else if (!access.org) body = <p role="alert" className="text-red-700">{t('error')}</p>;
  else {
    const org = access.org;
    body = (
      <div className="flex flex-col gap-8">
        <div>
          <p className="text-lg font-bold break-words text-green-800" data-testid="org-name">
            <bdi>{org.name}</bdi>
          </p>
          <p className="text-sm text-stone-700">
            {t(`kind.${org.kind}`)} · {t('yourRole', { role: t(`roles.${org.my_role}`) })}
          </p>
        </div>
        {manage && <InviteForm kind={org.kind} points={points.data ?? []} />}
        <MemberList org={org} myUserId={session?.userId ?? null} manage={manage} points={points.data} />
        {manage && <PendingInvitations />}
        {can.activity(org.my_role) && <ActivitySection />}
      </div>
    );
  }

  return (
    <>
      <OrgPageHeader />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-4 text-3xl font-bold text-stone-900">{t('title')}</h1>
        {body}
      </main>
    </>
  );
}
