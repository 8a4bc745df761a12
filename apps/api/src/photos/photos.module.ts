import { Module } from '@nestjs/common';
import { PhotoProcessor } from './photo-processor';
import { photoStorageProvider } from './photo-storage.provider';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { PhotosService } from './photos.service';

/** Food items' photos: upload, removal and serving (docs/PHOTOS.md). */
@Module({
  controllers: [PhotosController],
  providers: [PhotosService, PhotosRepository, PhotoProcessor, photoStorageProvider],
  exports: [PhotosService],
})
export class PhotosModule {}
