import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/top-bar';

interface AuthLayoutProps {
  title: string;
  intro: string;
  children: ReactNode;
  /** Links to the other auth pages, under the card. */
  footer: ReactNode;
}

/** The frame shared by sign-up and login: top bar, then one centred card. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    // Each page gets its own title, so tabs, history and screen readers tell the pages apart.
    document.title = `${title} · ${brand}`;
    return () => {
      document.title = brand;
    };
  }, [title, brand]);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-green-50 to-stone-50">
      <TopBar />
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-12 focus:outline-none">
        <div className="w-full max-w-md">
          <div className="rounded-2xl bg-white p-8 shadow-md ring-1 ring-stone-200">
            <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
            <p className="mt-2 text-stone-600">{intro}</p>
            <div className="mt-6">{children}</div>
          </div>
          <div className="mt-6 flex flex-col gap-2 text-center text-sm text-stone-700">{footer}</div>
        </div>
      </main>
    </div>
  );
}
