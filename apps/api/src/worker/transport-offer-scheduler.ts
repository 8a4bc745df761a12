import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_EVENTS, HANDOVER_JOBS, QUEUES } from '@food-link/contracts';
import type { Queue } from 'bullmq';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { TransportService } from '../transport/transport.service';
import { HANDOVER_JOB_OPTIONS } from './not-collected-scheduler';

/** The data of a `transport-offer-end` job. */
export interface TransportOfferEndJob {
  offerId: number;
}

/** One job per offer, so a re-delivered `transport.offer` adds nothing. BullMQ job ids may not contain ':'. */
export function transportOfferEndJobId(offerId: number): string {
  return `${HANDOVER_JOBS.transportOfferEnd}-${offerId}`;
}

/**
 * Schedules the delayed job (the `handover` queue) that ends a transport offer nobody accepted at its
 * `expires_at` (TRANSPORT_OFFER_MINUTES after it was made, or the pickup window's end if sooner), when the
 * worker handles its `transport.offer` `offered`; and again for every open offer when a worker starts, as
 * NotCollectedScheduler does for claims.
 */
@Injectable()
export class TransportOfferScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('TransportOffers');

  constructor(
    @InjectQueue(QUEUES.handover) private readonly queue: Queue<TransportOfferEndJob>,
    private readonly transport: TransportService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.transportOffer, phase: 'effects' })
  async onOffered({ data: { offerId, change, expiresAt } }: DomainEventOf<'transport.offer'>): Promise<void> {
    if (change === 'offered') await this.schedule(offerId, Date.parse(expiresAt));
  }

  async schedule(offerId: number, dueAt: number, now = Date.now()): Promise<void> {
    await this.queue.add(
      HANDOVER_JOBS.transportOfferEnd,
      { offerId },
      { ...HANDOVER_JOB_OPTIONS, jobId: transportOfferEndJobId(offerId), delay: Math.max(0, dueAt - now) },
    );
  }

  onApplicationBootstrap(): void {
    void this.scheduleAllOpen();
  }

  private async scheduleAllOpen(): Promise<void> {
    try {
      const now = Date.now();
      for (const offer of await this.transport.openOffers()) await this.schedule(offer.id, offer.expires_at.getTime(), now);
    } catch (error) {
      // Not fatal: each offer's transport.offer schedules its job anyway.
      this.logger.warn(`Scheduling the open transport offers' ends again: ${(error as Error).message}`);
    }
  }
}
