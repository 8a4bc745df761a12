import type { UserType } from '@food-link/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HomeLink } from './home-link';
import { LanguageSwitch } from './language-switch';
import { useAccountId } from './use-account-id';
import { useDocumentTitle } from './use-document-title';
import { useSignOut } from '../sign-out/use-sign-out';
import { useSuspensionWatch } from '../sign-out/use-suspension-watch';

export const shellLinkClass =
  'inline-flex min-h-11 items-center rounded-md font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

interface AccountPageShellProps {
  /** Whose screen it is: anyone else (or no one signed in) is invited to log in. */
  role: UserType;
  /** The page's title: its h1 and the document's title. */
  title: string;
  /** Where the back link goes (the role's area) and what it says. */
  back: { to: string; label: string };
  /** Shown under the title once the account is known. */
  intro: string;
  /** The screen's texts while the account is looked up, and the invitation to log in. */
  texts: { loading: string; signIn: string; logIn: string };
  /** The main element's width (Tailwind max-w class). */
  width?: string;
  introClass?: string;
  /** The screen itself, for the signed-in account's user id. */
  children: (userId: number) => ReactNode;
}

/**
 * The frame of a signed-in account's page of its own (the donor's schedules and impact, the charity's
 * week): home link, title, language switch and back link; "loading" while the account is looked up
 * (useAccountId), an invitation to log in for anyone else, and the screen once it is known. It watches
 * for the account's suspension, as the screens with the bell do.
 */
export function AccountPageShell({ role, title, back, intro, texts, width = 'max-w-3xl', introClass = '', children }: AccountPageShellProps) {
  useDocumentTitle(title);
  useSuspensionWatch(useSignOut());
  const identity = useAccountId(role);
  return (
    <main className={`mx-auto ${width} px-4 py-8 sm:px-6`}>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <div className="basis-full">
          <HomeLink />
        </div>
        <h1 className="me-auto text-3xl font-bold text-stone-900">{title}</h1>
        <LanguageSwitch />
        <Link to={back.to} className={shellLinkClass}>
          {back.label}
        </Link>
      </div>
      {identity.state === 'ready' && <p className={`mb-6 text-stone-700 ${introClass}`}>{intro}</p>}
      {identity.state === 'loading' && (
        <p role="status" className="text-stone-600">
          {texts.loading}
        </p>
      )}
      {identity.state !== 'ready' && identity.state !== 'loading' && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
          <p className="mb-3">{texts.signIn}</p>
          <Link to="/Login" className={shellLinkClass}>
            {texts.logIn}
          </Link>
        </div>
      )}
      {identity.state === 'ready' && children(identity.userId)}
    </main>
  );
}
