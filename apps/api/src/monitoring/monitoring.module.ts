import { Global, Module } from '@nestjs/common';
import { TokenModule } from '../auth/auth.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { HealthRepository } from './health.repository';
import { OutboxMonitorRepository } from './outbox-monitor.repository';
import { OutboxMonitorService } from './outbox-monitor.service';
import { QueueInspector } from './queue-inspector';

/**
 * Health checks, metrics and the read side of the event flow, in every process (a ROLE=worker process
 * serves /api/health and /metrics too).
 */
@Global()
@Module({
  imports: [TokenModule],
  controllers: [HealthController, MetricsController],
  providers: [QueueInspector, HealthService, HealthRepository, OutboxMonitorRepository, OutboxMonitorService, MetricsService],
  exports: [QueueInspector, HealthService, OutboxMonitorService, MetricsService],
})
export class MonitoringModule {}
