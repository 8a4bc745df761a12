import { createHash, randomUUID } from 'node:crypto';
import {
  BadRequestException,
  CallHandler,
  ConflictException,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  OnApplicationShutdown,
  SetMetadata,
  UnprocessableEntityException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ERRORS, LIMITS } from '@food-link/contracts';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { isDependencyUnavailable } from '../common/errors';
import { NO_REPLAY } from '../common/route-metadata';
import { EndedAttempts } from './ended-attempts';
import { bufferMultipart, multipartFingerprint, type PartLimits } from '../uploads/multipart-parts';
import { UploadSlots } from '../uploads/upload-slots';
import { idempotentAttempt, type IdempotentAttempt } from './idempotency-context';
import { IdempotencyRepository } from './idempotency.repository';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from an earlier attempt. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/**
 * How long an attempt holds its key. A request is bounded well below this (REQUEST_TIMEOUT_MS, the
 * database's statement and transaction limits), so a key still held after it belongs to an attempt that
 * died without an answer, and a retry may take it over. A write that outlives it cannot commit: storing
 * its answer is part of its transaction, and fails once the key has moved on.
 */
export const IDEMPOTENCY_LOCK_MS = 60_000;

/**
 * For a write whose answer is more than its body (a cookie, say) and that is harmless to run twice: the
 * Idempotency-Key is ignored and every retry runs the call again, rather than replaying a body without
 * what came with it.
 */
export const NoReplay = () => SetMetadata(NO_REPLAY, true);

/** The widest limits of any upload (photos: several files; documents: one), which each reader narrows on replay. */
const UPLOAD_PART_LIMITS: PartLimits = {
  files: LIMITS.photosPerItem,
  fileSize: Math.max(LIMITS.photoMaxBytes, LIMITS.documentMaxBytes),
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on signed-in writes: the same key with the same call and body gets the same answer
 * (replayed, without running the call again) for 24 hours; with another body (for an upload: other
 * files, compared by the hash of their bytes), 422; while the first
 * attempt is still running, 409 with Retry-After. Calls without the header run as always; public calls
 * (login, sign-up) ignore it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  /** Releases left running after their attempt answered (see `giveUp`). */
  private readonly releasing = new Set<Promise<void>>();

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly reflector: Reflector,
    private readonly ended: EndedAttempts,
    private readonly uploads: UploadSlots,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.releasing]);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !request.user || !WRITE_METHODS.has(request.method)) return next.handle();
    if (this.reflector.get<boolean>(NO_REPLAY, context.getHandler())) return next.handle();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new BadRequestException(ERRORS.idempotencyKeyInvalid);
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const statusCode =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ?? (request.method === 'POST' ? 201 : 200);
    const attempt: IdempotentAttempt = { userId: request.user.id, key, attempt: randomUUID(), statusCode };
    if (request.isMultipart()) {
      // An upload: its files are part of the request, so they are read (under the upload's slot, before
      // anything else of it is) and fingerprinted; the call's reader replays them.
      this.uploads.enter(request, reply, request.user.id);
      return from(
        bufferMultipart(request, UPLOAD_PART_LIMITS).then((parts) => this.run(attempt, requestHash(request, multipartFingerprint(parts)), reply, next)),
      );
    }
    return from(this.run(attempt, requestHash(request), reply, next));
  }

  private async run(attempt: IdempotentAttempt, hash: string, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    let taken: boolean;
    try {
      taken = await this.keys.take(attempt.userId, attempt.key, hash, attempt.attempt, IDEMPOTENCY_LOCK_MS);
    } catch (error) {
      // Unanswered, the statement may still reach PostgreSQL (a partition delivers it late) and take the
      // key for this attempt, which is over once it answers 503.
      if (isDependencyUnavailable(error)) this.ended.add(attempt.attempt);
      throw error;
    }
    if (!taken) return this.answerFromStore(attempt, hash, reply, next);
    return this.runHolding(attempt, next);
  }

  /** Runs the call for `attempt`, which holds its key. */
  private async runHolding(attempt: IdempotentAttempt, next: CallHandler): Promise<unknown> {
    let result: unknown;
    try {
      // Subscribed inside the context, so the services the call reaches see the attempt.
      result = await idempotentAttempt.run(attempt, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (error) {
      await this.giveUp(attempt, error);
      throw error;
    }
    // Writes that store their answer in their own transaction have done so; this covers the others.
    if (!attempt.answered) await this.keys.answer(attempt, result);
    return result;
  }

  /**
   * Lets go of the key of a failed attempt: nothing was written unless the write stored its answer, and
   * `release` leaves a stored answer alone. When PostgreSQL did not answer, the release is not waited
   * for: it would add a statement timeout to a call already cut at DB_TRANSACTION_TIMEOUT_MS. The call
   * answers 503 at once, the release runs on, and a retry that reaches this process meanwhile takes the
   * key over (answerFromStore).
   */
  private async giveUp(attempt: IdempotentAttempt, error: unknown): Promise<void> {
    if (!isDependencyUnavailable(error)) {
      await this.keys.release(attempt).catch(() => undefined);
      return;
    }
    this.ended.add(attempt.attempt);
    // Kept until settled (and awaited at shutdown); a failure leaves the key to a retry's takeover or its lock.
    const releasing: Promise<void> = this.keys
      .release(attempt)
      .then(
        () => this.ended.delete(attempt.attempt),
        (failure: unknown) => this.logger.debug(`Key of an attempt cut off from PostgreSQL not released yet: ${(failure as Error).message}`),
      )
      .finally(() => this.releasing.delete(releasing));
    this.releasing.add(releasing);
  }

  private async answerFromStore(attempt: IdempotentAttempt, hash: string, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    let stored = await this.keys.find(attempt.userId, attempt.key);
    if (stored && stored.request_hash !== hash) {
      throw new UnprocessableEntityException(ERRORS.idempotencyKeyReused);
    }
    if (stored && stored.status_code == null && this.ended.has(stored.attempt)) {
      // Its holder answered already: a retry need not wait for the lock to run out.
      if (await this.keys.takeOver(attempt.userId, attempt.key, hash, stored.attempt, attempt.attempt, IDEMPOTENCY_LOCK_MS)) {
        this.ended.delete(stored.attempt);
        return this.runHolding(attempt, next);
      }
      // The ended attempt's answer committed after all (its transaction was late): replay it.
      stored = await this.keys.find(attempt.userId, attempt.key);
    }
    if (stored?.status_code == null) {
      throw new KeyInProgressException(Math.max(1, Math.ceil((stored?.locked_for_ms ?? 1000) / 1000)));
    }
    void reply.status(stored.status_code).header(REPLAYED_HEADER, 'true');
    return stored.response;
  }
}

/** 409 while an earlier try holds the key, with `Retry-After` (the error filter sets it from `retryAfterSeconds`). */
class KeyInProgressException extends ConflictException {
  constructor(readonly retryAfterSeconds: number) {
    super(ERRORS.idempotencyKeyInProgress);
  }
}

/**
 * The call (method and URL) and its body, with object keys sorted so that key order does not matter; for
 * a multipart upload, the fingerprint of its parts (each file by the hash of its bytes) instead.
 */
function requestHash(request: AuthenticatedRequest, multipart?: string): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(multipart === undefined ? JSON.stringify(request.body ?? null, (_key, value: unknown) => sortedObject(value)) : `multipart ${multipart}`)
    .digest('hex');
}

function sortedObject(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
