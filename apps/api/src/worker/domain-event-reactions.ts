import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DOMAIN_EVENT_TYPES, type AnyEventEnvelope, type DomainEventType } from '@food-link/contracts';
import {
  REACTION_PHASES,
  reactionsDeclaredOn,
  type ReactionContext,
  type ReactionDeclaration,
  type ReactionPhase,
} from '../common/on-domain-event';

/** One reaction found at start-up: a provider's method declared with @OnDomainEvent. */
export interface FoundReaction {
  /** `Class.method`, for logs and errors. */
  name: string;
  phase: ReactionPhase;
  run: (event: AnyEventEnvelope, context: ReactionContext) => Promise<void>;
}

interface Provider {
  name: string;
  instance: object;
}

/**
 * Orders the declared reactions of each event type: by phase (REACTION_PHASES), then by name. Refuses,
 * naming them, a provider found twice (its reactions would run twice), a declaration naming a method the
 * class lacks, and an event type that nothing publishes (every event reaches the sockets).
 */
export function orderReactions(providers: readonly Provider[]): Map<DomainEventType, FoundReaction[]> {
  const byType = new Map<DomainEventType, FoundReaction[]>(DOMAIN_EVENT_TYPES.map((type) => [type, []]));
  const instances = new Set<object>();
  const prototypes = new Set<object>();
  for (const { name, instance } of providers) {
    const declared: ReactionDeclaration[] = reactionsDeclaredOn(Object.getPrototypeOf(instance));
    if (declared.length === 0 || instances.has(instance)) continue; // an alias of a provider already found
    instances.add(instance);
    const prototype = Object.getPrototypeOf(instance) as object;
    if (prototypes.has(prototype)) throw new Error(`${name} is provided more than once: its reactions would run twice`);
    prototypes.add(prototype);
    for (const { method, events, phase } of declared) {
      const fn = (instance as Record<string, unknown>)[method];
      if (typeof fn !== 'function') throw new Error(`${name}.${method} is declared a reaction but is not a method`);
      for (const type of events) {
        byType.get(type)?.push({ name: `${name}.${method}`, phase, run: (event, context) => fn.call(instance, event, context) });
      }
    }
  }
  const unpublished = DOMAIN_EVENT_TYPES.filter((type) => !byType.get(type)?.some((reaction) => reaction.phase === 'publish'));
  if (unpublished.length > 0) throw new Error(`No reaction publishes the event type(s): ${unpublished.join(', ')}`);
  for (const reactions of byType.values()) {
    reactions.sort((a, b) => REACTION_PHASES.indexOf(a.phase) - REACTION_PHASES.indexOf(b.phase) || a.name.localeCompare(b.name));
  }
  return byType;
}

/**
 * Every reaction to domain events in the process, found at start-up among the providers of every module
 * (Nest's DiscoveryService): nothing lists them by hand. Each feature declares its own with @OnDomainEvent
 * (common/on-domain-event.ts) in a provider of a module the worker imports.
 */
@Injectable()
export class DomainEventReactions implements OnModuleInit {
  private readonly logger = new Logger('DomainEventReactions');
  private byType = new Map<DomainEventType, FoundReaction[]>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const providers = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.isDependencyTreeStatic() && wrapper.instance && typeof wrapper.instance === 'object')
      .map((wrapper) => ({ name: (wrapper.instance as object).constructor.name, instance: wrapper.instance as object }));
    this.byType = orderReactions(providers);
    const count = [...this.byType.values()].reduce((sum, reactions) => sum + reactions.length, 0);
    this.logger.log(`${count} reactions to ${this.byType.size} event types`);
  }

  /** The reactions to one event type, in the order they run (empty for a type the process does not know). */
  of(type: string): readonly FoundReaction[] {
    return this.byType.get(type as DomainEventType) ?? [];
  }
}
