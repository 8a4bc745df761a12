import type { DataSourceOptions } from 'typeorm';
import { InitialSchema1763769600000 } from './migrations/1763769600000-initial-schema';
import { EventOutbox1763856000000 } from './migrations/1763856000000-event-outbox';
import { OutboxHistoryIndexes1763942400000 } from './migrations/1763942400000-outbox-history-indexes';
import { RealtimeInstances1764028800000 } from './migrations/1764028800000-realtime-instances';
import { OutboxWakeAfterCommit1764120000000 } from './migrations/1764120000000-outbox-wake-after-commit';
import { OutboxLease1764206400000 } from './migrations/1764206400000-outbox-lease';
import { LiveInstanceSockets1764292800000 } from './migrations/1764292800000-live-instance-sockets';
import { IdempotencyKeys1764480000000 } from './migrations/1764480000000-idempotency-keys';
import { AccountDeletion1764486000000 } from './migrations/1764486000000-account-deletion';
import { PickupPointsAndHandover1764570000000 } from './migrations/1764570000000-pickup-points-and-handover';
import { CharityProfilesAndNotifications1764650000000 } from './migrations/1764650000000-charity-profiles-and-notifications';
import { PushSubscriptions1764650100000 } from './migrations/1764650100000-push-subscriptions';
import { OfferCascade1764650200000 } from './migrations/1764650200000-offer-cascade';
import { PasswordResets1764650300000 } from './migrations/1764650300000-password-resets';
import { Impact1764650500000 } from './migrations/1764650500000-impact';
import { CharityVerification1764650600000 } from './migrations/1764650600000-charity-verification';
import { Moderation1764650700000 } from './migrations/1764650700000-moderation';
import { ModerationFollowUps1764650800000 } from './migrations/1764650800000-moderation-follow-ups';
import { SuspendedCharitiesClaimNothing1764651100000 } from './migrations/1764651100000-suspended-charities-claim-nothing';
import { PickupCodeTries1764651200000 } from './migrations/1764651200000-pickup-code-tries';
import { QuickCancelPause1764651300000 } from './migrations/1764651300000-quick-cancel-pause';
import { Messaging1764651400000 } from './migrations/1764651400000-messaging';
import { NoShowCounting1764651460000 } from './migrations/1764651460000-no-show-counting';
import { EraseDeletedAccounts1764651470000 } from './migrations/1764651470000-erase-deleted-accounts';
import { Organisations1764651500000 } from './migrations/1764651500000-organisations';
import { UserLanguage1764651480000 } from './migrations/1764651480000-user-language';
import { StandingCollections1764651600000 } from './migrations/1764651600000-standing-collections';
import { StandingOfferWaitlist1764651610000 } from './migrations/1764651610000-standing-offer-waitlist';
import { CharityCapacity1764651620000 } from './migrations/1764651620000-charity-capacity';
import { MessagingSending1764651810000 } from './migrations/1764651810000-messaging-sending';
import { MessagingLateFallback1764651811000 } from './migrations/1764651811000-messaging-late-fallback';
import { HijriShifts1764651820000 } from './migrations/1764651820000-hijri-shifts';
import { PartialClaims1764651830000 } from './migrations/1764651830000-partial-claims';
import { Transport1764651840000 } from './migrations/1764651840000-transport';
import { ScheduleReminders1764651850000 } from './migrations/1764651850000-schedule-reminders';

/**
 * No entities: every table is reached with explicit SQL in a `*.repository.ts` file (conditional updates,
 * row locks, SKIP LOCKED; see docs/CONTRIBUTING.md), and the schema lives in the migrations alone.
 */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  EventOutbox1763856000000,
  OutboxHistoryIndexes1763942400000,
  RealtimeInstances1764028800000,
  OutboxWakeAfterCommit1764120000000,
  OutboxLease1764206400000,
  LiveInstanceSockets1764292800000,
  IdempotencyKeys1764480000000,
  AccountDeletion1764486000000,
  PickupPointsAndHandover1764570000000,
  CharityProfilesAndNotifications1764650000000,
  PushSubscriptions1764650100000,
  OfferCascade1764650200000,
  PasswordResets1764650300000,
  Impact1764650500000,
  CharityVerification1764650600000,
  Moderation1764650700000,
  ModerationFollowUps1764650800000,
  SuspendedCharitiesClaimNothing1764651100000,
  PickupCodeTries1764651200000,
  QuickCancelPause1764651300000,
  Messaging1764651400000,
  NoShowCounting1764651460000,
  EraseDeletedAccounts1764651470000,
  UserLanguage1764651480000,
  Organisations1764651500000,
  StandingCollections1764651600000,
  StandingOfferWaitlist1764651610000,
  CharityCapacity1764651620000,
  MessagingSending1764651810000,
  MessagingLateFallback1764651811000,
  HijriShifts1764651820000,
  PartialClaims1764651830000,
  Transport1764651840000,
  ScheduleReminders1764651850000,
];

/** The longest a statement runs, on either side of the connection. */
const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * TypeORM settings: the schema comes only from migrations, never from `synchronize`. `transactionTimeoutMs`
 * is DB_TRANSACTION_TIMEOUT_MS (transaction-deadline.ts), which PostgreSQL applies too.
 */
export function dataSourceOptions(url: string, { transactionTimeoutMs = 10_000 }: { transactionTimeoutMs?: number } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'all',
    synchronize: false,
    // Pool sized for a 2-core machine; a claim holds a connection only for its short transaction.
    // When PostgreSQL goes silent (a partition rather than a refusal), no call may wait on it for long:
    // connections are probed with TCP keep-alives, new ones give up after 3 s and queries after 10 s,
    // and the request then answers 503.
    //
    // PostgreSQL enforces the same bounds on its side, for statements that reach it late (a partition holds
    // them, then delivers them after the client gave up): a statement runs at most STATEMENT_TIMEOUT_MS,
    // and a session idle inside a transaction for DB_TRANSACTION_TIMEOUT_MS is ended, its transaction
    // rolled back and its row locks (an Idempotency-Key's included) released, though its client is still
    // silent. No live transaction idles that long: the deadline would have cut it already.
    extra: {
      max: 20,
      connectionTimeoutMillis: 3000,
      query_timeout: STATEMENT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: transactionTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
    },
  };
}
