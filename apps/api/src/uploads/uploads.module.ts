import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { IMAGE_DECODE_MAX_MB, PhotoProcessor } from './photo-processor';
import { UPLOAD_SLOT_LIMITS, UploadSlots, type UploadSlotLimits } from './upload-slots';

/**
 * What every upload shares, once per process: the image processor (one image decoding at a time, for
 * photos and verification documents alike) and the upload slots. Imported by photos, verification and
 * idempotency; a module is made once, so they share one of each.
 */
@Module({
  providers: [
    { provide: IMAGE_DECODE_MAX_MB, inject: [AppConfig], useFactory: (config: AppConfig) => config.IMAGE_DECODE_MAX_MB },
    PhotoProcessor,
    {
      provide: UPLOAD_SLOT_LIMITS,
      inject: [AppConfig],
      useFactory: (config: AppConfig): UploadSlotLimits => ({ perUser: config.UPLOADS_PER_USER, perProcess: config.UPLOADS_PER_PROCESS }),
    },
    UploadSlots,
  ],
  exports: [PhotoProcessor, UploadSlots],
})
export class UploadsModule {}
