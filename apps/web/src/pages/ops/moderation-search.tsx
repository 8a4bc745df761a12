import type { OpsFoundAccount, OpsFoundListing } from '@food-link/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moderationEndpoints } from '../../api/moderation-endpoints';
import { FormField } from '../../components/form-field';
import { useFormat } from '../../i18n/format';
import { useModerationAction } from './moderation-action';
import { ModerationButtons } from './moderation-buttons';
import { useReportOpsError } from './ops-access';

/**
 * Finds listings and accounts by part of a name, an e-mail or a phone number (`GET /api/ops/search`), and
 * acts on each from its result: the operator never types an internal number.
 */
export function ModerationSearch({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('moderation');
  const headingId = useId();
  const report = useReportOpsError();
  const [q, setQ] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const search = useMutation({ mutationFn: moderationEndpoints.search, onError: report });

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = q.trim();
    if ([...query].length < 2) {
      setProblem(t('ops.search.tooShort'));
      return;
    }
    setProblem(undefined);
    search.mutate(query);
  }

  const found = search.data;
  return (
    <div role="search" aria-labelledby={headingId} data-testid="moderation-search" className="mb-6 flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t('ops.search.heading')}
      </h3>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <FormField
          label={t('ops.search.label')}
          hint={t('ops.search.hint')}
          name="ops_search"
          type="search"
          dir="auto"
          className="flex min-w-0 flex-1 flex-col gap-1"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          error={problem}
        />
        <button
          type="submit"
          disabled={search.isPending}
          className="min-h-11 rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60"
        >
          {search.isPending ? t('ops.search.searching') : t('ops.search.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {search.isError && <p className="text-sm text-red-700">{t('ops.search.error')}</p>}
        {found && found.accounts.length === 0 && found.listings.length === 0 && (
          <p className="text-sm text-stone-700">{t('ops.search.none', { q: search.variables })}</p>
        )}
      </div>
      {found && found.listings.length > 0 && (
        <section aria-label={t('ops.search.listings')}>
          <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('ops.search.listings')}</h4>
          <ul className="flex flex-col gap-3">
            {found.listings.map((listing) => (
              <FoundListing key={listing.food_id} listing={listing} operatorId={operatorId} />
            ))}
          </ul>
        </section>
      )}
      {found && found.accounts.length > 0 && (
        <section aria-label={t('ops.search.accounts')}>
          <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('ops.search.accounts')}</h4>
          <ul className="flex flex-col gap-3">
            {found.accounts.map((account) => (
              <FoundAccount key={account.user_id} account={account} operatorId={operatorId} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const resultClass = 'flex flex-col gap-2 rounded-lg border border-stone-200 p-3';

/** A found result's reason field and its two actions (take and undo), with the action's problems. */
function ReasonAndActions({
  problems,
  label,
  name,
  reason,
  onReason,
  ...buttons
}: {
  problems: { subject?: string; reason?: string };
  label: string;
  name: string;
  reason: string;
  onReason: (reason: string) => void;
} & ComponentProps<typeof ModerationButtons>) {
  return (
    <>
      {problems.subject && <p className="text-sm text-red-700">{problems.subject}</p>}
      <FormField label={label} name={name} dir="auto" maxLength={500} value={reason} onChange={(event) => onReason(event.target.value)} error={problems.reason} />
      <ModerationButtons {...buttons} />
    </>
  );
}

function FoundListing({ listing, operatorId }: { listing: OpsFoundListing; operatorId: number }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const [reason, setReason] = useState('');
  const [hidden, setHidden] = useState(listing.hidden);
  const { mutation, problems, outcome, take } = useModerationAction<{ hide: boolean }>(
    operatorId,
    async ({ hide }) => {
      const answer = hide ? await moderationEndpoints.hideFood(listing.food_id, reason.trim()) : await moderationEndpoints.unhideFood(listing.food_id);
      setHidden(answer.hidden);
      return answer;
    },
    ({ hide }) => t(hide ? 'ops.listing.hidden' : 'ops.listing.unhidden', { id: format.number(listing.food_id) }),
    t('ops.reasonRequired'),
  );
  return (
    <li data-testid="found-listing" data-food-id={listing.food_id} className={resultClass}>
      <p className="text-sm text-stone-900">
        <bdi className="font-semibold">{listing.food_name}</bdi> ·{' '}
        {t('ops.search.listingLine', { id: format.number(listing.food_id), donor: listing.donor_name })}
        {hidden && <span className="ms-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">{t('ops.search.hiddenNow')}</span>}
      </p>
      <ReasonAndActions
        problems={problems}
        label={t('ops.search.reasonFor', { name: listing.food_name })}
        name={`hide_reason_${listing.food_id}`}
        reason={reason}
        onReason={setReason}
        pending={mutation.isPending}
        outcome={outcome}
        take={t('ops.listing.hide')}
        undo={t('ops.listing.unhide')}
        onAct={(hide) => take(String(listing.food_id), '', hide ? reason : null, () => ({ hide }))}
      />
    </li>
  );
}

function FoundAccount({ account, operatorId }: { account: OpsFoundAccount; operatorId: number }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const [reason, setReason] = useState('');
  const [suspended, setSuspended] = useState(account.suspended);
  const { mutation, problems, outcome, take } = useModerationAction<{ suspend: boolean }>(
    operatorId,
    async ({ suspend }) => {
      const answer = suspend ? await moderationEndpoints.suspendUser(account.user_id, reason.trim()) : await moderationEndpoints.reinstateUser(account.user_id);
      setSuspended(answer.suspended);
      return answer;
    },
    ({ suspend }) => t(suspend ? 'ops.account.suspended' : 'ops.account.reinstated', { id: format.number(account.user_id) }),
    t('ops.reasonRequired'),
  );
  return (
    <li data-testid="found-account" data-user-id={account.user_id} className={resultClass}>
      <p className="text-sm text-stone-900">
        <bdi className="font-semibold">
          {t('ops.account.found', {
            name: account.name,
            type: t(`ops.account.types.${account.user_type}`),
            id: format.number(account.user_id),
            state: t(suspended ? 'ops.account.suspendedState' : 'ops.account.active'),
          })}
        </bdi>
      </p>
      <p className="text-sm break-all text-stone-700" dir="ltr">
        {account.email}
        {account.phone && ` · ${account.phone}`}
      </p>
      <ReasonAndActions
        problems={problems}
        label={t('ops.search.reasonFor', { name: account.name })}
        name={`suspend_reason_${account.user_id}`}
        reason={reason}
        onReason={setReason}
        pending={mutation.isPending}
        outcome={outcome}
        take={t('ops.account.suspend')}
        undo={t('ops.account.reinstate')}
        onAct={(suspend) => take(String(account.user_id), '', suspend ? reason : null, () => ({ suspend }))}
      />
    </li>
  );
}
