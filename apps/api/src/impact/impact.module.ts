import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module';
import { ImpactController } from './impact.controller';
import { ImpactRepository } from './impact.repository';
import { ImpactService } from './impact.service';

/** Impact as donors, charities and the public see it (the projection itself is kept by StatsModule). */
@Module({
  imports: [StatsModule],
  controllers: [ImpactController],
  providers: [ImpactService, ImpactRepository],
})
export class ImpactModule {}
