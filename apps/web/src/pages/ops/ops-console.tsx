import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { AccessMessage } from './access-message';
import { FailedJobsSection } from './failed-jobs-section';
import { LiveStatusSection } from './live-status-section';
import { MailOutboxSection } from './mail-outbox-section';
import { MessageLogSection } from './message-log-section';
import { ModerationSection } from './moderation-section';
import { OpsAccessContext } from './ops-access';
import { OverviewPanel } from './overview-panel';
import { PersonalDataSection } from './personal-data-section';
import { RecentEventsSection } from './recent-events-section';
import { useOpsLiveSync } from './use-ops-live-sync';
import { VerificationQueueSection } from './verification-queue-section';

type Refusal = 'session-over' | 'forbidden';

/** The console's panels, in page order, each with an anchor (`#ops-review`) the section bar links to. */
const SECTIONS = ['status', 'review', 'moderation', 'jobs', 'events', 'data', 'messages', 'mail'] as const;

/**
 * The console of a signed-in operator. When the server refuses one of its calls (the session ran out,
 * or the account is no operator after all) it gives way to a message and a link to Login, as the donor
 * and charity areas do for a token the server refuses.
 */
export function OpsConsole({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('ops');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const report = useCallback((error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) setRefusal('session-over');
    else if (error.status === 403) setRefusal((current) => current ?? 'forbidden');
  }, []);
  useOpsLiveSync(operatorId);

  if (refusal) return <AccessMessage urgent text={t(refusal === 'session-over' ? 'access.sessionOver' : 'access.forbidden')} />;
  return (
    <OpsAccessContext.Provider value={report}>
      <div className="flex flex-col gap-6">
        {/* The panels run to thousands of pixels: each is one tap away from the bar that stays at the top. */}
        <nav aria-label={t('sections.label')} data-testid="ops-sections" className="sticky top-0 z-10 -mx-1 overflow-x-auto bg-stone-50/95 px-1 py-2">
          <ul className="flex gap-2">
            {SECTIONS.map((section) => (
              <li key={section} className="shrink-0">
                <a
                  href={`#ops-${section}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
                >
                  {t(`sections.${section}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div id="ops-status" className="flex scroll-mt-16 flex-col gap-6">
          <LiveStatusSection operatorId={operatorId} />
          <OverviewPanel operatorId={operatorId} />
        </div>
        <div id="ops-review" className="scroll-mt-16">
          <VerificationQueueSection operatorId={operatorId} />
        </div>
        <div id="ops-moderation" className="scroll-mt-16">
          <ModerationSection operatorId={operatorId} />
        </div>
        <div id="ops-jobs" className="scroll-mt-16">
          <FailedJobsSection operatorId={operatorId} />
        </div>
        <div id="ops-events" className="scroll-mt-16">
          <RecentEventsSection operatorId={operatorId} />
        </div>
        <div id="ops-data" className="scroll-mt-16">
          <PersonalDataSection />
        </div>
        <div id="ops-messages" className="scroll-mt-16">
          <MessageLogSection operatorId={operatorId} />
        </div>
        <div id="ops-mail" className="scroll-mt-16">
          <MailOutboxSection operatorId={operatorId} />
        </div>
      </div>
    </OpsAccessContext.Provider>
  );
}
