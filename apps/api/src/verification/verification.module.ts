import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/auth.module';
import { AppConfig } from '../config/app-config';
import { createFileStorage } from '../photos/photo-storage.provider';
import { UploadsModule } from '../uploads/uploads.module';
import { DOCUMENT_NAMES } from './verification-documents';
import { VerificationChanges } from './verification-changes';
import { CharityVerificationController, OpsVerificationController } from './verification.controller';
import { VerificationRepository } from './verification.repository';
import { DOCUMENT_STORAGE, VerificationService } from './verification.service';

/**
 * The parts of verification every process needs: the state's repository and the change that records an
 * audit line and the charity's event (the handover's automatic suspension uses it in the worker).
 */
// The repository is exported for VerificationModule below (this folder); other folders use VerificationChanges.
@Module({ imports: [TokenModule], providers: [VerificationRepository, VerificationChanges], exports: [VerificationRepository, VerificationChanges] })
export class VerificationCoreModule {}

/** Charity verification's calls (docs/VERIFICATION.md), in processes that serve HTTP. */
@Module({
  imports: [VerificationCoreModule, TokenModule, UploadsModule],
  controllers: [CharityVerificationController, OpsVerificationController],
  providers: [
    VerificationService,
    // Documents live beside photos (DATA_DIR/documents, or the photo bucket under their own names), never served publicly.
    { provide: DOCUMENT_STORAGE, inject: [AppConfig], useFactory: (config: AppConfig) => createFileStorage(config, join(config.DATA_DIR, 'documents'), DOCUMENT_NAMES) },
  ],
  // The demo seed sends its charities' registrations through it.
  exports: [VerificationService],
})
export class VerificationModule {}
