import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LocalPhotoStorage } from './local-photo-storage';
import { PHOTO_STORAGE, type PhotoStorage } from './photo-storage';
import { S3PhotoStorage } from './s3-photo-storage';

/**
 * The store PHOTO_STORAGE names: `local` (the default) keeps files under PHOTO_DIR, or DATA_DIR/photos,
 * created at start-up; `s3` an S3-compatible bucket (loadConfig has checked its settings are all there).
 */
export async function createPhotoStorage(config: AppConfig): Promise<PhotoStorage> {
  if (config.PHOTO_STORAGE === 's3') {
    return new S3PhotoStorage({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
    });
  }
  const local = new LocalPhotoStorage(config.PHOTO_DIR ?? join(config.DATA_DIR, 'photos'));
  await local.prepare();
  return local;
}

export const photoStorageProvider: Provider = {
  provide: PHOTO_STORAGE,
  inject: [AppConfig],
  useFactory: createPhotoStorage,
};
