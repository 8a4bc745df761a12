import { Module } from '@nestjs/common';
import { FoodModule } from '../food/food.module';
import { FoodService } from '../food/food.service';
import { photoStorageProvider } from './photo-storage.provider';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { UploadsModule } from './uploads.module';
import { PHOTOS_CHANGED, PhotosService, type PhotosChanged } from './photos.service';

/** Food items' photos: upload, removal and serving (docs/PHOTOS.md). */
@Module({
  imports: [FoodModule, UploadsModule],
  controllers: [PhotosController],
  providers: [
    PhotosService,
    PhotosRepository,
    photoStorageProvider,
    // A photo change is an item change: the boards hear `food.updated` with the new photo URLs.
    { provide: PHOTOS_CHANGED, inject: [FoodService], useFactory: (food: FoodService): PhotosChanged => (tx, foodId) => food.announceUpdate(tx, foodId) },
  ],
  exports: [PhotosService],
})
export class PhotosModule {}
