import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { AccessMessage } from './access-message';
import { FailedJobsSection } from './failed-jobs-section';
import { LiveStatusSection } from './live-status-section';
import { MailOutboxSection } from './mail-outbox-section';
import { ModerationSection } from './moderation-section';
import { OpsAccessContext } from './ops-access';
import { OverviewPanel } from './overview-panel';
import { PersonalDataSection } from './personal-data-section';
import { RecentEventsSection } from './recent-events-section';
import { useOpsLiveSync } from './use-ops-live-sync';
import { VerificationQueueSection } from './verification-queue-section';

type Refusal = 'session-over' | 'forbidden';

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
        <LiveStatusSection operatorId={operatorId} />
        <OverviewPanel operatorId={operatorId} />
        <VerificationQueueSection operatorId={operatorId} />
        <ModerationSection operatorId={operatorId} />
        <FailedJobsSection operatorId={operatorId} />
        <RecentEventsSection operatorId={operatorId} />
        <PersonalDataSection />
        <MailOutboxSection operatorId={operatorId} />
      </div>
    </OpsAccessContext.Provider>
  );
}
