import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { SOCKET_ROOMS } from '@food-link/contracts';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../auth/auth-user';
import { TokenService } from '../auth/token.service';
import { SocketCensus } from './socket-census.service';

interface SocketData {
  user: AuthUser | null;
}

/**
 * Live connections. The handshake may carry the session token (`auth: { token }`, bare or `Bearer`);
 * without one the socket is anonymous, with a bad one it is refused. The server decides the rooms:
 * `public` for everyone, the user's own room, and `operators` for operators. Sockets only listen:
 * every message comes from the realtime publisher.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('Realtime');
  private server?: Server;

  constructor(
    private readonly tokens: TokenService,
    private readonly census: SocketCensus,
  ) {}

  /** Operators connected to this instance. */
  get localOperators(): number {
    return this.server?.sockets.adapter.rooms.get(SOCKET_ROOMS.operators)?.size ?? 0;
  }

  /** Sends to this instance's operators only; every instance does the same for its own. */
  emitToLocalOperators(event: string, payload: unknown): void {
    this.server?.local.to(SOCKET_ROOMS.operators).emit(event, payload);
  }

  afterInit(server: Server): void {
    this.server = server;
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
    this.census.disconnected();
  }

  async handleConnection(socket: Socket): Promise<void> {
    this.census.connected();
    const { user } = socket.data as SocketData;
    const rooms: string[] = [SOCKET_ROOMS.public];
    if (user) rooms.push(SOCKET_ROOMS.user(user.id));
    if (user?.userType === 'operator') rooms.push(SOCKET_ROOMS.operators);
    await socket.join(rooms);
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
