import { Injectable } from '@nestjs/common';
import { OutboxMonitorRepository } from './outbox-monitor.repository';

/** What operators see of the outbox (OpsService): one repository read each. */
@Injectable()
export class OutboxMonitorService {
  constructor(private readonly outbox: OutboxMonitorRepository) {}

  /** Events not yet handed to the queue, and the oldest one's age. */
  backlog(...args: Parameters<OutboxMonitorRepository['backlog']>): ReturnType<OutboxMonitorRepository['backlog']> {
    return this.outbox.backlog(...args);
  }

  /** The newest events, of one type when given. */
  recent(...args: Parameters<OutboxMonitorRepository['recent']>): ReturnType<OutboxMonitorRepository['recent']> {
    return this.outbox.recent(...args);
  }

  /** Events recorded per minute, lately. */
  perMinute(...args: Parameters<OutboxMonitorRepository['perMinute']>): ReturnType<OutboxMonitorRepository['perMinute']> {
    return this.outbox.perMinute(...args);
  }

  /** Every event recorded. */
  total(...args: Parameters<OutboxMonitorRepository['total']>): ReturnType<OutboxMonitorRepository['total']> {
    return this.outbox.total(...args);
  }
}
