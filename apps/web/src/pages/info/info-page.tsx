import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { EmailAddress } from '../../components/email-address';
import { TopBar } from '../../components/top-bar';
import { SiteFooter } from '../landing/site-footer';
import { CONTACT_EMAIL, info, type InfoPageName } from './info-texts';

const EMAIL_PLACEHOLDER = '{{email}}';

/** A paragraph, with the contact address (where it names it) as a mail link. */
function Paragraph({ text }: { text: string }) {
  const parts = text.split(EMAIL_PLACEHOLDER);
  return (
    <p className="mt-3 leading-relaxed text-stone-700">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900">
              <EmailAddress email={CONTACT_EMAIL} />
            </a>
          )}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

/** Contact, privacy, terms and food-safety guidance: the pages behind the landing page's footer. */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const { t, i18n } = useTranslation('landing');
  const texts = info[i18n.language === 'ar' ? 'ar' : 'en'][page];
  useDocumentTitle(texts.title);
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="bg-white focus:outline-none">
        <article className="mx-auto max-w-3xl px-4 py-12">
          <h1 className="text-3xl font-bold text-stone-900">{texts.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">{texts.intro}</p>
          {texts.sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h2 className="text-xl font-semibold text-stone-900">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <Paragraph key={paragraph} text={paragraph} />
              ))}
            </section>
          ))}
          <p className="mt-10">
            <Link to="/" className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900">
              {t('common:notFound.back')}
            </Link>
          </p>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
