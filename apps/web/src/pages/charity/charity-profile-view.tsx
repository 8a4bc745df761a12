import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { useSession } from '../../session/use-session';
import { CharityProfileForm } from './charity-profile-form';
import { ProfileNotice } from './profile-notice';
import { useCharityProfile } from './use-charity-profile';
import { ViewHeading } from './view-heading';

/** The charity area's profile view: what food reaches the charity, and a notice until it has saved one. */
export function CharityProfileView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('profile.heading'));
  const signedIn = useSession() !== null;
  const profile = useCharityProfile();

  let body;
  if (!signedIn) {
    body = <SignInPrompt text={t('profile.signIn')} link={t('profile.signInLink')} />;
  } else if (profile.isPending) {
    body = <p role="status" className="text-stone-600">{t('profile.loading')}</p>;
  } else if (profile.isError) {
    body = <p role="alert" className="text-red-700">{t('profile.error')}</p>;
  } else {
    body = (
      <>
        <ProfileNotice withLink={false} />
        <CharityProfileForm profile={profile.data} />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <ViewHeading focus={focusHeading}>{t('profile.heading')}</ViewHeading>
      <p className="mb-5 text-stone-700">{t('profile.intro')}</p>
      {body}
    </section>
  );
}
