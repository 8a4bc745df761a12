import { Injectable } from '@nestjs/common';
import type { UserType } from '@food-link/contracts';
import type { AuthUser } from './auth-user';
import { UsersRepository, type LiveSession } from './users.repository';

/** How long this process trusts what it last read about an account: the longest a deleted one still works elsewhere. */
export const SESSION_USER_TTL_MS = 5000;

/** Bounds the memory a flood of distinct ids can take; the cache simply starts over past it. */
const MAX_ENTRIES = 100_000;

interface Entry {
  session: LiveSession | null;
  until: number;
}

/**
 * Whether the account a valid session token names still exists, not deleted (with the type the token says), and
 * the token is of its current session version (a password reset raises it: docs/ACCOUNT-RECOVERY.md), looked up
 * by primary key and remembered for SESSION_USER_TTL_MS, so a signed-in call costs at most one indexed
 * lookup every few seconds per user. Public calls never ask.
 *
 * The user's organisation membership is read with it (a membership change calls `forget` too).
 *
 * Account deletion, a password reset and a suspension take effect at once in the process that makes them (call
 * `forget(userId)` once the change is committed), and within SESSION_USER_TTL_MS in every other process.
 */
@Injectable()
export class SessionUsers {
  private readonly known = new Map<number, Entry>();

  constructor(private readonly users: UsersRepository) {}

  /**
   * True when user `id` exists, is a `userType`, and its session version is `version`. Throws when the
   * database cannot be asked (a 503).
   */
  async isCurrent(id: number, userType: UserType, version: number): Promise<boolean> {
    return (await this.current(id, userType, version)) !== null;
  }

  /**
   * As isCurrent, but gives the live session (its membership: docs/ORGANISATIONS.md) when the token is
   * current, else null.
   */
  async current(id: number, userType: UserType, version: number): Promise<LiveSession | null> {
    const now = Date.now();
    let entry = this.known.get(id);
    if (!entry || entry.until <= now) {
      const session = await this.users.liveSession(id);
      if (this.known.size >= MAX_ENTRIES) this.known.clear();
      entry = { session: session ?? null, until: now + SESSION_USER_TTL_MS };
      this.known.set(id, entry);
    }
    return entry.session?.userType === userType && entry.session.sessionVersion === version ? entry.session : null;
  }

  /**
   * Why live account `id` is suspended, or null when it is not, as last read by isCurrent (call that
   * first); an account it has not read counts as not suspended.
   */
  suspensionOf(id: number): string | null {
    return this.known.get(id)?.session?.suspensionReason ?? null;
  }

  /** The session version of live account `id`, read now (for a token about to be issued), or undefined. */
  async currentVersion(id: number): Promise<number | undefined> {
    return (await this.users.liveSession(id))?.sessionVersion;
  }

  /**
   * User `id` as a signed-in call of theirs would act (the AuthUser the session guard builds: their type
   * and organisation membership, read now), with why they are suspended (or null); null when the account
   * is gone. For acts that come without a session token: a WhatsApp or SMS reply from the user's verified
   * phone (docs/MESSAGING.md, "Replies that act").
   */
  async actingUser(id: number): Promise<{ user: AuthUser; suspensionReason: string | null } | null> {
    const session = await this.users.liveSession(id);
    if (!session) return null;
    return { user: { id, userType: session.userType, org: session.org }, suspensionReason: session.suspensionReason };
  }

  /** Drops what this process remembers about `userId` (call it once the account is deleted or changed). */
  forget(userId: number): void {
    this.known.delete(userId);
  }
}
