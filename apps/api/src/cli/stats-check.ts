import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { OutboxRepository } from '../outbox/outbox.repository';
import { OutboxService } from '../outbox/outbox.service';
import { StatsRepository, type Totals } from '../stats/stats.repository';
import { StatsService } from '../stats/stats.service';

/**
 * `npm run stats:check [-- --fix]`: compares the impact projection (totals, and the figures per donor,
 * charity, governorate and month) with what the tables give and, with --fix, rewrites it (announcing the corrected totals). Exit code 1 when they differed.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  @Module({
    imports: [ConfigModule.forRoot(config), DatabaseModule],
    providers: [StatsService, StatsRepository, OutboxService, OutboxRepository],
  })
  class StatsCheckModule {}

  const context = await NestFactory.createApplicationContext(StatsCheckModule, { logger: ['error', 'warn'] });
  try {
    const stats = context.get(StatsService);
    const fix = process.argv.includes('--fix');
    const result = fix ? await stats.rebuild() : await stats.check();
    const line = (label: string, totals: Totals) =>
      `${label}: ${totals.totalMeals} meals, ${totals.totalCharities} charities, ${totals.kg} kg, ${totals.co2e_kg} kg CO2e, ${totals.water_l} L water`;
    process.stdout.write(`${line('projection ', result.projection)}\n${line('from tables', result.fromTables)}\n`);
    if (result.differingRollups.length > 0) {
      process.stdout.write(`rollups differing (per donor, charity, governorate, month): ${result.differingRollups.join(', ')}\n`);
    }
    if (result.consistent) process.stdout.write('consistent\n');
    else process.stdout.write(fix ? 'differed; projection rebuilt\n' : 'DIFFERENT: run with --fix to rebuild\n');
    return result.consistent ? 0 : 1;
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
