import { DOMAIN_EVENT_TYPES, DOMAIN_EVENTS, type AnyEventEnvelope, type DomainEventType } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf, type ReactionContext } from '../common/on-domain-event';
import { orderReactions } from './domain-event-reactions';

const context: ReactionContext = { recipients: [7], queuedAt: new Date('2026-11-27T10:00:00Z') };
const envelope = <T extends DomainEventType>(type: T, data: unknown) =>
  ({ id: `e-${type}`, type, occurredAt: '2026-11-27T10:00:00Z', data }) as unknown as AnyEventEnvelope;

/** Records what ran, in order. */
function recorder() {
  const ran: string[] = [];
  class Publisher {
    @OnDomainEvent({ event: DOMAIN_EVENT_TYPES, phase: 'publish' })
    async publish(event: DomainEventOf<DomainEventType>, { recipients }: ReactionContext): Promise<void> {
      ran.push(`publish ${event.type} to ${recipients.join(',')}`);
    }
  }
  class Notices {
    @OnDomainEvent({ event: DOMAIN_EVENTS.requestCancelled, phase: 'notices' })
    async tell(event: DomainEventOf<'request.cancelled'>): Promise<void> {
      ran.push(`tell ${event.data.requestId}`);
    }
  }
  class Effects {
    @OnDomainEvent({ event: [DOMAIN_EVENTS.requestCancelled, DOMAIN_EVENTS.requestNotCollected], phase: 'effects' })
    async match(event: DomainEventOf<'request.cancelled' | 'request.not_collected'>): Promise<void> {
      ran.push(`match ${event.type} ${event.data.foodId}`);
    }

    @OnDomainEvent({ event: DOMAIN_EVENTS.requestCancelled, phase: 'closing' })
    async close(): Promise<void> {
      ran.push('close');
    }
  }
  return { ran, Publisher, Notices, Effects };
}

describe('orderReactions', () => {
  it('runs effects, then the publish, then notices, then closing, whatever order the providers come in', async () => {
    const { ran, Publisher, Notices, Effects } = recorder();
    const reactions = orderReactions([
      { name: 'Notices', instance: new Notices() },
      { name: 'Effects', instance: new Effects() },
      { name: 'Publisher', instance: new Publisher() },
    ]);
    expect(reactions.get('request.cancelled')?.map((reaction) => `${reaction.phase} ${reaction.name}`)).toEqual([
      'effects Effects.match',
      'publish Publisher.publish',
      'notices Notices.tell',
      'closing Effects.close',
    ]);
    for (const reaction of reactions.get('request.cancelled') ?? []) {
      await reaction.run(envelope('request.cancelled', { foodId: 3, requestId: 4 }), context);
    }
    expect(ran).toEqual(['match request.cancelled 3', 'publish request.cancelled to 7', 'tell 4', 'close']);
    expect(reactions.get('request.not_collected')?.map((reaction) => reaction.name)).toEqual(['Effects.match', 'Publisher.publish']);
    expect(reactions.get('food.expired')?.map((reaction) => reaction.name)).toEqual(['Publisher.publish']);
  });

  it('refuses to start when an event type has no publishing reaction', () => {
    const { Notices } = recorder();
    expect(() => orderReactions([{ name: 'Notices', instance: new Notices() }])).toThrow(
      `No reaction publishes the event type(s): ${DOMAIN_EVENT_TYPES.join(', ')}`,
    );
  });

  it('refuses a class provided twice (its reactions would run twice), but not the same instance found twice', () => {
    const { Publisher } = recorder();
    const one = new Publisher();
    expect(() => orderReactions([{ name: 'Publisher', instance: one }, { name: 'Publisher', instance: one }])).not.toThrow();
    expect(() => orderReactions([{ name: 'Publisher', instance: one }, { name: 'Publisher', instance: new Publisher() }])).toThrow(
      'Publisher is provided more than once: its reactions would run twice',
    );
  });

  it('ignores providers that declare no reaction', () => {
    const { Publisher } = recorder();
    const reactions = orderReactions([{ name: 'Plain', instance: { run: () => undefined } }, { name: 'Publisher', instance: new Publisher() }]);
    expect(reactions.get('food.listed')?.map((reaction) => reaction.name)).toEqual(['Publisher.publish']);
  });
});

/**
 * Checked by the compiler (`npm run typecheck`), not at run time: a reaction's parameter follows from the
 * event it is declared for. If the typing loosened, the `@ts-expect-error` lines below would have no error
 * to expect, and the typecheck would fail.
 */
export class WrongPayloads {
  // @ts-expect-error food.listed's reaction cannot take food.claimed's envelope
  @OnDomainEvent({ event: DOMAIN_EVENTS.foodListed, phase: 'effects' })
  async listedAsClaimed(event: DomainEventOf<'food.claimed'>): Promise<void> {
    void event.data.requestId;
  }

  // @ts-expect-error a reaction to two events must accept both envelopes
  @OnDomainEvent({ event: [DOMAIN_EVENTS.requestFulfilled, DOMAIN_EVENTS.foodExpired], phase: 'effects' })
  async eitherAsFulfilled(event: DomainEventOf<'request.fulfilled'>): Promise<void> {
    void event.data.requestId;
  }

  // @ts-expect-error a payload of the wrong shape does not do either
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestReceived, phase: 'effects' })
  async receivedAsNumber(event: { data: { requestId: string } }): Promise<void> {
    void event.data.requestId;
  }

  @OnDomainEvent({ event: DOMAIN_EVENTS.requestReceived, phase: 'effects' })
  async received(event: DomainEventOf<'request.received'>): Promise<void> {
    // @ts-expect-error request.received carries no governorate
    void event.data.governorate;
  }
}
