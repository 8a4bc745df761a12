import { Module } from '@nestjs/common';
import { FoodRepository } from './food.repository';
import { ListingsService } from './listings.service';

/**
 * The listings owner: `FoodRepository`, the only writer of `food_items`, behind `ListingsService`, which is
 * all it exports. FoodModule (the food calls, the read cache, the offer cascade, in the same folder) uses
 * the repository itself; the claims owner (HandoverModule) and the other modules use the service.
 */
@Module({ providers: [FoodRepository, ListingsService], exports: [ListingsService] })
export class ListingsModule {}
