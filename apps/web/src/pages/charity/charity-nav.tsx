import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clearSession } from '../../app/session';
import { LanguageSwitch } from '../../components/language-switch';
import { useCharityName } from './use-charity-name';

type CharityNavProps = { current: 'available' | 'requests'; onShow: (view: 'available' | 'requests') => void };

const buttonClass =
  'rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

export function CharityNav({ current, onShow }: CharityNavProps) {
  const { t } = useTranslation('charity');
  const navigate = useNavigate();
  const charityName = useCharityName();
  const viewButton = (view: 'available' | 'requests', label: string) => (
    <button
      type="button"
      aria-current={current === view ? 'page' : undefined}
      onClick={() => onShow(view)}
      className={`${buttonClass} ${current === view ? 'bg-green-700 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
    >
      {label}
    </button>
  );

  return (
    <header className="border-b border-stone-200 bg-white">
      <nav aria-label={t('nav.label')} className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
        <p className="me-auto text-lg font-bold break-words text-green-800">{charityName}</p>
        {viewButton('available', t('nav.available'))}
        {viewButton('requests', t('nav.requests'))}
        <LanguageSwitch />
        <button
          type="button"
          onClick={() => {
            clearSession();
            navigate('/');
          }}
          className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
        >
          {t('nav.logout')}
        </button>
      </nav>
    </header>
  );
}
