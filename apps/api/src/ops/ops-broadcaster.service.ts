import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OPS_EVENTS } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { OpsService } from './ops.service';

/**
 * Pushes `ops.snapshot` to the operators connected to this instance every OPS_SNAPSHOT_MS, and only
 * while there are some: with nobody watching, the console costs nothing. Each instance serves its own
 * operators, so a snapshot is never sent twice to one socket.
 */
@Injectable()
export class OpsBroadcaster implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OpsBroadcaster');
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly ops: OpsService,
    private readonly gateway: RealtimeGateway,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.OPS_SNAPSHOT_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    // A slow snapshot (a dependency timing out) must not pile up behind itself.
    if (this.busy || this.gateway.localOperators === 0) return;
    this.busy = true;
    try {
      this.gateway.emitToLocalOperators(OPS_EVENTS.snapshot, await this.ops.snapshot());
    } catch (error) {
      this.logger.warn(`Could not take the operators' snapshot: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}
