import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RealtimeGatewayModule } from '../gateway/realtime-gateway.module';
import { StatsModule } from '../stats/stats.module';
import { OpsBroadcaster } from './ops-broadcaster';
import { OpsController } from './ops.controller';
import { OpsRepository } from './ops.repository';
import { OpsService } from './ops.service';

/** The operator console's calls and live snapshot, in processes that serve HTTP. */
@Module({
  imports: [AuthModule, RealtimeGatewayModule, StatsModule],
  controllers: [OpsController],
  providers: [OpsService, OpsBroadcaster, OpsRepository],
})
export class OpsModule {}
