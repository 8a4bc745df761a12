import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { PasswordService } from './password.service';

/** The name operator accounts carry; nobody but operators sees it. */
export const OPERATOR_NAME = 'Food Link operations';

/**
 * Makes the configured operator account exist with the configured password (OPERATOR_EMAIL and
 * OPERATOR_PASSWORD), at every start of a process that serves HTTP. An e-mail that already belongs to a
 * donor or a charity is never turned into an operator: the start fails instead, naming the problem.
 */
@Injectable()
export class OperatorAccountService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Operators');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { OPERATOR_EMAIL, OPERATOR_PASSWORD } = this.config;
    if (!OPERATOR_EMAIL || !OPERATOR_PASSWORD) return;
    const email = OPERATOR_EMAIL.trim().toLowerCase();

    const [existing] = await this.db.query<{ password_hash: string; user_type: string }[]>(
      'SELECT password_hash, user_type FROM users WHERE lower(email) = $1',
      [email],
    );
    if (existing && existing.user_type !== 'operator') {
      throw new Error(`OPERATOR_EMAIL ${email} belongs to a ${existing.user_type} account; choose another address`);
    }
    // Hashing is deliberately slow; an unchanged password keeps its hash.
    if (existing && (await this.passwords.verify(existing.password_hash, OPERATOR_PASSWORD))) return;

    const passwordHash = await this.passwords.hash(OPERATOR_PASSWORD);
    // Several instances may start at once: the unique e-mail index settles the race, and only an
    // operator row is ever updated.
    const rows = await this.db.query<{ id: number }[]>(
      `INSERT INTO users (name, email, password_hash, user_type) VALUES ($1, $2, $3, 'operator')
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash
       WHERE users.user_type = 'operator'
       RETURNING id`,
      [OPERATOR_NAME, email, passwordHash],
    );
    if (rows.length === 0) throw new Error(`OPERATOR_EMAIL ${email} belongs to another kind of account; choose another address`);
    this.logger.log(`Operator account ${email} is ready`);
  }
}
