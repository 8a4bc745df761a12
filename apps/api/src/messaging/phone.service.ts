import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERRORS, PHONE_CODE, type PhoneBody, type PhoneSettingsBody, type PhoneView } from '@food-link/contracts';
import parsePhoneNumber from 'libphonenumber-js/mobile';
import { DataSource, QueryFailedError } from 'typeorm';
import { TooManyAttemptsException } from '../auth/login-limiter.service';
import { AppConfig } from '../config/app-config';
import { MessagingRepository, type PhoneRow } from './messaging.repository';
import { MessagingService } from './messaging.service';

/**
 * Whether libphonenumber-js (Google's libphonenumber metadata, mobile ranges) takes `e164` for an Egyptian
 * mobile number: the contract's check reads the usual ways of writing one, this one the numbering plan.
 */
export function isEgyptianMobile(e164: string): boolean {
  const parsed = parsePhoneNumber(e164);
  return parsed?.country === 'EG' && parsed.isValid();
}

/**
 * Phones, verified (docs/MESSAGING.md): a 6-digit code sent to the phone, typed back within 10 minutes and
 * 5 tries. Codes are kept as HMACs keyed with the server's secret (a 6-digit code's plain hash is guessed
 * in a million tries), compared in constant time. A phone is verified by one account at most.
 */
@Injectable()
export class PhoneService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly repository: MessagingRepository,
    private readonly messaging: MessagingService,
  ) {}

  private codeHash(userId: number, phone: string, code: string): Buffer {
    return createHmac('sha256', this.config.jwtSecret).update(`phone-code:${userId}:${phone}:${code}`).digest();
  }

  private viewOf(row: PhoneRow | undefined): PhoneView {
    return {
      phone: row?.phone ?? null,
      channel: row?.channel ?? null,
      verified: Boolean(row?.verified_at),
      code_expires_at: row && !row.verified_at && row.code_expires_at ? row.code_expires_at.toISOString() : null,
      available: this.messaging.available(),
      on: Boolean(row?.verified_at) && !row?.stopped_at,
      sms_fallback: row?.sms_fallback ?? false,
      quiet_hours: row?.quiet_start && row.quiet_end ? { start: row.quiet_start.slice(0, 5), end: row.quiet_end.slice(0, 5) } : null,
    };
  }

  /** The settings of the user's verified phone (409 without one). */
  async saveSettings(userId: number, body: PhoneSettingsBody): Promise<PhoneView> {
    const saved = await this.repository.saveSettings(userId, { on: body.on, smsFallback: body.sms_fallback, quiet: body.quiet_hours });
    if (!saved) throw new ConflictException(ERRORS.phoneNotVerified);
    return this.view(userId);
  }

  async view(userId: number): Promise<PhoneView> {
    return this.viewOf(await this.repository.phoneOf(userId));
  }

  async remove(userId: number): Promise<PhoneView> {
    await this.repository.deletePhone(userId);
    return this.viewOf(undefined);
  }

  /** Sends a new code to `body.phone` (which stays unverified until it comes back). */
  async request(userId: number, body: PhoneBody): Promise<PhoneView> {
    if (!isEgyptianMobile(body.phone)) throw new BadRequestException([ERRORS.phoneNotMobile]);
    const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
    await this.db.transaction(async (tx) => {
      await this.repository.lockCodeRequests(tx, userId, body.phone);
      if (await this.repository.verifiedByAnother(userId, body.phone, tx)) throw new ConflictException(ERRORS.phoneOfAnotherAccount);
      const sent = await this.repository.codesInLastHour(tx, userId, body.phone);
      const full = [
        sent.byPhone >= this.config.PHONE_CODES_PER_PHONE_PER_HOUR ? sent.phoneFreesAt : null,
        sent.byUser >= this.config.PHONE_CODES_PER_ACCOUNT_PER_HOUR ? sent.userFreesAt : null,
      ].filter((at): at is Date => at !== null);
      if (full.length > 0) {
        const freesAt = Math.max(...full.map((at) => at.getTime()));
        throw new TooManyAttemptsException(ERRORS.phoneCodesTooMany, Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)));
      }
      await this.repository.startVerification(tx, userId, body.phone, body.channel, this.codeHash(userId, body.phone, code), PHONE_CODE.minutes);
    });
    // After the commit: the code is on its row before the phone can receive it.
    await this.messaging.sendPhoneCode(userId, body.phone, body.channel, code, await this.repository.languageOf(userId));
    return this.view(userId);
  }

  /** Checks the code typed back: verified, or a 400 with the tries left, or a 409 once a new code is needed. */
  async verify(userId: number, code: string): Promise<PhoneView> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.repository.lockPhoneOf(tx, userId);
      if (!row || row.verified_at || !row.code_hash || !row.code_expires_at) throw new ConflictException(ERRORS.phoneCodeNotPending);
      if (row.code_tries >= PHONE_CODE.tries) throw new ConflictException(ERRORS.phoneCodeTriesUsed);
      if (row.code_expires_at.getTime() <= Date.now()) throw new ConflictException(ERRORS.phoneCodeExpired);
      const expected = this.codeHash(userId, row.phone, code);
      if (!timingSafeEqual(expected, row.code_hash)) {
        // Counted (and committed) before answering: a wrong try is never free.
        const tries = await this.repository.countWrongTry(tx, userId);
        return { wrong: PHONE_CODE.tries - tries };
      }
      if (await this.repository.verifiedByAnother(userId, row.phone, tx)) throw new ConflictException(ERRORS.phoneOfAnotherAccount);
      await this.repository.markVerified(tx, userId);
      return { wrong: null };
    }).catch((error: unknown) => {
      // Two accounts typing their codes for one number at once: the unique index lets one through.
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505') {
        throw new ConflictException(ERRORS.phoneOfAnotherAccount);
      }
      throw error;
    });
    if (outcome.wrong !== null) {
      if (outcome.wrong <= 0) throw new ConflictException(ERRORS.phoneCodeTriesUsed);
      throw new BadRequestException([ERRORS.phoneCodeWrong(outcome.wrong)]);
    }
    return this.view(userId);
  }
}
