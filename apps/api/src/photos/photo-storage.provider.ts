import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LocalPhotoStorage } from './local-photo-storage';
import { PHOTO_STORAGE, type PhotoStorage, type StoredNames } from './photo-storage';
import { S3PhotoStorage } from './s3-photo-storage';

/**
 * The store PHOTO_STORAGE names: `local` (the default) keeps files under PHOTO_DIR, or DATA_DIR/photos,
 * created at start-up; `s3` an S3-compatible bucket (loadConfig has checked its settings are all there).
 */
export async function createPhotoStorage(config: AppConfig): Promise<PhotoStorage> {
  return createFileStorage(config, config.PHOTO_DIR ?? join(config.DATA_DIR, 'photos'));
}

/**
 * A store of the kind PHOTO_STORAGE names for files named by `names`: in `folder` when local, in the same
 * bucket when S3 (the names keep photos and other files apart, and each store refuses the other's names).
 */
export async function createFileStorage(config: AppConfig, folder: string, names?: StoredNames): Promise<PhotoStorage> {
  if (config.PHOTO_STORAGE === 's3') {
    return new S3PhotoStorage({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
    }, names);
  }
  const local = new LocalPhotoStorage(folder, names);
  await local.prepare();
  return local;
}

export const photoStorageProvider: Provider = {
  provide: PHOTO_STORAGE,
  inject: [AppConfig],
  useFactory: createPhotoStorage,
};
