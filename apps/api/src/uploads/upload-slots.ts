import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many uploads (photos, verification documents) may be in progress at once: per account, and per process. */
export interface UploadSlotLimits {
  perUser: number;
  perProcess: number;
}

/** Nest token of UploadSlotLimits (AppConfig's UPLOADS_PER_USER and UPLOADS_PER_PROCESS). */
export const UPLOAD_SLOT_LIMITS = Symbol('UploadSlotLimits');

/** The seconds a refused upload is told to wait: about one upload's processing on a busy machine. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** 429 with `Retry-After` (the error filter sets the header from `retryAfterSeconds`). */
export class TooManyUploadsException extends HttpException {
  readonly retryAfterSeconds = UPLOAD_RETRY_AFTER_SECONDS;

  constructor(message: string) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Uploads in progress, counted per account and per process. An upload takes its slot before its body is
 * read (so a refused one never buffers its files) and keeps it until its answer has been sent or its
 * connection has closed; a 429 otherwise. Every file is read into memory and decoded, so this bounds the
 * memory uploads can take: at most `perProcess` bodies of at most 15 MB each, and one image decoding at
 * a time (PhotoProcessor). In-process only: each API instance has its own.
 */
@Injectable()
export class UploadSlots {
  private total = 0;
  private readonly byUser = new Map<number, number>();
  private readonly holding = new WeakSet<object>();

  constructor(@Inject(UPLOAD_SLOT_LIMITS) private readonly limits: UploadSlotLimits) {}

  /** Uploads in progress in this process. */
  get inProgress(): number {
    return this.total;
  }

  /**
   * Takes a slot for `request` until its reply has been sent or its connection closes; nothing if it
   * holds one already (the idempotency interceptor may have taken it). 429 when the account or the
   * process has no slot free.
   */
  enter(request: FastifyRequest, reply: FastifyReply, userId: number): void {
    if (this.holding.has(request)) return;
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) throw new TooManyUploadsException(ERRORS.uploadsPerUser(this.limits.perUser));
    if (this.total >= this.limits.perProcess) throw new TooManyUploadsException(ERRORS.uploadsBusy);
    this.holding.add(request);
    this.total += 1;
    this.byUser.set(userId, mine + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
    // `close` comes after the answer is sent, or when the client goes away first.
    if (reply.raw.writableFinished || reply.raw.destroyed) release();
    else reply.raw.once('close', release);
  }
}
