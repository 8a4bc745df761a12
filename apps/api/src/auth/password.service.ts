import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's recommended argon2id settings: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  /** A hash of nothing anyone knows, verified when an e-mail is unknown so both failures take as long. */
  private decoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(storedHash: string | undefined, password: string): Promise<boolean> {
    if (storedHash === undefined) {
      this.decoy ??= this.hash(`decoy-${Math.random()}`);
      await verify(await this.decoy, password);
      return false;
    }
    return verify(storedHash, password);
  }
}
