import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CharityLookupResponse, DonorInfoResponse, Language, OrgKind, OrgRole, UserType } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';
import type { Membership } from './auth-user';

/** An account as the API uses it (the password hash only where it is asked for). */
export interface UserAccount {
  id: number;
  name: string;
  /** Stored lower-cased; unique regardless of case. */
  email: string;
  userType: UserType;
}

export interface UserWithPassword extends UserAccount {
  passwordHash: string;
  /** Goes into the session token; a password reset raises it, ending every session issued before. */
  sessionVersion: number;
  /** The operator's reason when the account is suspended (it may not sign in), else null. */
  suspensionReason: string | null;
}

/** What a session check needs of a live account. */
export interface LiveSession {
  userType: UserType;
  sessionVersion: number;
  /**
   * The operator's reason when the account, or the account of its organisation, is suspended
   * (docs/VERIFICATION.md, "Moderation"), else null.
   */
  suspensionReason: string | null;
  /** Its organisation (docs/ORGANISATIONS.md), or null when it is in none. */
  org: Membership | null;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  userType: UserType;
  /** The language e-mail and push are written in until the user chooses one (notification preferences). */
  language: Language;
  /** A member who joined an organisation by invitation, not an organisation's account (docs/ORGANISATIONS.md). */
  memberOnly?: boolean;
}

interface UserRow {
  id: number;
  name: string;
  email: string;
  user_type: UserType;
  password_hash?: string;
  session_version?: number;
  suspension_reason?: string | null;
}

const ACCOUNT_COLUMNS = 'id, name, email, user_type';

function account(row: UserRow): UserAccount {
  return { id: row.id, name: row.name, email: row.email, userType: row.user_type };
}

/** An account's suspension as moderation reads and changes it. */
export interface AccountSuspension {
  id: number;
  user_type: UserType;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

/**
 * `users` and `charities` (a charity's public number, one-to-one with its user account): their owner, the
 * only writer of `users` (docs/CONTRIBUTING.md, "Reaching the database"); other modules reach it through
 * UsersService.
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts an account; a taken e-mail or charity name rejects with the unique violation. Returns its id. */
  async insert(user: NewUser, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = await manager.query<{ id: number }[]>(
      `INSERT INTO users (name, email, password_hash, user_type, language, member_only) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [user.name, user.email, user.passwordHash, user.userType, user.language, user.memberOnly ?? false],
    );
    return row.id;
  }

  /** The account signing in with `email` (lower-cased), with its password hash. */
  async findForLogin(email: string): Promise<UserWithPassword | undefined> {
    const [row] = await this.db.query<UserRow[]>(
      `SELECT ${ACCOUNT_COLUMNS}, password_hash, session_version, suspension_reason FROM users WHERE lower(email) = $1`,
      [email],
    );
    return row
      ? { ...account(row), passwordHash: row.password_hash as string, sessionVersion: row.session_version as number, suspensionReason: row.suspension_reason ?? null }
      : undefined;
  }

  /**
   * The type, session version and membership of a live account (one that exists and has not been
   * deleted), for the session check: one indexed read, the organisation's account's suspension with it.
   */
  async liveSession(id: number): Promise<LiveSession | undefined> {
    const [row] = await this.db.query<
      {
        user_type: UserType;
        session_version: number;
        suspension_reason: string | null;
        org_id: number | null;
        account_id: number;
        kind: OrgKind;
        role: OrgRole;
        pickup_point_ids: number[];
      }[]
    >(
      `SELECT u.user_type, u.session_version, COALESCE(u.suspension_reason, a.suspension_reason) AS suspension_reason,
              o.id AS org_id, o.account_id, o.kind, m.role, m.pickup_point_ids
         FROM users u
         LEFT JOIN organisation_members m ON m.user_id = u.id
         LEFT JOIN organisations o ON o.id = m.organisation_id
         LEFT JOIN users a ON a.id = o.account_id AND a.id <> u.id
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [id],
    );
    return (
      row && {
        userType: row.user_type,
        sessionVersion: row.session_version,
        suspensionReason: row.suspension_reason,
        org:
          row.org_id === null
            ? null
            : { orgId: row.org_id, accountId: row.account_id, kind: row.kind, role: row.role, pickupPointIds: row.pickup_point_ids },
      }
    );
  }

  /** Raises a live account's session version, ending every session issued before (a removed member's). */
  async endSessions(tx: EntityManager, userId: number): Promise<void> {
    await tx.query(`UPDATE users SET session_version = session_version + 1 WHERE id = $1`, [userId]);
  }

  /** The password hash of a live account. */
  async passwordHash(id: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ password_hash: string }[]>(`SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return row?.password_hash;
  }

  async findById(id: number): Promise<UserAccount | undefined> {
    const [row] = await this.db.query<UserRow[]>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [id]);
    return row ? account(row) : undefined;
  }

  /** A charity by its name, regardless of case. */
  async charityByName(name: string): Promise<CharityLookupResponse | undefined> {
    const [row] = await this.db.query<CharityLookupResponse[]>(
      `SELECT u.id AS user_id, c.id AS charity_id, u.name AS name
         FROM users u INNER JOIN charities c ON c.user_id = u.id
        WHERE u.user_type = 'charity' AND lower(u.name) = lower($1) AND u.deleted_at IS NULL
        LIMIT 1`,
      [name],
    );
    return row;
  }

  /** A donor's name and e-mail. */
  async donorContact(donorId: number): Promise<DonorInfoResponse | undefined> {
    const [donor] = await this.db.query<DonorInfoResponse[]>(`SELECT name, email FROM users WHERE id = $1 AND user_type = 'donor'`, [
      donorId,
    ]);
    return donor;
  }

  /**
   * Creates the operator account, or gives an existing operator account a new password hash. Several
   * instances may start at once: the unique e-mail index settles the race, and only an operator row is
   * ever updated. Returns false when the e-mail belongs to another kind of account.
   */
  async upsertOperator(name: string, email: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db.query<{ id: number }[]>(
      `INSERT INTO users (name, email, password_hash, user_type) VALUES ($1, $2, $3, 'operator')
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash
       WHERE users.user_type = 'operator'
       RETURNING id`,
      [name, email, passwordHash],
    );
    return rows.length > 0;
  }

  /**
   * True when there is no donor or charity account (the operator account, made from the configuration at
   * start before the seed runs, does not count). The table stays locked against other writers until the
   * transaction ends, so concurrent starts seed it once.
   */
  async lockWhileEmpty(tx: EntityManager): Promise<boolean> {
    await tx.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const [{ count }] = await tx.query<{ count: string }[]>(`SELECT count(*) FROM users WHERE user_type <> 'operator'`);
    return Number(count) === 0;
  }

  /** Sets a live account's password and raises its session version, ending every session issued before. */
  async setPassword(tx: EntityManager, userId: number, passwordHash: string): Promise<boolean> {
    const rows = await returningRows(
      tx,
      `UPDATE users SET password_hash = $2, session_version = session_version + 1 WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [userId, passwordHash],
    );
    return rows.length > 0;
  }

  /** Suspends (with `reason`) or reinstates (null) the account; returns it after the change. */
  async setSuspended(tx: EntityManager, userId: number, reason: string | null): Promise<AccountSuspension> {
    const [row] = await returningRows<AccountSuspension>(
      tx,
      `UPDATE users SET suspended_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, suspension_reason = $2
        WHERE id = $1 RETURNING id, user_type, suspended_at, suspension_reason`,
      [userId, reason],
    );
    return row;
  }

  /** The donor accepts claims from verified charities only (true), or from any (false). */
  async setVerifiedOnly(donorId: number, value: boolean): Promise<void> {
    await this.db.query(`UPDATE users SET claims_verified_only = $2 WHERE id = $1`, [donorId, value]);
  }

  /**
   * Removes the name, e-mail and password of an account and marks it deleted. The row stays so past
   * donations and requests keep their counts; the name becomes "Deleted donor 12" (or charity).
   */
  async anonymise(tx: EntityManager, userId: number, unusablePasswordHash: string): Promise<void> {
    await tx.query(
      `UPDATE users
          SET name = CASE user_type WHEN 'charity' THEN 'Deleted charity ' ELSE 'Deleted donor ' END || id,
              email = 'deleted-' || id || '@deleted.invalid',
              password_hash = $2,
              deleted_at = now()
        WHERE id = $1`,
      [userId, unusablePasswordHash],
    );
  }
}
