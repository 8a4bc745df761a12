import type { DomainEventType } from '@food-link/contracts';

/** react-query keys, scoped by whose data they hold. */
export const queryKeys = {
  /** The whole board; filtered boards live under it (`availableWith`), so one prefix reaches them all. */
  available: ['available-food'] as const,
  /** The board with filters; no filters is the whole board's own key. */
  availableWith: (query: string) => (query ? (['available-food', query] as const) : (['available-food'] as const)),
  pickupPoints: (userId: number) => ['pickup-points', userId] as const,
  partners: (userId: number) => ['partners', userId] as const,
  /** The donor's own settings (verified-only claims). */
  donorSettings: (userId: number) => ['donor-settings', userId] as const,
  charitySearch: (userId: number, search: string) => ['charity-search', userId, search] as const,
  pickupDetails: (requestId: number) => ['pickup-details', requestId] as const,
  food: (id: number) => ['food', id] as const,
  donorFood: (userId: number) => ['donor-food', userId] as const,
  charityRequests: (charityUserId: number) => ['charity-requests', charityUserId] as const,
  me: (token: string) => ['me', token] as const,
  /** Whether this browser gets push notifications for the signed-in user. */
  pushDevice: (userId: number) => ['push-device', userId] as const,
  /** The signed-in user's notifications and unread count; every user's lists share the prefix `notifications`. */
  notifications: (token: string) => ['notifications', token] as const,
  notificationPreferences: (token: string) => ['notification-preferences', token] as const,
  phone: (token: string) => ['phone', token] as const,
  charityProfile: (token: string) => ['charity-profile', token] as const,
  /** The signed-in charity's verification (docs/VERIFICATION.md). */
  charityVerification: (token: string) => ['charity-verification', token] as const,
  totalMeals: ['stats', 'total-meals'] as const,
  totalCharities: ['stats', 'total-charities'] as const,
  impactTotals: ['stats', 'impact-totals'] as const,
  /** The impact pages (docs/IMPACT.md); the user's own under their id. */
  donorImpact: (userId: number) => ['impact', 'donor', userId] as const,
  charityImpact: (userId: number) => ['impact', 'charity', userId] as const,
  publicImpact: ['impact', 'public'] as const,
  /** Standing collections (issue 27): the donor's schedules (a schedule's days under its prefix), the charity's week. */
  schedules: (userId: number) => ['schedules', userId] as const,
  scheduleOccurrences: (userId: number, scheduleId: number, from: string) => ['schedules', userId, scheduleId, 'occurrences', from] as const,
  charityStanding: (userId: number) => ['charity-standing', userId] as const,
  /** Everything the operator console shows, under one prefix per operator. */
  ops: (operatorId: number) => ['ops', operatorId] as const,
  opsSnapshot: (operatorId: number) => ['ops', operatorId, 'snapshot'] as const,
  opsOverview: (operatorId: number) => ['ops', operatorId, 'overview'] as const,
  /** `null` is every type. */
  opsEvents: (operatorId: number, type: DomainEventType | null) => ['ops', operatorId, 'events', type ?? 'all'] as const,
  opsFailedJobs: (operatorId: number, queue: string) => ['ops', operatorId, 'failed-jobs', queue] as const,
  opsMail: (operatorId: number) => ['ops', operatorId, 'mail'] as const,
  opsMessages: (operatorId: number, channel: string, status: string) => ['ops', operatorId, 'messages', channel, status] as const,
  /** The review queue, every status under one prefix so a decision refreshes them all. */
  opsVerifications: (operatorId: number) => ['ops', operatorId, 'verifications'] as const,
  opsVerificationList: (operatorId: number, status: string) => ['ops', operatorId, 'verifications', status] as const,
  opsVerificationAudit: (operatorId: number, userId: number) => ['ops', operatorId, 'verifications', 'audit', userId] as const,
  /** The whole trust audit trail (verification and moderation), newest first. */
  opsModerationAudit: (operatorId: number) => ['ops', operatorId, 'moderation', 'audit'] as const,
  /** The signed-in member's organisation (docs/ORGANISATIONS.md), and what hangs off it; one prefix per session. */
  org: (token: string) => ['org', token] as const,
  orgInvitations: (token: string) => ['org', token, 'invitations'] as const,
  orgActivity: (token: string) => ['org', token, 'activity'] as const,
  myPickups: (token: string) => ['org', token, 'my-pickups'] as const,
  /** Transport (issue 28): a volunteer's profile, offers and day; who is coming for a claim. */
  volunteerProfile: (token: string) => ['org', token, 'volunteer-profile'] as const,
  myOffers: (token: string) => ['org', token, 'transport-offers'] as const,
  tripDay: (token: string, date: string) => ['org', token, 'trips', date] as const,
  trip: (requestId: number) => ['trip', requestId] as const,
  invitationPreview: (invitationToken: string) => ['invitation-preview', invitationToken] as const,
  opsMailMessage: (operatorId: number, file: string) => ['ops', operatorId, 'mail', file] as const,
};
