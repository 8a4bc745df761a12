import type { AnyEventEnvelope } from '@food-link/contracts';

/** What a `domain-events` job carries: the envelope clients receive, and who hears of it privately. */
export interface DomainEventJob {
  envelope: AnyEventEnvelope;
  recipients: number[];
}
