import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The logo and name, leading back to the landing page from any screen. */
export function HomeLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md text-lg font-extrabold text-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 ${className}`}
    >
      <LogoMark />
      {t('brand')}
    </Link>
  );
}

export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0 fill-green-700">
      <path d="M17 8C8 10 5.9 16.17 3.82 21.34l1.89.66.95-2.3c.48.17.98.3 1.34.3C19 20 22 3 22 3c-1 2-8 2.25-13 3.25S2 11.5 2 13.5s1.75 3.75 1.75 3.75C7 8 17 8 17 8z" />
    </svg>
  );
}
