import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, DemoSeedModule } from './database/database.module';
import { FoodModule } from './food/food.module';
import { RedisModule } from './redis/redis.module';
import { RequestsModule } from './requests/requests.module';
import { StatsModule } from './stats/stats.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        AuthModule,
        FoodModule,
        RequestsModule,
        StatsModule,
        DemoSeedModule,
      ],
    };
  }
}
