import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { UploadsModule } from '../uploads/uploads.module';
import { EndedAttempts } from './ended-attempts';
import { IDEMPOTENCY_LOCK_MS, IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotentAnswers } from './idempotent-answers';

/** `Idempotency-Key` on signed-in writes (docs/API.md, "Retrying writes safely"). */
@Global()
@Module({
  // The upload slots: a multipart upload with a key is read (and fingerprinted) here, under its slot.
  imports: [UploadsModule],
  providers: [
    IdempotencyRepository,
    IdempotentAnswers,
    { provide: EndedAttempts, useFactory: () => new EndedAttempts(IDEMPOTENCY_LOCK_MS) },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
  exports: [IdempotentAnswers],
})
export class IdempotencyModule {}
