import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { PasswordService } from './password.service';
import { UsersRepository } from './users.repository';

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
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { OPERATOR_EMAIL, OPERATOR_PASSWORD } = this.config;
    if (!OPERATOR_EMAIL || !OPERATOR_PASSWORD) return;
    const email = OPERATOR_EMAIL.trim().toLowerCase();

    const existing = await this.users.findForLogin(email);
    if (existing && existing.userType !== 'operator') {
      throw new Error(`OPERATOR_EMAIL ${email} belongs to a ${existing.userType} account; choose another address`);
    }
    // Hashing is deliberately slow; an unchanged password keeps its hash.
    if (existing && (await this.passwords.verify(existing.passwordHash, OPERATOR_PASSWORD))) return;

    const passwordHash = await this.passwords.hash(OPERATOR_PASSWORD);
    // Several instances may start at once: the unique e-mail index settles the race, and only an
    // operator row is ever updated.
    if (!(await this.users.upsertOperator(OPERATOR_NAME, email, passwordHash))) throw new Error(`OPERATOR_EMAIL ${email} belongs to another kind of account; choose another address`);
    this.logger.log(`Operator account ${email} is ready`);
  }
}
