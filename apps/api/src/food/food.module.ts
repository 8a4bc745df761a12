import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/auth.module';
import { HandoverModule } from '../handover/handover.module';
import { PartnersModule } from '../partners/partners.module';
import { PickupPointsModule } from '../pickup-points/pickup-points.module';
import { FoodReadCache } from './food-read-cache';
import { FoodController } from './food.controller';
import { ListingsModule } from '../listings/listings.module';
import { FoodService } from './food.service';
import { HeatOverridesController } from './heat-overrides.controller';
import { HeatOverridesRepository } from './heat-overrides.repository';
import { OfferCascade } from './offer-cascade';

@Module({
  imports: [TokenModule, PickupPointsModule, PartnersModule, HandoverModule, ListingsModule],
  controllers: [FoodController, HeatOverridesController],
  // FoodRepository is the listings owner's (ListingsModule): the food calls use ListingsService too.
  providers: [FoodService, FoodReadCache, HeatOverridesRepository, OfferCascade],
  exports: [FoodService, OfferCascade],
})
export class FoodModule {}
