import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { socketIoKey } from './realtime-publisher.service';

/**
 * Socket.IO on the API's own port, joined to every other instance through the Redis adapter, with CORS
 * limited to the web origins. Websocket first; long-polling stays as a fallback.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...(options as ServerOptions),
      cors: { origin: this.config.webOrigins },
      serveClient: false,
      transports: ['websocket', 'polling'],
    });
    const pub = new Redis(this.config.REDIS_URL);
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', () => {
        // ioredis reconnects by itself; the relay and the workers report Redis outages.
      });
      this.clients.push(client);
    }
    server.adapter(createAdapter(pub, sub, { key: socketIoKey(this.config) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
