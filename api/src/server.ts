/**
 * The api as a running HTTP server: the Koa app on a node http.Server, with the service layer.
 * The realtime layer attaches socket.io to `server`; tests start it on port 0.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';
import { createApp, type AppOptions } from './http/app.js';
import type { Logger } from './logger.js';
import type { TableDirectory } from './rooms/table-directory.js';
import { createServices, type Services } from './services.js';

export interface CreateServerOptions extends AppOptions {
  config: Config;
  logger: Logger;
  orm: Orm;
  tables?: TableDirectory;
}

export interface RunningServer {
  server: http.Server;
  services: Services;
  /** Starts listening; resolves with the bound port (useful with port 0). */
  listen(port?: number, host?: string): Promise<number>;
  /** Stops accepting connections and waits for requests in flight (at most `graceMs`, then closes them). */
  close(graceMs?: number): Promise<void>;
}

export function createServer(options: CreateServerOptions): RunningServer {
  const services = createServices({
    config: options.config,
    logger: options.logger,
    orm: options.orm,
    ...(options.tables ? { tables: options.tables } : {}),
  });
  const app = createApp(services, options);
  const server = http.createServer(app.koa.callback());
  server.keepAliveTimeout = 65_000;

  return {
    server,
    services,
    listen(port = options.config.port, host = options.config.host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const bound = (server.address() as AddressInfo).port;
          // Without PUBLIC_URL, providers (the sandbox) call back on this process's own address.
          const local =
            host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
          services.payments.useBaseUrl(`http://${local}:${bound}`);
          resolve(bound);
        });
      });
    },
    async close(graceMs = 10_000) {
      app.close();
      await services.payments.stop();
      await services.walletPay.close();
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections would hold close() open; in-flight requests get the grace period.
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
    },
  };
}
