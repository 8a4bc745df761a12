import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ActivityAction, ActivityEntry, OrgKind, OrgMember, OrgRole, PendingInvitation, Language } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** An organisation's row. */
export interface Organisation {
  id: number;
  kind: OrgKind;
  name: string;
  accountId: number;
}

/** A member as the service checks it. */
export interface MemberRow {
  userId: number;
  role: OrgRole;
  pickupPointIds: number[];
}

/** What became of an invitation link; `open` when it still works. */
export type InvitationState = 'open' | 'expired' | 'used' | 'withdrawn';

/** An invitation found by its token's hash. */
export interface InvitationRow {
  id: number;
  organisationId: number;
  organisationName: string;
  kind: OrgKind;
  email: string;
  role: OrgRole;
  pickupPointIds: number[];
  expiresAt: Date;
  state: InvitationState;
}

/** An activity entry to record (docs/ORGANISATIONS.md, "Activity"). */
export interface NewActivity {
  organisationId: number;
  action: ActivityAction;
  actorId: number | null;
  subject: string;
  foodId?: number | null;
  requestId?: number | null;
  memberId?: number | null;
  pickupPointId?: number | null;
}

interface ActivityRow {
  id: string;
  at: Date;
  action: ActivityAction;
  actor_id: number | null;
  actor_name: string | null;
  subject: string;
  food_id: number | null;
  request_id: number | null;
  member_id: number | null;
  pickup_point_id: number | null;
}

/**
 * `organisations`, `organisation_members`, `organisation_invitations` and `organisation_activity`
 * (migration 1764651500000, docs/ORGANISATIONS.md): their owner, in auth/ because an account's sign-up
 * makes its organisation and the session reads the membership. Other modules use OrganisationsService.
 */
@Injectable()
export class OrganisationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Makes the organisation of a new account and its admin membership (inside the sign-up's transaction). */
  async create(tx: EntityManager, kind: OrgKind, name: string, accountId: number): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `WITH org AS (INSERT INTO organisations (kind, name, account_id) VALUES ($1, $2, $3) RETURNING id),
            admin AS (INSERT INTO organisation_members (user_id, organisation_id, role) SELECT $3, id, 'admin' FROM org)
       SELECT id FROM org`,
      [kind, name, accountId],
    );
    return row.id;
  }

  async byId(orgId: number, manager: EntityManager = this.db.manager): Promise<Organisation | undefined> {
    const [row] = await manager.query<{ id: number; kind: OrgKind; name: string; account_id: number }[]>(
      `SELECT id, kind, name, account_id FROM organisations WHERE id = $1`,
      [orgId],
    );
    return row && { id: row.id, kind: row.kind, name: row.name, accountId: row.account_id };
  }

  /** Locks the organisation's row: membership changes of one organisation happen one at a time (the last-admin rule). */
  async lock(tx: EntityManager, orgId: number): Promise<void> {
    await tx.query(`SELECT id FROM organisations WHERE id = $1 FOR UPDATE`, [orgId]);
  }

  /** The live members, admins first, then by name; e-mails only when `withEmails`. */
  async members(orgId: number, withEmails: boolean, manager: EntityManager = this.db.manager): Promise<OrgMember[]> {
    const rows = await manager.query<{ user_id: number; name: string; email: string; role: OrgRole; pickup_point_ids: number[] }[]>(
      `SELECT m.user_id, u.name, u.email, m.role, m.pickup_point_ids
         FROM organisation_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE m.organisation_id = $1
        ORDER BY m.role <> 'admin', lower(u.name), m.user_id`,
      [orgId],
    );
    return rows.map((row) => ({
      user_id: row.user_id,
      name: row.name,
      ...(withEmails ? { email: row.email } : {}),
      role: row.role,
      pickup_point_ids: row.pickup_point_ids,
    }));
  }

  /**
   * Who acts at one of an account's branches (pickup point `pointId`): the live members of the account's
   * organisation who are its admins, or its branch managers and staff of that branch, by id. An account in no
   * organisation (none yet): the account alone.
   */
  async branchActors(accountId: number, pointId: number, manager: EntityManager = this.db.manager): Promise<number[]> {
    const rows = await manager.query<{ user_id: number }[]>(
      `SELECT m.user_id
         FROM organisations o
         JOIN organisation_members m ON m.organisation_id = o.id
         JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE o.account_id = $1 AND (m.role = 'admin' OR (m.role IN ('branch_manager', 'staff') AND $2 = ANY(m.pickup_point_ids)))
        ORDER BY m.user_id`,
      [accountId, pointId],
    );
    if (rows.length > 0) return rows.map((row) => row.user_id);
    const [org] = await manager.query<unknown[]>(`SELECT 1 FROM organisations WHERE account_id = $1`, [accountId]);
    return org ? [] : [accountId];
  }

  /** A live member of the organisation, or undefined. */
  async member(orgId: number, userId: number, manager: EntityManager = this.db.manager): Promise<MemberRow | undefined> {
    const [row] = await manager.query<{ user_id: number; role: OrgRole; pickup_point_ids: number[] }[]>(
      `SELECT m.user_id, m.role, m.pickup_point_ids
         FROM organisation_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE m.organisation_id = $1 AND m.user_id = $2`,
      [orgId, userId],
    );
    return row && { userId: row.user_id, role: row.role, pickupPointIds: row.pickup_point_ids };
  }

  /** A member's name (for activity and answers). */
  async memberName(userId: number, manager: EntityManager = this.db.manager): Promise<string | undefined> {
    const [row] = await manager.query<{ name: string }[]>(`SELECT name FROM users WHERE id = $1`, [userId]);
    return row?.name;
  }

  /** How many live admins the organisation has (call after `lock`). */
  async adminCount(tx: EntityManager, orgId: number): Promise<number> {
    const [row] = await tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count
         FROM organisation_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE m.organisation_id = $1 AND m.role = 'admin'`,
      [orgId],
    );
    return row.count;
  }

  /** Whether a live account has this e-mail (lower-cased). */
  async hasAccount(email: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM users WHERE lower(email) = $1 AND deleted_at IS NULL`, [email]);
    return rows.length > 0;
  }

  /** Whether the user is in any organisation. */
  async isMember(userId: number, manager: EntityManager = this.db.manager): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM organisation_members WHERE user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /** Adds a member; false when the user is already in an organisation (the primary key settles a race). */
  async addMember(tx: EntityManager, orgId: number, userId: number, role: OrgRole, pickupPointIds: number[]): Promise<boolean> {
    const rows = await returningRows(
      tx,
      `INSERT INTO organisation_members (user_id, organisation_id, role, pickup_point_ids) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userId, orgId, role, pickupPointIds],
    );
    return rows.length > 0;
  }

  async updateMember(tx: EntityManager, orgId: number, userId: number, role: OrgRole, pickupPointIds: number[]): Promise<void> {
    await tx.query(`UPDATE organisation_members SET role = $3, pickup_point_ids = $4 WHERE organisation_id = $1 AND user_id = $2`, [
      orgId,
      userId,
      role,
      pickupPointIds,
    ]);
  }

  async removeMember(tx: EntityManager, orgId: number, userId: number): Promise<void> {
    await tx.query(`DELETE FROM organisation_members WHERE organisation_id = $1 AND user_id = $2`, [orgId, userId]);
  }

  /**
   * An organisation's account is deleted: its other members leave it (their ids are returned, to end their
   * sessions) and its pending invitations are withdrawn. A member deleting their own account leaves too.
   */
  async dissolve(tx: EntityManager, userId: number): Promise<number[]> {
    const rows = await returningRows<{ user_id: number }>(
      tx,
      `DELETE FROM organisation_members m USING organisations o
        WHERE o.id = m.organisation_id AND ((o.account_id = $1 AND m.user_id <> $1) OR (m.user_id = $1 AND o.account_id <> $1))
        RETURNING m.user_id`,
      [userId],
    );
    await tx.query(
      `UPDATE organisation_invitations i SET withdrawn_at = now() FROM organisations o
        WHERE o.id = i.organisation_id AND o.account_id = $1 AND i.accepted_at IS NULL AND i.withdrawn_at IS NULL`,
      [userId],
    );
    return rows.map((row) => row.user_id).filter((id) => id !== userId);
  }

  /** Records an invitation (its token only as a hash); returns its id and expiry. */
  async invite(
    tx: EntityManager,
    invitation: { orgId: number; tokenHash: Buffer; email: string; role: OrgRole; pickupPointIds: number[]; invitedBy: number; days: number },
  ): Promise<{ id: number; expiresAt: Date }> {
    const [row] = await tx.query<{ id: number; expires_at: Date }[]>(
      `INSERT INTO organisation_invitations (organisation_id, token_hash, email, role, pickup_point_ids, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) RETURNING id, expires_at`,
      [invitation.orgId, invitation.tokenHash, invitation.email, invitation.role, invitation.pickupPointIds, invitation.invitedBy, invitation.days],
    );
    return { id: row.id, expiresAt: row.expires_at };
  }

  /** How many invitations of the organisation are pending (not accepted, withdrawn or expired). */
  async pendingCount(tx: EntityManager, orgId: number): Promise<number> {
    const [row] = await tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM organisation_invitations
        WHERE organisation_id = $1 AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()`,
      [orgId],
    );
    return row.count;
  }

  async pending(orgId: number): Promise<PendingInvitation[]> {
    const rows = await this.db.query<
      { id: number; email: string; role: OrgRole; pickup_point_ids: number[]; invited_by: string | null; created_at: Date; expires_at: Date }[]
    >(
      `SELECT i.id, i.email, i.role, i.pickup_point_ids, u.name AS invited_by, i.created_at, i.expires_at
         FROM organisation_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.organisation_id = $1 AND i.accepted_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > now()
        ORDER BY i.id DESC`,
      [orgId],
    );
    return rows.map((row) => ({
      invitation_id: row.id,
      email: row.email,
      role: row.role,
      pickup_point_ids: row.pickup_point_ids,
      invited_by: row.invited_by ?? '',
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
    }));
  }

  /** Withdraws a pending invitation of the organisation; false when it has none with that id. */
  async withdraw(orgId: number, invitationId: number): Promise<boolean> {
    const [, count] = await this.db.query<[unknown, number]>(
      `UPDATE organisation_invitations SET withdrawn_at = now()
        WHERE id = $1 AND organisation_id = $2 AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()`,
      [invitationId, orgId],
    );
    return count > 0;
  }

  /** The invitation with this token hash, locked when `tx` is a transaction that will accept it. */
  async byTokenHash(tokenHash: Buffer, manager: EntityManager = this.db.manager, lock = false): Promise<InvitationRow | undefined> {
    const [row] = await manager.query<
      {
        id: number;
        organisation_id: number;
        name: string;
        kind: OrgKind;
        email: string;
        role: OrgRole;
        pickup_point_ids: number[];
        expires_at: Date;
        accepted: boolean;
        withdrawn: boolean;
        expired: boolean;
      }[]
    >(
      `SELECT i.id, i.organisation_id, o.name, o.kind, i.email, i.role, i.pickup_point_ids, i.expires_at,
              i.accepted_at IS NOT NULL AS accepted, i.withdrawn_at IS NOT NULL AS withdrawn, i.expires_at <= now() AS expired
         FROM organisation_invitations i JOIN organisations o ON o.id = i.organisation_id
        WHERE i.token_hash = $1${lock ? ' FOR UPDATE OF i' : ''}`,
      [tokenHash],
    );
    if (!row) return undefined;
    const state: InvitationState = row.accepted ? 'used' : row.withdrawn ? 'withdrawn' : row.expired ? 'expired' : 'open';
    return {
      id: row.id,
      organisationId: row.organisation_id,
      organisationName: row.name,
      kind: row.kind,
      email: row.email,
      role: row.role,
      pickupPointIds: row.pickup_point_ids,
      expiresAt: row.expires_at,
      state,
    };
  }

  /**
   * What the invitation e-mail needs while the invitation is pending; in the invitee's language when the
   * e-mail has an account, else the inviter's.
   */
  async openForMail(
    invitationId: number,
  ): Promise<
    | { email: string; organisation: string; kind: OrgKind; role: OrgRole; inviter: string; tokenHash: Buffer; language: Language; inviteeId: number | null }
    | undefined
  > {
    const [row] = await this.db.query<
      { email: string; organisation: string; kind: OrgKind; role: OrgRole; inviter: string | null; token_hash: Buffer; language: Language; invitee_id: number | null }[]
    >(
      `SELECT i.email, o.name AS organisation, o.kind, i.role, u.name AS inviter, i.token_hash, e.id AS invitee_id,
              COALESCE(e.language, u.language, 'en') AS language
         FROM organisation_invitations i JOIN organisations o ON o.id = i.organisation_id
         LEFT JOIN users u ON u.id = i.invited_by
         LEFT JOIN users e ON lower(e.email) = i.email AND e.deleted_at IS NULL
        WHERE i.id = $1 AND i.accepted_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > now()`,
      [invitationId],
    );
    return row && { ...row, inviter: row.inviter ?? row.organisation, tokenHash: row.token_hash, inviteeId: row.invitee_id };
  }

  async markAccepted(tx: EntityManager, invitationId: number, userId: number): Promise<void> {
    await tx.query(`UPDATE organisation_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [invitationId, userId]);
  }

  /** Records an activity entry, in the transaction of the act. */
  async record(manager: EntityManager, entry: NewActivity): Promise<void> {
    await manager.query(
      `INSERT INTO organisation_activity (organisation_id, action, actor_id, subject, food_id, request_id, member_id, pickup_point_id)
       VALUES ($1, $2, $3, left($4, 200), $5, $6, $7, $8)`,
      [
        entry.organisationId,
        entry.action,
        entry.actorId,
        entry.subject,
        entry.foodId ?? null,
        entry.requestId ?? null,
        entry.memberId ?? null,
        entry.pickupPointId ?? null,
      ],
    );
  }

  /**
   * Records an entry for the organisation whose account is `accountId` (the acts of listings and claims
   * name the account), in the act's transaction.
   */
  async recordForAccount(manager: EntityManager, accountId: number, entry: Omit<NewActivity, 'organisationId'>): Promise<void> {
    await manager.query(
      `INSERT INTO organisation_activity (organisation_id, action, actor_id, subject, food_id, request_id, member_id, pickup_point_id)
       SELECT id, $2, $3, left($4, 200), $5, $6, $7, $8 FROM organisations WHERE account_id = $1`,
      [
        accountId,
        entry.action,
        entry.actorId,
        entry.subject,
        entry.foodId ?? null,
        entry.requestId ?? null,
        entry.memberId ?? null,
        entry.pickupPointId ?? null,
      ],
    );
  }

  /**
   * A page of the organisation's activity, newest first, older than entry `beforeId` when given;
   * `branches` (a branch manager's) keeps the entries of those pickup points only.
   */
  async activity(orgId: number, beforeId: number | null, limit: number, branches: number[] | null): Promise<ActivityEntry[]> {
    const rows = await this.db.query<ActivityRow[]>(
      `SELECT a.id, a.at, a.action, a.actor_id, u.name AS actor_name, a.subject, a.food_id, a.request_id, a.member_id, a.pickup_point_id
         FROM organisation_activity a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.organisation_id = $1 AND ($2::bigint IS NULL OR a.id < $2)
          AND ($4::int[] IS NULL OR a.pickup_point_id = ANY($4))
        ORDER BY a.id DESC
        LIMIT $3`,
      [orgId, beforeId, limit, branches],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actor_id === null ? null : { user_id: row.actor_id, name: row.actor_name ?? '' },
      subject: row.subject,
      food_id: row.food_id,
      request_id: row.request_id,
      member_id: row.member_id,
      pickup_point_id: row.pickup_point_id,
    }));
  }
}
