import { Injectable } from '@nestjs/common';
import type { UserType } from '@food-link/contracts';
import { UsersRepository } from './users.repository';

/** How long this process trusts what it last read about an account: the longest a deleted one still works elsewhere. */
export const SESSION_USER_TTL_MS = 5000;

/** Bounds the memory a flood of distinct ids can take; the cache simply starts over past it. */
const MAX_ENTRIES = 100_000;

interface Entry {
  userType: UserType | null;
  until: number;
}

/**
 * Whether the account a valid session token names still exists, not deleted (with the type the token says), looked up
 * by primary key and remembered for SESSION_USER_TTL_MS, so a signed-in call costs at most one indexed
 * lookup every few seconds per user. Public calls never ask.
 *
 * Account deletion takes effect at once in the process that deletes (call `forget(userId)` once the account
 * is deleted), and within SESSION_USER_TTL_MS in every other process.
 */
@Injectable()
export class SessionUsers {
  private readonly known = new Map<number, Entry>();

  constructor(private readonly users: UsersRepository) {}

  /** True when user `id` exists and is a `userType`. Throws when the database cannot be asked (a 503). */
  async isCurrent(id: number, userType: UserType): Promise<boolean> {
    const now = Date.now();
    let entry = this.known.get(id);
    if (!entry || entry.until <= now) {
      const userType = await this.users.liveUserType(id);
      if (this.known.size >= MAX_ENTRIES) this.known.clear();
      entry = { userType: userType ?? null, until: now + SESSION_USER_TTL_MS };
      this.known.set(id, entry);
    }
    return entry.userType === userType;
  }

  /** Drops what this process remembers about `userId` (call it once the account is deleted or changed). */
  forget(userId: number): void {
    this.known.delete(userId);
  }
}
