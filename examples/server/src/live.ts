import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

/** Where the API pushes what changed: Server-Sent Events and WebSocket clients. */
export interface LiveHub {
  /** Sends `data` on `topic` to its event streams and to the sockets subscribed to it. */
  publish(topic: string, data: unknown): void;
  /** Answers `GET /api/events?topic=…` with an event stream of that topic. */
  stream(req: IncomingMessage, res: ServerResponse, topic: string): void;
  /**
   * Takes an HTTP upgrade to `/api/live` (WebSocket: `{"type":"subscribe","topic":…}` asks for a
   * topic, `unsubscribe` gives it up; messages are `{ topic, data }`). Leaves other paths alone.
   */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createLiveHub(): LiveHub {
  const streams = new Map<ServerResponse, string>();
  const wss = new WebSocketServer({ noServer: true });
  const topicsOf = new Map<WebSocket, Set<string>>();
  return {
    publish(topic, data) {
      const text = JSON.stringify(data);
      for (const [res, open] of streams) if (open === topic) res.write(`data: ${text}\n\n`);
      for (const [client, topics] of topicsOf) {
        if (topics.has(topic)) client.send(JSON.stringify({ topic, data }));
      }
    },
    stream(req, res, topic) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': open\n\n');
      streams.set(res, topic);
      req.on('close', () => streams.delete(res));
    },
    upgrade(req, socket, head) {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/api/live') return;
      wss.handleUpgrade(req, socket, head, (client) => {
        const topics = new Set<string>();
        topicsOf.set(client, topics);
        client.on('message', (raw) => {
          let message: { type?: unknown; topic?: unknown };
          try {
            message = JSON.parse(String(raw));
          } catch {
            return;
          }
          if (typeof message.topic !== 'string') return;
          if (message.type === 'subscribe') topics.add(message.topic);
          else if (message.type === 'unsubscribe') topics.delete(message.topic);
        });
        client.on('close', () => topicsOf.delete(client));
      });
    },
    close() {
      for (const res of streams.keys()) res.end();
      for (const client of topicsOf.keys()) client.terminate();
      wss.close();
    },
  };
}
