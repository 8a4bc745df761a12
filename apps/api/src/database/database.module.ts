import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthModule } from '../auth/auth.module';
import { FoodModule } from '../food/food.module';
import { ListingsModule } from '../listings/listings.module';
import { PickupPointsModule } from '../pickup-points/pickup-points.module';
import { RequestsModule } from '../requests/requests.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { StatsModule } from '../stats/stats.module';
import { VerificationModule } from '../verification/verification.module';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DemoSeedService } from './demo-seed.service';
import { HandoverModule } from '../handover/handover.module';
import { migrate } from './migrate';
import { TransactionDeadline } from './transaction-deadline';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => dataSourceOptions(config.DATABASE_URL, { transactionTimeoutMs: config.DB_TRANSACTION_TIMEOUT_MS }),
      // Migrate before any module can touch the database.
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('TypeORM options are missing');
        const dataSource = await new DataSource(options).initialize();
        const applied = await migrate(dataSource);
        if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        return dataSource;
      },
    }),
  ],
  providers: [TransactionDeadline],
})
export class DatabaseModule {}

/** Demo data for `npm start`; separate so the database module does not depend on auth. */
@Module({ imports: [AuthModule, FoodModule, HandoverModule, ListingsModule, PickupPointsModule, RequestsModule, SchedulesModule, StatsModule, VerificationModule], providers: [DemoSeedService] })
export class DemoSeedModule {}
