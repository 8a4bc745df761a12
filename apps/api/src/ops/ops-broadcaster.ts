import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OPS_EVENTS } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { OpsService } from './ops.service';

/**
 * Pushes `ops.snapshot` to the operators connected to this instance every OPS_SNAPSHOT_MS, and only
 * while there are some: with nobody watching, the console costs nothing. Each instance serves its own
 * operators (through the realtime publisher's local path, which needs no Redis), so a snapshot is never
 * sent twice to one socket.
 */
@Injectable()
export class OpsBroadcaster implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OpsBroadcaster');
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly ops: OpsService,
    private readonly publisher: RealtimePublisher,
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
    if (this.busy || this.publisher.localOperators === 0) return;
    this.busy = true;
    try {
      this.publisher.toLocalOperators(OPS_EVENTS.snapshot, await this.ops.snapshot());
    } catch (error) {
      this.logger.warn(`Could not take the operators' snapshot: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}
