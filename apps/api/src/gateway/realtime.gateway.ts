import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { BRANCH_ROLES, LIVE_MESSAGES, SOCKET_ROOMS, type EventEnvelope, type OrgRole } from '@food-link/contracts';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../auth/auth-user';
import { TokenService } from '../auth/token.service';
import { LiveInstanceRegistry } from '../realtime/live-instances';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { CountersCoalescer } from '../realtime/counters-coalescer';
import { COUNTERS_FEED } from '../realtime/event-rooms';
import { onUnwatch, onWatch } from '../realtime/live-topics';

/** The roles whose sockets join their organisation's account room (docs/ORGANISATIONS.md). */
const ORG_WIDE_ROLES: readonly OrgRole[] = ['admin', 'coordinator', 'viewer'];

interface SocketData {
  user: AuthUser | null;
}

/**
 * Live connections. The handshake may carry the session token (`auth: { token }`, bare or `Bearer`);
 * without one the socket is anonymous, with a bad one it is refused. The server decides the private
 * rooms: the user's own room, and `operators` for operators. Public topics are the client's choice
 * (`watch`/`unwatch`, live-topics.ts): a socket that watches nothing hears nothing public. Apart from
 * those two messages sockets only listen: every event comes from the realtime publisher, which this
 * gateway hands its server to, `stats.updated` through this instance's CountersCoalescer.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Realtime');
  private server?: Server;

  constructor(
    private readonly tokens: TokenService,
    private readonly instance: LiveInstanceRegistry,
    private readonly publisher: RealtimePublisher,
    private readonly counters: CountersCoalescer,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    this.publisher.attachLocalServer(server);
    this.counters.attach(server);
    // The publisher's serverSideEmit (through Redis): every API instance coalesces for its own watchers.
    server.of('/').on(COUNTERS_FEED, (envelope: EventEnvelope<'stats.updated'>) => this.counters.offer(envelope));
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (user) => {
          (socket.data as SocketData).user = user;
          next();
        },
        (error: Error) => next(error),
      );
    });
  }

  handleDisconnect(): void {
    this.instance.disconnected();
  }

  async handleConnection(socket: Socket): Promise<void> {
    this.instance.connected();
    socket.on(LIVE_MESSAGES.watch, onWatch);
    socket.on(LIVE_MESSAGES.unwatch, onUnwatch);
    const { user } = socket.data as SocketData;
    const rooms: string[] = [];
    if (user) rooms.push(SOCKET_ROOMS.user(user.id));
    // A member who sees all of the organisation's work hears what its account hears (docs/ORGANISATIONS.md,
    // "Live events"): the account's room is the organisation's. Branch managers and staff hear their branches'
    // rooms (each pickup point given them); a volunteer hears their own room, which the events of the claims
    // assigned to them reach (EventAudiencesRepository). A change of role or branches closes the member's
    // sockets (OrgService), so they come back into the rooms of the session as it is then.
    if (user?.org && user.org.accountId !== user.id && ORG_WIDE_ROLES.includes(user.org.role)) rooms.push(SOCKET_ROOMS.user(user.org.accountId));
    if (user?.org && BRANCH_ROLES.includes(user.org.role)) rooms.push(...user.org.pickupPointIds.map(SOCKET_ROOMS.branch));
    if (user?.userType === 'operator') rooms.push(SOCKET_ROOMS.operators);
    if (rooms.length > 0) await socket.join(rooms);
  }

  private async authenticate(socket: Socket): Promise<AuthUser | null> {
    const offered = socket.handshake.auth?.token ?? socket.handshake.headers.authorization;
    if (offered === undefined || offered === null || offered === '') return null;
    const token = typeof offered === 'string' ? TokenService.fromAuthorizationHeader(offered) : null;
    let user: AuthUser | null;
    try {
      // Checks the signature, the expiry, and that the account still exists.
      user = token ? await this.tokens.verify(token) : null;
    } catch (error) {
      // The database could not be asked; the client retries (its message names no address).
      this.logger.warn(`Could not check a socket's session: ${(error as Error).message}`);
      throw new Error('unavailable: the session could not be checked; retry shortly', { cause: error });
    }
    if (!user) {
      this.logger.debug('Refused a socket with an invalid token');
      throw new Error('unauthorized: the session token is invalid or has expired');
    }
    return user;
  }
}
