import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiOptions, createApi } from './api';
import type { Database } from './database';

export interface ServerOptions extends ApiOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RunningServer {
  /** Origin of the server, e.g. `http://127.0.0.1:41234` (the API lives under `/api`). */
  url: string;
  port: number;
  db: Database;
  close(): Promise<void>;
}

/** Starts the todo/user API on its own HTTP server. */
export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...apiOptions } = options;
  const api = createApi(apiOptions);
  const server = createServer((req, res) => api.handle(req, res));
  server.on('upgrade', api.live.upgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${hostname}:${address.port}`,
        port: address.port,
        db: api.db,
        close: () =>
          new Promise<void>((done, fail) => {
            api.live.close();
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
