import { Processor } from '@nestjs/bullmq';
import { DOMAIN_EVENT_TYPES, QUEUES } from '@food-link/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import type { DomainEventJob } from '../outbox/domain-event-job';
import { OutboxLeaseKeeper } from '../outbox/outbox-lease-keeper';
import { DomainEventReactions } from './domain-event-reactions';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/**
 * Consumes `domain-events`: runs the reactions the features declared for the job's event type
 * (@OnDomainEvent, found at start-up by DomainEventReactions) in their phases' order: effects (the impact
 * projection, scheduled jobs, matching), then the publish to sockets, then notices. Reactions are
 * idempotent per event id, so a retried or re-sent job changes nothing twice.
 */
@Processor(QUEUES.domainEvents)
export class DomainEventsProcessor extends QueueWorker<DomainEventJob> {
  constructor(
    kit: QueueWorkerKit,
    private readonly config: AppConfig,
    private readonly reactions: DomainEventReactions,
    private readonly leases: OutboxLeaseKeeper,
  ) {
    super(QUEUES.domainEvents, kit, 'DomainEvents');
  }

  protected override concurrency(): number {
    return this.config.WORKER_CONCURRENCY;
  }

  protected override logBindings(job: Job<DomainEventJob>): Record<string, unknown> {
    return { eventId: job.id, eventType: job.name };
  }

  /** Runs the reactions to the job's event; an event type this process does not know fails for good (kept for inspection). */
  protected async handle(job: Job<DomainEventJob>): Promise<void> {
    const { envelope, recipients } = job.data;
    const reactions = (DOMAIN_EVENT_TYPES as readonly string[]).includes(job.name) ? this.reactions.of(job.name) : [];
    if (reactions.length === 0) throw new UnrecoverableError(`Queue "${QUEUES.domainEvents}" has no handler for job "${job.name}"`);
    if (envelope.type !== job.name) throw new UnrecoverableError(`Job ${job.name} carries ${envelope.type}`);
    const context = { recipients, queuedAt: new Date(job.timestamp) };
    for (const reaction of reactions) await reaction.run(envelope, context);
  }

  protected override completed(job: Job<DomainEventJob>): void {
    if (job.id) this.leases.jobCompleted(job.id);
  }
}
