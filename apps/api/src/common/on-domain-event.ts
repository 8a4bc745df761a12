import type { DomainEventType, EventEnvelope } from '@food-link/contracts';

/**
 * When a reaction runs, relative to the others of the same event (the worker runs the phases in this
 * order, one reaction after the other):
 * - `effects`: what must be in place before anyone hears of the event (a projection, a scheduled job, a
 *   matching job), so a client that hears it and refetches sees them;
 * - `publish`: the event goes to the sockets (the realtime publisher's reaction, for every event);
 * - `notices`: what follows once it has been published: a notification telling someone of it;
 * - `closing`: what must wait until the person has been told: closing a suspended account's sockets.
 * Within a phase reactions run in the order of their names (`Class.method`); none relies on it.
 */
export const REACTION_PHASES = ['effects', 'publish', 'notices', 'closing'] as const;
export type ReactionPhase = (typeof REACTION_PHASES)[number];

/** The envelope a reaction to `T` receives: one event type, or the union of several, narrowed by `type`. */
export type DomainEventOf<T extends DomainEventType> = { [K in T]: EventEnvelope<K> }[T];

/** What the job carried besides the envelope: who hears of it privately, and when it was handed to the queue. */
export interface ReactionContext {
  recipients: readonly number[];
  queuedAt: Date;
}

/** A reaction's signature, derived from the event name(s) it is declared for. */
export type DomainEventReaction<T extends DomainEventType> = (event: DomainEventOf<T>, context: ReactionContext) => Promise<void>;

export interface ReactionDeclaration {
  /** The method of the class's prototype that reacts. */
  method: string;
  events: readonly DomainEventType[];
  phase: ReactionPhase;
}

const declarations = new WeakMap<object, ReactionDeclaration[]>();

/**
 * Declares a method of a provider as a reaction to a domain event (or to several), in the manner of
 * immich's `@OnEvent({ name })`: the method's parameter type follows from the event name, so a method
 * that expects another event's payload does not compile. The worker finds every decorated method of
 * every provider at start-up (DomainEventReactions) and runs them for each `domain-events` job; a
 * reaction must be idempotent per event id (a job may run again after a failure or a re-send).
 *
 *   @OnDomainEvent({ event: DOMAIN_EVENTS.requestReceived, phase: 'effects' })
 *   async applyReport(event: DomainEventOf<'request.received'>): Promise<void> { ... }
 */
export function OnDomainEvent<T extends DomainEventType>(options: { event: T | readonly T[]; phase: ReactionPhase }) {
  // Only the descriptor's `value` is typed (a method may leave out the context), so the check is the method's.
  return (target: object, method: string, descriptor: { readonly value?: DomainEventReaction<T> }): void => {
    const events: readonly DomainEventType[] = typeof options.event === 'string' ? [options.event] : [...(options.event as readonly T[])];
    const list = declarations.get(target) ?? [];
    list.push({ method, events, phase: options.phase });
    declarations.set(target, list);
    void descriptor;
  };
}

/** The reactions declared on a class's prototype (those of its base classes included). */
export function reactionsDeclaredOn(prototype: object | null): ReactionDeclaration[] {
  const found: ReactionDeclaration[] = [];
  for (let current = prototype; current && current !== Object.prototype; current = Object.getPrototypeOf(current)) {
    found.push(...(declarations.get(current) ?? []));
  }
  return found;
}
