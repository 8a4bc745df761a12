import { Injectable } from '@nestjs/common';
import { UsersRepository } from './users.repository';

/** How long this process trusts that an account it has seen still exists. */
export const LIVE_USER_TTL_MS = 5000;
const MAX_REMEMBERED = 50_000;

/**
 * Whether a token's user still exists, on every signed-in call: a primary-key lookup, remembered for
 * LIVE_USER_TTL_MS per process. A deletion here is seen at once (`forget`); on other API instances
 * within LIVE_USER_TTL_MS.
 */
@Injectable()
export class UserDirectory {
  private readonly liveUntil = new Map<number, number>();

  constructor(private readonly users: UsersRepository) {}

  async isLive(userId: number): Promise<boolean> {
    const now = Date.now();
    if ((this.liveUntil.get(userId) ?? 0) > now) return true;
    if (!(await this.users.isLive(userId))) {
      this.liveUntil.delete(userId);
      return false;
    }
    if (this.liveUntil.size >= MAX_REMEMBERED) this.liveUntil.clear();
    this.liveUntil.set(userId, now + LIVE_USER_TTL_MS);
    return true;
  }

  forget(userId: number): void {
    this.liveUntil.delete(userId);
  }

  passwordHash(userId: number): Promise<string | undefined> {
    return this.users.passwordHash(userId);
  }
}
