import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { AppConfig } from '../config/app-config';
import { PrioritySemaphore } from '../common/priority-semaphore';

/** OWASP's recommended argon2id settings: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Who waits for argon2: a login (ahead in the queue) or a sign-up. */
export type PasswordWork = 'login' | 'signup';

/**
 * argon2id hashing and verification, at most PASSWORD_HASH_CONCURRENCY at once in this process: a flood
 * of sign-ups queues behind its own hashes instead of taking every core, and a login waiting for its turn
 * goes before every waiting sign-up.
 */
@Injectable()
export class PasswordService {
  /** A hash of nothing anyone knows, verified when an e-mail is unknown so both failures take as long. */
  private decoy?: Promise<string>;
  private readonly slots: PrioritySemaphore;

  constructor(config: AppConfig) {
    this.slots = new PrioritySemaphore(config.PASSWORD_HASH_CONCURRENCY);
  }

  /** argon2 computations under way now, and the most there have been at once (for tests and metrics). */
  get running(): number {
    return this.slots.running;
  }

  get mostRunning(): number {
    return this.slots.mostRunning;
  }

  hash(password: string, work: PasswordWork = 'signup'): Promise<string> {
    return this.slots.run(work === 'login' ? 0 : 1, () => hash(password, ARGON2_OPTIONS));
  }

  async verify(storedHash: string | undefined, password: string, work: PasswordWork = 'login'): Promise<boolean> {
    const priority = work === 'login' ? 0 : 1;
    if (storedHash === undefined) {
      this.decoy ??= hash(`decoy-${Math.random()}`, ARGON2_OPTIONS);
      const decoy = await this.decoy;
      await this.slots.run(priority, () => verify(decoy, password));
      return false;
    }
    return this.slots.run(priority, () => verify(storedHash, password));
  }
}
