import { API_ROUTES, apiPath, type FoodItemView } from '@food-link/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { TopBar } from '../../components/top-bar';
import { FoodFields } from '../charity/food-fields';
import { NotFoundPage } from '../not-found-page';
import { Countdown } from './countdown';
import { ListingBadges } from './listing-badges';
import { ListingPhotos } from './listing-facts';
import { ShareButton } from './share-button';
import { useScreenTexts } from '../../i18n/use-screen-texts';

const linkClass = 'font-semibold text-green-800 underline underline-offset-2 hover:text-green-900';

/**
 * A listing's public page, `/food/{id}`: what a shared link opens, for anyone, signed in or not. It shows
 * the public view only (name, quantity, area and governorate, window, safe time, photos): where exactly to
 * collect is given to the charity that claims it. The session token goes along when there is one, so
 * whatever the API shows only to some (partner charities, during an offer) it shows them here too.
 * Unknown and withdrawn items get the app's not-found page.
 */
export default function ListingPage() {
  useScreenTexts(['listing', 'charity']);
  const { t } = useTranslation('listing');
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({
    queryKey: queryKeys.food(id),
    queryFn: () => api<FoodItemView>(apiPath(API_ROUTES.food, { id }), { auth: true }),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const food = query.data;
  useDocumentTitle(food?.food_name ?? t('page.loading'));

  if (!valid || (query.error instanceof ApiError && query.error.status === 404) || food?.status === 'withdrawn') return <NotFoundPage />;
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10 focus:outline-none">
        {!food ? (
          <p role="status" className="text-stone-600">
            {query.isError ? t('page.notFound') : t('page.loading')}
          </p>
        ) : (
          <article aria-labelledby="listing-title" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <h1 id="listing-title" dir="auto" className="text-2xl font-bold break-words text-stone-900">
              {food.food_name}
            </h1>
            {food.status === 'available' ? (
              <Countdown until={food.pickup_until ?? food.safe_until} from={food.pickup_from} />
            ) : (
              <p className="font-semibold text-stone-700">{t('page.gone')}</p>
            )}
            <ListingBadges category={food.category} storage={food.storage} />
            <FoodFields food={food} />
            <ListingPhotos food={food} />
            {food.status === 'available' && <ShareButton food={food} />}
            <div className="mt-2 flex flex-col gap-1 border-t border-stone-200 pt-3 text-sm">
              <p>
                {t('page.signInToClaim')}{' '}
                <Link to="/Login" className={linkClass}>
                  {t('common:nav.login')}
                </Link>
              </p>
              <p>
                <Link to="/SignUpCharity" className={linkClass}>
                  {t('page.signUpCharity')}
                </Link>
              </p>
            </div>
          </article>
        )}
      </main>
    </>
  );
}
