import { DynamicModule, Inject, Module, OnApplicationShutdown, type INestApplicationContext } from '@nestjs/common';
import { TokenService } from '../auth/token.service';
import { AppConfig } from '../config/app-config';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

const WORKER_CONTEXT = Symbol('WORKER_CONTEXT');

/**
 * The HTTP face of a ROLE=worker process: the same health and metrics controllers as the API, over the
 * worker's own services, and nothing else (a worker must not answer the API's calls). Closing it closes
 * the worker, which finishes its jobs first.
 */
@Module({})
export class WorkerProbesModule implements OnApplicationShutdown {
  constructor(@Inject(WORKER_CONTEXT) private readonly worker: INestApplicationContext) {}

  static forContext(worker: INestApplicationContext): DynamicModule {
    return {
      module: WorkerProbesModule,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: WORKER_CONTEXT, useValue: worker },
        { provide: HealthService, useValue: worker.get(HealthService) },
        { provide: MetricsService, useValue: worker.get(MetricsService) },
        { provide: TokenService, useValue: worker.get(TokenService) },
        { provide: AppConfig, useValue: worker.get(AppConfig) },
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
