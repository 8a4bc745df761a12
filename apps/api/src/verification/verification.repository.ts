import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUDIT_ACTIONS,
  LIMITS,
  NO_SHOW_SUSPENSION,
  type NoShowEntry,
  type AuditAction,
  type OpsVerificationItem,
  type VerificationAuditEntry,
  type VerificationStatus,
  type VerificationView,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { CHARITY_ROW_COLUMNS as ROW_COLUMNS, type VerificationRow } from '../auth/charities.repository';

export type { VerificationChange, VerificationRow } from '../auth/charities.repository';

/** What the charity, the event and the decision's answer say. */
export function verificationView(row: VerificationRow): VerificationView {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  const suspended = row.claiming_suspended_until && row.claiming_suspended_until.getTime() > Date.now() ? row.claiming_suspended_until : null;
  return {
    status: row.status,
    reason: row.reason,
    submitted_at: iso(row.submitted_at),
    decided_at: iso(row.decided_at),
    claiming_suspended_until: iso(suspended),
    claim_limit: row.claim_limit,
  };
}

/** An audit line to record. */
export interface AuditLine {
  actorId: number | null;
  action: AuditAction;
  subjectId: number;
  reason: string | null;
  before: VerificationStatus;
  after: VerificationStatus;
}

/** Operators' queue row (before the document URL and reliability score are added). */
type QueueRow = Omit<OpsVerificationItem, 'document_url' | 'reliability' | 'submitted_at' | 'decided_at' | 'claiming_suspended_until'> & {
  submitted_at: Date | null;
  decided_at: Date | null;
  claiming_suspended_until: Date | null;
  has_document: boolean;
  completed: number;
  no_shows: number;
  late_cancellations: number;
};

/**
 * The start of the count of a charity's ($1) no-shows toward the automatic suspension: no-shows that count
 * (recorded after the collect-by time, not overturned), each donor once, so one donor reporting again and
 * again cannot suspend a charity alone. The caller adds the period.
 */
const SUSPENDING_NO_SHOWS = `count(DISTINCT f.donor_id)::int AS no_shows
   FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
  WHERE r.charity_id = $1 AND r.status::text = 'not_collected' AND r.no_show_counts AND r.no_show_overturned_at IS NULL`;

/**
 * `charities`' verification columns and `verification_audit` (migration 1764650600000). Every change goes
 * through `change()` under the charity's row lock (`lock()`), with an audit line in the same transaction.
 */
@Injectable()
export class VerificationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(userId: number, manager: EntityManager = this.db.manager): Promise<VerificationRow | null> {
    const rows = await manager.query<VerificationRow[]>(`SELECT ${ROW_COLUMNS} FROM charities c WHERE c.user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /** The charity's row, locked until the transaction ends; null when the account is not a (live) charity's. */
  async lock(tx: EntityManager, userId: number): Promise<VerificationRow | null> {
    const rows = await tx.query<VerificationRow[]>(
      `SELECT ${ROW_COLUMNS} FROM charities c JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
        WHERE c.user_id = $1 FOR UPDATE OF c`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async audit(tx: EntityManager, line: AuditLine): Promise<void> {
    await tx.query(
      `INSERT INTO verification_audit (actor_id, action, subject_id, reason, status_before, status_after) VALUES ($1, $2, $3, $4, $5, $6)`,
      [line.actorId, line.action, line.subjectId, line.reason, line.before, line.after],
    );
  }

  /** A charity's verification audit trail, newest first (moderation's lines: GET /api/ops/moderation/audit). */
  async auditTrail(userId: number): Promise<VerificationAuditEntry[]> {
    const rows = await this.db.query<(Omit<VerificationAuditEntry, 'created_at'> & { created_at: Date })[]>(
      `SELECT id, actor_id, action, subject_id, reason, status_before, status_after, created_at
         FROM verification_audit WHERE subject_id = $1 AND action = ANY($2) ORDER BY created_at DESC, id DESC`,
      [userId, AUDIT_ACTIONS],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  /**
   * The review queue: every charity in `status`, oldest submission first, no paging (the queue is worked
   * down, not browsed). `suspended` also lists charities whose claiming is suspended after no-shows.
   */
  async queue(status: VerificationStatus): Promise<QueueRow[]> {
    const where =
      status === 'suspended'
        ? `(c.verification_status = 'suspended' OR c.claiming_suspended_until > now())`
        : `c.verification_status = $1 AND (c.claiming_suspended_until IS NULL OR c.claiming_suspended_until <= now())`;
    return this.db.query<QueueRow[]>(
      `SELECT u.id AS user_id, c.id AS charity_id, u.name, u.email, c.verification_status AS status, c.moss_number, c.address,
              c.contact_phone, c.submitted_at, c.decided_at, c.verification_reason AS reason,
              CASE WHEN c.claiming_suspended_until > now() THEN c.claiming_suspended_until END AS claiming_suspended_until,
              c.document_key IS NOT NULL AS has_document, c.document_type,
              coalesce(rel.completed, 0) AS completed, coalesce(rel.no_shows, 0) AS no_shows,
              coalesce(rel.late_cancellations, 0) AS late_cancellations
         FROM charities c JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
         LEFT JOIN charity_reliability rel ON rel.charity_id = c.user_id
        WHERE ${where}
        ORDER BY c.submitted_at ASC NULLS LAST, c.user_id`,
      status === 'suspended' ? [] : [status],
    );
  }

  /**
   * After a no-show: when the charity has NO_SHOW_SUSPENSION.noShows counted no-shows within `withinDays`
   * from as many different donors (one donor's repeated reports count once: SUSPENDING_NO_SHOWS), counted
   * since its last suspension or reinstatement (so a lifted suspension does not fall again on the next
   * one), and its claiming is not suspended already, suspends claiming for `suspendDays` and takes every
   * claim slot away. Returns the row before the change, or null when nothing was suspended. The caller
   * holds the request's lock, and this takes the charity's.
   */
  async suspendAfterNoShows(tx: EntityManager, charityId: number): Promise<VerificationRow | null> {
    const row = await this.lock(tx, charityId);
    if (!row || (row.claiming_suspended_until && row.claiming_suspended_until.getTime() > Date.now())) return null;
    const [{ no_shows }] = await tx.query<{ no_shows: number }[]>(
      `SELECT ${SUSPENDING_NO_SHOWS}
          AND r.ended_at > greatest(now() - make_interval(days => $2),
                coalesce((SELECT max(created_at) FROM verification_audit
                           WHERE subject_id = $1 AND action IN ('auto_suspend', 'reinstate')), '-infinity'))`,
      [charityId, NO_SHOW_SUSPENSION.withinDays],
    );
    return no_shows >= NO_SHOW_SUSPENSION.noShows ? row : null;
  }

  /**
   * After an operator overturned a no-show: the charity's row, locked, and whether the claiming suspension
   * in force (the latest of its automatic suspensions and reinstatements being an automatic suspension)
   * no longer stands, its no-shows then (as suspendAfterNoShows counted them) having fallen below the
   * threshold. Null when the account is not a live charity's.
   */
  async afterOverturn(tx: EntityManager, charityId: number): Promise<{ row: VerificationRow; lift: boolean } | null> {
    const row = await this.lock(tx, charityId);
    if (!row) return null;
    if (!row.claiming_suspended_until || row.claiming_suspended_until.getTime() <= Date.now()) return { row, lift: false };
    const [mark] = await tx.query<{ action: string; no_shows: number }[]>(
      `WITH marks AS (SELECT action, created_at FROM verification_audit WHERE subject_id = $1 AND action IN ('auto_suspend', 'reinstate')),
            last AS (SELECT action, created_at FROM marks ORDER BY created_at DESC LIMIT 1),
            prev AS (SELECT max(m.created_at) AS at FROM marks m, last WHERE m.created_at < last.created_at)
       SELECT last.action,
              (SELECT ${SUSPENDING_NO_SHOWS}
                  AND r.ended_at <= last.created_at
                  AND r.ended_at > greatest(last.created_at - make_interval(days => $2), coalesce(prev.at, '-infinity'))) AS no_shows
         FROM last, prev`,
      [charityId, NO_SHOW_SUSPENSION.withinDays],
    );
    return { row, lift: mark?.action === 'auto_suspend' && mark.no_shows < NO_SHOW_SUSPENSION.noShows };
  }

  /** The charity's no-shows of the reliability period, newest first, as operators review them. */
  async noShows(charityIds: number[]): Promise<Map<number, NoShowEntry[]>> {
    const rows = await this.db.query<(Omit<NoShowEntry, 'ended_at' | 'overturned_at'> & { charity_id: number; ended_at: Date; overturned_at: Date | null })[]>(
      `SELECT r.charity_id, r.id AS request_id, f.donor_id, r.ended_at, r.no_show_counts AS counts,
              r.no_show_overturned_at AS overturned_at, r.no_show_overturn_reason AS overturn_reason
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.charity_id = ANY($1) AND r.status::text = 'not_collected' AND r.ended_at > now() - make_interval(days => $2)
        ORDER BY r.ended_at DESC, r.id DESC`,
      [charityIds, LIMITS.reliabilityDays],
    );
    const byCharity = new Map<number, NoShowEntry[]>();
    for (const { charity_id, ended_at, overturned_at, ...entry } of rows) {
      const list = byCharity.get(charity_id) ?? [];
      list.push({ ...entry, ended_at: ended_at.toISOString(), overturned_at: overturned_at?.toISOString() ?? null });
      byCharity.set(charity_id, list);
    }
    return byCharity;
  }
}
