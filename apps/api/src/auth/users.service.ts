import { Injectable } from '@nestjs/common';
import type { DonorInfoResponse } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import { CharitiesRepository } from './charities.repository';
import { UsersRepository, type AccountSuspension, type NewUser, type UserWithPassword } from './users.repository';

export type { AccountSuspension } from './users.repository';

/**
 * The accounts owner's door for other modules (docs/CONTRIBUTING.md, "Reaching the database"):
 * `UsersRepository` writes `users`, `CharitiesRepository` a charity's row at registration and its account
 * suspension, and code outside `auth/` reaches them through this service (CharitiesService for the
 * verification columns), never the repositories.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly charities: CharitiesRepository,
  ) {}

  /** The stored password hash of a live account (undefined when there is none). */
  passwordHash(userId: number): Promise<string | undefined> {
    return this.users.passwordHash(userId);
  }

  /** A donor's name and e-mail, or undefined. */
  donorContact(donorId: number): Promise<DonorInfoResponse | undefined> {
    return this.users.donorContact(donorId);
  }

  /** Suspends (with `reason`) or reinstates (null) a locked account; returns it after the change. */
  setSuspended(tx: EntityManager, userId: number, reason: string | null): Promise<AccountSuspension> {
    return this.users.setSuspended(tx, userId, reason);
  }

  /** Marks a charity's row as its account's suspension changes (the claim-slot trigger reads it). */
  setCharityAccountSuspended(tx: EntityManager, userId: number, suspended: boolean): Promise<void> {
    return this.charities.setAccountSuspended(tx, userId, suspended);
  }

  /** The donor's verified-only choice. */
  setVerifiedOnly(donorId: number, value: boolean): Promise<void> {
    return this.users.setVerifiedOnly(donorId, value);
  }

  /** Anonymises a deleted account (name, e-mail, password) and marks it deleted. */
  anonymise(tx: EntityManager, userId: number, unusablePasswordHash: string): Promise<void> {
    return this.users.anonymise(tx, userId, unusablePasswordHash);
  }

  /** Raises the account's session version: every session issued before stops working (a removed member's). */
  endSessions(tx: EntityManager, userId: number): Promise<void> {
    return this.users.endSessions(tx, userId);
  }

  /** The account with this e-mail (lower-cased), live or not, as sign-in reads it. */
  byEmail(email: string): Promise<UserWithPassword | undefined> {
    return this.users.findForLogin(email);
  }

  /** An account's name, e-mail and type. */
  findById(userId: number) {
    return this.users.findById(userId);
  }

  /** Demo data: locks `users` and says whether it holds no account but the operator's. */
  lockWhileEmpty(tx: EntityManager): Promise<boolean> {
    return this.users.lockWhileEmpty(tx);
  }

  /** Demo data: a new account. */
  insert(user: NewUser, manager?: EntityManager): Promise<number> {
    return this.users.insert(user, manager);
  }

  /** Demo data: a charity's row for a new account. */
  insertCharity(userId: number, manager?: EntityManager): Promise<number> {
    return this.charities.insert(userId, manager);
  }

  /** Demo data: an account by its e-mail, as sign-in reads it. */
  findForLogin(email: string): Promise<UserWithPassword | undefined> {
    return this.users.findForLogin(email);
  }
}
