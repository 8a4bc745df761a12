import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OutboxBacklog } from '@food-link/contracts';
import { OutboxMonitorRepository } from './outbox-monitor.repository';
import { QueueInspector } from './queue-inspector';

/**
 * This process's Prometheus metrics (docs/OPERATIONS.md lists them). Counters and histograms are per
 * process, so Prometheus sums them over the instances; the gauges that describe the whole deployment
 * (outbox backlog, queue sizes) are read at scrape time and are the same on every instance.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly jobsProcessed = new Counter({
    name: 'foodlink_jobs_processed_total',
    help: 'Jobs this process completed, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly jobsFailed = new Counter({
    name: 'foodlink_jobs_failed_total',
    help: 'Job attempts that failed in this process, by queue (each retry counts)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly eventDelivery = new Histogram({
    name: 'foodlink_event_delivery_seconds',
    help: 'From the commit that recorded a domain event to its emit to sockets',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60],
    registers: [this.registry],
  });

  readonly connectedSockets = new Gauge({
    name: 'foodlink_connected_sockets',
    help: 'Socket.IO connections held by this process',
    registers: [this.registry],
  });

  constructor(outbox: OutboxMonitorRepository, inspector: QueueInspector) {
    collectDefaultMetrics({ register: this.registry });
    // Both outbox gauges come from one query per scrape: collect() runs in registration order.
    let reading: Promise<OutboxBacklog | null> = Promise.resolve(null);
    new Gauge({
      name: 'foodlink_outbox_backlog',
      help: 'Outbox events not yet handed to the queue',
      registers: [this.registry],
      async collect() {
        reading = outbox.backlog().catch(() => null);
        setOrClear(this, (await reading)?.unpublished);
      },
    });
    new Gauge({
      name: 'foodlink_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox event not yet handed to the queue (0 when there is none)',
      registers: [this.registry],
      async collect() {
        const backlog = await reading;
        setOrClear(this, backlog ? (backlog.oldestAgeSeconds ?? 0) : undefined);
      },
    });
    new Gauge({
      name: 'foodlink_queue_jobs',
      help: 'Jobs in each queue by state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const counts = await inspector.counts().catch(() => []);
        for (const { queue, ...states } of counts) {
          for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
        }
      },
    });
  }
}

/** While a dependency is unreachable its gauge has no sample, rather than a stale or made-up one. */
function setOrClear(gauge: Gauge, value: number | undefined): void {
  gauge.reset();
  if (value !== undefined) gauge.set(value);
}
