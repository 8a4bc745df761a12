import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { SOCKET_ROOMS, type AnyEventEnvelope, type OpsEventName, type OpsEventPayloads } from '@food-link/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import type { Server } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { PRODUCER_REDIS_OPTIONS } from '../redis/redis-options';
import { withTimeout } from '../common/with-timeout';
import { COUNTERS_FEED, isCoalesced, roomsFor } from './event-rooms';
import { LiveInstances } from './live-instances';
import { EventAudiencesRepository } from './event-audiences.repository';

const PUBLISH_TIMEOUT_MS = 5000;

/** The Socket.IO Redis adapter's channel prefix, shared by every API instance and worker of a deployment. */
export const socketIoKey = (config: AppConfig) => `${config.REDIS_PREFIX}socket.io`;

/**
 * The one place that sends socket messages. Domain events and operator events it publishes through
 * Redis, so an event handled by any process (a worker without HTTP included) reaches sockets on every API
 * instance. Messages about this instance alone (the operators' snapshot) go straight to its own sockets,
 * Redis or not.
 */
@Injectable()
export class RealtimePublisher implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter;
  /** The emitter publishes without returning the promise; this keeps it so a failure fails the job. */
  private lastPublish: Promise<number> = Promise.resolve(0);
  /** This process's Socket.IO server, when it serves sockets (attached by the gateway). */
  private localServer?: Server;

  constructor(
    config: AppConfig,
    private readonly instances: LiveInstances,
    private readonly audiences: EventAudiencesRepository,
  ) {
    this.redis = new Redis(config.REDIS_URL, PRODUCER_REDIS_OPTIONS);
    this.redis.on('error', () => {
      // A failed publish fails its job, which BullMQ retries; the connection reconnects by itself.
    });
    const client = {
      publish: (channel: string, message: string | Buffer) => (this.lastPublish = this.redis.publish(channel, message)),
    };
    this.emitter = new Emitter(client, { key: socketIoKey(config) });
  }

  async publish(envelope: AnyEventEnvelope, recipients: readonly number[]): Promise<void> {
    const rooms = await this.roomsOf(envelope, recipients);
    // emit() calls publish synchronously, so lastPublish is this message's own promise. A publish caught
    // by a dying connection may never settle; failing the job lets BullMQ retry it.
    // `counters` events go to every API instance's coalescer, which sends its own watchers (event-rooms.ts).
    if (isCoalesced(envelope.type)) this.emitter.serverSideEmit(COUNTERS_FEED, envelope);
    else if (rooms.length > 0) this.emitter.to(rooms).emit(envelope.type, envelope);
    else return;
    const receivers = await withTimeout(this.lastPublish, PUBLISH_TIMEOUT_MS, `Publishing ${envelope.type}`);
    // Redis drops a message for a subscriber that is reconnecting: every live API instance must have had it.
    await this.instances.confirmReached(receivers, `Event ${envelope.id} (${envelope.type})`);
  }

  /**
   * Every room an event goes to: its topic's and its recipients' (event-rooms.ts), and the organisation
   * rooms read now (the item's branch, the claim's assignee: EventAudiencesRepository). The missed-event
   * replay asks the same.
   */
  async roomsOf(envelope: AnyEventEnvelope, recipients: readonly number[]): Promise<string[]> {
    if (isCoalesced(envelope.type)) return [];
    return roomsFor(envelope.type, recipients, envelope.data, await this.audiences.orgRooms(envelope));
  }

  /** Sends an `ops.*` message to operators on every API instance. */
  async toOperators<N extends OpsEventName>(event: N, payload: OpsEventPayloads[N]): Promise<void> {
    this.emitter.to(SOCKET_ROOMS.operators).emit(event, payload);
    await withTimeout(this.lastPublish, PUBLISH_TIMEOUT_MS, `Publishing ${event}`);
  }

  /** Closes the sockets of a user on every API instance (their account was deleted). */
  async disconnectUser(userId: number): Promise<void> {
    this.emitter.in(SOCKET_ROOMS.user(userId)).disconnectSockets(true);
    await withTimeout(this.lastPublish, PUBLISH_TIMEOUT_MS, `Disconnecting user ${userId}`);
  }

  /** Called by this process's gateway once its server is up. */
  attachLocalServer(server: Server): void {
    this.localServer = server;
  }

  /** Operators connected to this instance. */
  get localOperators(): number {
    return this.localServer?.sockets.adapter.rooms.get(SOCKET_ROOMS.operators)?.size ?? 0;
  }

  /** Sends an `ops.*` message to this instance's operators only; every instance does the same for its own. */
  toLocalOperators<N extends OpsEventName>(event: N, payload: OpsEventPayloads[N]): void {
    this.localServer?.local.to(SOCKET_ROOMS.operators).emit(event, payload);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
