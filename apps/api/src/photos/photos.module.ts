import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { ListingsService } from '../listings/listings.service';
import { photoStorageProvider } from './photo-storage.provider';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { UploadsModule } from '../uploads/uploads.module';
import { PHOTOS_CHANGED, PhotosService, type PhotosChanged } from './photos.service';

/** Food items' photos: upload, removal and serving (docs/PHOTOS.md). */
@Module({
  imports: [ListingsModule, UploadsModule],
  controllers: [PhotosController],
  providers: [
    PhotosService,
    PhotosRepository,
    photoStorageProvider,
    // A photo change is an item change: the boards hear `food.updated` with the new photo URLs.
    { provide: PHOTOS_CHANGED, inject: [ListingsService], useFactory: (listings: ListingsService): PhotosChanged => (tx, foodId) => listings.announceUpdate(tx, foodId) },
  ],
  exports: [PhotosService],
})
export class PhotosModule {}
