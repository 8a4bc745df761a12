import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Why the console is not shown, with the way to Login (as the donor and charity areas say it). `urgent`
 * when it replaces a console that was on screen, so screen readers hear it at once.
 */
export function AccessMessage({ text, urgent = false }: { text: string; urgent?: boolean }) {
  const { t } = useTranslation('ops');
  return (
    <div role={urgent ? 'alert' : undefined} data-testid="ops-access-message" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
      <p className="mb-3">{text}</p>
      <Link
        to="/Login"
        className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
      >
        {t('access.link')}
      </Link>
    </div>
  );
}
