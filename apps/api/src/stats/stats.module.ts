import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller';
import { StatsRepository } from './stats.repository';
import { StatsReactions } from './stats-reactions';
import { StatsService } from './stats.service';

@Module({
  controllers: [StatsController],
  providers: [StatsService, StatsRepository, StatsReactions],
  exports: [StatsService],
})
export class StatsModule {}
