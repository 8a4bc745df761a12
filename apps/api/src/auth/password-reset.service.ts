import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, BeforeApplicationShutdown, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ERRORS,
  PASSWORD_RESET_MESSAGE,
  type Language,
  type MessageResponse,
  type ResetPasswordBody,
} from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { LoginLimiterService } from './login-limiter.service';
import { PasswordService } from './password.service';
import { PasswordResetsRepository, type ResetLinkState } from './password-resets.repository';
import { PasswordResetMail } from './password-reset-mail';
import { SessionUsers } from './session-users';
import { SOCKET_SIGN_OUT, type SocketSignOut } from './socket-sign-out';
import { UsersRepository } from './users.repository';

/** One forgot-password request, as the controller hands it over. */
export interface ResetRequest {
  email: string;
  language: Language;
  /** The client's address, for the per-address limit. */
  address: string;
}

/**
 * Requests waiting or being worked on in this process. Past it, new ones are dropped (logged): a flood
 * cannot grow memory without bound, and every request is answered alike anyway.
 */
const MAX_PENDING = 500;

const sha256 = (token: string) => createHash('sha256').update(token).digest();

/**
 * Password reset by e-mail (docs/ACCOUNT-RECOVERY.md).
 *
 * A request is answered before anything about its e-mail address is looked at: only the client
 * address's limit is counted first; the account-and-address limit, the account lookup and the link are
 * worked on after the answer has gone, off the request path, so the answer (its body, its status and its
 * time) is the same whether the address has an account or is limited. Only for an account is a
 * link issued and its e-mail queued, as a `reset-mail` job on the `notifications` queue
 * (PasswordResetMail): the job retries with backoff, so an SMTP server that is away delays the e-mail
 * without losing it. Addresses without an account never reach Redis.
 *
 * A link is a 256-bit random secret; only its SHA-256 is stored. It works once (a conditional UPDATE marks
 * it used), for RESET_TOKEN_MINUTES, until any link of the account is used: a newer request does not end
 * it, so a stranger asking for the owner's address cannot void the link the owner asked for. Using it sets the password
 * and raises the account's session version, which ends every session issued before, and closes the
 * account's open sockets.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly pending = new Set<Promise<void>>();
  private takenCount = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly resets: PasswordResetsRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly limiter: LoginLimiterService,
    private readonly sessions: SessionUsers,
    private readonly mail: PasswordResetMail,
    private readonly config: AppConfig,
    @Inject(SOCKET_SIGN_OUT) private readonly realtime: SocketSignOut,
  ) {}

  /**
   * Takes a forgot-password request. Only the client address's limit (RESET_MAX_PER_ADDRESS) is checked
   * before it returns, so one address cannot queue more than that nor fill MAX_PENDING for everyone; it
   * tells nothing about the account. Everything else is worked on after the answer has gone.
   */
  async request(request: ResetRequest): Promise<void> {
    if (!(await this.limiter.allowsResetFrom(request.address))) {
      this.logger.log('A password reset request was over its client address\'s limit: no e-mail sent');
      return;
    }
    if (this.pending.size >= MAX_PENDING) {
      this.logger.warn(`More than ${MAX_PENDING} password reset requests at once: one was dropped`);
      return;
    }
    this.takenCount += 1;
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.handle(request))
      .catch((error: Error) => this.logger.error(`A password reset e-mail was not queued: ${error.message}`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Sets the password from a link's token: 400 for a link that is unknown or past its time, 409 for one used or ended by another's use. */
  async reset({ token, password }: ResetPasswordBody): Promise<MessageResponse> {
    const tokenHash = sha256(token);
    // Checked before the (deliberately slow) hash, so a wrong token costs no argon2 work.
    this.refuseUnless(await this.resets.state(tokenHash));
    const passwordHash = await this.passwords.hash(password);
    const userId = await this.db.transaction(async (tx) => {
      const owner = await this.resets.consume(tx, tokenHash);
      // Used, superseded or expired since the check above.
      if (owner === undefined || !(await this.users.setPassword(tx, owner, passwordHash))) {
        this.refuseUnless(await this.resets.state(tokenHash, tx), true);
      }
      return owner as number;
    });
    // This process stops trusting its memory of the account at once; others within SESSION_USER_TTL_MS.
    this.sessions.forget(userId);
    // Sockets opened with the old sessions close now on every instance (as after a deletion or a
    // suspension); a reconnect with an old token is refused. The password is set either way.
    await this.realtime
      .disconnectUser(userId)
      .catch((error: Error) => this.logger.warn(`Account ${userId}'s sockets were not closed after its password reset: ${error.message}`));
    return { message: PASSWORD_RESET_MESSAGE };
  }

  /** Requests taken for work since start (within the client address's limit and MAX_PENDING), for tests and metrics. */
  get taken(): number {
    return this.takenCount;
  }

  /** Resolves once every request taken so far has been worked on (its e-mail queued, or not to be sent). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Waits for requests still being worked on, so none is cut off half-way (or left running after the database has closed). */
  beforeApplicationShutdown(): Promise<void> {
    return this.idle();
  }

  private async handle({ email, language, address }: ResetRequest): Promise<void> {
    if (!(await this.limiter.allowsResetFor(email, address))) {
      this.logger.log('A password reset request was over its account-and-address limit: no e-mail sent');
      return;
    }
    const user = await this.users.findForLogin(email);
    // Operator passwords come from the configuration (OPERATOR_PASSWORD), so a reset would not last.
    if (!user || user.userType === 'operator' || !(await this.users.liveSession(user.id))) return;
    const token = randomBytes(32).toString('base64url');
    const resetId = await this.resets.issue(user.id, sha256(token), this.config.RESET_TOKEN_MINUTES);
    await this.mail.enqueue(resetId, token, language);
  }

  /** Throws the answer for a link that does not work; `open` passes (or, after a lost race, counts as used). */
  private refuseUnless(state: ResetLinkState, raced = false): void {
    if (state === 'unknown') throw new BadRequestException(ERRORS.resetTokenInvalid);
    if (state === 'expired') throw new BadRequestException(ERRORS.resetTokenExpired);
    if (state === 'used' || raced) throw new ConflictException(ERRORS.resetTokenUsed);
  }
}
