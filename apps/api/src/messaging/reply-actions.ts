/**
 * What a reply on WhatsApp or SMS can do in the rest of the app (docs/MESSAGING.md, "Replies that act"):
 * declared here, bound by `replies/` (RepliesModule) to the claims' own calls, so that messaging does not
 * depend on them. Unbound (a process without RepliesModule), a reply claims nothing.
 */
export const REPLY_ACTIONS = Symbol('REPLY_ACTIONS');

/** What became of a claim made by a reply. */
export type ClaimReply =
  | { outcome: 'claimed'; foodName: string; pickupCode: string | null; address: string | null }
  | { outcome: 'taken' }
  | { outcome: 'refused'; reason: string };

/** What became of a Can't come. */
export type DeclineReply = { outcome: 'declined' } | { outcome: 'refused'; reason: string };

/** What became of a donor's Nothing today. */
export type SkipReply = { outcome: 'skipped' } | { outcome: 'refused'; reason: string };

/** What became of a volunteer's Accept of a transport offer: the pickup's code and where, or why not. */
export type AcceptReply =
  | { outcome: 'accepted'; foodName: string; pickupCode: string; address: string | null }
  | { outcome: 'taken' }
  | { outcome: 'refused'; reason: string };

/**
 * The ETA an On my way by reply gives (minutes): a button says no time, so the usual trip across a city
 * is told; the web's My trips lets the volunteer say exactly.
 */
export const REPLY_ETA_MINUTES = 30;

/** What became of a volunteer's On my way. */
export type GoingReply = { outcome: 'going'; foodName: string } | { outcome: 'refused'; reason: string };

export interface ReplyActions {
  /** The same claim as the web's (POST /api/request), as user `userId` would make it there (their organisation and role). */
  claim(userId: number, foodId: number): Promise<ClaimReply>;
  /** A standing charity's Confirm of a standing collection's day (listing `foodId`): the web's POST /api/schedules/{id}/occurrences/{date}/confirm. */
  confirm(userId: number, foodId: number): Promise<ClaimReply>;
  /** A standing charity's Can't come: the web's decline (the next standing charity is asked, then the board). */
  decline(userId: number, foodId: number): Promise<DeclineReply>;
  /** A donor's Nothing today of a standing collection's day: the web's POST /api/schedules/{id}/occurrences/{date}/skip. */
  skip(userId: number, scheduleId: number, date: string): Promise<SkipReply>;
  /** A volunteer's Accept of the open transport offer of pickup request `requestId`: the web's POST /api/transport/{id}/accept. */
  acceptTransport(userId: number, requestId: number): Promise<AcceptReply>;
  /** A volunteer's On my way of the pickup assigned to them: the web's POST /api/requests/{id}/on-the-way, with the usual ETA. */
  onTheWay(userId: number, requestId: number): Promise<GoingReply>;
}
